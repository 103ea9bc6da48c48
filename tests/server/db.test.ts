// The data layer on this run's engine (TEST_ENGINE): migrations, seeding, transactions, repositories.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { migrate, openDatabase, type Database, type DatabaseLocation, type Trx } from '../../server/db.ts';
import { loadFacilities, loadInmates } from '../../server/fixtures.ts';
import { MIGRATIONS } from '../../server/migrations.ts';
import { createStore, type Repos, type Store } from '../../server/repo/repos.ts';
import { seedIfEmpty } from '../../server/seed.ts';
import { createOperations } from '../../server/ops/operations.ts';
import { TEST_ENGINE, openTestDatabase } from './helpers.ts';

let db: Database;
let location: DatabaseLocation;
let store: Store;
let repos: Repos;
let dispose: () => Promise<void>;

beforeEach(async () => {
  ({ db, location, dispose } = await openTestDatabase());
  store = createStore(db);
  repos = store.repos;
});
afterEach(async () => {
  await dispose();
});

const NOW = '2026-11-22T12:00:00.000Z';

async function one<T>(query: string): Promise<T> {
  const { rows } = await sql.raw<T>(query).execute(db.kysely);
  return rows[0] as T;
}

describe('database', () => {
  it.runIf(TEST_ENGINE === 'sqlite')('runs SQLite in WAL mode with foreign keys on', async () => {
    expect(await one('PRAGMA journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await one('PRAGMA foreign_keys')).toEqual({ foreign_keys: 1 });
  });

  it.runIf(TEST_ENGINE === 'postgres')(
    'waits for the disk at every commit but a relaxed one, on PostgreSQL',
    async () => {
      // The test cluster never waits for the disk; this database is set to, as a real one is.
      const name = (await one<{ name: string }>('SELECT current_database() AS name')).name;
      await sql.raw(`ALTER DATABASE "${name}" SET synchronous_commit = on`).execute(db.kysely);
      const fresh = openDatabase(location);
      const setting = (trx: Trx) =>
        sql<{ synchronous_commit: string }>`SHOW synchronous_commit`
          .execute(trx)
          .then((r) => r.rows[0]?.synchronous_commit);
      try {
        expect(await fresh.transaction(setting)).toBe('on');
        expect(await fresh.transaction(setting, { durability: 'full' })).toBe('on');
        expect(await fresh.transaction(setting, { durability: 'relaxed' })).toBe('off');
        // SET LOCAL ends with its transaction: the connection goes back to the pool as it came.
        expect(await fresh.transaction(setting)).toBe('on');
      } finally {
        await fresh.close();
      }
    },
  );

  it.runIf(TEST_ENGINE === 'postgres')('keeps times as real timestamps on PostgreSQL', async () => {
    const row = await one<{ data_type: string }>(
      "SELECT data_type FROM information_schema.columns WHERE table_name = 'deposits' AND column_name = 'created_at'",
    );
    expect(row.data_type).toBe('timestamp with time zone');
  });

  it('records each migration once and applies none twice', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM schema_migrations ORDER BY id`.execute(db.kysely);
    expect(rows.map((r) => Number(r.id))).toEqual(MIGRATIONS.map((m) => m.id));
    expect(await migrate(db)).toEqual([]);
  });

  it('seeds from fixtures only when empty', async () => {
    expect(await seedIfEmpty(store)).toBe(true);
    expect(await repos.facilities.count()).toBe(loadFacilities().length);
    expect(Number((await one<{ n: number }>('SELECT COUNT(*) AS n FROM inmates')).n)).toBe(loadInmates().length);
    expect(await seedIfEmpty(store)).toBe(false);
    expect(await repos.facilities.count()).toBe(loadFacilities().length);
  });

  it('rolls a failed transaction back', async () => {
    await expect(
      store.transaction(async (trx) => {
        await trx.sessions.insert({ id: 's1', csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await repos.sessions.findActive('s1', '2000-01-01T00:00:00.000Z')).toBeUndefined();
  });

  it('never answers a read beside a transaction with its uncommitted writes', async () => {
    // A compiled statement on the database's own handle runs without Kysely's queue when it can
    // (server/db.ts directRunOf); while a transaction is open it must still not see its rows.
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    let finish!: (commit: boolean) => void;
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const row = (id: string) => ({ id, csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
    const rolledBack = store.transaction(async (trx) => {
      await trx.sessions.insert(row('beside'));
      wrote();
      if (!(await decided)) throw new Error('abort');
    });
    await written;
    const readDuring = repos.sessions.findActive('beside', '2000-01-01T00:00:00.000Z');
    finish(false);
    await expect(rolledBack).rejects.toThrow('abort');
    expect(await readDuring).toBeUndefined();
  });

  it('runs again a transaction that collided with another, and says so to the metrics', async () => {
    const { metrics } = createOperations(db);
    await sql`CREATE TABLE retry_probe (n INTEGER NOT NULL)`.execute(db.kysely);
    // Each of two transactions counts the rows, then adds one numbered by its count: run side by side
    // on PostgreSQL, one of them must be run again (it would otherwise add the same number); SQLite runs
    // them one after the other. Either way the table ends with the numbers 0 and 1.
    let counted = 0;
    let bothCounted: () => void = () => {};
    const counting = new Promise<void>((r) => (bothCounted = r));
    const add = () =>
      db.transaction(async (trx) => {
        const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM retry_probe`.execute(trx);
        counted += 1;
        if (counted === 2) bothCounted();
        if (TEST_ENGINE === 'postgres' && counted <= 2) await counting;
        await sql`INSERT INTO retry_probe (n) VALUES (${Number(rows[0]?.n)})`.execute(trx);
      });
    await Promise.all([add(), add()]);
    const { rows } = await sql<{ n: number }>`SELECT n FROM retry_probe ORDER BY n`.execute(db.kysely);
    expect(rows.map((r) => Number(r.n))).toEqual([0, 1]);
    const retries = /^db_transaction_retries_total (\d+)$/m.exec(await metrics.text())?.[1];
    if (TEST_ENGINE === 'postgres') expect(Number(retries)).toBeGreaterThanOrEqual(1);
    else expect(retries).toBe('0');
  });

  it('reads times back as the ISO text they were written as', async () => {
    await repos.sessions.insert({ id: 's2', csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
    expect(await repos.sessions.findActive('s2', '2026-11-22T11:59:59.999Z')).toMatchObject({ created_at: NOW });
    expect(await repos.sessions.findActive('s2', NOW)).toBeUndefined();
  });
});

describe('session repository', () => {
  it('rotates an id in one call, keeping form state and card tokens', async () => {
    await seedIfEmpty(store);
    await repos.sessions.insert({
      id: 'old',
      csrf_token: 'csrf-old',
      user_id: null,
      created_at: NOW,
      last_seen_at: NOW,
    });
    await repos.formState.save('old', { fields: { ...EMPTY_FORM, facility_id: 1001 }, errors: {} }, NOW);
    await repos.vault.insert({
      token: 'tok_1',
      session_id: 'old',
      brand: 'visa',
      last4: '1111',
      exp_month: '12',
      exp_year: '2030',
      outcome: 'APPROVED',
      created_at: NOW,
    });
    expect(await repos.sessions.rotate('old', 'new', 'csrf-new', NOW)).toBe(true);
    expect(await repos.sessions.findActive('old', '2000-01-01T00:00:00.000Z')).toBeUndefined();
    expect(await repos.sessions.findActive('new', '2000-01-01T00:00:00.000Z')).toMatchObject({
      csrf_token: 'csrf-new',
    });
    expect((await repos.formState.get('new')).fields.facility_id).toBe(1001);
    expect(await repos.vault.findForSession('tok_1', 'new')).toBeDefined();
    expect(await repos.vault.findForSession('tok_1', 'old')).toBeUndefined();
  });

  it('purges idle sessions with their form state', async () => {
    await repos.sessions.insert({ id: 'idle', csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
    await repos.formState.save('idle', { fields: { ...EMPTY_FORM, facility_id: 1001 }, errors: {} }, NOW);
    expect(await repos.sessions.purgeIdle('2026-11-23T12:00:00.000Z')).toBe(1);
    expect((await repos.formState.get('idle')).fields).toEqual(EMPTY_FORM);
  });
});
