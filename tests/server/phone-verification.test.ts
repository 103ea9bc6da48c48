// Phone verification (§4, §5 international numbers, §7 validate_via_sms, validate_via_phone and
// /auth/validate_phone_number, §8 VERIFY_TOO_MANY): good input, bad input, the wrong payer, a guest,
// too many codes or tries, international numbers, expiry, and what the outbox and database hold.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type DestAccountsResponse } from '../../contract/accounts.ts';
import { PATHS, type OutboxMessage, type OutboxResponse } from '../../contract/api.ts';
import {
  NO_CALL_PLACED,
  PHONE_VERIFICATION_PATHS as P,
  VERIFY_CODE_TTL_MINUTES,
  VERIFY_MAX_SENDS_PER_HOUR,
  VERIFY_MAX_WRONG_CODES,
  type CheckCodeResponse,
  type SendCodeResponse,
} from '../../contract/phone-verification.ts';
import { codeMessage, newCode } from '../../server/domain/phone-verification.ts';
import { NOT_FOUND, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { type Client, HOUR, MINUTE, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
// The codes are read from the sandbox outbox, as a phone would receive them (docs/decisions/0035).
const current = useSignedInServer(clock, {
  config: { devEndpoints: true },
  before: () => clock.set('2026-11-22T12:00:00.000Z'),
});

const MOM = '5125550101'; // Ana's 301: validated
const COUSIN = '5125550103'; // Ana's 303: pending
const AUNT = '4165550106'; // Ana's 306: Canada, validated
const GRANDMA = '7135550115'; // Ben's 315: pending

const viaSms = (c: Client, ani: unknown) => c.post<SendCodeResponse>(P.viaSms, { ani });
const viaPhone = (c: Client, ani: unknown) => c.post<SendCodeResponse>(P.viaPhone, { ani });
const check = (c: Client, ani: unknown, code: unknown) => c.post<CheckCodeResponse>(P.checkCode, { ani, code });

async function statusOf(c: Client, id: number): Promise<string | undefined> {
  const list = (await c.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts)).body.dest_accounts;
  return list.find((a) => a.id === id)?.validate_status;
}

async function outbox(c: Client): Promise<OutboxMessage[]> {
  return (await c.get<OutboxResponse>(PATHS.outbox)).body.messages;
}

/** The code of the newest text or call to the number, read from the outbox as a phone would. */
async function lastCode(c: Client, ani: string): Promise<string> {
  const message = (await outbox(c)).find((m) => m.to === ani && m.subject?.startsWith('phone-verify:'));
  const digits = message?.body.match(/\d(?: ?\d){5}/)?.[0];
  if (!digits) throw new Error(`no code was sent to ${ani}`);
  return digits.replace(/ /g, '');
}

const other = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('signed out', () => {
  it('answers 401 to a guest before reading the request', async () => {
    const guest = await newClient(current().app);
    for (const [path, body] of [
      [P.viaSms, { ani: COUSIN }],
      [P.viaPhone, { ani: COUSIN }],
      [P.checkCode, { ani: COUSIN, code: '123456' }],
      [P.viaSms, {}],
    ] as const) {
      const res = await guest.post(path, body);
      expect(res.status, path).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
    }
    expect(await outbox(guest)).toEqual([]);
  });
});

describe('a code by text', () => {
  it('goes to the outbox; the right code validates the pending account', async () => {
    const { ana } = current();
    const sent = await viaSms(ana, '(512) 555-0103');
    expect(sent.status).toBe(200);
    expect(sent.body.success).toBe(true);
    expect(sent.body.errors).toEqual({});
    expect(sent.body.validate_code).toBeGreaterThan(0);
    const [message] = await outbox(ana);
    expect(message).toMatchObject({ channel: 'sms', to: COUSIN, subject: 'phone-verify:sms' });
    expect(message?.body).toMatch(/Your verification code is \d{6}\. It expires in 10 minutes\./);
    // validate_code names the message, it does not give the code away.
    expect(sent.body.validate_code).toBe(message?.id);
    const code = await lastCode(ana, COUSIN);

    const ok = await check(ana, COUSIN, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, validate_status: 'validated', errors: {} });
    expect(await statusOf(ana, 303)).toBe('validated');
    // A repeat (the first answer lost on the way) succeeds too; a used code is not asked for again.
    expect((await check(ana, COUSIN, code)).body.success).toBe(true);
  });

  it('keeps only a salted hash of the code', async () => {
    const { ana } = current();
    await viaSms(ana, COUSIN);
    const code = await lastCode(ana, COUSIN);
    const rows = await current().query('SELECT * FROM phone_verification_codes');
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]).toMatchObject({ channel: 'sms', wrong_attempts: 0, closed_at: null });
    expect(rows[0]?.expires_at).toBe('2026-11-22T12:10:00.000Z');
  });

  it('is written in the language of the session', async () => {
    expect(codeMessage('012345', 'sms', 'es')).toBe('Su código de verificación es 012345. Vence en 10 minutos.');
    const { ana } = current();
    await ana.save({ locale: 'es' });
    await viaSms(ana, COUSIN);
    expect((await outbox(ana))[0]?.body).toMatch(/^Su código de verificación es \d{6}\./);
  });

  it('has six digits, leading zeros kept', () => {
    for (let i = 0; i < 200; i += 1) expect(newCode()).toMatch(/^\d{6}$/);
  });
});

