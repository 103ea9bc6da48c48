// Hot queries compiled once (docs/decisions/0023). Building a query with Kysely costs about as much as
// SQLite's answer to a small indexed read; a query whose shape is the same on every request (the
// recipient search, a facility by id) is built and compiled on its first run for each engine, and
// every later run only binds its values.
import { CompiledQuery, type Compilable } from 'kysely';
import type { Executor } from '../db.ts';

const MARK = '\u0000value:';

interface Shape {
  sql: string;
  /** The name of each parameter of `sql`, in order. */
  order: string[];
}

const shapes = new Map<string, Shape>();

/**
 * Runs the query `build` makes, where `value(name)` stands for `values[name]`. `key` names the query's
 * shape: two calls with one key must build the same query (only their values may differ). Every
 * parameter of the query must come from `value`, or the first run throws.
 */
export async function runShaped<R>(
  db: Executor,
  key: string,
  values: Readonly<Record<string, unknown>>,
  build: (value: (name: string) => never) => Compilable<R>,
): Promise<R[]> {
  const dialect = db.getExecutor().adapter.constructor.name;
  const id = `${dialect}:${key}`;
  let shape = shapes.get(id);
  if (!shape) {
    const compiled = build((name) => `${MARK}${name}` as never).compile();
    const order = compiled.parameters.map((p) => {
      if (typeof p !== 'string' || !p.startsWith(MARK))
        throw new Error(`query shape ${key}: a parameter without a name`);
      return p.slice(MARK.length);
    });
    shape = { sql: compiled.sql, order };
    shapes.set(id, shape);
  }
  const parameters = shape.order.map((name) => {
    if (!(name in values)) throw new Error(`query shape ${key}: no value for ${name}`);
    return values[name];
  });
  const result = await db.executeQuery<R>(CompiledQuery.raw(shape.sql, parameters));
  return result.rows;
}
