// Shared by the server tests: a temporary database per app, a movable clock, and a client that
// keeps one cookie jar (one browser) and sends the CSRF header.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  CSRF_HEADER,
  REQUEST_ID_HEADER,
  type StateAllResponse,
  type StateSaveResponse,
  type TokenizeResponse,
} from '../../contract/api.ts';
import type { FormFields } from '../../contract/entities.ts';
import { buildApp, type BuildOptions } from '../../server/app.ts';
import { migrate, openDatabase, type Database, type DatabaseLocation, type Engine } from '../../server/db.ts';
import { adaptersFor } from '../../server/adapters/adapters.ts';
import { DEFAULT_DEPOSIT_POST_SECONDS, DEFAULT_MONEY_CONFIG } from '../../server/config.ts';
import type { MoneyDeps } from '../../server/domain/deposit-steps.ts';
import type { Store } from '../../server/repo/repos.ts';
import type {} from './postgres-setup.ts';

/**
 * Options of a route a test adds under the API's prefix: hidden from the API document, so the server's
 * check that every call declares its schemas (server/api-schemas.ts) leaves it alone.
 */
export const TEST_ROUTE = { schema: { hide: true } } as const;

export interface Clock {
  now: () => Date;
  set(iso: string): void;
  advance(ms: number): void;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/** A clock that only moves when told to. */
export function fixedClock(iso = '2026-11-22T12:00:00.000Z'): Clock {
  let t = new Date(iso).getTime();
  return {
    now: () => new Date(t),
    set(v) {
      t = new Date(v).getTime();
    },
    advance(ms) {
      t += ms;
    },
  };
}

export interface TestServer {
  app: FastifyInstance;
  dir: string;
  /** The SQLite file (SQLite run) or '' (PostgreSQL run). */
  dbPath: string;
  /** The engine this run of the server tests uses (TEST_ENGINE). */
  engine: Engine;
  /** Where its data lives: another connection (a second process's, say) opens it with openDatabase. */
  location: DatabaseLocation;
  /**
   * Runs SQL on the server's database from outside the app, for checks of what is stored; `?`
   * placeholders on both engines.
   */
  query<T = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** Closes the app (not the database): build another on the same dir to simulate a restart. */
  close(): Promise<void>;
  /** Closes the app and deletes its database. */
  dispose(): Promise<void>;
}

export interface StartOptions extends Partial<BuildOptions> {
  /** Reuse a directory (and its database) from an earlier server. */
  dir?: string;
  /** Runs before the app is ready, e.g. to add a test-only route. */
  setup?: (app: FastifyInstance) => void;
}

/** The engine of this run: `TEST_ENGINE=postgres` (the server-pg project) or SQLite. */
export const TEST_ENGINE: Engine = process.env['TEST_ENGINE'] === 'postgres' ? 'postgres' : 'sqlite';

/** `?` placeholders as PostgreSQL's `$1, $2...` (the tests' SQL has no `?` inside strings). */
function pgPlaceholders(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/** A database of its own for each test server on the PostgreSQL run; its name is kept in the dir. */
async function postgresDatabaseFor(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('pgAdminUrl');
  const marker = join(dir, 'pg-database');
  const name = existsSync(marker) ? readFileSync(marker, 'utf8') : `t_${randomBytes(8).toString('hex')}`;
  if (!existsSync(marker)) {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${name}`);
    } finally {
      await client.end();
    }
    writeFileSync(marker, name);
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Copies the data of a closed test server's dir into `toDir`, for a new server there (a SQLite file
 * copy, or a PostgreSQL database created from the other as its template).
 */
export async function copyServerData(fromDir: string, toDir: string): Promise<void> {
  if (TEST_ENGINE === 'sqlite') {
    copyFileSync(join(fromDir, 'test.sqlite'), join(toDir, 'test.sqlite'));
    return;
  }
  const from = readFileSync(join(fromDir, 'pg-database'), 'utf8');
  const name = `t_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${from}`);
  } finally {
    await client.end();
  }
  writeFileSync(join(toDir, 'pg-database'), name);
}

/** Deletes a closed test server's data and dir. */
export async function removeServerData(dir: string): Promise<void> {
  if (TEST_ENGINE === 'postgres' && existsSync(join(dir, 'pg-database'))) await (await postgresDatabaseFor(dir)).drop();
  rmSync(dir, { recursive: true, force: true });
}

/** A migrated database of this run's engine, outside any app: for the data layer's own tests. */
export async function openTestDatabase(): Promise<{
  db: Database;
  location: DatabaseLocation;
  dispose(): Promise<void>;
}> {
  const dir = mkdtempSync(join(tmpdir(), 'deposit-db-'));
  const pgDb = TEST_ENGINE === 'postgres' ? await postgresDatabaseFor(dir) : undefined;
  const location = pgDb ? { postgresUrl: pgDb.url } : { sqlitePath: join(dir, 'nested', 'db.sqlite') };
  const db = openDatabase(location);
  await migrate(db);
  return {
    db,
    location,
    async dispose() {
      await db.close();
      await pgDb?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const { dir: givenDir, setup, ...build } = options;
  const dir = givenDir ?? mkdtempSync(join(tmpdir(), 'deposit-server-'));
  const engine = build.databaseUrl ? 'postgres' : TEST_ENGINE;
  let dbPath = '';
  let query: TestServer['query'];
  let dropDatabase = async () => {};
  let closeQuery = async () => {};
  if (engine === 'postgres') {
    const db = build.databaseUrl ? { url: build.databaseUrl, drop: async () => {} } : await postgresDatabaseFor(dir);
    build.databaseUrl = db.url;
    dropDatabase = db.drop;
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    // pool.end() resolves before its connections have closed: one that the database drop then ends
    // reports an error, which must not fail the run.
    pool.on('error', () => {});
    query = async <T>(text: string, params: readonly unknown[] = []) =>
      (await pool.query(pgPlaceholders(text), [...params])).rows as T[];
    let ended = false;
    closeQuery = async () => {
      if (ended) return;
      ended = true;
      await pool.end();
    };
  } else {
    dbPath = build.dbPath ?? join(dir, 'test.sqlite');
    build.dbPath = dbPath;
    const file = dbPath;
    query = async <T>(text: string, params: readonly unknown[] = []) => {
      const conn = new DatabaseSync(file);
      try {
        return conn.prepare(text).all(...(params as SQLInputValue[])) as T[];
      } finally {
        conn.close();
      }
    };
  }
  // Sessions last a day here, as before the idle limit (docs/decisions/0045), so that tests which move
  // the clock by hours keep their sessions; the tests of the limit set it themselves. Every request of
  // a test comes from one address on a clock that seldom moves: the per-client limits are a thousand
  // times the site's (docs/decisions/0039), and tests/server/limits.test.ts sets its own.
  const app = await buildApp({
    ...build,
    config: { sessionIdleMinutes: 24 * 60, rateLimitFactor: 1000, ...build.config },
  });
  setup?.(app);
  await app.ready();
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
  };
  return {
    app,
    dir,
    dbPath,
    engine,
    location: build.databaseUrl ? { postgresUrl: build.databaseUrl } : { sqlitePath: dbPath },
    query,
    close,
    async dispose() {
      await close();
      await closeQuery();
      await dropDatabase();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Every value stored in the server's database, table by table, as text (bytes as latin1, JSON as its
 * text): for checks that a secret is stored nowhere.
 */
export async function storedValues(
  server: Pick<TestServer, 'engine' | 'query'>,
): Promise<{ table: string; value: string }[]> {
  const tables = await server.query<{ name: string }>(
    server.engine === 'postgres'
      ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
      : "SELECT name FROM sqlite_master WHERE type = 'table'",
  );
  const values: { table: string; value: string }[] = [];
  for (const { name } of tables) {
    for (const row of await server.query(`SELECT * FROM "${name}"`)) {
      for (const v of Object.values(row)) {
        if (v === null || v === undefined) continue;
        const value =
          typeof v === 'string'
            ? v
            : v instanceof Uint8Array
              ? Buffer.from(v).toString('latin1')
              : v instanceof Date
                ? v.toISOString()
                : typeof v === 'object'
                  ? JSON.stringify(v)
                  : String(v);
        values.push({ table: name, value });
      }
    }
  }
  return values;
}

/** Collects log lines written by the app's logger. */
export function logCapture(): { stream: Writable; text(): string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _enc, cb) {
      chunks.push(chunk.toString());
      cb();
    },
  });
  return { stream, text: () => chunks.join('') };
}

export interface Reply<T> {
  status: number;
  /** The body; an error body without its request_id, which is in `requestId`. */
  body: T;
  headers: Record<string, string | string[] | number | undefined>;
  /** An error answer's request id (docs/decisions/0051). */
  requestId?: string;
}

/**
 * Every error answer carries the request's id in its body and in the X-Request-Id header, the same
 * (docs/decisions/0051): checked here for every request the server tests make, then taken out of the
 * body so that the tests compare error bodies as the routes build them.
 */
function splitRequestId<T>(status: number, headers: Record<string, unknown>, body: unknown): Reply<T> {
  const h = headers as Reply<T>['headers'];
  if (status < 400 || typeof body !== 'object' || body === null || !('errors' in body)) {
    return { status, body: body as T, headers: h };
  }
  const { request_id: requestId, ...rest } = body as { request_id?: unknown };
  if (typeof requestId !== 'string' || requestId !== headers[REQUEST_ID_HEADER]) {
    throw new Error(`error answer ${status} without its request id: ${JSON.stringify(body)}`);
  }
  return { status, body: rest as T, headers: h, requestId };
}

/** One browser: its own cookie jar and CSRF token. */
export class Client {
  app: FastifyInstance;
  sid = '';
  csrf = '';
  /** The address the requests come from (the per-client limits count it); Fastify's default when unset. */
  ip: string | undefined;

  constructor(app: FastifyInstance) {
    this.app = app;
  }

  private remember(headers: Record<string, unknown>): void {
    const raw = headers['set-cookie'];
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : [];
    for (const c of list) {
      const m = /^sid=([^;]*)/.exec(String(c));
      if (m) this.sid = m[1] ?? '';
    }
  }

  private cookieHeader(): Record<string, string> {
    return this.sid ? { cookie: `sid=${this.sid}` } : {};
  }

  async get<T = unknown>(url: string, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await this.app.inject({
      method: 'GET',
      url,
      headers: { ...this.cookieHeader(), ...headers },
      ...(this.ip ? { remoteAddress: this.ip } : {}),
    });
    this.remember(res.headers);
    return splitRequestId<T>(res.statusCode, res.headers, res.body ? res.json() : undefined);
  }

  async post<T = unknown>(url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
    const res = await this.app.inject({
      method: 'POST',
      url,
      headers: { ...this.cookieHeader(), ...(this.csrf ? { [CSRF_HEADER]: this.csrf } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
      ...(this.ip ? { remoteAddress: this.ip } : {}),
    });
    this.remember(res.headers);
    let body: unknown;
    try {
      body = res.body ? res.json() : undefined;
    } catch {
      body = res.body;
    }
    return splitRequestId<T>(res.statusCode, res.headers, body);
  }

  /** Opens the session: GET /state/all gives the cookie and the CSRF token. */
  async start(): Promise<StateAllResponse> {
    const res = await this.get<StateAllResponse>('/state/all');
    this.csrf = res.body.csrf_token;
    return res.body;
  }

  async save(fields: Record<string, unknown>): Promise<StateSaveResponse> {
    const res = await this.post<StateSaveResponse>('/state/save', { fields });
    if (res.status !== 200) throw new Error(`save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  async state(): Promise<StateAllResponse> {
    return (await this.get<StateAllResponse>('/state/all')).body;
  }

  async tokenize(card: Partial<Card> = {}): Promise<TokenizeResponse> {
    const res = await this.post<TokenizeResponse>('/vault/tokenize', { ...VISA, ...card });
    if (res.status !== 200) throw new Error(`tokenize answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }
}

export async function newClient(app: FastifyInstance, ip?: string): Promise<Client> {
  const c = new Client(app);
  c.ip = ip;
  await c.start();
  return c;
}

export interface Card {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}

export const VISA: Card = {
  credit_card: '4111111111111111',
  credit_card_cvc: '123',
  credit_card_month: '12',
  credit_card_year: '2030',
};

/** Billing, guest contact and terms that pass every rule. */
export const PAYER: Partial<FormFields> = {
  billing_first_name: 'Pat',
  billing_last_name: 'Doe',
  billing_address1: '1 Main St',
  billing_address2: '',
  billing_city: 'Austin',
  billing_state: 'TX',
  billing_zip: '78701',
  billing_country: 'US',
  email: 'pat@example.com',
  phone_no: '(512) 555-0100',
  phone_country: 'US',
  terms_1: true,
  terms_2: true,
  terms_3: true,
  terms_4: true,
};

export interface CheckoutSetup {
  facility_id?: number;
  deposit_type?: string;
  deposit_inmate_id?: string;
  deposit_amount?: number;
  card?: Partial<Card>;
  extra?: Record<string, unknown>;
}

/** Saves a complete checkout for John Smith at Harris County Jail (flex, $25, Visa) unless told otherwise. */
export async function fillCheckout(c: Client, s: CheckoutSetup = {}): Promise<StateSaveResponse> {
  await c.save({ facility_id: s.facility_id ?? 1001 });
  await c.save({
    deposit_type: s.deposit_type ?? 'flex',
    deposit_inmate_id: s.deposit_inmate_id ?? '100001',
    deposit_amount: s.deposit_amount ?? 25,
  });
  const token = await c.tokenize(s.card);
  return c.save({ ...PAYER, card_token: token.token, ...s.extra });
}

/** A content security policy header as directive -> sources (server/headers.ts builds it from data). */
export function cspOf(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

/**
 * The money path over a store of its own (a second process's, say), with the sandbox's adapters and
 * the default timings: what the recurring runner and the job steps need outside an app.
 */
export function moneyFor(store: Store, now: () => Date = () => new Date()): MoneyDeps {
  return {
    store,
    ...adaptersFor(DEFAULT_MONEY_CONFIG, store, now),
    money: DEFAULT_MONEY_CONFIG,
    now,
    postSeconds: DEFAULT_DEPOSIT_POST_SECONDS,
  };
}