describe('a code by call', () => {
  it('stands in the outbox as the words of the call; the code validates the account', async () => {
    const { ben } = current();
    const placed = await viaPhone(ben, GRANDMA);
    expect(placed.status).toBe(200);
    expect(placed.body.success).toBe(true);
    // §4: a call attempt needs a validate_code other than -1.
    expect(placed.body.validate_code).not.toBe(NO_CALL_PLACED);
    const [message] = await outbox(ben);
    expect(message).toMatchObject({ channel: 'sms', to: GRANDMA, subject: 'phone-verify:call' });
    expect(message?.body).toMatch(/^This is a call to verify your phone number\. Your code is \d \d \d \d \d \d\./);
    const code = await lastCode(ben, GRANDMA);
    expect((await check(ben, GRANDMA, `${code.slice(0, 3)} ${code.slice(3)}`)).body.validate_status).toBe('validated');
    expect(await statusOf(ben, 315)).toBe('validated');
  });
});

describe('bad input', () => {
  it('answers 400 with field errors and sends nothing', async () => {
    const { ana } = current();
    expect((await ana.post(P.viaSms, {})).body).toEqual({ errors: { ani: 'VALIDATION.REQUIRED' } });
    expect((await viaPhone(ana, '12ab')).body).toEqual({ errors: { ani: 'VALIDATION.INVALID_ENTRY' } });
    expect((await viaSms(ana, { nested: 1 })).status).toBe(400);
    const cases: [unknown, string][] = [
      [undefined, 'VALIDATION.REQUIRED'],
      ['12a456', 'VALIDATION.MUST_BE_NUMERIC'],
      ['12345', 'VALIDATION.KEEP_TYPING'],
      ['1234567', 'VALIDATION.TOO_MANY'],
    ];
    for (const [code, key] of cases) {
      const res = await check(ana, COUSIN, code);
      expect(res.status, String(code)).toBe(400);
      expect(res.body).toEqual({ errors: { code: key } });
    }
    expect((await ana.post(P.checkCode, 'text')).status).toBe(400);
    expect(await outbox(ana)).toEqual([]);
  });

  it('refuses an account that is not pending', async () => {
    const { ana } = current();
    const res = await viaSms(ana, MOM);
    expect(res.body).toEqual({
      success: false,
      validate_code: NO_CALL_PLACED,
      errors: { form: 'ERROR.PHONE_ALREADY_VERIFIED' },
    });
    expect((await check(ana, MOM, '123456')).body).toEqual({
      success: true,
      validate_status: 'validated',
      errors: {},
    });
    expect(await outbox(ana)).toEqual([]);
  });

  it('answers VERIFY_CODE_EXPIRED when no code was sent, or after 10 minutes', async () => {
    const { ana } = current();
    const none = await check(ana, COUSIN, '123456');
    expect(none.body).toEqual({
      success: false,
      validate_status: 'pending',
      errors: { code: 'ERROR.VERIFY_CODE_EXPIRED' },
    });
    await viaSms(ana, COUSIN);
    const code = await lastCode(ana, COUSIN);
    clock.advance(VERIFY_CODE_TTL_MINUTES * MINUTE);
    expect((await check(ana, COUSIN, code)).body.errors).toEqual({ code: 'ERROR.VERIFY_CODE_EXPIRED' });
    expect(await statusOf(ana, 303)).toBe('pending');
  });

  it('counts only the newest code', async () => {
    const { ana } = current();
    await viaSms(ana, COUSIN);
    const first = await lastCode(ana, COUSIN);
    await viaPhone(ana, COUSIN);
    const second = await lastCode(ana, COUSIN);
    if (first !== second) {
      expect((await check(ana, COUSIN, first)).body.errors).toEqual({ code: 'ERROR.VERIFY_CODE_WRONG' });
    }
    expect((await check(ana, COUSIN, second)).body.success).toBe(true);
  });
});

