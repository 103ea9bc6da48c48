// Sign-in, sign-out, the is-logged-in check and account creation (§7 Auth and session, §3 New
// account, §8 login errors; architecture: sessions rotate at sign-in, passwords only as scrypt hashes).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_DELAY_SECONDS,
  loginDelaySeconds,
  type DepositHistoryResponse,
  type LoginResponse,
  type LogoutResponse,
  type MeResponse,
} from '../../contract/accounts.ts';
import type { CheckoutResponse } from '../../contract/api.ts';
import { verifySecret } from '../../server/domain/passwords.ts';
import { ANA, BEN, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { Client, MINUTE, fillCheckout, fixedClock, newClient, storedValues } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock, { before: () => clock.set('2026-11-22T12:00:00.000Z') });

const CREDENTIALS = { errors: { form: 'ERROR.ERROR_LOGIN_CREDENTIALS' } };
const LOCKED = { errors: { form: 'ERROR.ERROR_LOGIN' } };

const login = (c: Client, email: string, password: string) =>
  c.post<LoginResponse>(ACCOUNT_PATHS.login, { email, password });
const me = async (c: Client) => (await c.get<MeResponse>(ACCOUNT_PATHS.me)).body;

const dbRows = (sql: string, ...params: (string | number)[]) => current().query(sql, params);

const NEW_ACCOUNT = {
  password: 'correct-horse-9',
  password_again: 'correct-horse-9',
  pin: '864209',
  pin_again: '864209',
  first_name: 'Cara',
  last_name: 'Diaz',
};

describe('fixtures/payers.json', () => {
  it('holds hashes of the sandbox passwords and PINs documented in fixtures/README.md', async () => {
    const readme = readFileSync(join(import.meta.dirname, '../../fixtures/README.md'), 'utf8');
    for (const p of [ANA, BEN]) {
      expect(await verifySecret(p.password, p.password_hash), p.email).toBe(true);
      expect(await verifySecret(p.pin, p.pin_hash), p.email).toBe(true);
      expect(await verifySecret(`${p.password}x`, p.password_hash)).toBe(false);
      expect(readme).toContain(p.email);
      expect(readme).toContain(p.password);
    }
  });
});

