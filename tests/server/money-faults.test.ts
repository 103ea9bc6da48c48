// The money path under faults (docs/decisions/0049), on both engines: a processor that times out or
// answers 500, a server killed between the processor's answer and its record, a facility that refuses
// or is down for a while, and a payer's cancel racing the posting. Each case counts what the processor
// holds (its charges and the calls that asked for them) beside the ledger's rows: never a second
// charge, never a lost one, nothing taken that the payer was told was not.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER, PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { depositCancelPath, type DepositCancelResponse } from '../../contract/deposit-status.ts';
import type { Config } from '../../server/config.ts';
import { sweep } from '../../server/domain/reconciler.ts';
import { type Client, type TestServer, fillCheckout, fixedClock, newClient, startServer } from './helpers.ts';

const clock = fixedClock('2026-11-22T12:00:00.000Z');
/** Short enough for a test, long enough for a busy machine's sandbox to answer an ordinary card. */
const TIMEOUT_MS = 1500;
const POST_SECONDS = 60;
const config: Partial<Config> = {
  depositPostSeconds: POST_SECONDS,
  money: { processorTimeoutMs: TIMEOUT_MS },
};

let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.dispose();
  servers = [];
});

async function site(extra: Partial<Config> = {}, dir?: string): Promise<TestServer> {
  const s = await startServer({ now: clock.now, config: { ...config, ...extra }, ...(dir ? { dir } : {}) });
  servers.push(s);
  return s;
}

let payers = 0;
async function checkout(s: TestServer, card = '4111111111111111', inmateId = '100001'): Promise<Client> {
  payers += 1;
  const c = await newClient(s.app);
  await fillCheckout(c, {
    deposit_inmate_id: inmateId,
    card: { credit_card: card },
    extra: { email: `fault${payers}@example.com` },
  });
  return c;
}
const pay = (c: Client) => c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });

/** What the processor and the ledger hold for one session's deposits. */
async function counts(s: TestServer, sessionId: string) {
  const rows = await s.query<{ id: string; state: string; voided_at: unknown; captured_at: unknown }>(
    'SELECT id, state, voided_at, captured_at FROM deposits WHERE session_id = ?',
    [sessionId],
  );
  const charges = await s.query<{ state: string; authorize_calls: number }>(
    'SELECT state, authorize_calls FROM sandbox_charges WHERE idempotency_key IN (SELECT id FROM deposits WHERE session_id = ?)',
    [sessionId],
  );
  return {
    rows: rows.map((r) => r.state),
    charges: charges.map((c) => c.state),
    calls: charges.reduce((n, c) => n + Number(c.authorize_calls), 0),
  };
}

/** Moves the clock past every lease and runs the steps that come due. */
async function settle(s: TestServer, seconds = 60): Promise<void> {
  clock.advance(seconds * 1000);
  await s.app.jobs.drain();
}

describe('the processor times out (an authorization whose answer comes too late)', () => {
  it('answers PAYMENT_NOT_CONFIRMED; left alone, the reconciler releases the hold: nothing taken', async () => {
    const s = await site();
    const c = await checkout(s, '4000000000000127');
    const res = await pay(c);
    expect(res.body).toMatchObject({ success: false, error: 'PAYMENT_NOT_CONFIRMED', cached_deposit_info: null });
    expect(await counts(s, c.sid)).toEqual({ rows: ['authorizing'], charges: ['authorized'], calls: 1 });
    await settle(s);
    expect(await counts(s, c.sid)).toEqual({ rows: ['failed'], charges: ['voided'], calls: 1 });
  });

  it('a retry of the same checkout finds the first authorization by its key: one charge, one deposit', async () => {
    const s = await site();
    const c = await checkout(s, '4000000000000127');
    expect((await pay(c)).body.error).toBe('PAYMENT_NOT_CONFIRMED');
    const again = await pay(c);
    expect(again.body.success).toBe(true);
    expect(await counts(s, c.sid)).toEqual({ rows: ['authorized'], charges: ['authorized'], calls: 2 });
    await settle(s, POST_SECONDS + 1);
    expect(await counts(s, c.sid)).toEqual({ rows: ['posted'], charges: ['captured'], calls: 2 });
  });
});

describe('the processor answers 500', () => {
  it('answers PAYMENT_NOT_CONFIRMED; the reconciler finds no charge and records the try as failed', async () => {
    const s = await site();
    const c = await checkout(s, '4000000000000119');
    expect((await pay(c)).body.error).toBe('PAYMENT_NOT_CONFIRMED');
    await settle(s);
    expect(await counts(s, c.sid)).toEqual({ rows: ['failed'], charges: [], calls: 0 });
    // The payer pays with another card: one deposit, one charge.
    const token = await c.tokenize({ credit_card: '4111111111111111' });
    await c.save({ card_token: token.token });
    expect((await pay(c)).body.success).toBe(true);
    expect((await counts(s, c.sid)).charges).toEqual(['authorized']);
  });
});

