// Per-client limits (docs/decisions/0039): each limit answers 429 with Retry-After and the API's error
// format after its threshold, lets normal use through, counts per client (another address, session,
// card or number is not refused), and starts again with the next window; the counters hold no card
// number, address or phone in clear. Retention purges what only abuse makes grow. Both engines.
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import { CSRF_HEADER, PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services.ts';
import { PHONE_VERIFICATION_PATHS } from '../../contract/phone-verification.ts';
import { SMS_SEND_PATH } from '../../contract/receipt.ts';
import { hashSecret, hashesWaiting, HASH_CONCURRENCY, verifySecret } from '../../server/domain/passwords.ts';
import { DEFAULT_LIMITS, clientAddress, limitsFor, type Limit, type LimitName } from '../../server/limits.ts';
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
  TEST_ROUTE,
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

/** A 429 in the one format whose Retry-After is within two windows (a sliding window's most); the wait. */
function expectRefused(res: Reply<unknown>, windowMs: number): number {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual((2 * windowMs) / 1000);
  return wait;
}

const W = 15 * MINUTE;

/** A Visa number that passes the checksum, one per n: each family's own card. */
function luhnVisa(n: number): string {
  const body = `4000123${String(n).padStart(8, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i += 1) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

describe('the vault (card testing)', () => {
  it('limits one session, lets another through, and opens again after the Retry-After', async () => {
    // One card used again and again: its own limit is not the one under test here.
    const { app } = await start({
      vaultPerSession: { max: 3, windowMs: W },
      vaultPerCard: { max: 100, windowMs: HOUR },
    });
    const c = await newClient(app, '10.0.0.1');
    for (let i = 0; i < 3; i += 1) expect((await c.post(PATHS.vaultTokenize, VISA)).status).toBe(200);
    const wait = expectRefused(await c.post(PATHS.vaultTokenize, VISA), W);
    expect((await (await newClient(app, '10.0.0.1')).post(PATHS.vaultTokenize, VISA)).status).toBe(200);
    // Trying again while refused does not lengthen the wait.
    clock.advance(wait * 500);
    expectRefused(await c.post(PATHS.vaultTokenize, VISA), W);
    clock.advance(wait * 500);
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
    const wait = expectRefused(await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password }), W);
    const other = await newClient(app, '10.0.4.2');
    expect((await other.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password })).status).toBe(200);
    clock.advance(wait * 1000);
    expect((await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password })).status).toBe(200);
  });
});

describe('texts and calls', () => {
  const COUSIN = '5125550103'; // Ana's pending phone account
  const receipt = (phone: string) => ({ phone_no: phone, receipt: 'none', enroll: false });

  it('limits the verification texts and calls to one number', async () => {
    const { app } = await start({ verificationPerNumber: { max: 2, windowMs: HOUR } });
    const ana = await signedIn(app, ANA);
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN })).status).toBe(200);
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaPhone, { ani: `(512) 555-0103` })).status).toBe(200);
    expectRefused(await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN }), HOUR);
  });

  it('limits the verification texts and calls from one address', async () => {
    const { app } = await start({ verificationPerIp: { max: 1, windowMs: HOUR } });
    const ana = await signedIn(app, ANA);
    ana.ip = '10.0.5.1';
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN })).status).toBe(200);
    expectRefused(await ana.post(PHONE_VERIFICATION_PATHS.viaPhone, { ani: COUSIN }), HOUR);
  });

  it('keeps each limit its own counter: text receipts to a number do not stop its verification, nor the reverse', async () => {
    const { app } = await start({
      verificationPerNumber: { max: 1, windowMs: HOUR },
      verificationPerIp: { max: 1, windowMs: HOUR },
      receiptTextsPerNumber: { max: 1, windowMs: HOUR },
      receiptTextsPerIp: { max: 1, windowMs: HOUR },
    });
    const ana = await signedIn(app, ANA);
    ana.ip = '10.0.5.2';
    // A receipt to the cousin's number (refused for its missing receipt id: counted all the same).
    expect((await ana.post(SMS_SEND_PATH, receipt(COUSIN))).status).toBe(400);
    expectRefused(await ana.post(SMS_SEND_PATH, receipt(COUSIN)), HOUR);
    // The same number's verification code, from the same address, is its own limit.
    expect((await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN })).status).toBe(200);
    expectRefused(await ana.post(PHONE_VERIFICATION_PATHS.viaSms, { ani: COUSIN }), HOUR);
  });

  it('limits the text receipts to one number, from any address', async () => {
    const { app } = await start({ receiptTextsPerNumber: { max: 1, windowMs: HOUR } });
    const send = async (ip: string, phone: string) => (await newClient(app, ip)).post(SMS_SEND_PATH, receipt(phone));
    expect((await send('10.0.6.1', '(512) 555-0199')).status).toBe(400);
    expectRefused(await send('10.0.6.2', '512-555-0199'), HOUR);
    expect((await send('10.0.6.3', '(512) 555-0198')).status).toBe(400);
  });

  it('limits the text receipts from one address', async () => {
    const { app } = await start({ receiptTextsPerIp: { max: 2, windowMs: HOUR } });
    const c = await newClient(app, '10.0.6.4');
    expect((await c.post(SMS_SEND_PATH, receipt('(512) 555-0197'))).status).toBe(400);
    expect((await c.post(SMS_SEND_PATH, receipt('(512) 555-0196'))).status).toBe(400);
    expectRefused(await c.post(SMS_SEND_PATH, receipt('(512) 555-0195')), HOUR);
  });
});

describe('addresses', () => {
  it('folds IPv4-mapped IPv6 into IPv4, the IPv6 loopback into the IPv4 one, and IPv6 into its /64', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientAddress('::1')).toBe('127.0.0.1');
    expect(clientAddress('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress('2001:db8:aa:bb::9%eth0')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
  });

  it('counts one IPv6 /64 as one client, and an IPv4 client the same over IPv4 and IPv6', async () => {
    const { app } = await start({ vaultPerIp: { max: 2, windowMs: W }, vaultPerCard: { max: 100, windowMs: HOUR } });
    const from = async (ip: string) => (await newClient(app, ip)).post(PATHS.vaultTokenize, VISA);
    expect((await from('2001:db8:5:6::1')).status).toBe(200);
    expect((await from('2001:db8:5:6:ffff::2')).status).toBe(200);
    expectRefused(await from('2001:db8:5:6:1234:5678:9abc:def0'), W);
    expect((await from('2001:db8:5:7::1')).status).toBe(200);
    expect((await from('10.0.11.1')).status).toBe(200);
    expect((await from('::ffff:10.0.11.1')).status).toBe(200);
    expectRefused(await from('10.0.11.1'), W);
  });
});

describe('windows', () => {
  it('lets no double burst through at the edge of a window (sliding window)', async () => {
    const { app } = await start({ clientErrorsPerIp: { max: 4, windowMs: W } });
    const c = await newClient(app, '10.0.12.1');
    const report = () => c.post(PATHS.logJsError, { message: 'edge' });
    // The whole limit in the last second of one window...
    clock.set(new Date(Math.ceil(clock.now().getTime() / W) * W + W - 1000).toISOString());
    for (let i = 0; i < 4; i += 1) expect((await report()).status).toBe(204);
    // ...and two seconds later, in the next one, still refused: it was not twice the limit.
    clock.advance(2000);
    const wait = expectRefused(await report(), W);
    // Retry-After is honest: one more report goes through once it has passed, not before.
    clock.advance(wait * 1000 - 2000);
    expectRefused(await report(), W);
    clock.advance(2000);
    expect((await report()).status).toBe(204);
    const reports = await server!.query<{ n: number }>('SELECT COUNT(*) AS n FROM client_errors');
    expect(Number(reports[0]?.n)).toBe(5);
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

  it("lets 20 families pay from one address (a carrier's shared address, a lobby kiosk) within 15 minutes", async () => {
    const { app } = await start();
    for (let i = 0; i < 20; i += 1) {
      const family = await newClient(app, '198.51.100.20');
      // A mistyped number first, now and then a declined card, then their own card.
      await family.post(PATHS.vaultTokenize, { ...VISA, credit_card: '4111111111111112' });
      if (i % 4 === 0) {
        await fillCheckout(family, { card: { credit_card: DECLINED_CARD } });
        const declined = await family.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
        expect(declined.body.error).toBe('card declined');
      }
      await fillCheckout(family, {
        deposit_amount: 20 + i,
        card: { credit_card: luhnVisa(i) },
        extra: { email: `family${i}@example.com` },
      });
      const paid = await family.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
      expect(paid.body.success, `family ${i}`).toBe(true);
      clock.advance(20_000);
    }
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

describe('the edge: answers no hook reaches, a slow body, a GET with a body', () => {
  /** One raw exchange over TCP: what the server wrote before it closed the connection. */
  function exchange(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(request));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve(answer));
    });
  }
  const headersOf = (answer: string): Record<string, string> =>
    Object.fromEntries(
      (answer.split('\r\n\r\n')[0] ?? '')
        .split('\r\n')
        .slice(1)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
  /** What every answer carries whatever it is: all but the headers of the answer's own content. */
  const OWN =
    /^(content-type|content-length|date|connection|keep-alive|cache-control|set-cookie|x-request-id|etag|vary|retry-after)$/;
  const securityOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(headers).filter(([k]) => !OWN.test(k)));

  async function listening(extra: Record<string, unknown> = {}) {
    let handled = 0;
    server = await startServer({
      config: { operations: { requestTimeoutMs: 400, dbStartWaitSeconds: 60, shutdownGraceSeconds: 25 }, ...extra },
      setup: (app) =>
        app.get('/pay/__counted', TEST_ROUTE, async () => {
          handled += 1;
          return { handled };
        }),
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    return { port, handled: () => handled };
  }

  it('answers 413, 414 and 431 with the same security headers as every answer', async () => {
    const { port } = await listening();
    const ok = await new Client(server!.app).get('/state/all');
    const every = securityOf(ok.headers);
    expect(Object.keys(every)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options']));
    const c = await newClient(server!.app);
    const tooLarge = await c.post(PATHS.logJsError, { message: 'x'.repeat(100_000) });
    expect(tooLarge.status).toBe(413);
    expect(securityOf(tooLarge.headers)).toEqual(every);
    const tooLong = await c.get(`/pay/facility/${'1'.repeat(200)}`);
    expect(tooLong.status).toBe(414);
    expect(securityOf(tooLong.headers)).toEqual(every);
    const big = await exchange(port, `GET /state/all HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    expect(big).toMatch(/^HTTP\/1\.1 431 /);
    expect(securityOf(headersOf(big))).toEqual(every);
  });

  it('cuts off a POST that trickles its body: 408, and the connection closed', async () => {
    const { port } = await listening();
    const c = await newClient(server!.app);
    const head = [
      `POST ${PATHS.logJsError} HTTP/1.1`,
      'Host: x',
      `Cookie: sid=${c.sid}`,
      `${CSRF_HEADER}: ${c.csrf}`,
      'Content-Type: application/json',
      'Content-Length: 500',
      '\r\n',
    ].join('\r\n');
    // A few bytes of a body that never ends: the answer comes when the server gives up on it.
    const answer = await exchange(port, `${head}{"message":"`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"errors":{"form":"ERROR.TIMEOUT"}');
    expect(Number((await server!.query<{ n: number }>('SELECT COUNT(*) AS n FROM client_errors'))[0]?.n)).toBe(0);
  });

  it('refuses a GET with a body before any handler runs', async () => {
    const { port, handled } = await listening();
    const withBody = await exchange(
      port,
      'GET /pay/__counted HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}',
    );
    expect(withBody).toMatch(/^HTTP\/1\.1 400 /);
    expect(withBody).toContain('"errors":{"form":"ERROR.BAD_REQUEST"}');
    const chunked = await exchange(
      port,
      'GET /pay/__counted HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
    );
    expect(chunked).toMatch(/^HTTP\/1\.1 400 /);
    expect(handled()).toBe(0);
    const plain = await exchange(port, 'GET /pay/__counted HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(plain).toMatch(/^HTTP\/1\.1 200 /);
    expect(handled()).toBe(1);
  });
});
