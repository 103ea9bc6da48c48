// What the server tells its operator and how it meets faults (docs/decisions/0051): /healthz, /readyz,
// /metrics, the request id, the log lines, database faults answered 503, the edge check of input and
// the shutdown. On both engines.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '../../contract/api.ts';
import { loadConfig } from '../../server/config.ts';
import { LATEST_MIGRATION, openDatabase } from '../../server/db.ts';
import { isDatabaseUnavailable, waitForDatabase } from '../../server/ops/db-faults.ts';
import { healthRoutes } from '../../server/ops/health.ts';
import { MAX_AMOUNT_DOLLARS, refusalOf } from '../../server/ops/input-guard.ts';
import { createMetrics } from '../../server/ops/metrics.ts';
import { useRequestId } from '../../server/ops/request-id.ts';
import { closeGracefully, createLifecycle, useShutdownGate } from '../../server/ops/shutdown.ts';
import {
  Client,
  PAYER,
  TEST_ENGINE,
  fillCheckout,
  logCapture,
  newClient,
  openTestDatabase,
  startServer,
  type TestServer,
  TEST_ROUTE,
} from './helpers.ts';

const UNAVAILABLE = { errors: { form: 'ERROR.UNAVAILABLE' } };
const BAD_REQUEST = { errors: { form: 'ERROR.BAD_REQUEST' } };
/** A card number that appears nowhere else in a log. */
const PAN = '4111111111111111';

const logs = logCapture();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({
    logger: { level: 'trace', stream: logs.stream },
    setup(app) {
      // Errors of the kinds the data layer raises when its database is down, and one that is not.
      const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
      app.get('/pay/__db_refused', TEST_ROUTE, async () => {
        throw refused();
      });
      app.get('/pay/__db_aggregate', TEST_ROUTE, async () => {
        throw new AggregateError([refused(), refused()], 'connect failed');
      });
      app.get('/pay/__db_terminated', TEST_ROUTE, async () => {
        throw new Error('Connection terminated unexpectedly');
      });
      app.get('/pay/__bug', TEST_ROUTE, async () => {
        throw new Error('a bug');
      });
    },
  });
});
afterAll(async () => {
  await server.dispose();
});