describe('POST /auth/login', () => {
  it('signs in, rotating the session id and CSRF token; the old cookie no longer works', async () => {
    const c = await newClient(current().app);
    await c.save({ facility_id: 1001 });
    const [oldSid, oldCsrf] = [c.sid, c.csrf];
    const res = await login(c, 'ana@example.com', ANA.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { email: 'ana@example.com', first_name: 'Ana', last_name: 'Lopez', validate_status: 'validated' },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=[A-Za-z0-9_-]{43};.*HttpOnly/);
    expect(c.sid).not.toBe(oldSid);
    expect(res.body.csrf_token).not.toBe(oldCsrf);
    c.csrf = res.body.csrf_token;

    // The new id carries the form state over and is signed in.
    const state = await c.state();
    expect(state.fields).toMatchObject({ facility_id: 1001, logged_in: true, email: 'ana@example.com' });
    expect(state.csrf_token).toBe(res.body.csrf_token);
    expect((await me(c)).user?.email).toBe('ana@example.com');
    expect((await c.get(ACCOUNT_PATHS.destAccounts)).status).toBe(200);

    // The old id is dead: it is neither signed in nor able to change anything.
    const old = new Client(current().app);
    old.sid = oldSid;
    old.csrf = oldCsrf;
    expect((await old.get(ACCOUNT_PATHS.destAccounts)).body).toEqual(UNAUTHORIZED);
    old.sid = oldSid;
    expect((await old.post('/state/save', { fields: { facility_id: 1002 } })).status).toBe(403);
    expect(await dbRows('SELECT id FROM sessions WHERE id = ?', oldSid)).toEqual([]);
  });

  it('takes the email in any case and with spaces around it', async () => {
    const c = await newClient(current().app);
    expect((await login(c, '  BEN@Example.COM ', BEN.password)).status).toBe(200);
  });

  it('answers an unknown email and a wrong password with the same 400 and signs nobody in', async () => {
    const c = await newClient(current().app);
    const sid = c.sid;
    const wrong = await login(c, 'ana@example.com', 'sandbox-pass-2');
    const unknown = await login(c, 'nobody@example.com', 'sandbox-pass-1');
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.body).toEqual(CREDENTIALS);
    expect(unknown.body).toEqual(CREDENTIALS);
    expect(c.sid).toBe(sid);
    expect(await me(c)).toEqual({ logged_in: false, user: null });
  });

  it.each([
    [{}, { email: 'VALIDATION.REQUIRED', password: 'VALIDATION.REQUIRED' }],
    [{ email: 'ana@example.com' }, { password: 'VALIDATION.REQUIRED' }],
    [{ email: 'not-an-email', password: 'x' }, { email: 'VALIDATION.INVALID_EMAIL' }],
    [{ email: 'ana@example.com', password: 'x'.repeat(129) }, { password: 'VALIDATION.TOO_MANY' }],
    [{ email: ['ana@example.com'], password: 'x' }, { email: 'VALIDATION.INVALID_ENTRY' }],
    [{ email: 'ana@example.com', password: { $ne: '' } }, { password: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers bad input %j with 400 and field errors', async (body, errors) => {
    const c = await newClient(current().app);
    const res = await c.post(ACCOUNT_PATHS.login, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
  });

  it('answers a body that is not a JSON object with 400', async () => {
    const c = await newClient(current().app);
    expect((await c.post(ACCOUNT_PATHS.login, '{"email":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await c.post(ACCOUNT_PATHS.login, [1, 2])).status).toBe(400);
  });

  it('needs the CSRF header like every state change', async () => {
    const c = await newClient(current().app);
    c.csrf = '';
    expect((await login(c, 'ana@example.com', ANA.password)).status).toBe(403);
  });
});

// docs/decisions/0039: a delay that grows per account, never a lockout a stranger can cause.
describe('sign-in delay', () => {
  const SECOND = 1000;
  const fail = async (email: string, i = 0) => login(await newClient(current().app), email, `guess-${i}`);

  it('grows 1, 2, 4... seconds after the free failures, at most a minute', () => {
    const free = Array.from({ length: LOGIN_FREE_FAILURES }, (_, i) => loginDelaySeconds(i));
    expect(free.every((d) => d === 0)).toBe(true);
    expect([0, 1, 2, 3].map((k) => loginDelaySeconds(LOGIN_FREE_FAILURES + k))).toEqual([1, 2, 4, 8]);
    expect(loginDelaySeconds(LOGIN_FREE_FAILURES + 20)).toBe(LOGIN_MAX_DELAY_SECONDS);
  });

  it(`delays an email after ${LOGIN_FREE_FAILURES} failures, from any browser, with Retry-After, then lets the owner in`, async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1)
      expect((await fail('ana@example.com', i)).body).toEqual(CREDENTIALS);
    // The right password at once is refused (not checked) with the time to wait.
    const owner = await newClient(current().app);
    const early = await login(owner, 'ANA@example.com', ANA.password);
    expect(early.status).toBe(429);
    expect(early.body).toEqual(LOCKED);
    expect(early.headers['retry-after']).toBe('1');
    expect(await me(owner)).toEqual({ logged_in: false, user: null });
    // Another email is not affected.
    expect((await login(await newClient(current().app), 'ben@example.com', BEN.password)).status).toBe(200);
    // Once the wait is over the owner signs in.
    clock.advance(SECOND);
    expect((await login(owner, 'ana@example.com', ANA.password)).status).toBe(200);
  });

  it('a client who keeps failing makes its own wait at most a minute', async () => {
    // 1, 2, 4... 32, then the minute: eight more failures reach it.
    for (let i = 0; i < LOGIN_FREE_FAILURES + 8; i += 1) {
      const res = await fail('ben@example.com', i);
      if (res.status === 429) {
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        expect(wait).toBeLessThanOrEqual(LOGIN_MAX_DELAY_SECONDS);
        clock.advance(wait * SECOND);
        expect((await fail('ben@example.com', i)).status).toBe(400);
      }
    }
    const owner = await newClient(current().app);
    const refused = await login(owner, BEN.email, BEN.password);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBe(LOGIN_MAX_DELAY_SECONDS);
    clock.advance(LOGIN_MAX_DELAY_SECONDS * SECOND);
    expect((await login(owner, BEN.email, BEN.password)).status).toBe(200);
  });

  it("keys the wait to the account and the client: a stranger's failures do not slow the owner elsewhere", async () => {
    const stranger = async (i: number) => {
      const c = await newClient(current().app, '203.0.113.9');
      return login(c, BEN.email, `guess-${i}`);
    };
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) expect((await stranger(i)).status).toBe(400);
    expect((await stranger(99)).status).toBe(429);
    // The owner, at home (another address, or another /64 of IPv6), signs in at once.
    const owner = await newClient(current().app, '2001:db8:1:2::10');
    expect((await login(owner, BEN.email, BEN.password)).status).toBe(200);
    // The stranger still waits: the owner's sign-in forgave only the owner's own failures.
    expect((await stranger(100)).status).toBe(429);
  });

  it('counts per account, not per browser: one browser failing on other emails does not slow this one', async () => {
    const c = await newClient(current().app);
    for (let i = 0; i < LOGIN_FREE_FAILURES + 2; i += 1) {
      expect((await login(c, `someone${i}@example.com`, 'guess')).status).toBe(400);
    }
    expect((await login(c, 'ben@example.com', BEN.password)).status).toBe(200);
  });

  it('holds under attempts made at the same time', async () => {
    const clients = await Promise.all(Array.from({ length: 12 }, () => newClient(current().app)));
    const answers = await Promise.all(clients.map((c, i) => login(c, 'ben@example.com', `guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(LOGIN_FREE_FAILURES);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - LOGIN_FREE_FAILURES);
    expect(statuses.every((s) => s === 400 || s === 429)).toBe(true);
  });

  it('forgets the failures of an email after a successful sign-in', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i += 1) await fail(BEN.email, i);
    expect((await login(await newClient(current().app), BEN.email, BEN.password)).status).toBe(200);
    for (let i = 0; i < LOGIN_FREE_FAILURES - 1; i += 1) await fail(BEN.email, i);
    expect((await login(await newClient(current().app), BEN.email, BEN.password)).status).toBe(200);
  });

  it('forgets failures older than the window', async () => {
    for (let i = 0; i < LOGIN_FREE_FAILURES + 3; i += 1) {
      await fail(BEN.email, i);
      clock.advance(LOGIN_MAX_DELAY_SECONDS * SECOND);
    }
    clock.advance(15 * MINUTE);
    expect((await fail(BEN.email)).status).toBe(400);
    expect((await login(await newClient(current().app), BEN.email, BEN.password)).status).toBe(200);
  });
});

describe('POST /auth/logout', () => {
  it('ends the session: the cookie is cleared and the old id is signed out', async () => {
    const c = current().ana;
    await c.save({ facility_id: 1001 });
    const sid = c.sid;
    const res = await c.post<LogoutResponse>(ACCOUNT_PATHS.logout);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, redirect_to: '/' });
    expect(String(res.headers['set-cookie'])).toMatch(/^sid=;/);
    expect(await dbRows('SELECT id FROM sessions WHERE id = ?', sid)).toEqual([]);
    expect(await dbRows('SELECT session_id FROM form_states WHERE session_id = ?', sid)).toEqual([]);

    const old = new Client(current().app);
    old.sid = sid;
    expect((await old.get(ACCOUNT_PATHS.destAccounts)).status).toBe(401);
    old.sid = sid;
    expect(await me(old)).toEqual({ logged_in: false, user: null });
  });

  it('needs the CSRF header', async () => {
    const c = current().ana;
    c.csrf = '';
    expect((await c.post(ACCOUNT_PATHS.logout)).status).toBe(403);
    expect((await me(c)).logged_in).toBe(true);
  });
});

describe('GET /auth/me', () => {
  it('answers a guest, and a browser with no session, without creating one', async () => {
    const none = new Client(current().app);
    const res = await none.get<MeResponse>(ACCOUNT_PATHS.me);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ logged_in: false, user: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await me(await newClient(current().app))).toEqual({ logged_in: false, user: null });
  });

  it('answers the signed-in payer, without secrets', async () => {
    const res = await current().ben.get<MeResponse>(ACCOUNT_PATHS.me);
    expect(res.body).toEqual({
      logged_in: true,
      user: { email: 'ben@example.com', first_name: 'Ben', last_name: 'Carter', validate_status: 'pending' },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/hash|scrypt|pin|password/);
  });
});

describe('POST /pay/register', () => {
  it('creates the account from the form state email, signs in with a new session id', async () => {
    const c = await newClient(current().app);
    await c.save({ email: 'Cara@Example.com' });
    const sid = c.sid;
    const res = await c.post<LoginResponse>(ACCOUNT_PATHS.register, NEW_ACCOUNT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      csrf_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: { email: 'cara@example.com', first_name: 'Cara', last_name: 'Diaz', validate_status: 'pending' },
    });
    expect(c.sid).not.toBe(sid);
    c.csrf = res.body.csrf_token;
    expect((await me(c)).user?.email).toBe('cara@example.com');
    expect((await c.state()).fields.logged_in).toBe(true);

    // The new account signs in with its password.
    const other = await newClient(current().app);
    expect((await login(other, 'cara@example.com', NEW_ACCOUNT.password)).status).toBe(200);
    const [stored] = await dbRows('SELECT password_hash, pin_hash FROM users WHERE email = ?', 'cara@example.com');
    expect(stored?.password_hash).toMatch(/^scrypt\$32768\$8\$3\$/);
    expect(await verifySecret(NEW_ACCOUNT.pin, String(stored?.pin_hash))).toBe(true);
  });

  it('takes email, names and phone from the body over the form state', async () => {
    const c = await newClient(current().app);
    await c.save({ email: 'form@example.com', billing_first_name: 'Form', billing_last_name: 'Name' });
    const res = await c.post<LoginResponse>(ACCOUNT_PATHS.register, {
      ...NEW_ACCOUNT,
      email: 'body@example.com',
      first_name: 'Body',
      phone_no: '(512) 555-0199',
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: 'body@example.com', first_name: 'Body', last_name: 'Diaz' });
    expect(await dbRows('SELECT phone FROM users WHERE email = ?', 'body@example.com')).toEqual([
      { phone: '5125550199' },
    ]);
  });

  it('takes the names from the billing fields when the body has none', async () => {
    const c = await newClient(current().app);
    await c.save({ email: 'pat@example.com', billing_first_name: 'Pat', billing_last_name: 'Doe' });
    const { first_name: _f, last_name: _l, ...secrets } = NEW_ACCOUNT;
    const res = await c.post<LoginResponse>(ACCOUNT_PATHS.register, secrets);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ first_name: 'Pat', last_name: 'Doe' });
  });

  it("links the browser's guest deposits to the new account, and no one else's", async () => {
    const guest = await newClient(current().app);
    await fillCheckout(guest, { extra: { email: 'dana@example.com' } });
    const paid = await guest.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false });
    expect(paid.body.success).toBe(true);
    // Another browser's deposit with the same email stays unlinked: an email proves nothing.
    const stranger = await newClient(current().app);
    await fillCheckout(stranger, { deposit_amount: 30, extra: { email: 'dana@example.com' } });
    expect(
      (await stranger.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false })).body.success,
    ).toBe(true);

    const res = await guest.post<LoginResponse>(ACCOUNT_PATHS.register, NEW_ACCOUNT);
    expect(res.status).toBe(200);
    guest.csrf = res.body.csrf_token;
    const history = (await guest.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body;
    expect(history.total).toBe(1);
    expect(history.deposits[0]).toMatchObject({
      id: paid.body.cached_deposit_info?.deposit_id,
      amount: 25,
      deposit_type: 'flex',
      recipient: 'John Smith',
    });
  });

  it.each([
    [{ ...NEW_ACCOUNT, password: 'abc12', password_again: 'abc12' }, { password: 'VALIDATION.KEEP_TYPING' }],
    [{ ...NEW_ACCOUNT, password_again: 'correct-horse-8' }, { password_again: 'VALIDATION.DOES_NOT_MATCH' }],
    [{ ...NEW_ACCOUNT, pin: '86420', pin_again: '86420' }, { pin: 'VALIDATION.KEEP_TYPING' }],
    [{ ...NEW_ACCOUNT, pin: '8642091', pin_again: '8642091' }, { pin: 'VALIDATION.TOO_MANY' }],
    [{ ...NEW_ACCOUNT, pin: '86a209', pin_again: '86a209' }, { pin: 'VALIDATION.MUST_BE_NUMERIC' }],
    [{ ...NEW_ACCOUNT, pin_again: '864208' }, { pin_again: 'VALIDATION.DOES_NOT_MATCH' }],
    [{ ...NEW_ACCOUNT, email: 'nope' }, { email: 'VALIDATION.INVALID_EMAIL' }],
    [{ ...NEW_ACCOUNT, first_name: 'C' }, { first_name: 'VALIDATION.KEEP_TYPING' }],
    [{ ...NEW_ACCOUNT, phone_no: 'call me' }, { phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
    [{ ...NEW_ACCOUNT, password: { a: 1 } }, { password: 'VALIDATION.INVALID_ENTRY' }],
  ])('refuses %j with 400 and creates nothing', async (body, errors) => {
    const c = await newClient(current().app);
    await c.save({ email: 'cara@example.com' });
    const res = await c.post(ACCOUNT_PATHS.register, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors });
    expect(await dbRows('SELECT COUNT(*) AS n FROM users')).toEqual([{ n: 2 }]);
    expect(await me(c)).toEqual({ logged_in: false, user: null });
  });

  it('needs an email from the body or the form state', async () => {
    const c = await newClient(current().app);
    const res = await c.post(ACCOUNT_PATHS.register, NEW_ACCOUNT);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { email: 'VALIDATION.REQUIRED' } });
  });

  it('answers 409 ACCOUNT_EXISTS for an email that has an account, in any case', async () => {
    const c = await newClient(current().app);
    const res = await c.post(ACCOUNT_PATHS.register, { ...NEW_ACCOUNT, email: 'ANA@example.com' });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ errors: { email: 'ERROR.ACCOUNT_EXISTS' } });
    expect(await me(c)).toEqual({ logged_in: false, user: null });
  });

  it('creates one account when the same email registers twice at once', async () => {
    const [a, b] = [await newClient(current().app), await newClient(current().app)];
    const body = { ...NEW_ACCOUNT, email: 'twice@example.com' };
    const statuses = (await Promise.all([a.post(ACCOUNT_PATHS.register, body), b.post(ACCOUNT_PATHS.register, body)]))
      .map((r) => r.status)
      .sort();
    expect(statuses).toEqual([200, 409]);
    expect(await dbRows('SELECT COUNT(*) AS n FROM users WHERE email = ?', 'twice@example.com')).toEqual([{ n: 1 }]);
  });
});

describe('secrets at rest', () => {
  it('never stores a password or PIN in clear: the database holds neither', async () => {
    const c = await newClient(current().app);
    const password = 'Unmistakable-Secret-7319';
    const pin = '731946';
    await c.post(ACCOUNT_PATHS.register, {
      ...NEW_ACCOUNT,
      email: 'secret@example.com',
      password,
      password_again: password,
      pin,
      pin_again: pin,
    });
    await login(await newClient(current().app), 'ana@example.com', ANA.password);
    await login(await newClient(current().app), 'ana@example.com', 'wrong-guess-password');
    await current().close();
    const secrets = [password, pin, ANA.password, ANA.pin, BEN.password, 'wrong-guess-password'];
    if (current().engine === 'sqlite') {
      // The file and its write-ahead log, free pages and all.
      const files = readdirSync(current().dir).filter((f) => f.startsWith('test.sqlite'));
      expect(files).toContain('test.sqlite');
      const bytes = Buffer.concat(files.map((f) => readFileSync(join(current().dir, f))));
      for (const secret of secrets) expect(bytes.includes(Buffer.from(secret)), secret).toBe(false);
      expect(bytes.includes(Buffer.from('scrypt$32768$8$3$'))).toBe(true);
    }
    // Every stored value, on either engine.
    const stored = (await storedValues(current())).map((v) => v.value).join('\n');
    for (const secret of secrets) expect(stored.includes(secret), secret).toBe(false);
    expect(stored).toContain('scrypt$32768$8$3$');
  });
});

describe('deposits of a signed-in payer', () => {
  it('belong to the payer: they appear in the deposit history', async () => {
    const c = current().ben;
    const before = (await c.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body.total;
    await fillCheckout(c);
    const paid = await c.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false });
    expect(paid.body.success).toBe(true);
    const after = (await c.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body;
    expect(after.total).toBe(before + 1);
    expect(after.deposits[0]?.id).toBe(paid.body.cached_deposit_info?.deposit_id);
  });
});
