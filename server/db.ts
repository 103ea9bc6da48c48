// The database: one Kysely instance over either engine (docs/decisions/0022). node:sqlite (a file under
// DATA_DIR, WAL mode) is the embedded default; PostgreSQL (DATABASE_URL) is the engine for a real
// operator. Both run the same migrations (server/migrations.ts) and the same repositories (server/repo/).
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type PostgresPoolClient,
  type QueryResult,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations.ts';
import type { Schema } from './repo/schema.ts';
import { BACKSTOP_PAGES, startCheckpointer } from './sqlite-checkpointer.ts';

export type Engine = 'sqlite' | 'postgres';

/** Where the data lives: a SQLite file (or ':memory:'), or a PostgreSQL connection string. */
export type DatabaseLocation = { sqlitePath: string } | { postgresUrl: string };

/** A query handle: the database itself, or one open transaction. Repositories take either. */
export type Executor = Kysely<Schema>;
export type Trx = Transaction<Schema>;

export interface Database {
  engine: Engine;
  kysely: Kysely<Schema>;
  /**
   * Runs fn in one transaction and returns its result; a throw rolls it back. SQLite takes the write
   * lock at the start (BEGIN IMMEDIATE) and runs one transaction at a time; PostgreSQL runs it
   * SERIALIZABLE and runs it again when the server reports a serialization failure or deadlock, so a
   * check and the write it guards never interleave with another instance's (docs/decisions/0022).
   * fn may run more than once: it must not cause effects outside the database.
   */
  transaction<T>(fn: (trx: Trx) => Promise<T>, options?: TransactionOptions): Promise<T>;
  close(): Promise<void>;
  /**
   * Hears of each connection the database dropped (PostgreSQL: a server that went away or restarted
   * while a pooled connection was idle or in use). Such an error is reported here and never ends the
   * process; the requests that were using the connection fail and the pool opens new ones
   * (docs/decisions/0051).
   */
  onConnectionError(listener: (err: Error) => void): void;
  /**
   * Hears of each transaction run again after a serialization failure or deadlock (PostgreSQL; SQLite
   * runs one transaction at a time and never does): how often transactions collide, for metrics.
   */
  onTransactionRetry(listener: () => void): void;
  /** The connection pool's use, for metrics; undefined on SQLite, which has one connection. */
  poolUse(): PoolUse | undefined;
}

export interface PoolUse {
  /** Connections open, idle among them, requests waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface TransactionOptions {
  /**
   * 'relaxed' for a write whose loss in a crash costs nothing that is not kept elsewhere (a form's
   * autosave, which the page holds too): PostgreSQL then answers before the commit reaches the disk
   * (`synchronous_commit = off`: a crash may lose the last such commits, never corrupts, never
   * reorders them). SQLite's WAL commits are always of this kind (`synchronous = NORMAL`). Money is
   * never written this way.
   */
  durability?: 'full' | 'relaxed';
}

// node-postgres answers bigint (COUNT, SUM of integers), numeric (SUM of bigint) and timestamps as
// strings or Dates; the repositories work with numbers and ISO-8601 text on both engines.
const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;
pg.types.setTypeParser(PG_INT8, (v) => Number(v));
pg.types.setTypeParser(PG_NUMERIC, (v) => Number(v));
pg.types.setTypeParser(PG_TIMESTAMPTZ, (v) => new Date(v).toISOString());
pg.types.setTypeParser(PG_TIMESTAMP, (v) => new Date(`${v}Z`).toISOString());

/**
 * Runs a compiled statement on the database's own connection(s) without Kysely's executor, or answers
 * undefined when it cannot now (SQLite: a transaction holds or waits for the one connection).
 */
export type DirectRun = (text: string, parameters: readonly unknown[]) => Promise<QueryResult<unknown>> | undefined;

const directRuns = new WeakMap<Executor, DirectRun>();

/**
 * The direct runner of a database's own query handle (never of a transaction's): the hot statements
 * (server/repo/shapes.ts) skip Kysely's executor, its connection provider and its result plugins,
 * which cost more than SQLite's answer to a small indexed read (docs/decisions/0062).
 */
export function directRunOf(executor: Executor): DirectRun | undefined {
  return directRuns.get(executor);
}

/** SQLSTATEs after which PostgreSQL asks the client to run the transaction again. */
const RETRYABLE = new Set(['40001', '40P01']);
const MAX_ATTEMPTS = 30;

function isRetryable(err: unknown): boolean {
  return typeof err === 'object' && err !== null && RETRYABLE.has(String((err as { code?: unknown }).code));
}