/** The log lines written so far, parsed. */
function logLines(): Record<string, unknown>[] {
  return logs
    .text()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

describe('GET /healthz and /readyz', () => {
  it('answer 200 while the process is up and ready: database reachable, migrations done', async () => {
    const c = new Client(server.app);
    const live = await c.get('/healthz');
    expect(live.status).toBe(200);
    expect(live.body).toEqual({ status: 'up' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await c.get('/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', workers: 'not checked', shutdown: 'ok' },
    });
  });

  it('/readyz answers 503 when the workers stop, migrations are missing or the database is gone', async () => {
    const { db, dispose } = await openTestDatabase();
    let workers = true;
    let closing = false;
    const app = Fastify();
    useRequestId(app);
    healthRoutes(app, { db, workersRunning: () => workers, closing: () => closing });
    try {
      const ready = async () => {
        const res = await app.inject({ method: 'GET', url: '/readyz' });
        return { status: res.statusCode, checks: (res.json() as { checks: unknown }).checks, body: res.json() };
      };
      expect(await ready()).toMatchObject({ status: 200, checks: { workers: 'ok' } });
      workers = false;
      const stopped = await ready();
      expect(stopped).toMatchObject({ status: 503, checks: { workers: 'stopped' }, body: UNAVAILABLE });
      expect((stopped.body as { request_id?: string }).request_id).toEqual(expect.any(String));
      workers = true;
      closing = true;
      expect(await ready()).toMatchObject({ status: 503, checks: { shutdown: 'shutting down' } });
      closing = false;
      await sql`DELETE FROM schema_migrations WHERE id = ${LATEST_MIGRATION}`.execute(db.kysely);
      expect(await ready()).toMatchObject({ status: 503, checks: { database: 'ok', migrations: 'pending' } });
      await db.close();
      expect(await ready()).toMatchObject({ status: 503, checks: { database: 'unavailable' } });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await dispose().catch(() => undefined);
    }
  });
});

describe('the request id', () => {
  it('is in the header of every answer, different for each request, and in every error body', async () => {
    const c = await newClient(server.app);
    const answers = [
      await c.get('/pay/allowed_countries'),
      await c.get('/pay/facility/abc'),
      await new Client(server.app).post('/state/save', { fields: {} }),
      await c.get('/pay/no_such_call'),
      await c.get('/pay/__bug'),
      await c.get('/pay/facility/%E0%A4%A'),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 400, 403, 404, 500, 400]);
    const ids = answers.map((a) => a.headers[REQUEST_ID_HEADER]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // The test client checks that each error body's request_id is its header's (helpers.ts).
    expect(answers.slice(1).map((a) => a.requestId)).toEqual(ids.slice(1));
  });

  it("takes a proxy's X-Request-Id of a safe shape behind TRUST_PROXY only", async () => {
    const given = 'lb-7f3a9c21e0d84b5f';
    const direct = await server.app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: given } });
    expect(direct.headers[REQUEST_ID_HEADER]).not.toBe(given);
    const proxied = await startServer({ config: { trustProxy: 1 } });
    try {
      const ask = (id: string) =>
        proxied.app.inject({ method: 'GET', url: '/healthz', headers: { [REQUEST_ID_HEADER]: id } });
      expect((await ask(given)).headers[REQUEST_ID_HEADER]).toBe(given);
      expect((await ask('two words')).headers[REQUEST_ID_HEADER]).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await proxied.dispose();
    }
  });

  it('is on each log line of a request; successful reads log below info; cards never appear', async () => {
    const c = await newClient(server.app);
    await fillCheckout(c, { card: { credit_card: PAN } });
    const read = await c.get('/pay/allowed_countries');
    const refused = await c.post('/vault/tokenize', {
      credit_card: PAN,
      credit_card_cvc: '123\u0000',
      credit_card_month: '12',
    });
    expect(refused.status).toBe(400);
    const lines = logLines();
    const of = (id: unknown) => lines.filter((l) => l['request_id'] === id);
    // One line for the read, at debug (20); the refused write has its reason and its end at info (30).
    expect(of(read.headers[REQUEST_ID_HEADER]).map((l) => [l['level'], l['msg']])).toEqual([[20, 'request done']]);
    expect(of(refused.requestId).map((l) => [l['level'], l['msg']])).toEqual([
      [30, 'input refused'],
      [30, 'request done'],
    ]);
    expect(of(refused.requestId)[1]).toMatchObject({ method: 'POST', route: '/vault/tokenize', status: 400 });
    // Every line written while handling a request names it (lines of the start have none to name).
    for (const l of lines)
      if ('req' in l || 'route' in l || 'refused' in l) expect(l['request_id']).toEqual(expect.any(String));
    expect(logs.text()).not.toContain(PAN);
    expect(logs.text()).not.toContain(PAYER.billing_address1);
  });
});

