// Per-client limits (docs/decisions/0039): each limit answers 429 with Retry-After and the API's error
// format after its threshold, lets normal use through, counts per client (another address, session,
// card or number is not refused), and starts again with the next window; the counters hold no card
// number, address or phone in clear. Retention purges what only abuse makes grow. Both engines.
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services.ts';
import { PHONE_VERIFICATION_PATHS } from '../../contract/phone-verification.ts';
import { SMS_SEND_PATH } from '../../contract/receipt.ts';
import { hashSecret, hashesWaiting, HASH_CONCURRENCY, verifySecret } from '../../server/domain/passwords.ts';
import { DEFAULT_LIMITS, limitsFor, type Limit, type LimitName } from '../../server/limits.ts';
import { ANA, signedIn } from './account-helpers.ts';
import {
  Client,
  HOUR,
  MINUTE,
  VISA,
  fillCheckout,
  fixedClock,
  newClient,
  startServer,
  type Reply,
  type TestServer,
} from './helpers.ts';

const clock = fixedClock();
const TOO_MANY = { errors: { form: 'ERROR.TOO_MANY_REQUESTS' } };
const DECLINED_CARD = '4000000000000903';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.dispose();
  server = undefined;
});

/** A server whose limits are the site's (factor 1), with some set lower for the test. */
async function start(limits: Partial<Record<LimitName, Limit>> = {}, extra: Record<string, unknown> = {}) {
  clock.set('2026-11-22T12:00:00.000Z');
  server = await startServer({ now: clock.now, config: { rateLimitFactor: 1, limits, ...extra } });
  return server;
}

function expectRefused(res: Reply<unknown>, windowMs: number): void {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(windowMs / 1000);
}

const W = 15 * MINUTE;

describe('the vault (card testing)', () => {
  it('limits one session, lets another through, and opens again with the next window', async () => {
    // One card used again and again: its own limit is not the one under test here.
    const { app } = await start({
      vaultPerSession: { max: 3, windowMs: W },
      vaultPerCard: { max: 100, windowMs: HOUR },
    });
    const c = await newClient(app, '10.0.0.1');
    for (let i = 0; i < 3; i += 1) expect((await c.post(PATHS.vaultTokenize, VISA)).status).toBe(200);
    expectRefused(await c.post(PATHS.vaultTokenize, VISA), W);
    expect((await (await newClient(app, '10.0.0.1')).post(PATHS.vaultTokenize, VISA)).status).toBe(200);
    clock.advance(W);
    expect((await c.post(PATHS.vaultTokenize, VISA)).status).toBe(200);
  });

  it('limits one address across sessions', async () => {
    const { app } = await start({ vaultPerIp: { max: 4, windowMs: W }, vaultPerCard: { max: 100, windowMs: HOUR } });
    for (let i = 0; i < 4; i += 1) {
      expect((await (await newClient(app, '10.0.0.2')).post(PATHS.vaultTokenize, VISA)).status).toBe(200);
    }
    expectRefused(await (await newClient(app, '10.0.0.2')).post(PATHS.vaultTokenize, VISA), W);
    expect((await (await newClient(app, '10.0.0.3')).post(PATHS.vaultTokenize, VISA)).status).toBe(200);
  });

  it('limits one card number from anywhere, by a fingerprint that is not the number', async () => {
    const s = await start({ vaultPerCard: { max: 2, windowMs: HOUR } });
    const from = async (ip: string, card = VISA.credit_card) =>
      (await newClient(s.app, ip)).post(PATHS.vaultTokenize, { ...VISA, credit_card: card });
    expect((await from('10.0.1.1')).status).toBe(200);
    expect((await from('10.0.1.2', '4111 1111 1111 1111')).status).toBe(200);
    expectRefused(await from('10.0.1.3'), HOUR);
    expect((await from('10.0.1.4', '5555555555554444')).status).toBe(200);
    const keys = await s.query<{ key: string }>('SELECT key FROM rate_limits');
    expect(keys.length).toBeGreaterThan(0);
    for (const { key } of keys) {
      expect(key).not.toMatch(/4111|5555|10\.0\.1/);
      expect(key).toMatch(/^[a-zA-Z]+:[A-Za-z0-9_-]{43}$/);
    }
  });

  it('refuses the vault and the charge after failed authorisations of one session, not another', async () => {
    const { app } = await start({ declinesPerSession: { max: 2, windowMs: HOUR } });
    const tester = await newClient(app, '10.0.2.1');
    for (let i = 0; i < 2; i += 1) {
      await fillCheckout(tester, { card: { credit_card: DECLINED_CARD } });
      const res = await tester.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
      expect(res.status).toBe(200);
      expect(res.body.error).toBe('card declined');
    }
    expectRefused(await tester.post(PATHS.vaultTokenize, VISA), HOUR);
    expectRefused(await tester.post(PATHS.processDeposit, { skip_completed_steps: false }), HOUR);
    // A payer on the same address with a good card is not refused.
    const payer = await newClient(app, '10.0.2.1');
    await fillCheckout(payer);
    const paid = await payer.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
    expect(paid.body.success).toBe(true);
  });

  it('refuses after failed authorisations from one address, across sessions', async () => {
    const { app } = await start({ declinesPerIp: { max: 2, windowMs: HOUR } });
    for (let i = 0; i < 2; i += 1) {
      const c = await newClient(app, '10.0.3.1');
      await fillCheckout(c, { card: { credit_card: DECLINED_CARD } });
      expect((await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false })).body.error).toBe(
        'card declined',
      );
    }
    expectRefused(await (await newClient(app, '10.0.3.1')).post(PATHS.vaultTokenize, VISA), HOUR);
    expect((await (await newClient(app, '10.0.3.2')).post(PATHS.vaultTokenize, VISA)).status).toBe(200);
  });

  it('limits the saved card vault too', async () => {
    const { app } = await start({ vaultPerSession: { max: 1, windowMs: W } });
    const ana = await signedIn(app, ANA);
    await ana.post(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, { saved_card_id: 1, credit_card_cvc: '123' });
    expectRefused(
      await ana.post(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, { saved_card_id: 1, credit_card_cvc: '123' }),
      W,
    );
  });
});

