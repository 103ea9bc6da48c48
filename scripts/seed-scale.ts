// `npm run seed:scale`: fills a database with a real operator's size: 1,000,000 people in custody
// (the sandbox facilities, the largest with 100,000, and generated county jails of 1,000 to 5,000
// each) and 100,000 earlier deposits, some people with thousands of them. Deterministic (fixed name
// lists, seeded generator: scripts/scale-data.ts), so benchmarks are repeatable. Idempotent: a
// database seeded already (the scale_seed marker) is left as it is; a half-seeded one is cleaned and
// seeded again.
//
//   npm run seed:scale                                   data/scale.sqlite
//   npm run seed:scale -- --sqlite data/other.sqlite
//   DATABASE_URL=postgres://... npm run seed:scale       (or --postgres URL)
//   --inmates N --deposits N                            smaller sizes for a quick run
//   --app DIR                                            migrate and seed the sandbox with another checkout's server
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openDatabase, type Database, type DatabaseLocation } from '../server/db.ts';
import { loadFacilities } from '../server/fixtures.ts';
import { createStore } from '../server/repo/repos.ts';
import type { InmateRecord } from '../server/repo/inmates.ts';
import { GENERATED_FACILITY_BASE, INMATE_ID_BASE, LARGEST_FACILITY, inmatesOf, planFacilities } from './scale-data.ts';
import { random } from '../fixtures/random.ts';

/** This checkout: its server seeds the sandbox unless --app names another. */
const REPO = resolve(import.meta.dirname, '..');
export const DEFAULT_SQLITE = resolve(REPO, 'data', 'scale.sqlite');
const MARKER = 'scale_seed';
/** The session id every scale deposit carries (no browser session has one this short). */
const SCALE_SESSION = 'seed-scale';
const ROWS_PER_INSERT = 1_000;
const INSERTS_PER_TRANSACTION = 8;
/** People with thousands of deposits each, at the largest facility (the benchmark pays them). */
const HOT_INMATES = 20;
const HOT_SHARE = 0.4;

export interface ScaleOptions {
  location: DatabaseLocation;
  inmates: number;
  deposits: number;
  /** The checkout whose server migrates the database and seeds the sandbox (default: this one). */
  appDir?: string;
  log?: (line: string) => void;
}

export interface ScaleInfo {
  inmates: number;
  deposits: number;
  /** Ids of the people with the most deposits. */
  hotInmates: string[];
  /** Seconds the seeding took (0 when the database was seeded already). */
  seconds: number;
}

/** Starts and stops the app once: that applies its migrations and seeds the sandbox. */
async function migrateAndSeedSandbox(location: DatabaseLocation, appDir: string): Promise<void> {
  const mod = (await import(resolve(appDir, 'server/app.ts'))) as {
    buildApp: (o: Record<string, unknown>) => Promise<{ ready(): Promise<unknown>; close(): Promise<unknown> }>;
  };
  const options = 'postgresUrl' in location ? { databaseUrl: location.postgresUrl } : { dbPath: location.sqlitePath };
  const app = await mod.buildApp(options);
  await app.ready();
  await app.close();
}

/** The columns a table has (another checkout's schema may lack some of this one's). */
async function columnsOf(db: Database, table: string): Promise<Set<string>> {
  if (db.engine === 'sqlite') {
    const r = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table})`.execute(db.kysely);
    return new Set(r.rows.map((c) => c.name));
  }
  const r = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = ${table}`.execute(db.kysely);
  return new Set(r.rows.map((c) => c.column_name));
}

type Row = Record<string, string | number | null>;

/** Multi-row INSERTs of the columns the table has, several per transaction. */
async function insertAll(db: Database, table: string, rows: Iterable<Row>, onBatch?: (n: number) => void) {
  const have = await columnsOf(db, table);
  let cols: string[] | undefined;
  let batch: Row[] = [];
  let pending: Row[][] = [];
  let done = 0;
  const flush = async () => {
    if (batch.length > 0) pending.push(batch);
    batch = [];
    if (pending.length === 0 || !cols) return;
    const list = cols;
    const groups = pending;
    pending = [];
    await db.transaction(async (trx) => {
      for (const g of groups) {
        const values = g.map((r) => sql`(${sql.join(list.map((c) => r[c] ?? null))})`);
        await sql`INSERT INTO ${sql.table(table)} (${sql.join(list.map((c) => sql.ref(c)))}) VALUES ${sql.join(values)}`.execute(
          trx,
        );
      }
    });
    done += groups.reduce((n, g) => n + g.length, 0);
    onBatch?.(done);
  };
  for (const r of rows) {
    cols ??= Object.keys(r).filter((c) => have.has(c));
    batch.push(r);
    if (batch.length >= ROWS_PER_INSERT) {
      pending.push(batch);
      batch = [];
      if (pending.length >= INSERTS_PER_TRANSACTION) await flush();
    }
  }
  await flush();
  return done;
}