/**
 * node:sqlite's statements behind the interface Kysely's SqliteDialect expects (better-sqlite3's):
 * parameters as an array, `reader` for statements that return rows. Statements are prepared once per
 * SQL text. `begin` takes the write lock at once (IMMEDIATE), so a transaction that reads and then
 * writes never meets SQLITE_BUSY half-way.
 */
function sqliteAdapter(db: DatabaseSync) {
  const cache = new Map<string, { stmt: StatementSync; reader: boolean }>();
  const MAX_CACHED = 500;
  function prepared(text: string) {
    let entry = cache.get(text);
    if (!entry) {
      const stmt = db.prepare(text);
      entry = { stmt, reader: stmt.columns().length > 0 };
      if (cache.size >= MAX_CACHED) cache.clear();
      cache.set(text, entry);
    }
    return entry;
  }
  type Param = null | number | bigint | string | Uint8Array;
  return {
    /** What Kysely's SQLite connection does with a statement, without the promise chain around it. */
    run(text: string, parameters: readonly unknown[]): QueryResult<unknown> {
      const { stmt, reader } = prepared(text);
      if (reader) return { rows: stmt.all(...(parameters as Param[])) };
      const { changes } = stmt.run(...(parameters as Param[]));
      return { rows: [], numAffectedRows: BigInt(changes) };
    },
    close: () => db.close(),
    prepare(text: string) {
      const { stmt, reader } = prepared(text.trim().toLowerCase() === 'begin' ? 'BEGIN IMMEDIATE' : text);
      return {
        reader,
        all: (params: readonly unknown[]) => stmt.all(...(params as Param[])),
        run: (params: readonly unknown[]) => stmt.run(...(params as Param[])),
        iterate: (params: readonly unknown[]) => stmt.iterate(...(params as Param[])),
      };
    },
  };
}

