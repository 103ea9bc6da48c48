// Payers (§3 New account, §6 signed-in user) and the sign-in failures the lockout counts.
import type { ValidateStatus } from '../../contract/accounts.ts';
import type { Db } from '../db.ts';
import { type Row, bit, bool, int, str, strOrNull } from './rows.ts';

export interface UserRow {
  id: string;
  /** Lower-cased. */
  email: string;
  password_hash: string;
  pin_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  validate_status: ValidateStatus;
  dob: string | null;
  ssn_last4: string | null;
  professional: boolean;
  created_at: string;
}

const COLUMNS = `id, email, password_hash, pin_hash, first_name, last_name, phone, validate_status, dob, ssn_last4,
  professional, created_at`;

function toStatus(v: string): ValidateStatus {
  if (v === 'pending' || v === 'validated' || v === 'rejected') return v;
  throw new TypeError(`unknown validate_status ${v}`);
}

function toUser(r: Row): UserRow {
  return {
    id: str(r, 'id'),
    email: str(r, 'email'),
    password_hash: str(r, 'password_hash'),
    pin_hash: str(r, 'pin_hash'),
    first_name: str(r, 'first_name'),
    last_name: str(r, 'last_name'),
    phone: str(r, 'phone'),
    validate_status: toStatus(str(r, 'validate_status')),
    dob: strOrNull(r, 'dob'),
    ssn_last4: strOrNull(r, 'ssn_last4'),
    professional: bool(r, 'professional'),
    created_at: str(r, 'created_at'),
  };
}

export function createUserRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO users (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const byId = db.prepare(`SELECT ${COLUMNS} FROM users WHERE id = ?`);
  const byEmail = db.prepare(`SELECT ${COLUMNS} FROM users WHERE email = ?`);
  const count = db.prepare('SELECT COUNT(*) AS n FROM users');
  const addFailure = db.prepare('INSERT INTO login_failures (email, session_id, at) VALUES (?, ?, ?) RETURNING id');
  const removeFailure = db.prepare('DELETE FROM login_failures WHERE id = ?');
  const clearEmail = db.prepare('DELETE FROM login_failures WHERE email = ?');
  const failuresForEmail = db.prepare('SELECT COUNT(*) AS n FROM login_failures WHERE email = ? AND at > ?');
  const failuresForSession = db.prepare('SELECT COUNT(*) AS n FROM login_failures WHERE session_id = ? AND at > ?');
  const purgeFailures = db.prepare('DELETE FROM login_failures WHERE at <= ?');

  return {
    insert(u: UserRow): void {
      insert.run(
        u.id,
        u.email,
        u.password_hash,
        u.pin_hash,
        u.first_name,
        u.last_name,
        u.phone,
        u.validate_status,
        u.dob,
        u.ssn_last4,
        bit(u.professional),
        u.created_at,
      );
    },
    findById(id: string): UserRow | undefined {
      const r = byId.get(id);
      return r ? toUser(r) : undefined;
    },
    /** email must already be lower-cased. */
    findByEmail(email: string): UserRow | undefined {
      const r = byEmail.get(email);
      return r ? toUser(r) : undefined;
    },
    count(): number {
      const r = count.get();
      return r ? int(r, 'n') : 0;
    },
    /** Records an attempt as failed (until removeFailure says otherwise); returns its id. */
    addFailure(email: string, sessionId: string, at: string): number {
      const r = addFailure.get(email, sessionId, at);
      if (!r) throw new Error('login_failures insert returned no id');
      return int(r, 'id');
    },
    removeFailure(id: number): void {
      removeFailure.run(id);
    },
    clearFailures(email: string): void {
      clearEmail.run(email);
    },
    failuresSince(key: { email: string } | { sessionId: string }, since: string): number {
      const r = 'email' in key ? failuresForEmail.get(key.email, since) : failuresForSession.get(key.sessionId, since);
      return r ? int(r, 'n') : 0;
    },
    purgeFailures(before: string): number {
      return Number(purgeFailures.run(before).changes);
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