function inmateRow(i: InmateRecord): Row {
  return {
    ...i,
    first_lower: i.first_name.toLowerCase(),
    last_lower: i.last_name.toLowerCase(),
    booking_upper: i.booking_code.toUpperCase(),
    fraud_flag: i.fraud_flag ? 1 : 0,
  };
}

const AMOUNTS = [1000, 2000, 2500, 5000, 7500, 10000];

/** Earlier deposits: a share to the hot people, the rest spread over everyone, over the last 30 days. */
function* depositsOf(
  count: number,
  hot: readonly { id: string; facility_id: number }[],
  anyInmate: (r: number) => { id: string; facility_id: number },
  now: Date,
): Generator<Row> {
  const rnd = random(2026);
  const hotCount = Math.round(count * HOT_SHARE);
  const span = 30 * 24 * 60 * 60 * 1000;
  for (let n = 0; n < count; n += 1) {
    const to = n < hotCount ? (hot[n % hot.length] as { id: string; facility_id: number }) : anyInmate(rnd());
    const amount = AMOUNTS[Math.floor(rnd() * AMOUNTS.length)] as number;
    const fee = 295 + Math.floor(amount / 2000) * 100;
    const created = new Date(now.getTime() - 15 * 60 * 1000 - Math.floor(rnd() * span)).toISOString();
    yield {
      id: `scale-${String(n).padStart(7, '0')}`,
      order_number: `S${String(n).padStart(9, '0')}`,
      session_id: SCALE_SESSION,
      facility_id: to.facility_id,
      inmate_id: to.id,
      deposit_type: 'flex',
      amount_cents: amount,
      fee_cents: fee,
      tax_cents: 0,
      total_cents: amount + fee,
      card_token: 'scale',
      card_brand: 'visa',
      card_last4: '1111',
      card_exp: '12/30',
      payer_email: `payer${Math.floor(rnd() * 20_000)}@example.com`,
      created_at: created,
      response_json: '{}',
      user_id: null,
      deposit_phone_no: null,
    };
  }
}

async function readMarker(db: Database): Promise<ScaleInfo | undefined> {
  await sql`CREATE TABLE IF NOT EXISTS ${sql.table(MARKER)} (
    id INTEGER PRIMARY KEY,
    inmates INTEGER NOT NULL,
    deposits INTEGER NOT NULL,
    hot_inmates TEXT NOT NULL,
    seeded_at TEXT NOT NULL
  )`.execute(db.kysely);
  const r = await sql<{ inmates: number; deposits: number; hot_inmates: string }>`SELECT inmates, deposits, hot_inmates
    FROM ${sql.table(MARKER)} WHERE id = 1`.execute(db.kysely);
  const row = r.rows[0];
  if (!row) return undefined;
  return {
    inmates: Number(row.inmates),
    deposits: Number(row.deposits),
    hotInmates: JSON.parse(row.hot_inmates) as string[],
    seconds: 0,
  };
}

/** Removes what an interrupted run left (its rows are recognisable by their ids). */
async function removePartial(db: Database): Promise<void> {
  await db.transaction(async (trx) => {
    await sql`DELETE FROM deposits WHERE session_id = ${SCALE_SESSION}`.execute(trx);
    await sql`DELETE FROM inmates WHERE id >= ${String(INMATE_ID_BASE)} AND id < ${String(INMATE_ID_BASE + 1_000_000)}
      AND LENGTH(id) = 7`.execute(trx);
    await sql`DELETE FROM facilities WHERE id >= ${GENERATED_FACILITY_BASE}`.execute(trx);
  });
}

