import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateAllResponse } from '../../contract/api.ts';
import { ANA, signedIn } from './account-helpers.ts';
import { API_CSP, BASE_CSP, HSTS_MAX_AGE_SECONDS, bareErrorHeaders, cspPolicy } from '../../server/headers.ts';
import { rawClientError } from '../../server/http.ts';
import {
  Client,
  HOUR,
  MINUTE,
  cspOf,
  fixedClock,
  logCapture,
  newClient,
  startServer,
  type TestServer,
  TEST_ROUTE,
} from './helpers.ts';

const clock = fixedClock();
const logs = logCapture();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    now: clock.now,
    logger: { level: 'trace', stream: logs.stream },
    setup: (app) =>
      app.get('/pay/__throws', TEST_ROUTE, async () => {
        throw new Error('internal detail that must not leak');
      }),
  });
});
afterAll(async () => {
  await server.dispose();
});

/** An API answer's set (docs/decisions/0062): what protects a JSON answer, never cached. */
function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(API_CSP);
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['cross-origin-resource-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
  // Served over plain HTTP (COOKIE_SECURE off): no HSTS.
  expect(headers['strict-transport-security']).toBeUndefined();
  expect(headers['cache-control']).toBe('no-store');
  // What only a page uses is not sent with JSON.
  expect(headers['cross-origin-opener-policy']).toBeUndefined();
  expect(headers['referrer-policy']).toBeUndefined();
}