describe('database faults', () => {
  it('are answered 503 with Retry-After in the one error format; other errors stay 500', async () => {
    const c = new Client(server.app);
    for (const path of ['/pay/__db_refused', '/pay/__db_aggregate', '/pay/__db_terminated']) {
      const res = await c.get(path);
      expect([path, res.status, res.headers['retry-after'], res.body]).toEqual([path, 503, '5', UNAVAILABLE]);
    }
    expect((await c.get('/pay/__bug')).status).toBe(500);
  });

  it('are told apart from other errors', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const fault of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'too many connections'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('wrapped', { cause: coded('ETIMEDOUT') }),
      new AggregateError([coded('ECONNREFUSED')]),
      Object.assign(new Error('database is locked'), { code: 'ERR_SQLITE_ERROR', errcode: 5 }),
    ])
      expect(isDatabaseUnavailable(fault), String(fault)).toBe(true);
    for (const other of [
      new Error('a bug'),
      coded('23505', 'duplicate key value violates unique constraint'),
      coded('22003', 'value out of range for type integer'),
      coded('40001', 'could not serialize access'),
      Object.assign(new Error('constraint failed'), { code: 'ERR_SQLITE_ERROR', errcode: 19 }),
      'ECONNREFUSED',
      null,
    ])
      expect(isDatabaseUnavailable(other), String(other)).toBe(false);
  });

  it('at start: the wait for the database is bounded, and retried with pauses that grow', async () => {
    // Nothing listens on this port (this test's range): every connection is refused.
    const db = openDatabase({ postgresUrl: 'postgres://nobody:nothing@127.0.0.1:4659/none' });
    let t = 0;
    const pauses: number[] = [];
    try {
      await expect(
        waitForDatabase(db, {
          timeoutMs: 20_000,
          now: () => t,
          sleep: async (ms) => {
            pauses.push(ms);
            t += ms;
          },
        }),
      ).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await db.close();
    }
    expect(pauses.slice(0, 6)).toEqual([250, 500, 1000, 2000, 4000, 5000]);
    expect(pauses.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(20_000);
  });

  it('do not let start-up steps time out: no plugin or start hook is bounded by a timer', () => {
    expect(server.app.initialConfig.pluginTimeout).toBe(0);
  });
});

describe('the edge check of input', () => {
  it('refuses NUL, ids past INTEGER and huge amounts alike on both engines; in range they go on', async () => {
    const c = await newClient(server.app);
    const save = (fields: Record<string, unknown>) => c.post('/state/save', { fields });
    const invalid = 'VALIDATION.INVALID_ENTRY';
    for (const [fields, errors] of [
      [{ facility_id: 2_147_483_648 }, { facility_id: invalid }],
      [{ dest_account_id: 1e20 }, { dest_account_id: invalid }],
      [{ billing_city: 'Aus\u0000tin' }, { billing_city: invalid }],
      [{ deposit_amount: 1e9 }, { deposit_amount: 'VALIDATION.TOO_MANY' }],
      [{ deposit_amount: MAX_AMOUNT_DOLLARS + 0.01 }, { deposit_amount: 'VALIDATION.TOO_MANY' }],
      [{ deposit_amount: -1e9 }, { deposit_amount: invalid }],
    ] as const) {
      const res = await save(fields);
      expect([fields, res.status, res.body]).toEqual([fields, 400, { errors }]);
    }
    // Nothing of a refused save is kept.
    expect((await c.state()).fields.billing_city).toBe('');
    // Within the bounds, the routes' own rules answer as before (a field error, the form kept).
    expect((await save({ facility_id: 2_147_483_647 })).status).toBe(200);
    expect((await save({ deposit_amount: MAX_AMOUNT_DOLLARS })).status).toBe(200);
    expect((await c.get('/pay/search_inmates?facility_id=1001&name_query=a%00b')).body).toEqual({
      errors: { name_query: invalid },
    });
    expect((await c.post('/development/log_js_error', { message: 'x\u0000y' })).body).toEqual({
      errors: { message: invalid },
    });
    expect((await c.post('/state/save', { ['fields\u0000']: {} })).body).toEqual(BAD_REQUEST);
    // A path with NUL names nothing.
    expect((await c.get('/pay/deposit_status/a%00b')).status).toBe(404);
    // A body nested beyond any stack is refused, not a crash.
    const deep = `{"fields":{"billing_city":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`;
    const res = await server.app.inject({
      method: 'POST',
      url: '/state/save',
      headers: { cookie: `sid=${c.sid}`, 'x-csrf-token': c.csrf, 'content-type': 'application/json' },
      payload: deep,
    });
    expect(res.statusCode).toBeLessThan(500);
  });

  it('names the reason and the field', () => {
    expect(refusalOf({ a: { b: ['x', 'y\u0000'] } })).toEqual({ reason: 'nul', field: 'b' });
    expect(refusalOf({ ['k\u0000']: 1 })).toEqual({ reason: 'nul', field: '' });
    expect(refusalOf({ ids: [1, 2_147_483_648] })).toEqual({ reason: 'out of range', field: 'ids' });
    expect(refusalOf({ facilityId: -2_147_483_648 })).toEqual({ reason: 'out of range', field: 'facilityId' });
    expect(refusalOf({ amount: 1e9 })).toEqual({ reason: 'amount', field: 'amount' });
    expect(refusalOf({ n: Infinity })).toEqual({ reason: 'not finite', field: 'n' });
    // An inmate id is text: digits of any length are the routes' to judge. A phone number is no id.
    // An amount as text is of the wrong type: the routes clear it with an error (docs/decisions/0037).
    expect(
      refusalOf({ deposit_inmate_id: '99999999999', phone_no: 5125550100, deposit_amount: '9'.repeat(201) }),
    ).toBeUndefined();
  });
});

