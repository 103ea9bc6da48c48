// Payers (§3 New account, §6 signed-in user) and the sign-in failures the sign-in delay counts.
import type { ValidateStatus } from '../../contract/accounts.ts';
import type { Executor } from '../db.ts';
import { bit, bool, changed } from './rows.ts';

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

const COLUMNS = [
  'id',
  'email',
  'password_hash',
  'pin_hash',
  'first_name',
  'last_name',
  'phone',
  'validate_status',
  'dob',
  'ssn_last4',
  'professional',
  'created_at',
] as const;

function toStatus(v: string): ValidateStatus {
  if (v === 'pending' || v === 'validated' || v === 'rejected') return v;
  throw new TypeError(`unknown validate_status ${v}`);
}

function toUser(
  r: Omit<UserRow, 'validate_status' | 'professional'> & { validate_status: string; professional: number },
): UserRow {
  return { ...r, validate_status: toStatus(r.validate_status), professional: bool(r.professional) };
}

export function createUserRepo(db: Executor) {
  return {
    async insert(u: UserRow): Promise<void> {
      await db
        .insertInto('users')
        .values({ ...u, professional: bit(u.professional) })
        .execute();
    },
    async findById(id: string): Promise<UserRow | undefined> {
      const r = await db.selectFrom('users').select(COLUMNS).where('id', '=', id).executeTakeFirst();
      return r ? toUser(r) : undefined;
    },
    /** email must already be lower-cased. */
    async findByEmail(email: string): Promise<UserRow | undefined> {
      const r = await db.selectFrom('users').select(COLUMNS).where('email', '=', email).executeTakeFirst();
      return r ? toUser(r) : undefined;
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /**
     * Records an attempt from client (an address, or an IPv6 /64) as failed, until removeFailure says
     * otherwise; returns its id.
     */
    async addFailure(email: string, client: string, sessionId: string, at: string): Promise<number> {
      const r = await db
        .insertInto('login_failures')
        .values({ email, client, session_id: sessionId, at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    async removeFailure(id: number): Promise<void> {
      await db.deleteFrom('login_failures').where('id', '=', id).execute();
    },
    /** Forgets the failures of an email from one client (its owner signed in from there). */
    async clearFailures(email: string, client: string): Promise<void> {
      await db.deleteFrom('login_failures').where('email', '=', email).where('client', '=', client).execute();
    },
    async failuresSince(key: { email: string } | { sessionId: string }, since: string): Promise<number> {
      let q = db.selectFrom('login_failures').select((eb) => eb.fn.countAll<number>().as('n'));
      q = 'email' in key ? q.where('email', '=', key.email) : q.where('session_id', '=', key.sessionId);
      const r = await q.where('at', '>', since).executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** The failures of an email from one client after `since`: how many, and when the latest was (ISO time). */
    async recentFailures(
      email: string,
      client: string,
      since: string,
    ): Promise<{ count: number; latest: string | null }> {
      const r = await db
        .selectFrom('login_failures')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('latest')])
        .where('email', '=', email)
        .where('client', '=', client)
        .where('at', '>', since)
        .executeTakeFirst();
      return { count: Number(r?.n ?? 0), latest: r?.latest ? String(r.latest) : null };
    },
    async purgeFailures(before: string): Promise<number> {
      return changed(await db.deleteFrom('login_failures').where('at', '<=', before).executeTakeFirst());
    },
  };
}