export async function seedScale(options: ScaleOptions): Promise<ScaleInfo> {
  const log = options.log ?? (() => {});
  if (options.inmates > 1_000_000) throw new Error('at most 1,000,000 inmates (their ids are seven digits)');
  const started = performance.now();
  await migrateAndSeedSandbox(options.location, options.appDir ?? REPO);
  const db = openDatabase(options.location);
  try {
    const seeded = await readMarker(db);
    if (seeded) {
      if (seeded.inmates !== options.inmates || seeded.deposits !== options.deposits) {
        throw new Error(
          `the database holds a scale seed of ${seeded.inmates} inmates and ${seeded.deposits} deposits: use a new one for other sizes`,
        );
      }
      log(`already seeded: ${seeded.inmates} inmates, ${seeded.deposits} deposits`);
      return seeded;
    }
    await removePartial(db);

    const plans = planFacilities(loadFacilities(), options.inmates);
    const store = createStore(db);
    for (const p of plans) if (p.generated) await store.repos.facilities.insert(p.facility);
    log(`facilities: ${plans.length} (${plans.filter((p) => p.generated).length} generated)`);

    // Ids by facility, in plan order: facility k's people are firstIds[k] .. firstIds[k] + size - 1.
    const firstIds: number[] = [];
    let next = INMATE_ID_BASE;
    for (const p of plans) {
      firstIds.push(next);
      next += p.size;
    }
    function* allInmates(): Generator<Row> {
      for (const [k, p] of plans.entries()) {
        for (const i of inmatesOf(p, firstIds[k] as number, 1_000 + p.facility.id)) yield inmateRow(i);
      }
    }
    let shown = 0;
    await insertAll(db, 'inmates', allInmates(), (n) => {
      if (n - shown >= 100_000 || n === options.inmates) {
        shown = n;
        log(`inmates: ${n}`);
      }
    });

    const largest = plans.findIndex((p) => p.facility.id === LARGEST_FACILITY);
    const hotFacility = largest >= 0 ? largest : 0;
    const hot = Array.from({ length: Math.min(HOT_INMATES, plans[hotFacility]?.size ?? 0) }, (_, i) => ({
      // Spread over the facility rather than its first few ids.
      id: String((firstIds[hotFacility] as number) + i * 997),
      facility_id: (plans[hotFacility] as { facility: { id: number } }).facility.id,
    }));
    const anyInmate = (r: number) => {
      const n = Math.floor(r * options.inmates);
      let k = 0;
      while (k + 1 < plans.length && (firstIds[k + 1] as number) - INMATE_ID_BASE <= n) k += 1;
      return { id: String(INMATE_ID_BASE + n), facility_id: (plans[k] as { facility: { id: number } }).facility.id };
    };
    const deposits =
      hot.length > 0 ? await insertAll(db, 'deposits', depositsOf(options.deposits, hot, anyInmate, new Date())) : 0;
    log(`deposits: ${deposits}`);

    // Statistics for the query planners, as a database in service would have; on PostgreSQL also the
    // visibility map that lets a search read an index alone (autovacuum's work, done now).
    await sql.raw(db.engine === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE').execute(db.kysely);
    const info: ScaleInfo = {
      inmates: options.inmates,
      deposits,
      hotInmates: hot.map((h) => h.id),
      seconds: (performance.now() - started) / 1000,
    };
    await sql`INSERT INTO ${sql.table(MARKER)} (id, inmates, deposits, hot_inmates, seeded_at)
      VALUES (1, ${info.inmates}, ${info.deposits}, ${JSON.stringify(info.hotInmates)}, ${new Date().toISOString()})`.execute(
      db.kysely,
    );
    log(`seeded in ${info.seconds.toFixed(1)} s`);
    return info;
  } finally {
    await db.close();
  }
}

/** Where to seed, from the arguments and DATABASE_URL. */
export function locationFrom(values: { sqlite?: string | undefined; postgres?: string | undefined }): DatabaseLocation {
  const url = values.postgres ?? (values.sqlite ? undefined : process.env['DATABASE_URL']);
  return url ? { postgresUrl: url } : { sqlitePath: resolve(values.sqlite ?? DEFAULT_SQLITE) };
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      sqlite: { type: 'string' },
      postgres: { type: 'string' },
      inmates: { type: 'string', default: '1000000' },
      deposits: { type: 'string', default: '100000' },
      app: { type: 'string' },
    },
  });
  const location = locationFrom(values);
  console.log(`seed:scale into ${'postgresUrl' in location ? 'PostgreSQL' : location.sqlitePath}`);
  await seedScale({
    location,
    inmates: Number(values.inmates),
    deposits: Number(values.deposits),
    ...(values.app ? { appDir: resolve(values.app) } : {}),
    log: (line) => console.log(`  ${line}`),
  });
}