describe('GET /metrics', () => {
  it('answers Prometheus text: request durations by route, rate-limit refusals, the pool', async () => {
    const limited = await startServer({
      config: { rateLimitFactor: 1, limits: { loginPerIp: { max: 1, windowMs: 60_000 } } },
    });
    try {
      const c = await newClient(limited.app);
      const login = () => c.post('/auth/login', { email: 'nobody@example.com', password: 'wrong-password' });
      await login();
      expect((await login()).status).toBe(429);
      const res = await limited.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = res.body;
      expect(text).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/state\/all",status_code="200"\} 1$/m,
      );
      expect(text).toMatch(/^rate_limit_refusals_total\{route="\/auth\/login"\} 1$/m);
      expect(text).toMatch(/^process_cpu_seconds_total /m);
      if (TEST_ENGINE === 'postgres') expect(text).toMatch(/^db_pool_connections\{state="total"\} [1-9]/m);
      else expect(text).not.toMatch(/^db_pool_connections\{/m);
    } finally {
      await limited.dispose();
    }
  });

  it('counts what the money path reports: deposits by outcome, processor and posting calls, job queues', async () => {
    const metrics = createMetrics({ poolUse: () => ({ total: 4, idle: 1, waiting: 2, max: 10 }) });
    metrics.depositOutcome('authorized');
    metrics.depositOutcome('authorized');
    metrics.depositOutcome('declined');
    metrics.processorCall('authorize', 0.2, true);
    metrics.processorCall('capture', 12, false);
    metrics.postingCall('send', 0.3, false);
    metrics.observeJobQueues(async () => [{ queue: 'posting', depth: 3, oldestAgeSeconds: 42 }]);
    const text = await metrics.text();
    for (const line of [
      'deposits_total{outcome="authorized"} 2',
      'deposits_total{outcome="declined"} 1',
      'processor_call_duration_seconds_count{operation="authorize",result="ok"} 1',
      'processor_call_duration_seconds_bucket{le="10",operation="capture",result="error"} 0',
      'processor_call_errors_total{operation="capture"} 1',
      'posting_call_errors_total{operation="send"} 1',
      'job_queue_depth{queue="posting"} 3',
      'job_queue_oldest_age_seconds{queue="posting"} 42',
      'db_pool_connections{state="waiting"} 2',
      'db_pool_max 10',
    ])
      expect(text.split('\n')).toContain(line);
    // A queue that cannot be read (its database down) leaves the gauges empty, and the rest answers.
    metrics.observeJobQueues(async () => {
      throw new Error('database down');
    });
    expect(await metrics.text()).not.toMatch(/^job_queue_depth\{/m);
  });

  it('asks for METRICS_TOKEN as a bearer token in production, and nobody gets in without one', async () => {
    const key = 'k'.repeat(32);
    const token = 'metrics-token-0123456789';
    // A public demonstration (docs/decisions/0050): production mode with the sandbox asked for by name.
    const production = { production: true, sandbox: true, pamSigningKey: key, ssoSigningKey: key };
    const guarded = await startServer({ config: { ...production, operations: { metricsToken: token } } });
    const closed = await startServer({ config: production });
    try {
      const ask = (s: TestServer, authorization?: string) =>
        s.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      const none = await ask(guarded);
      expect(none.statusCode).toBe(401);
      expect(none.headers['www-authenticate']).toBe('Bearer');
      expect(none.json()).toMatchObject({ errors: { form: 'ERROR.UNAUTHORIZED' } });
      expect((await ask(guarded, 'Bearer wrong-token-0123456789')).statusCode).toBe(401);
      expect((await ask(guarded, `Bearer ${token}`)).statusCode).toBe(200);
      expect((await ask(closed)).statusCode).toBe(401);
      expect((await ask(closed, `Bearer ${token}`)).statusCode).toBe(401);
    } finally {
      await guarded.dispose();
      await closed.dispose();
    }
  });

  it('takes METRICS_TOKEN, DB_START_WAIT_SECONDS and SHUTDOWN_GRACE_SECONDS from the environment', () => {
    expect(
      loadConfig({ METRICS_TOKEN: 't'.repeat(16), DB_START_WAIT_SECONDS: '120', SHUTDOWN_GRACE_SECONDS: '10' })
        .operations,
    ).toEqual({ metricsToken: 't'.repeat(16), dbStartWaitSeconds: 120, shutdownGraceSeconds: 10 });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: '-1' })).toThrow('SHUTDOWN_GRACE_SECONDS');
  });
});

