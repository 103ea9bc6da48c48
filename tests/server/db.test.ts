import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { migrate, openDatabase, transaction, type Db } from '../../server/db.ts';
import { loadFacilities, loadInmates } from '../../server/fixtures.ts';
import { MIGRATIONS } from '../../server/migrations.ts';
import { createRepos, type Repos } from '../../server/repo/repos.ts';
import { seedIfEmpty } from '../../server/seed.ts';

let dir: string;
let db: Db;
let repos: Repos;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'deposit-db-'));
  db = openDatabase(join(dir, 'nested', 'db.sqlite'));
  migrate(db);
  repos = createRepos(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const NOW = '2026-11-22T12:00:00.000Z';

describe('database', () => {
  it('runs in WAL mode with foreign keys on', () => {
    expect(db.prepare('PRAGMA journal_mode').get()).toEqual({ journal_mode: 'wal' });
    expect(db.prepare('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 });
  });

  it('records each migration once and applies none twice', () => {
    const rows = db.prepare('SELECT id, name FROM migrations ORDER BY id').all();
    expect(rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id));
    expect(migrate(db)).toEqual([]);
  });

  it('seeds from fixtures only when empty', () => {
    expect(seedIfEmpty(db, repos)).toBe(true);
    expect(repos.facilities.count()).toBe(loadFacilities().length);
    expect(db.prepare('SELECT COUNT(*) AS n FROM inmates').get()).toEqual({ n: loadInmates().length });
    expect(seedIfEmpty(db, repos)).toBe(false);
    expect(repos.facilities.count()).toBe(loadFacilities().length);
  });

  it('rolls a failed transaction back', () => {
    expect(() =>
      transaction(db, () => {
        repos.sessions.insert({ id: 's1', csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
        throw new Error('abort');
      }),
    ).toThrow('abort');
    expect(repos.sessions.findActive('s1', '2000-01-01T00:00:00.000Z')).toBeUndefined();
  });
});

describe('session repository', () => {
  it('rotates an id in one call, keeping form state and card tokens', () => {
    seedIfEmpty(db, repos);
    repos.sessions.insert({ id: 'old', csrf_token: 'csrf-old', user_id: null, created_at: NOW, last_seen_at: NOW });
    repos.formState.save('old', { fields: { ...EMPTY_FORM, facility_id: 1001 }, errors: {} }, NOW);
    repos.vault.insert({
      token: 'tok_1',
      session_id: 'old',
      brand: 'visa',
      last4: '1111',
      exp_month: '12',
      exp_year: '2030',
      outcome: 'APPROVED',
      created_at: NOW,
    });
    expect(repos.sessions.rotate('old', 'new', 'csrf-new', NOW)).toBe(true);
    expect(repos.sessions.findActive('old', '2000-01-01T00:00:00.000Z')).toBeUndefined();
    expect(repos.sessions.findActive('new', '2000-01-01T00:00:00.000Z')).toMatchObject({ csrf_token: 'csrf-new' });
    expect(repos.formState.get('new').fields.facility_id).toBe(1001);
    expect(repos.vault.findForSession('tok_1', 'new')).toBeDefined();
    expect(repos.vault.findForSession('tok_1', 'old')).toBeUndefined();
  });

  it('purges idle sessions with their form state', () => {
    repos.sessions.insert({ id: 'idle', csrf_token: 't', user_id: null, created_at: NOW, last_seen_at: NOW });
    repos.formState.save('idle', { fields: { ...EMPTY_FORM, facility_id: 1001 }, errors: {} }, NOW);
    expect(repos.sessions.purgeIdle('2026-11-23T12:00:00.000Z')).toBe(1);
    expect(repos.formState.get('idle').fields).toEqual(EMPTY_FORM);
  });
});
