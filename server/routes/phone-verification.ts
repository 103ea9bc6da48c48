// Phone verification (§4, §5, §7, §8; contract/phone-verification.ts): a signed-in payer asks for a
// 6-digit code for one of their pending US phone accounts, by text or by call, and types it in; the
// right code makes the account validated (§3 validate_status pending until confirmed by text or call).
//
// The sandbox places no real text or call: both go to the outbox (architecture), which has no voice
// channel. A text is an 'sms' row with subject `phone-verify:sms`; a call is an 'sms' row with subject
// `phone-verify:call` whose body is what the call says. Only a salted hash of each code is stored.
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseAni } from '../../contract/accounts.ts';
import {
  NO_CALL_PLACED,
  PHONE_VERIFICATION_PATHS,
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_MINUTES,
  VERIFY_MAX_SENDS_PER_HOUR,
  VERIFY_MAX_WRONG_CODES,
  checkCodeSchema,
  normaliseCode,
  phoneVerifyErrorKey,
  sendCodeSchema,
  type CheckCodeResponse,
  type PhoneVerifyErrorCode,
  type SendCodeResponse,
  type VerifyChannel,
} from '../../contract/phone-verification.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { NOT_FOUND, badRequest, validate } from '../http.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import { signedInGuard } from '../signed-in.ts';

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
    return locale === 'es'
      ? `Llamada de verificación de su número de teléfono. Su código es ${spoken}. Repetimos: ${spoken}.`
      : `This is a call to verify your phone number. Your code is ${spoken}. Again: ${spoken}.`;
  }
  return locale === 'es'
    ? `Su código de verificación es ${code}. Vence en ${VERIFY_CODE_TTL_MINUTES} minutos.`
    : `Your verification code is ${code}. It expires in ${VERIFY_CODE_TTL_MINUTES} minutes.`;
}

function refusedSend(code: PhoneVerifyErrorCode): SendCodeResponse {
  return { success: false, validate_code: NO_CALL_PLACED, errors: { form: phoneVerifyErrorKey(code) } };
}

function international(reply: FastifyReply): FastifyReply {
  return badRequest(reply, { form: phoneVerifyErrorKey('INTERNATIONAL_NUMBERS_CANNOT_VERIFIED') });
}

export async function phoneVerificationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, repos, sessions, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  const localeOf = (request: FastifyRequest): 'en' | 'es' => {
    const session = sessions.current(request);
    return session && repos.formState.get(session.id).fields.locale === 'es' ? 'es' : 'en';
  };

  /** The payer's own phone account for the number; answers 404 or 400 (§5) when there is none to verify. */
  function accountOf(
    request: FastifyRequest,
    reply: FastifyReply,
    ani: string,
  ): { userId: string; account: DestAccountView } | undefined {
    const user = guard.user(request);
    // Another payer's number and an unknown one get the same answer.
    const account = repos.destAccounts.findByPhone(user.id, normaliseAni(ani));
    if (!account) {
      void reply.code(404).send(NOT_FOUND);
      return undefined;
    }
    // §5: international numbers cannot be verified.
    if (account.deposit_phone_country !== 'US') {
      void international(reply);
      return undefined;
    }
    return { userId: user.id, account };
  }

  const sendCode = (channel: VerifyChannel) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = validate(sendCodeSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const found = accountOf(request, reply, body.value.ani);
    if (!found) return reply;
    const { userId, account } = found;
    if (account.validate_status === 'validated') return refusedSend('PHONE_ALREADY_VERIFIED');
    if (account.validate_status !== 'pending') return refusedSend('VERIFY_NOT_PENDING');
    const at = now();
    const locale = localeOf(request);
    return transaction(db, () => {
      const since = new Date(at.getTime() - HOUR).toISOString();
      if (repos.phoneVerification.sendsSince(account.id, since) >= VERIFY_MAX_SENDS_PER_HOUR) {
        return refusedSend('VERIFY_TOO_MANY');
      }
      const code = newCode();
      const salt = randomBytes(16).toString('base64url');
      repos.phoneVerification.insert({
        user_id: userId,
        account_id: account.id,
        channel,
        code_salt: salt,
        code_hash: hashCode(code, salt),
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + VERIFY_CODE_TTL_MINUTES * MINUTE).toISOString(),
      });
      // validate_code refers to the text or call placed (the outbox row), never to the code.
      const placed = repos.outbox.insert({
        channel: 'sms',
        to: account.deposit_phone_no,
        subject: outboxSubject(channel),
        body: codeMessage(code, channel, locale),
        created_at: at.toISOString(),
      });
      return { success: true, validate_code: placed, errors: {} } satisfies SendCodeResponse;
    });
  };

  app.post(PHONE_VERIFICATION_PATHS.viaSms, sendCode('sms'));
  app.post(PHONE_VERIFICATION_PATHS.viaPhone, sendCode('call'));

  app.post(PHONE_VERIFICATION_PATHS.checkCode, async (request, reply) => {
    const body = validate(checkCodeSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const found = accountOf(request, reply, body.value.ani);
    if (!found) return reply;
    const { userId, account } = found;
    // A repeat after a lost answer: the account is validated already.
    if (account.validate_status === 'validated') {
      return { success: true, validate_status: 'validated', errors: {} } satisfies CheckCodeResponse;
    }
    const no = (errors: Record<string, string>): CheckCodeResponse => ({
      success: false,
      validate_status: account.validate_status,
      errors,
    });
    if (account.validate_status !== 'pending') return no({ form: phoneVerifyErrorKey('VERIFY_NOT_PENDING') });
    const at = now();
    return transaction(db, () => {
      const sent = repos.phoneVerification.latestOpen(userId, account.id);
      if (!sent || new Date(sent.expires_at).getTime() <= at.getTime()) {
        return no({ code: phoneVerifyErrorKey('VERIFY_CODE_EXPIRED') });
      }
      // At most VERIFY_MAX_WRONG_CODES wrong tries per code; after that even the right one is refused.
      if (sent.wrong_attempts >= VERIFY_MAX_WRONG_CODES) return no({ form: phoneVerifyErrorKey('VERIFY_TOO_MANY') });
      if (!sameCode(normaliseCode(body.value.code), sent.code_salt, sent.code_hash)) {
        const wrong = repos.phoneVerification.countWrong(sent.id);
        return wrong >= VERIFY_MAX_WRONG_CODES
          ? no({ form: phoneVerifyErrorKey('VERIFY_TOO_MANY') })
          : no({ code: phoneVerifyErrorKey('VERIFY_CODE_WRONG') });
      }
      repos.phoneVerification.close(sent.id, at.toISOString());
      if (!repos.phoneVerification.markValidated(userId, account.id)) throw new Error('phone account vanished');
      return { success: true, validate_status: 'validated', errors: {} } satisfies CheckCodeResponse;
    });
  });
}