describe('the wrong payer', () => {
  it("answers 404 for another payer's number exactly like an unknown one; nothing changes", async () => {
    const { ana, ben } = current();
    await viaSms(ana, COUSIN);
    const code = await lastCode(ana, COUSIN);
    const before = await outbox(ana);
    const attempts = [
      await viaSms(ben, COUSIN),
      await viaPhone(ben, COUSIN),
      await check(ben, COUSIN, code),
      await viaSms(ben, '9995550103'),
      await check(ben, '9995550103', code),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404]);
    for (const a of attempts) expect(a.body).toEqual(NOT_FOUND);
    expect(await statusOf(ana, 303)).toBe('pending');
    expect(await outbox(ana)).toEqual(before);
    // Ben's browser reads only what it caused: none of Ana's codes.
    expect(await outbox(ben)).toEqual([]);
    // Ana's code still works for Ana: Ben's try did not count against it.
    expect((await check(ana, COUSIN, code)).body.success).toBe(true);
  });
});

describe('§5 international numbers', () => {
  it('cannot be verified', async () => {
    const { ana } = current();
    const INTERNATIONAL = { errors: { form: 'ERROR.INTERNATIONAL_NUMBERS_CANNOT_VERIFIED' } };
    for (const res of [await viaSms(ana, AUNT), await viaPhone(ana, AUNT), await check(ana, AUNT, '123456')]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual(INTERNATIONAL);
    }
    expect(await outbox(ana)).toEqual([]);
  });
});

describe('§8 VERIFY_TOO_MANY', () => {
  it(`sends at most ${VERIFY_MAX_SENDS_PER_HOUR} codes per account per hour`, async () => {
    const { ana, ben } = current();
    for (let i = 0; i < VERIFY_MAX_SENDS_PER_HOUR; i += 1) {
      const res = await (i % 2 ? viaPhone(ana, COUSIN) : viaSms(ana, COUSIN));
      expect(res.body.success, `send ${i + 1}`).toBe(true);
      clock.advance(10 * MINUTE);
    }
    const refused = await viaPhone(ana, COUSIN);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({
      success: false,
      validate_code: NO_CALL_PLACED,
      errors: { form: 'ERROR.VERIFY_TOO_MANY' },
    });
    expect((await viaSms(ana, COUSIN)).body.success).toBe(false);
    expect((await outbox(ana)).filter((m) => m.to === COUSIN)).toHaveLength(VERIFY_MAX_SENDS_PER_HOUR);
    // Another account is counted on its own.
    expect((await viaSms(ben, GRANDMA)).body.success).toBe(true);
    // An hour after the first send, one more may go.
    clock.advance(HOUR - 30 * MINUTE + 1);
    expect((await viaSms(ana, COUSIN)).body.success).toBe(true);
    expect((await viaSms(ana, COUSIN)).body.success).toBe(false);
  });

  it(`refuses the code after ${VERIFY_MAX_WRONG_CODES} wrong ones, until a new code is sent`, async () => {
    const { ana } = current();
    await viaSms(ana, COUSIN);
    const code = await lastCode(ana, COUSIN);
    for (let i = 1; i < VERIFY_MAX_WRONG_CODES; i += 1) {
      expect((await check(ana, COUSIN, other(code))).body).toEqual({
        success: false,
        validate_status: 'pending',
        errors: { code: 'ERROR.VERIFY_CODE_WRONG' },
      });
    }
    const tooMany = { success: false, validate_status: 'pending', errors: { form: 'ERROR.VERIFY_TOO_MANY' } };
    expect((await check(ana, COUSIN, other(code))).body).toEqual(tooMany);
    // Even the right code is refused now.
    expect((await check(ana, COUSIN, code)).body).toEqual(tooMany);
    expect(await statusOf(ana, 303)).toBe('pending');
    await viaPhone(ana, COUSIN);
    expect((await check(ana, COUSIN, await lastCode(ana, COUSIN))).body.success).toBe(true);
  });
});