describe('security headers', () => {
  it('are on a successful API answer, which is never cached', async () => {
    const res = await new Client(server.app).get('/pay/allowed_countries');
    expect(res.status).toBe(200);
    expectSecurityHeaders(res.headers);
  });

  it("are the whole set, the site's policy included, on what is not the API", async () => {
    const res = await new Client(server.app).get('/sandbox/legal/terms/en');
    expect(res.status).toBe(200);
    expect(cspOf(res.headers['content-security-policy'])).toEqual(BASE_CSP);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(BASE_CSP['frame-ancestors']).toEqual(["'none'"]);
    expect(BASE_CSP['img-src']).toEqual(["'self'", 'data:']);
  });

  it('add HSTS and upgrade insecure requests when the site is served over HTTPS (COOKIE_SECURE)', async () => {
    const secure = await startServer({ config: { cookieSecure: true } });
    try {
      const res = await new Client(secure.app).get('/pay/allowed_countries');
      expect(res.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
      const page = await new Client(secure.app).get('/sandbox/legal/terms/en');
      expect(page.headers['strict-transport-security']).toBe(`max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
      const csp = cspOf(page.headers['content-security-policy']);
      expect(csp['upgrade-insecure-requests']).toEqual([]);
      expect(csp['script-src']).toEqual(["'self'"]);
    } finally {
      await secure.dispose();
    }
  });

  it('build the policy as data: each feature adds its origins to its directive, once', () => {
    const policy = cspPolicy(
      { 'connect-src': ['https://legal.example', 'https://legal.example'] },
      { 'script-src': ['https://nav.example'] },
      { 'form-action': ['https://pay.example'] },
    );
    expect(policy['connect-src']).toEqual(["'self'", 'https://legal.example']);
    expect(policy['script-src']).toEqual(["'self'", 'https://nav.example']);
    expect(policy['form-action']).toEqual(["'self'", 'https://pay.example']);
    expect(policy['default-src']).toEqual(["'self'"]);
    // The base is never changed by a policy built from it.
    expect(BASE_CSP['connect-src']).toEqual(["'self'"]);
  });

  it('are on 400, 403, 404 and 500 answers too', async () => {
    const c = await newClient(server.app);
    const answers = [
      await c.get('/pay/facility/abc'),
      await new Client(server.app).post('/state/save', { fields: {} }),
      await c.get('/pay/no_such_call'),
      await c.get('/pay/__throws'),
    ];
    expect(answers.map((a) => a.status)).toEqual([400, 403, 404, 500]);
    for (const a of answers) expectSecurityHeaders(a.headers);
  });
});

describe('sessions', () => {
  it('are created lazily: a reference-data call sets no cookie', async () => {
    const res = await new Client(server.app).get('/pay/allowed_countries');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('use an HttpOnly, SameSite=Lax cookie on Path=/ holding a 256-bit random id', async () => {
    const c = new Client(server.app);
    const res = await c.get<StateAllResponse>('/state/all');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/^sid=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    expect(res.body.csrf_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(res.body.csrf_token).not.toBe(c.sid);
  });

  it('mark the cookie Secure when configured', async () => {
    const secure = await startServer({ config: { cookieSecure: true } });
    try {
      const res = await new Client(secure.app).get('/state/all');
      expect(String(res.headers['set-cookie'])).toContain('Secure');
    } finally {
      await secure.dispose();
    }
  });

  it('keep the same session and CSRF token across requests', async () => {
    const c = await newClient(server.app);
    const sid = c.sid;
    const again = await c.get<StateAllResponse>('/state/all');
    expect(again.headers['set-cookie']).toBeUndefined();
    expect(again.body.csrf_token).toBe(c.csrf);
    expect(c.sid).toBe(sid);
  });

  it('replace an unknown or malformed cookie with a new session', async () => {
    for (const bad of ['not-a-session', 'A'.repeat(43), "x'; DROP TABLE sessions; --"]) {
      const c = new Client(server.app);
      c.sid = bad;
      const res = await c.get('/state/all');
      expect(res.status).toBe(200);
      expect(c.sid).not.toBe(bad);
      expect(c.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });

  it('expire after SESSION_IDLE_MINUTES idle (a day here), and not before', async () => {
    const c = await newClient(server.app);
    await c.save({ facility_id: 1001 });
    clock.advance(23 * HOUR);
    expect((await c.state()).fields.facility_id).toBe(1001);
    const sid = c.sid;
    // The session was seen 23 h in: idle time counts from there.
    clock.advance(24 * HOUR - MINUTE);
    expect((await c.state()).fields.facility_id).toBe(1001);
    expect(c.sid).toBe(sid);
    clock.advance(24 * HOUR + MINUTE);
    const after = await c.state();
    expect(c.sid).not.toBe(sid);
    expect(after.fields.facility_id).toBeNull();
  });

  it('keep one browser out of another: a second cookie jar sees its own empty form', async () => {
    const a = await newClient(server.app);
    await a.save({ facility_id: 1001, billing_first_name: 'Alice' });
    const b = await newClient(server.app);
    expect(b.sid).not.toBe(a.sid);
    const bState = await b.state();
    expect(bState.fields.facility_id).toBeNull();
    expect(bState.fields.billing_first_name).toBe('');
    await b.save({ billing_first_name: 'Bob' });
    expect((await a.state()).fields.billing_first_name).toBe('Alice');
  });
});

describe('CSRF', () => {
  const calls: [string, unknown][] = [
    ['/state/save', { fields: { facility_id: 1001 } }],
    ['/state/clear', undefined],
    [
      '/vault/tokenize',
      { credit_card: '4111111111111111', credit_card_cvc: '123', credit_card_month: '12', credit_card_year: '2030' },
    ],
    ['/pay/process_deposit', { skip_completed_steps: false }],
    ['/development/log_js_error', { message: 'x' }],
  ];

  it.each(calls)('%s without the header answers 403 ERROR.CSRF', async (url, body) => {
    const c = await newClient(server.app);
    c.csrf = '';
    const res = await c.post(url, body);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ errors: { form: 'ERROR.CSRF' } });
  });

  it.each(calls)('%s with a wrong token answers 403', async (url, body) => {
    const c = await newClient(server.app);
    c.csrf = `${c.csrf.slice(0, -1)}${c.csrf.endsWith('A') ? 'B' : 'A'}`;
    const res = await c.post(url, body);
    expect(res.status).toBe(403);
  });

  it("refuses another session's token, and a token with no session", async () => {
    const a = await newClient(server.app);
    const b = await newClient(server.app);
    b.csrf = a.csrf;
    expect((await b.post('/state/save', { fields: { facility_id: 1001 } })).status).toBe(403);
    const none = new Client(server.app);
    none.csrf = a.csrf;
    expect((await none.post('/state/save', { fields: { facility_id: 1001 } })).status).toBe(403);
    expect((await a.state()).fields.facility_id).toBeNull();
  });

  it('lets the right token through', async () => {
    const c = await newClient(server.app);
    expect((await c.post('/state/save', { fields: { facility_id: 1001 } })).status).toBe(200);
  });
});

describe('errors', () => {
  it('answer malformed JSON with 400 ERROR.BAD_REQUEST', async () => {
    const c = await newClient(server.app);
    const res = await c.post('/state/save', '{"fields": {', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
  });

  it('answer a body that is not JSON with 400 ERROR.BAD_REQUEST', async () => {
    const c = await newClient(server.app);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await c.post('/state/save', 'fields=1', { 'content-type': type });
      expect(res.status, type).toBe(400);
      expect(res.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
    }
  });

  it('answer an unknown path under every API prefix with 404 ERROR.NOT_FOUND', async () => {
    const c = await newClient(server.app);
    for (const prefix of ['pay', 'state', 'vault', 'development', 'auth', 'account', 'fusion']) {
      const get = await c.get(`/${prefix}/no_such_call`);
      expect(get.status, prefix).toBe(404);
      expect(get.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
      const post = await c.post(`/${prefix}/no_such_call`, {});
      expect(post.status, prefix).toBe(404);
    }
  });

  it('answer an unexpected throw with 500 ERROR.UNEXPECTED and no stack', async () => {
    const res = await new Client(server.app).get<unknown>('/pay/__throws');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ errors: { form: 'ERROR.UNEXPECTED' } });
    expect(JSON.stringify(res.body)).not.toContain('internal detail');
  });

  it("answer Fastify's own errors in the same format: a too long id, a malformed URL", async () => {
    const c = await newClient(server.app);
    const long = await c.get(`/pay/facility/${'1'.repeat(200)}`);
    expect(long.status).toBe(414);
    expect(long.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
    expect(long.headers['x-content-type-options']).toBe('nosniff');
    expect(long.headers['cache-control']).toBe('no-store');
    const badUrl = await c.get('/pay/facility/%zz');
    expect(badUrl.status).toBe(400);
    expect(badUrl.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
  });

  it('answer a request the HTTP parser refuses in the same format, and close the connection', () => {
    const answers: Record<string, string> = {};
    for (const code of ['HPE_INVALID_METHOD', 'HPE_HEADER_OVERFLOW', 'ERR_HTTP_REQUEST_TIMEOUT']) {
      let written = '';
      let destroyed = false;
      const socket = {
        destroyed: false,
        writable: true,
        write: (chunk: string) => {
          written += chunk;
          return true;
        },
        destroy: () => {
          destroyed = true;
          return socket as never;
        },
      };
      const err = Object.assign(new Error('parse error'), { code });
      rawClientError(bareErrorHeaders({ csp: BASE_CSP, https: false })).call(
        { log: { debug: () => undefined } },
        err,
        socket as never,
      );
      expect(destroyed, code).toBe(true);
      answers[code] = written;
    }
    const [head, body] = String(answers.HPE_INVALID_METHOD).split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(head).toContain('content-type: application/json');
    expect(head).toContain('connection: close');
    // No request was made of it: an id of its own, in the header and the body (docs/decisions/0051).
    const id = (JSON.parse(String(body)) as { request_id: string }).request_id;
    expect(JSON.parse(String(body))).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' }, request_id: id });
    expect(head).toContain(`x-request-id: ${id}`);
    expect(answers.HPE_HEADER_OVERFLOW).toMatch(/^HTTP\/1\.1 431 /);
    expect(answers.HPE_HEADER_OVERFLOW).toContain('"errors":{"form":"ERROR.BAD_REQUEST"}}');
    expect(answers.ERR_HTTP_REQUEST_TIMEOUT).toMatch(/^HTTP\/1\.1 408 /);
    expect(answers.ERR_HTTP_REQUEST_TIMEOUT).toContain('"errors":{"form":"ERROR.TIMEOUT"}}');
  });

  it('answer a body over the limit without a stack', async () => {
    const c = await newClient(server.app);
    const res = await c.post('/development/log_js_error', { message: 'x'.repeat(100_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
  });
});

describe('logging', () => {
  it('never writes the session cookie or the CSRF token', async () => {
    const c = await newClient(server.app);
    await c.save({ facility_id: 1001 });
    await c.post('/state/save', '{broken', { 'content-type': 'application/json' });
    const text = logs.text();
    expect(text.length).toBeGreaterThan(0);
    expect(text).not.toContain(c.sid);
    expect(text).not.toContain(c.csrf);
  });
});

describe('the session idle limit (docs/decisions/0045)', () => {
  async function idleServer(sessionIdleMinutes: number | undefined) {
    const idleClock = fixedClock();
    const site = await startServer({ now: idleClock.now, config: { sessionIdleMinutes } });
    return { site, idleClock };
  }

  it('by default 15 minutes: the page is told; the form state of a guest and a sign-in end with it', async () => {
    const { site, idleClock } = await idleServer(undefined);
    try {
      const guest = await newClient(site.app);
      expect((await guest.state()).site.session_idle_seconds).toBe(15 * 60);
      await guest.save({ facility_id: 1001 });
      const ana = await signedIn(site.app, ANA);
      expect((await ana.get('/account/recurring_deposits')).status).toBe(200);

      idleClock.advance(14 * MINUTE);
      expect((await guest.state()).fields.facility_id).toBe(1001);
      expect((await ana.get('/account/recurring_deposits')).status).toBe(200);

      // Each was seen 14 minutes in: 15 minutes from there, they are gone.
      idleClock.advance(15 * MINUTE + 1000);
      const sid = guest.sid;
      expect((await guest.state()).fields.facility_id).toBeNull();
      expect(guest.sid).not.toBe(sid);
      expect((await ana.get('/account/recurring_deposits')).status).toBe(401);
      expect((await ana.get<{ logged_in: boolean }>('/auth/me')).body.logged_in).toBe(false);
    } finally {
      await site.dispose();
    }
  });

  it('SESSION_IDLE_MINUTES sets it', async () => {
    const { site, idleClock } = await idleServer(30);
    try {
      const ana = await signedIn(site.app, ANA);
      expect((await ana.get<StateAllResponse>('/state/all')).body.site.session_idle_seconds).toBe(30 * 60);
      idleClock.advance(29 * MINUTE);
      // GET /auth/me, the warning's "Stay signed in": signed in, and seen again.
      expect((await ana.get<{ logged_in: boolean }>('/auth/me')).body.logged_in).toBe(true);
      idleClock.advance(29 * MINUTE);
      expect((await ana.get('/account/recurring_deposits')).status).toBe(200);
      idleClock.advance(31 * MINUTE);
      expect((await ana.get('/account/recurring_deposits')).status).toBe(401);
    } finally {
      await site.dispose();
    }
  });
});
