// §4 phone verification (contract/phone-verification.ts): a 6-digit code for one of a payer's pending US
// phone accounts, by text or by call, and the check of the code typed in; the right code makes the
// account validated (§3 validate_status pending until confirmed by text or call).
//
// The sandbox places no real text or call: both go to the outbox (architecture), which has no voice
// channel. A text is an 'sms' row with subject `phone-verify:sms`; a call is an 'sms' row with subject
// `phone-verify:call` whose body is what the call says. Only a salted hash of each code is stored.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import {
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_MINUTES,
  VERIFY_MAX_SENDS_PER_HOUR,
  VERIFY_MAX_WRONG_CODES,
  normaliseCode,
  type PhoneVerifyErrorCode,
  type VerifyChannel,
} from '../../contract/phone-verification.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import type { Store } from '../repo/repos.ts';
import { serverText } from '../texts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The subject of an outbox row that stands for a code sent by this channel. */
export function outboxSubject(channel: VerifyChannel): string {
  return `phone-verify:${channel}`;
}

/** A uniformly random code of VERIFY_CODE_LENGTH digits, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 10 ** VERIFY_CODE_LENGTH)).padStart(VERIFY_CODE_LENGTH, '0');
}

function hashCode(code: string, salt: string): string {
  return createHmac('sha256', salt).update(code).digest('base64url');
}

function sameCode(code: string, salt: string, hash: string): boolean {
  const a = Buffer.from(hashCode(code, salt));
  const b = Buffer.from(hash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The text, or the words of the call, in the session's language. */
export function codeMessage(code: string, channel: VerifyChannel, locale: 'en' | 'es'): string {
  if (channel === 'call') {
    // A voice reads the digits one by one.
    const spoken = code.split('').join(' ');
    return serverText(locale, 'SERVER.VERIFY_CALL', { code: spoken });
  }
  return serverText(locale, 'SERVER.VERIFY_TEXT', { code, minutes: VERIFY_CODE_TTL_MINUTES });
}

export type SendOutcome = { kind: 'sent'; placed: number } | { kind: 'refused'; code: PhoneVerifyErrorCode };

/** Sends a new code (closing the older ones), unless VERIFY_MAX_SENDS_PER_HOUR were sent in the last hour. */
export async function sendVerificationCode(
  store: Store,
  to: { userId: string; account: DestAccountView; sessionId?: string | null },
  channel: VerifyChannel,
  locale: 'en' | 'es',
  at: Date,
): Promise<SendOutcome> {
  const { userId, account } = to;
  return store.transaction(async (repos): Promise<SendOutcome> => {
    const since = new Date(at.getTime() - HOUR).toISOString();
    if ((await repos.phoneVerification.sendsSince(account.id, since)) >= VERIFY_MAX_SENDS_PER_HOUR) {
      return { kind: 'refused', code: 'VERIFY_TOO_MANY' };
    }
    const code = newCode();
    const salt = randomBytes(16).toString('base64url');
    await repos.phoneVerification.insert({
      user_id: userId,
      account_id: account.id,
      channel,
      code_salt: salt,
      code_hash: hashCode(code, salt),
      created_at: at.toISOString(),
      expires_at: new Date(at.getTime() + VERIFY_CODE_TTL_MINUTES * MINUTE).toISOString(),
    });
    // validate_code refers to the text or call placed (the outbox row), never to the code.
    const placed = await repos.outbox.insert({
      channel: 'sms',
      to: account.deposit_phone_no,
      subject: outboxSubject(channel),
      body: codeMessage(code, channel, locale),
      created_at: at.toISOString(),
      // The session that asked for it (docs/decisions/0035: the sandbox shows it that text only).
      session_id: to.sessionId ?? null,
    });
    return { kind: 'sent', placed };
  });
}

export type CheckOutcome = { kind: 'validated' } | { kind: 'expired' } | { kind: 'wrong' } | { kind: 'too_many' };

/** Checks the code typed in against the account's open code; the right one validates the account. */
export async function checkVerificationCode(
  store: Store,
  to: { userId: string; account: DestAccountView },
  typed: string,
  at: Date,
): Promise<CheckOutcome> {
  const { userId, account } = to;
  return store.transaction(async (repos): Promise<CheckOutcome> => {
    const sent = await repos.phoneVerification.latestOpen(userId, account.id);
    if (!sent || new Date(sent.expires_at).getTime() <= at.getTime()) return { kind: 'expired' };
    // At most VERIFY_MAX_WRONG_CODES wrong tries per code; after that even the right one is refused.
    if (sent.wrong_attempts >= VERIFY_MAX_WRONG_CODES) return { kind: 'too_many' };
    if (!sameCode(normaliseCode(typed), sent.code_salt, sent.code_hash)) {
      const wrong = await repos.phoneVerification.countWrong(sent.id);
      return wrong >= VERIFY_MAX_WRONG_CODES ? { kind: 'too_many' } : { kind: 'wrong' };
    }
    await repos.phoneVerification.close(sent.id, at.toISOString());
    if (!(await repos.phoneVerification.markValidated(userId, account.id))) throw new Error('phone account vanished');
    return { kind: 'validated' };
  });
}
