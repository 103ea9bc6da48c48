// Codes that verify a payer's phone account (§4 phone verification): a salted hash of each code sent,
// its expiry and its wrong tries, and the account's validate_status once a code is confirmed.
import type { Executor } from '../db.ts';
import { changed } from './rows.ts';

export type CodeChannel = 'sms' | 'call';

export interface VerificationCodeRow {
  id: number;
  user_id: string;
  account_id: number;
  channel: CodeChannel;
  code_salt: string;
  code_hash: string;
  created_at: string;
  expires_at: string;
  wrong_attempts: number;
  closed_at: string | null;
}

export type NewVerificationCode = Omit<VerificationCodeRow, 'id' | 'wrong_attempts' | 'closed_at'>;

export function createPhoneVerificationRepo(db: Executor) {
  return {
    /** Records a new code; the account's older codes stop counting (call inside a transaction). */
    async insert(c: NewVerificationCode): Promise<number> {
      await db
        .updateTable('phone_verification_codes')
        .set({ closed_at: c.created_at })
        .where('account_id', '=', c.account_id)
        .where('closed_at', 'is', null)
        .execute();
      const r = await db
        .insertInto('phone_verification_codes')
        .values({
          user_id: c.user_id,
          account_id: c.account_id,
          channel: c.channel,
          code_salt: c.code_salt,
          code_hash: c.code_hash,
          created_at: c.created_at,
          expires_at: c.expires_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /** Codes sent to the account after `since` (ISO 8601), by any channel. */
    async sendsSince(accountId: number, since: string): Promise<number> {
      const r = await db
        .selectFrom('phone_verification_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('account_id', '=', accountId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** The account's newest code that is neither used nor replaced (it may have expired). */
    async latestOpen(userId: string, accountId: number): Promise<VerificationCodeRow | undefined> {
      const r = await db
        .selectFrom('phone_verification_codes')
        .select([
          'id',
          'user_id',
          'account_id',
          'channel',
          'code_salt',
          'code_hash',
          'created_at',
          'expires_at',
          'wrong_attempts',
          'closed_at',
        ])
        .where('account_id', '=', accountId)
        .where('user_id', '=', userId)
        .where('closed_at', 'is', null)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!r) return undefined;
      return { ...r, id: Number(r.id), channel: r.channel === 'call' ? 'call' : 'sms' };
    },
    /** Counts one more wrong code; returns how many there are now. */
    async countWrong(id: number): Promise<number> {
      const r = await db
        .updateTable('phone_verification_codes')
        .set((eb) => ({ wrong_attempts: eb('wrong_attempts', '+', 1) }))
        .where('id', '=', id)
        .returning('wrong_attempts')
        .executeTakeFirst();
      if (!r) throw new Error(`verification code ${id} vanished`);
      return Number(r.wrong_attempts);
    },
    async close(id: number, at: string): Promise<void> {
      await db.updateTable('phone_verification_codes').set({ closed_at: at }).where('id', '=', id).execute();
    },
    /** Marks the payer's pending account validated; false if it was not pending (or not theirs). */
    async markValidated(userId: string, accountId: number): Promise<boolean> {
      // Only a pending account of this payer, still on their list, becomes validated.
      const r = await db
        .updateTable('dest_accounts')
        .set({ validate_status: 'validated' })
        .where('id', '=', accountId)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .where('validate_status', '=', 'pending')
        .executeTakeFirst();
      return changed(r) === 1;
    },
  };
}