/** Starts the server in a process of its own on the test's database; resolves with its address. */
async function serverProcess(s: TestServer) {
  const db = 'postgresUrl' in s.location ? s.location.postgresUrl : s.location.sqlitePath;
  const child = spawn(process.execPath, ['tests/server/serve-app.ts'], {
    env: {
      ...process.env,
      SERVE_DB: db,
      SERVE_NOW: clock.now().toISOString(),
      SERVE_CONFIG: JSON.stringify({ ...config, money: { processorTimeoutMs: 60_000 } }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
  });
  return { child, base };
}

describe('the server is killed between the processor’s answer and its record', () => {
  it.each(['left alone', 'paid again'])(
    'restarted and reconciled (%s): one authorization, one deposit',
    async (then) => {
      // The checkout is filled on one server, which stops; another process on the same data takes the
      // payment, and is killed once the processor holds the money (its answer never comes).
      const first = await site();
      const c = await checkout(first, '4000000000000135');
      await first.close();
      const { child, base } = await serverProcess(first);
      const exited = new Promise((r) => child.once('exit', r));
      const request = fetch(`${base}${PATHS.processDeposit}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `sid=${c.sid}`, [CSRF_HEADER]: c.csrf },
        body: JSON.stringify({ skip_completed_steps: false }),
      })
        .then(async (r) => `answered ${r.status}: ${await r.text()}`)
        .catch(() => 'lost');
      let answered: string | undefined;
      void request.then((r) => (answered = r));
      // Until the processor holds the money (or the request ends, which fails the test below).
      while ((await counts(first, c.sid)).charges.length === 0 && answered === undefined) {
        await new Promise((r) => setTimeout(r, 25));
      }
      child.kill('SIGKILL');
      await exited;
      expect(await request).toBe('lost');
      expect(await counts(first, c.sid)).toEqual({ rows: ['authorizing'], charges: ['authorized'], calls: 1 });

      const restarted = await site({}, first.dir);
      c.app = restarted.app;
      // Past the killed request's lease (its processor timeout and 5 s): nobody waits for it any more.
      clock.advance(120_000);
      if (then === 'left alone') {
        // The reconciler's sweep finds the deposit its killed request left, and schedules its settling.
        expect(await sweep(restarted.app.money)).toBe(1);
        await restarted.app.jobs.drain();
        expect(await counts(restarted, c.sid)).toEqual({ rows: ['failed'], charges: ['voided'], calls: 1 });
      } else {
        expect((await pay(c)).body.success).toBe(true);
        await settle(restarted, POST_SECONDS + 1);
        expect(await counts(restarted, c.sid)).toEqual({ rows: ['posted'], charges: ['captured'], calls: 2 });
      }
    },
  );
});

describe('the facility', () => {
  it('refuses a deposit (a person released since): the hold is voided, nothing captured', async () => {
    const s = await site();
    const c = await checkout(s, '4111111111111111', '100006');
    expect((await pay(c)).body.success).toBe(true);
    await settle(s, POST_SECONDS + 1);
    expect(await counts(s, c.sid)).toEqual({ rows: ['refused'], charges: ['voided'], calls: 1 });
  });

  it('is down for a while: the posting is tried again with a growing wait, then posted and captured once', async () => {
    const s = await site({ money: { processorTimeoutMs: TIMEOUT_MS, sandboxPostingFailures: 3 } });
    const c = await checkout(s);
    expect((await pay(c)).body.success).toBe(true);
    await settle(s, POST_SECONDS + 1);
    const [job] = await s.query<{ attempts: number; last_error: string }>(
      "SELECT attempts, last_error FROM jobs WHERE kind = 'post'",
    );
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('503') });
    expect(await counts(s, c.sid)).toEqual({ rows: ['posting'], charges: ['authorized'], calls: 1 });
    for (let i = 0; i < 4; i += 1) await settle(s, 60);
    expect(await counts(s, c.sid)).toEqual({ rows: ['posted'], charges: ['captured'], calls: 1 });
    expect(await s.query("SELECT id FROM jobs WHERE kind <> 'sweep'")).toEqual([]);
    // The operator sees it: the facility's failed sends, the deposit posted (server/ops/metrics.ts).
    const metrics = (await s.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/posting_call_errors_total\{operation="send"\} 3/);
    expect(metrics).toMatch(/deposits_total\{outcome="posted"\} 1/);
  });
});

describe('a cancel racing the posting', () => {
  it('is decided by whichever step commits first, the same way in the ledger, at the processor and in the answer', async () => {
    const s = await site();
    const outcomes: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const c = await checkout(s);
      const paid = await pay(c);
      const id = paid.body.cached_deposit_info?.deposit_id ?? '';
      clock.advance((POST_SECONDS + 1) * 1000);
      const [cancel] = await Promise.all([
        c.post<DepositCancelResponse>(depositCancelPath(id), {}),
        s.app.jobs.drain(),
      ]);
      await s.app.jobs.drain();
      const after = await counts(s, c.sid);
      if (cancel.body.cancelled) {
        expect(after).toEqual({ rows: ['cancelled'], charges: ['voided'], calls: 1 });
        outcomes.push('cancelled');
      } else {
        expect(['ALREADY_SENT', 'ALREADY_POSTED']).toContain(cancel.body.refusal);
        expect(after).toEqual({ rows: ['posted'], charges: ['captured'], calls: 1 });
        outcomes.push('posted');
      }
    }
    expect(outcomes).toHaveLength(8);
  });
});
