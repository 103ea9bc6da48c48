// Codes that verify a payer's phone account (§4 phone verification): a salted hash of each code sent,
// its expiry and its wrong tries, and the account's validate_status once a code is confirmed.
import type { Db } from '../db.ts';
import { int, str, strOrNull } from './rows.ts';

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

export function createPhoneVerificationRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO phone_verification_codes
    (user_id, account_id, channel, code_salt, code_hash, created_at, expires_at)
    VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const sendsSince = db.prepare(
    'SELECT COUNT(*) AS n FROM phone_verification_codes WHERE account_id = ? AND created_at > ?',
  );
  const closeOpen = db.prepare(
    'UPDATE phone_verification_codes SET closed_at = ? WHERE account_id = ? AND closed_at IS NULL',
  );
  const latestOpen = db.prepare(`SELECT id, user_id, account_id, channel, code_salt, code_hash, created_at,
    expires_at, wrong_attempts, closed_at FROM phone_verification_codes
    WHERE account_id = ? AND user_id = ? AND closed_at IS NULL ORDER BY id DESC LIMIT 1`);
  const countWrong = db.prepare(
    'UPDATE phone_verification_codes SET wrong_attempts = wrong_attempts + 1 WHERE id = ? RETURNING wrong_attempts',
  );
  const close = db.prepare('UPDATE phone_verification_codes SET closed_at = ? WHERE id = ?');
  // Only a pending account of this payer, still on their list, becomes validated.
  const validate = db.prepare(`UPDATE dest_accounts SET validate_status = 'validated'
    WHERE id = ? AND user_id = ? AND deleted_at IS NULL AND validate_status = 'pending'`);

  return {
    /** Records a new code; the account's older codes stop counting (call inside a transaction). */
    insert(c: NewVerificationCode): number {
      closeOpen.run(c.created_at, c.account_id);
      const r = insert.get(c.user_id, c.account_id, c.channel, c.code_salt, c.code_hash, c.created_at, c.expires_at);
      if (!r) throw new Error('verification code insert returned no id');
      return int(r, 'id');
    },
    /** Codes sent to the account after `since` (ISO 8601), by any channel. */
    sendsSince(accountId: number, since: string): number {
      const r = sendsSince.get(accountId, since);
      return r ? int(r, 'n') : 0;
    },
    /** The account's newest code that is neither used nor replaced (it may have expired). */
    latestOpen(userId: string, accountId: number): VerificationCodeRow | undefined {
      const r = latestOpen.get(accountId, userId);
      if (!r) return undefined;
      const channel = str(r, 'channel');
      return {
        id: int(r, 'id'),
        user_id: str(r, 'user_id'),
        account_id: int(r, 'account_id'),
        channel: channel === 'call' ? 'call' : 'sms',
        code_salt: str(r, 'code_salt'),
        code_hash: str(r, 'code_hash'),
        created_at: str(r, 'created_at'),
        expires_at: str(r, 'expires_at'),
        wrong_attempts: int(r, 'wrong_attempts'),
        closed_at: strOrNull(r, 'closed_at'),
      };
    },
    /** Counts one more wrong code; returns how many there are now. */
    countWrong(id: number): number {
      const r = countWrong.get(id);
      if (!r) throw new Error(`verification code ${id} vanished`);
      return int(r, 'wrong_attempts');
    },
    close(id: number, at: string): void {
      close.run(at, id);
    },
    /** Marks the payer's pending account validated; false if it was not pending (or not theirs). */
    markValidated(userId: string, accountId: number): boolean {
      return Number(validate.run(accountId, userId).changes) === 1;
    },
  };
}

export type PhoneVerificationRepo = ReturnType<typeof createPhoneVerificationRepo>;