function openSqlite(path: string): Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path);
  raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON');
  raw.exec('PRAGMA busy_timeout = 5000');
  raw.exec('PRAGMA synchronous = NORMAL');
  // A file's log is checkpointed by a thread of its own, not inside a request's commit (decisions/0058).
  const checkpointer = path === ':memory:' ? undefined : startCheckpointer(path);
  if (checkpointer) raw.exec(`PRAGMA wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  const adapter = sqliteAdapter(raw);
  const kysely = new Kysely<Schema>({ dialect: new SqliteDialect({ database: adapter }) });
  // Transactions begun or waiting for the connection. While there is none the connection is in
  // autocommit and Kysely's queue is empty, so a statement run at once is what Kysely would run; while
  // there is one, a statement run beside it could read its uncommitted writes, so it queues in Kysely.
  let transactions = 0;
  directRuns.set(kysely, (text, parameters) =>
    transactions > 0 ? undefined : Promise.resolve(adapter.run(text, parameters)),
  );
  return {
    engine: 'sqlite',
    kysely,
    // One connection, one transaction at a time (Kysely holds the connection for the transaction).
    async transaction(fn) {
      transactions += 1;
      try {
        return await kysely.transaction().execute(fn);
      } finally {
        transactions -= 1;
      }
    },
    async close() {
      await checkpointer?.stop();
      await kysely.destroy();
    },
    // A file on this machine: no connection to lose.
    onConnectionError: () => {},
    onTransactionRetry: () => {},
    poolUse: () => undefined,
  };
}

/** Statements worth preparing: the queries and writes the repositories run again and again. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The pool as Kysely's PostgresDialect sees it, with each query a named statement (node-postgres
 * prepares it once per connection, PostgreSQL parses and plans it once there), not parsed afresh on
 * every run. The name is a digest of the SQL text, so one text is one statement.
 */
function preparingPool(pool: pg.Pool) {
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `q${createHash('sha256').update(text).digest('base64url').slice(0, 22)}`;
      if (names.size >= 2000) names.clear();
      names.set(text, name);
    }
    return name;
  };
  // One wrapper per pooled connection: Kysely keeps its connection state per client object.
  const wrapped = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    processID: (client as { processID?: number }).processID,
    query: ((text: string, values: readonly unknown[]) =>
      PREPARABLE.test(text)
        ? client.query({ name: nameOf(text), text, values: [...values] })
        : client.query(text, [...values])) as unknown as PostgresPoolClient['query'],
    release: (destroy?: boolean) => client.release(destroy),
  });
  return {
    options: pool.options,
    nameOf,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      let w = wrapped.get(client);
      if (!w) {
        w = wrap(client);
        wrapped.set(client, w);
      }
      return w;
    },
    end: () => pool.end(),
  };
}

function openPostgres(url: string): Database {
  const max = Number(process.env['PG_POOL_SIZE'] ?? 10);
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // A request waits at most this long for a connection (a server that does not answer, or a pool
    // whose connections are all in use), then fails as "database unavailable" (503), not for ever.
    connectionTimeoutMillis: Number(process.env['PG_CONNECT_TIMEOUT_MS'] ?? 10_000),
    // A server that vanished without closing the connection (a network cut) is noticed.
    keepAlive: true,
  });
  // A connection that loses its server emits 'error': the pool listens while it is idle, but a
  // connection in use has no listener of pg's, and an unheard 'error' event ends the process. Each
  // connection gets one listener for its whole life; the query that was using it fails on its own.
  const listeners: ((err: Error) => void)[] = [];
  const retryListeners: (() => void)[] = [];
  const report = (err: Error) => {
    for (const l of listeners) l(err);
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
  const preparing = preparingPool(pool);
  const kysely = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: preparing }) });
  // A pooled connection for the one statement, as a named statement, as Kysely's driver would run it.
  directRuns.set(kysely, async (text, parameters) => {
    const values = [...parameters];
    const r = await (PREPARABLE.test(text)
      ? pool.query({ name: preparing.nameOf(text), text, values })
      : pool.query(text, values));
    const wrote = r.command === 'INSERT' || r.command === 'UPDATE' || r.command === 'DELETE' || r.command === 'MERGE';
    return { rows: r.rows ?? [], numAffectedRows: wrote && r.rowCount !== null ? BigInt(r.rowCount) : undefined };
  });
  return {
    engine: 'postgres',
    kysely,
    async transaction(fn, options) {
      const relaxed = options?.durability === 'relaxed';
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await kysely
            .transaction()
            .setIsolationLevel('serializable')
            .execute(async (trx) => {
              if (relaxed) await sql`SET LOCAL synchronous_commit = off`.execute(trx);
              return fn(trx);
            });
        } catch (err) {
          if (!isRetryable(err) || attempt >= MAX_ATTEMPTS) throw err;
          for (const l of retryListeners) l();
          // A random pause that grows with each attempt (to 250 ms) spreads the retries of transactions
          // that collided on the same rows, so they do not collide again together.
          await new Promise((r) => setTimeout(r, Math.random() * Math.min(250, 2 ** attempt)));
        }
      }
    },
    close: () => kysely.destroy(),
    onConnectionError: (listener) => listeners.push(listener),
    onTransactionRetry: (listener) => retryListeners.push(listener),
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

export function openDatabase(location: DatabaseLocation): Database {
  return 'postgresUrl' in location ? openPostgres(location.postgresUrl) : openSqlite(location.sqlitePath);
}

/** The name the migrations are recorded under (not the earlier `migrations` table: docs/decisions/0022). */
const MIGRATIONS_TABLE = 'schema_migrations';

/** The newest migration this code has: a database that recorded it is up to date. */
export const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((m) => m.id));

/** The newest migration the database recorded (0 for none): one short query, for readiness. */
export async function latestAppliedMigration(db: Database): Promise<number> {
  const rows = await sql<{ id: number | null }>`SELECT MAX(id) AS id FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(
    db.kysely,
  );
  return Number(rows.rows[0]?.id ?? 0);
}

/**
 * Applies every migration not yet recorded, in order, each in its own transaction; returns the ids it
 * applied. On PostgreSQL an advisory lock makes instances that start together apply them once.
 */
export async function migrate(
  db: Database,
  migrations: readonly Migration[] = MIGRATIONS,
  now = new Date(),
): Promise<number[]> {
  const applied: number[] = [];
  await db.kysely.connection().execute(async (conn) => {
    const pgLock = db.engine === 'postgres';
    // Any constant identifies this application's migration lock.
    if (pgLock) await sql`SELECT pg_advisory_lock(72616101)`.execute(conn);
    try {
      await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MIGRATIONS_TABLE)} (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        applied_at TEXT NOT NULL
      )`.execute(conn);
      const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(MIGRATIONS_TABLE)}`.execute(conn);
      const done = new Set(rows.rows.map((r) => Number(r.id)));
      for (const m of [...migrations].sort((a, b) => a.id - b.id)) {
        if (done.has(m.id)) continue;
        await conn.transaction().execute(async (trx) => {
          for (const statement of m.statements(db.engine)) await sql.raw(statement).execute(trx);
          await sql`INSERT INTO ${sql.table(MIGRATIONS_TABLE)} (id, name, applied_at)
            VALUES (${m.id}, ${m.name}, ${now.toISOString()})`.execute(trx);
        });
        applied.push(m.id);
      }
    } finally {
      if (pgLock) await sql`SELECT pg_advisory_unlock(72616101)`.execute(conn);
    }
  });
  return applied;
}