describe('sign-in from one address', () => {
  it('is limited whatever the e-mails (one password tried on many accounts), then the next window opens', async () => {
    const { app } = await start({ loginPerIp: { max: 3, windowMs: W } });
    const c = await newClient(app, '10.0.4.1');
    for (let i = 0; i < 3; i += 1) {
      expect((await c.post(ACCOUNT_PATHS.login, { email: `p${i}@example.com`, password: 'Summer2026' })).status).toBe(
        400,
      );
    }
    expectRefused(await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password }), W);
    const other = await newClient(app, '10.0.4.2');
    expect((await other.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password })).status).toBe(200);
    clock.advance(W);
    expect((await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password })).status).toBe(200);
  });
});

describe('texts and calls', () => {
  const COUSIN = '5125550103'; // Ana's pending phone account

  it('limits the texts and calls to one number', async () => {
    const { app } = await start({ textsPerNumber: { max: 2, windowMs: HOUR } });
    const ana = await signedIn(app, ANA);
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN })).status).toBe(200);
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaPhone, { ani: `(512) 555-0103` })).status).toBe(200);
    expectRefused(await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN }), HOUR);
  });

  it('limits the texts and calls from one address, text receipts included', async () => {
    const { app } = await start({ textsPerIp: { max: 2, windowMs: HOUR } });
    const ana = await signedIn(app, ANA);
    ana.ip = '10.0.5.1';
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN })).status).toBe(200);
    const receipt = { phone_no: '(512) 555-0199', receipt: 'none', enroll: false };
    expect((await ana.post(SMS_SEND_PATH, receipt)).status).toBe(400);
    expectRefused(await ana.post(SMS_SEND_PATH, receipt), HOUR);
    expectRefused(await ana.post(PHONE_VERIFICATION_PATHS.viaPhone, { ani: COUSIN }), HOUR);
  });

  it('limits the text receipts to one number', async () => {
    const { app } = await start({ textsPerNumber: { max: 1, windowMs: HOUR } });
    const send = async (ip: string, phone: string) =>
      (await newClient(app, ip)).post(SMS_SEND_PATH, { phone_no: phone, receipt: 'none', enroll: false });
    expect((await send('10.0.6.1', '(512) 555-0199')).status).toBe(400);
    expectRefused(await send('10.0.6.2', '512-555-0199'), HOUR);
    expect((await send('10.0.6.3', '(512) 555-0198')).status).toBe(400);
  });
});

