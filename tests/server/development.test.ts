import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type LoginResponse } from '../../contract/accounts.ts';
import { PATHS, type OutboxResponse } from '../../contract/api.ts';
import { ANA } from './account-helpers.ts';
import { Client, newClient, startServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

function clientErrors(): Promise<Record<string, unknown>[]> {
  return server.query('SELECT * FROM client_errors ORDER BY id');
}

describe('POST /development/log_js_error', () => {
  it('stores the report and answers 204', async () => {
    const c = await newClient(server.app);
    const res = await c.post(
      '/development/log_js_error',
      { message: 'TypeError: x is undefined', stack: 'at f (app.js:1:2)', url: '#/checkout' },
      {
        'user-agent': 'test-agent',
      },
    );
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    expect((await clientErrors()).at(-1)).toMatchObject({
      session_id: c.sid,
      message: 'TypeError: x is undefined',
      stack: 'at f (app.js:1:2)',
      url: '#/checkout',
      user_agent: 'test-agent',
    });
  });

  it('accepts a message alone and cuts long fields', async () => {
    const c = await newClient(server.app);
    expect((await c.post('/development/log_js_error', { message: 'only' })).status).toBe(204);
    expect((await clientErrors()).at(-1)).toMatchObject({ message: 'only', stack: null, url: null });
    await c.post('/development/log_js_error', {
      message: 'm'.repeat(5000),
      stack: 's'.repeat(20000),
      url: 'u'.repeat(3000),
    });
    const row = (await clientErrors()).at(-1);
    expect(String(row?.message)).toHaveLength(2000);
    expect(String(row?.stack)).toHaveLength(8000);
    expect(String(row?.url)).toHaveLength(2000);
  });

  it('refuses a report without a message', async () => {
    const c = await newClient(server.app);
    for (const body of [
      {},
      { message: '' },
      { message: '   ' },
      { message: { nested: true } },
      { message: 'x', stack: ['a'] },
    ]) {
      const res = await c.post('/development/log_js_error', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await c.post('/development/log_js_error', {})).body).toEqual({
      errors: { message: 'VALIDATION.REQUIRED' },
    });
  });
});

describe('GET /development/outbox (docs/decisions/0035)', () => {
  let dev: TestServer;
  beforeAll(async () => {
    dev = await startServer({ config: { devEndpoints: true } });
  });
  afterAll(async () => {
    await dev.dispose();
  });

  /** Writes a message as the routes do, caused by the given session (or by none). */
  async function queue(sessionId: string | null, to: string, body: string, at: string): Promise<void> {
    await dev.query(
      'INSERT INTO outbox (channel, "to", subject, body, created_at, session_id) VALUES (?, ?, ?, ?, ?, ?)',
      ['sms', to, null, body, at, sessionId],
    );
  }

  it('shows a session the messages it caused, newest first, and nothing of anyone else', async () => {
    const a = await newClient(dev.app);
    const b = await newClient(dev.app);
    await queue(a.sid, '5125550100', 'Your code is 123456', '2026-11-22T12:00:00.000Z');
    await queue(b.sid, '5125550101', 'Your code is 654321', '2026-11-22T12:00:30.000Z');
    await queue(a.sid, '5125550100', 'Receipt 1', '2026-11-22T12:01:00.000Z');
    await queue(null, '5125550102', 'A scheduled text', '2026-11-22T12:02:00.000Z');
    const res = await a.get<OutboxResponse>(PATHS.outbox);
    expect(res.status).toBe(200);
    expect(res.body.messages.map((m) => m.body)).toEqual(['Receipt 1', 'Your code is 123456']);
    expect(res.body.messages[0]).toEqual({
      id: 3,
      channel: 'sms',
      to: '5125550100',
      subject: null,
      body: 'Receipt 1',
      created_at: '2026-11-22T12:01:00.000Z',
    });
    expect((await b.get<OutboxResponse>(PATHS.outbox)).body.messages.map((m) => m.body)).toEqual([
      'Your code is 654321',
    ]);
    // A request without a session, or with a made-up one, sees nothing and gets no session either.
    const none = await new Client(dev.app).get<OutboxResponse>(PATHS.outbox);
    expect(none.body).toEqual({ messages: [] });
    expect(none.headers['set-cookie']).toBeUndefined();
    const forged = new Client(dev.app);
    forged.sid = a.sid.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    expect((await forged.get<OutboxResponse>(PATHS.outbox)).body).toEqual({ messages: [] });
  });

  it('follows the session when it signs in, and ends with it at sign-out', async () => {
    const c = await newClient(dev.app);
    await queue(c.sid, '5125550100', 'Before signing in', '2026-11-22T12:00:00.000Z');
    const before = c.sid;
    const login = await c.post<LoginResponse>(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password });
    expect(login.status).toBe(200);
    c.csrf = login.body.csrf_token;
    expect(c.sid).not.toBe(before);
    expect((await c.get<OutboxResponse>(PATHS.outbox)).body.messages.map((m) => m.body)).toEqual(['Before signing in']);
    // The old id no longer reads anything.
    const old = new Client(dev.app);
    old.sid = before;
    expect((await old.get<OutboxResponse>(PATHS.outbox)).body).toEqual({ messages: [] });
    expect((await c.post(ACCOUNT_PATHS.logout, {})).status).toBe(200);
    expect((await c.get<OutboxResponse>(PATHS.outbox)).body).toEqual({ messages: [] });
  });

  it('is closed in production mode, whatever DEV_ENDPOINTS says', async () => {
    const key = 'k'.repeat(32);
    const prod = await startServer({
      // On the sandbox's data: SANDBOX=true (docs/decisions/0050), which leaves the outbox closed too.
      config: { devEndpoints: true, production: true, sandbox: true, pamSigningKey: key, ssoSigningKey: key },
    });
    try {
      const c = await newClient(prod.app);
      const res = await c.get(PATHS.outbox);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
    } finally {
      await prod.dispose();
    }
  });
});

describe('the outbox is closed by default', () => {
  it('answers 404 to anyone, while client error reports (§7) are still taken', async () => {
    for (const c of [new Client(server.app), await newClient(server.app)]) {
      const res = await c.get(PATHS.outbox);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
    }
    const c = await newClient(server.app);
    expect((await c.post(PATHS.logJsError, { message: 'x' })).status).toBe(204);
  });
});