describe('shutdown', () => {
  it('answers new requests 503 in the one error format once closing; /healthz still 200', async () => {
    const lifecycle = createLifecycle();
    const app = Fastify({ return503OnClosing: false });
    useRequestId(app);
    useShutdownGate(app, lifecycle);
    app.get('/pay/anything', async () => ({ ok: true }));
    app.get('/healthz', async () => ({ status: 'up' }));
    try {
      expect((await app.inject({ method: 'GET', url: '/pay/anything' })).statusCode).toBe(200);
      lifecycle.startClosing();
      const res = await app.inject({ method: 'GET', url: '/pay/anything' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers.connection).toBe('close');
      expect(res.json()).toEqual({ ...UNAVAILABLE, request_id: res.headers[REQUEST_ID_HEADER] });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('lets a request in flight finish, then the drain steps, within the grace time', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const events: string[] = [];
    const s = await startServer({
      setup(app) {
        app.get('/pay/__slow', TEST_ROUTE, async () => {
          entered();
          await released;
          events.push('request answered');
          return { done: true };
        });
        app.operations.lifecycle.onDrain(async () => {
          events.push('drain');
        });
      },
    });
    // A port of this test's range, one per engine: the two projects may run at once.
    const port = TEST_ENGINE === 'postgres' ? 4652 : 4651;
    await s.app.listen({ port, host: '127.0.0.1' });
    const slow = fetch(`http://127.0.0.1:${port}/pay/__slow`);
    await inside;
    const closing = closeGracefully(s.app, 120_000);
    while (!s.app.operations.lifecycle.closing) await new Promise((r) => setImmediate(r));
    expect(events).toEqual([]);
    release();
    const res = await slow;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    expect(await closing).toBe('closed');
    expect(events).toEqual(['request answered', 'drain']);
    await s.dispose();
  });

  it('cuts a request that outlasts the grace time, and still closes', async () => {
    let entered!: () => void;
    const inside = new Promise<void>((r) => (entered = r));
    const s = await startServer({
      setup(app) {
        app.get('/pay/__stuck', TEST_ROUTE, async () => {
          entered();
          await new Promise(() => undefined);
        });
      },
    });
    const port = TEST_ENGINE === 'postgres' ? 4654 : 4653;
    await s.app.listen({ port, host: '127.0.0.1' });
    const stuck = fetch(`http://127.0.0.1:${port}/pay/__stuck`).catch((err: unknown) => err);
    await inside;
    expect(await closeGracefully(s.app, 50)).toBe('forced');
    expect(await stuck).toBeInstanceOf(Error);
    await s.dispose();
  });
});

describe('the app', () => {
  it('has the 503 message in both languages', () => {
    for (const lang of ['en', 'es']) {
      const messages = JSON.parse(readFileSync(new URL(`../../locales/${lang}.json`, import.meta.url), 'utf8')) as {
        ERROR: Record<string, string>;
      };
      expect(messages.ERROR['UNAVAILABLE'], lang).toEqual(expect.stringMatching(/\S/));
    }
  });
});
