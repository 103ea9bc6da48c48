// Phone verification's calls (§4, §5, §7, §8; contract/phone-verification.ts): a signed-in payer asks
// for a code for one of their pending US phone accounts, by text or by call, and types it in. The
// rules live in server/domain/phone-verification.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseAni } from '../../contract/accounts.ts';
import {
  NO_CALL_PLACED,
  PHONE_VERIFICATION_PATHS,
  checkCodeSchema,
  phoneVerifyErrorKey,
  sendCodeSchema,
  type CheckCodeResponse,
  type PhoneVerifyErrorCode,
  type SendCodeResponse,
  type VerifyChannel,
} from '../../contract/phone-verification.ts';
import type { Deps } from '../deps.ts';
import { checkVerificationCode, sendVerificationCode } from '../domain/phone-verification.ts';
import { NOT_FOUND, badRequest, validate } from '../http.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema } from '../api-schemas.ts';

function refusedSend(code: PhoneVerifyErrorCode): SendCodeResponse {
  return { success: false, validate_code: NO_CALL_PLACED, errors: { form: phoneVerifyErrorKey(code) } };
}

function international(reply: FastifyReply): FastifyReply {
  return badRequest(reply, { form: phoneVerifyErrorKey('INTERNATIONAL_NUMBERS_CANNOT_VERIFIED') });
}

export async function phoneVerificationRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, sessions, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  const localeOf = async (request: FastifyRequest): Promise<'en' | 'es'> => {
    const session = sessions.current(request);
    return session && (await repos.formState.get(session.id)).fields.locale === 'es' ? 'es' : 'en';
  };

  /** The payer's own phone account for the number; answers 404 or 400 (§5) when there is none to verify. */
  async function accountOf(
    request: FastifyRequest,
    reply: FastifyReply,
    ani: string,
  ): Promise<{ userId: string; account: DestAccountView } | undefined> {
    const user = guard.user(request);
    // Another payer's number and an unknown one get the same answer.
    const account = await repos.destAccounts.findByPhone(user.id, normaliseAni(ani));
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
    const found = await accountOf(request, reply, body.value.ani);
    if (!found) return reply;
    const { account } = found;
    if (account.validate_status === 'validated') return refusedSend('PHONE_ALREADY_VERIFIED');
    if (account.validate_status !== 'pending') return refusedSend('VERIFY_NOT_PENDING');
    const at = now();
    const locale = localeOf(request);
    const to = { ...found, sessionId: sessions.current(request)?.id ?? null };
    const sent = await sendVerificationCode(store, to, channel, await locale, at);
    if (sent.kind === 'refused') return refusedSend(sent.code);
    return { success: true, validate_code: sent.placed, errors: {} } satisfies SendCodeResponse;
  };

  app.post(
    PHONE_VERIFICATION_PATHS.viaSms,
    {
      schema: routeSchema({
        summary: 'Texts a code to a phone account',
        tags: ['Account'],
        body: 'SendCodeRequest',
        response: 'SendCodeResponse',
      }),
    },
    sendCode('sms'),
  );
  app.post(
    PHONE_VERIFICATION_PATHS.viaPhone,
    {
      schema: routeSchema({
        summary: 'Calls a phone account with a code',
        tags: ['Account'],
        body: 'SendCodeRequest',
        response: 'SendCodeResponse',
      }),
    },
    sendCode('call'),
  );

  app.post(
    PHONE_VERIFICATION_PATHS.checkCode,
    {
      schema: routeSchema({
        summary: "Checks a phone account's code",
        tags: ['Account'],
        body: 'CheckCodeRequest',
        response: 'CheckCodeResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(checkCodeSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const found = await accountOf(request, reply, body.value.ani);
      if (!found) return reply;
      const { account } = found;
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
      const outcome = await checkVerificationCode(store, found, body.value.code, at);
      if (outcome.kind === 'expired') return no({ code: phoneVerifyErrorKey('VERIFY_CODE_EXPIRED') });
      if (outcome.kind === 'too_many') return no({ form: phoneVerifyErrorKey('VERIFY_TOO_MANY') });
      if (outcome.kind === 'wrong') return no({ code: phoneVerifyErrorKey('VERIFY_CODE_WRONG') });
      return { success: true, validate_status: 'validated', errors: {} } satisfies CheckCodeResponse;
    },
  );
}
