// Hot queries compiled once (docs/decisions/0023). Building a query with Kysely costs about as much as
// SQLite's answer to a small indexed read; a query whose shape is the same on every request (the
// recipient search, a facility by id) is built and compiled on its first run for each engine, and
// every later run only binds its values, and on the database's own handle (not a transaction's) runs
// without Kysely's executor (server/db.ts directRunOf, docs/decisions/0062).
import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import { directRunOf, type Executor } from '../db.ts';

const MARK = '\u0000value:';
const FIXED = '\u0000fixed:';

interface Shape {
  sql: string;
  /** Each parameter of `sql`, in order: the name of a value, or a value fixed by the shape. */
  order: ({ name: string } | { fixed: unknown })[];
}

/** Stands for `values[name]` in a shape's query. */
export type ValueOf = (name: string) => never;
/** A value that is part of the query's shape (the same on every run, e.g. a list of states). */
export type Fixed = <T extends string | number | readonly (string | number)[]>(v: T) => T;

const fixed: Fixed = (v) =>
  (Array.isArray(v) ? v.map((x) => `${FIXED}${JSON.stringify(x)}`) : `${FIXED}${JSON.stringify(v)}`) as never;

const shapes = new Map<string, Shape>();

/**
 * Runs the query `build` makes, where `value(name)` stands for `values[name]` and `fixed(v)` for a value
 * the shape itself holds. `key` names the query's shape: two calls with one key must build the same
 * query (only their values may differ). Every parameter of the query must come from `value` or `fixed`,
 * or the first run throws. An undefined value is bound as NULL.
 */
export async function runShaped<R>(
  db: Executor,
  key: string,
  values: Readonly<Record<string, unknown>>,
  build: (value: ValueOf, fixed: Fixed) => Compilable<R>,
): Promise<R[]> {
  return (await execute(db, key, values, build)).rows;
}

/** runShaped for an UPDATE or DELETE without RETURNING: the number of rows it changed. */
export async function runShapedWrite(
  db: Executor,
  key: string,
  values: Readonly<Record<string, unknown>>,
  build: (value: ValueOf, fixed: Fixed) => Compilable<unknown>,
): Promise<number> {
  return Number((await execute(db, key, values, build)).numAffectedRows ?? 0);
}

function execute<R>(
  db: Executor,
  key: string,
  values: Readonly<Record<string, unknown>>,
  build: (value: ValueOf, fixed: Fixed) => Compilable<R>,
): Promise<QueryResult<R>> {
  const dialect = db.getExecutor().adapter.constructor.name;
  const id = `${dialect}:${key}`;
  let shape = shapes.get(id);
  if (!shape) {
    const compiled = build((name) => `${MARK}${name}` as never, fixed).compile();
    const order = compiled.parameters.map((p) => {
      if (typeof p === 'string' && p.startsWith(MARK)) return { name: p.slice(MARK.length) };
      if (typeof p === 'string' && p.startsWith(FIXED)) return { fixed: JSON.parse(p.slice(FIXED.length)) as unknown };
      throw new Error(`query shape ${key}: a parameter without a name`);
    });
    shape = { sql: compiled.sql, order };
    shapes.set(id, shape);
  }
  const parameters = shape.order.map((p) => {
    if ('fixed' in p) return p.fixed;
    if (!(p.name in values)) throw new Error(`query shape ${key}: no value for ${p.name}`);
    return values[p.name] ?? null;
  });
  // On the database's own handle the statement skips Kysely's executor when it can (server/db.ts).
  const direct = directRunOf(db)?.(shape.sql, parameters) as Promise<QueryResult<R>> | undefined;
  return direct ?? db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
}