describe('sessions and error reports', () => {
  it('limits the sessions one address opens; the open ones go on, another address is not refused', async () => {
    const s = await start({ sessionsPerIp: { max: 3, windowMs: W } });
    const open = [];
    for (let i = 0; i < 3; i += 1) open.push(await newClient(s.app, '10.0.7.1'));
    const before = (await s.query<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))[0]?.n;
    const stranger = new Client(s.app);
    stranger.ip = '10.0.7.1';
    const flood = await stranger.get('/state/all');
    expectRefused(flood, W);
    expect(flood.headers['set-cookie']).toBeUndefined();
    expect(Number((await s.query<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))[0]?.n)).toBe(Number(before));
    for (const c of open) expect((await c.save({ facility_id: 1001 })).fields.facility_id).toBe(1001);
    expect((await newClient(s.app, '10.0.7.2')).csrf).toMatch(/\S/);
  });

  it('limits client error reports from one address and caps their size', async () => {
    const s = await start({ clientErrorsPerIp: { max: 2, windowMs: W } });
    const c = await newClient(s.app, '10.0.8.1');
    for (let i = 0; i < 2; i += 1) expect((await c.post(PATHS.logJsError, { message: `e${i}` })).status).toBe(204);
    expectRefused(await c.post(PATHS.logJsError, { message: 'e3' }), W);
    const big = await (
      await newClient(s.app, '10.0.8.2')
    ).post(PATHS.logJsError, {
      message: 'm',
      stack: 's'.repeat(40 * 1024),
    });
    expect(big.status).toBe(413);
    expect(Number((await s.query<{ n: number }>('SELECT COUNT(*) AS n FROM client_errors'))[0]?.n)).toBe(2);
  });
});

describe('normal use', () => {
  it("lets a payer's whole visit through with the site's limits", async () => {
    expect(limitsFor(1)).toEqual(DEFAULT_LIMITS);
    const { app } = await start();
    const c = await newClient(app, '10.0.9.1');
    // A mistyped card, then the right one: the vault twice, then the deposit.
    await c.post(PATHS.vaultTokenize, { ...VISA, credit_card: '4111111111111112' });
    await fillCheckout(c);
    const paid = await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
    expect(paid.body.success).toBe(true);
    const receipt = paid.body.cached_deposit_info?.deposit_id ?? '';
    const text = await c.post(SMS_SEND_PATH, { phone_no: '(512) 555-0100', receipt, enroll: false });
    expect(text.status).toBe(200);
    expect((await c.post(PATHS.logJsError, { message: 'one report' })).status).toBe(204);
    // Signing in with a typo first.
    expect((await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: 'typo' })).status).toBe(400);
    expect((await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password })).status).toBe(200);
  });

  it('scales every limit with RATE_LIMIT_FACTOR', () => {
    expect(limitsFor(2).vaultPerIp.max).toBe(DEFAULT_LIMITS.vaultPerIp.max * 2);
    expect(limitsFor(0.001).declinesPerSession.max).toBe(1);
  });
});

describe('retention', () => {
  it('purges ended sessions, old vault tokens, reports and outbox rows, and past windows, at start', async () => {
    const s = await start({}, { devEndpoints: true });
    const c = await newClient(s.app, '10.0.10.1');
    await c.tokenize();
    await c.post(PATHS.logJsError, { message: 'old report' });
    const count = async (table: string) =>
      Number((await s.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);
    expect(await count('vault_tokens')).toBe(1);
    expect(await count('rate_limits')).toBeGreaterThan(0);
    await s.query(
      'INSERT INTO outbox (channel, "to", subject, body, created_at, session_id) VALUES (?, ?, ?, ?, ?, ?)',
      ['sms', '5125550100', null, 'old text', clock.now().toISOString(), null],
    );
    await s.close();
    clock.advance(31 * 24 * HOUR);
    const later = await startServer({
      dir: s.dir,
      now: clock.now,
      retentionEveryMs: HOUR,
      config: { rateLimitFactor: 1, sessionIdleMinutes: 15 },
    });
    try {
      for (const table of ['sessions', 'vault_tokens', 'client_errors', 'outbox', 'rate_limits']) {
        const rows = await later.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`);
        expect(Number(rows[0]?.n), table).toBe(0);
      }
    } finally {
      await later.close();
    }
  });
});

describe('password hashes', () => {
  it(`run ${HASH_CONCURRENCY} at a time; the others wait their turn and all finish`, async () => {
    const stored = await hashSecret('a password');
    const all = Array.from({ length: HASH_CONCURRENCY + 4 }, () => verifySecret('a password', stored));
    expect(hashesWaiting()).toBeGreaterThanOrEqual(4);
    expect(await Promise.all(all)).toEqual(all.map(() => true));
    expect(hashesWaiting()).toBe(0);
  });
});
