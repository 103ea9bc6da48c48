import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxResponse } from '../../contract/api.ts';
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

describe('GET /development/outbox', () => {
  it('lists what was queued, newest first', async () => {
    const c = new Client(server.app);
    expect((await c.get<OutboxResponse>('/development/outbox')).body).toEqual({ messages: [] });
    const insert = 'INSERT INTO outbox (channel, "to", subject, body, created_at) VALUES (?, ?, ?, ?, ?)';
    await server.query(insert, ['sms', '5125550100', null, 'Your code is 123456', '2026-11-22T12:00:00.000Z']);
    await server.query(insert, ['email', 'pat@example.com', 'Receipt', 'Thank you', '2026-11-22T12:01:00.000Z']);
    const res = await c.get<OutboxResponse>('/development/outbox');
    expect(res.status).toBe(200);
    expect(res.body.messages).toEqual([
      {
        id: 2,
        channel: 'email',
        to: 'pat@example.com',
        subject: 'Receipt',
        body: 'Thank you',
        created_at: '2026-11-22T12:01:00.000Z',
      },
      {
        id: 1,
        channel: 'sms',
        to: '5125550100',
        subject: null,
        body: 'Your code is 123456',
        created_at: '2026-11-22T12:00:00.000Z',
      },
    ]);
  });
});

describe('with development endpoints off', () => {
  it('answers 404 for both', async () => {
    const off = await startServer({ config: { devEndpoints: false } });
    try {
      const c = await newClient(off.app);
      expect((await c.get('/development/outbox')).status).toBe(404);
      expect((await c.post('/development/log_js_error', { message: 'x' })).status).toBe(404);
    } finally {
      await off.dispose();
    }
  });
});
