// PostgreSQL killed under deposit load and started again (docs/decisions/0051). A PostgreSQL of this
// test's own (not the shared one of the server-pg project, which other files use) and the server as a
// process of its own (server/main.ts over HTTP), started before its database so that it waits for it.
// Payers submit deposits; after the first ones are paid the postmaster is killed (SIGKILL), while
// others are in flight. The server must stay up, answer 503 with Retry-After in the one error format
// meanwhile, and recover by itself when PostgreSQL is back. No deposit may be lost or made twice: each
// payer tries again after a 503, and after PAYMENT_NOT_CONFIRMED (an authorization whose answer was
// lost, asked again under the same key), until paid; then the ledger holds exactly one deposit holding
// money per payer, the one answered 200, and the processor exactly one charge for it. PostgreSQL only.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, REQUEST_ID_HEADER, type StateAllResponse, type TokenizeResponse } from '../../contract/api.ts';
import { startEmbeddedPostgres, type RunningPostgres } from '../../scripts/embedded-postgres.ts';
import { PAYER, TEST_ENGINE, VISA } from './helpers.ts';

/** Ports of this test (4600-4699 are this project's for what its tests start). */
const PG_PORT = 4641;
const SERVER_PORT = 4642;
const BASE = `http://127.0.0.1:${SERVER_PORT}`;
const DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${PG_PORT}/postgres`;
/** Payers, each one deposit; the postmaster is killed once this many have been paid. */
const PAYERS = 30;
const PAID_BEFORE_KILL = 8;
/** Payers submitting at the same time. */
const CONCURRENCY = 6;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One browser over HTTP: its session cookie and CSRF token. */
class Browser {
  sid = '';
  csrf = '';

  async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: {
        ...(this.sid ? { cookie: `sid=${this.sid}` } : {}),
        ...(method === 'POST' ? { [CSRF_HEADER]: this.csrf, 'content-type': 'application/json' } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const c of res.headers.getSetCookie()) {
      const m = /^sid=([^;]*)/.exec(c);
      if (m) this.sid = m[1] ?? '';
    }
    return res;
  }

  async ok<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await this.call(method, path, body);
    if (res.status !== 200) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as T;
  }
}

/** A complete checkout (John Smith at Harris County Jail, flex, $25, Visa) under an email of its own. */
async function readyPayer(n: number): Promise<Browser> {
  const b = new Browser();
  b.csrf = (await b.ok<StateAllResponse>('GET', '/state/all')).csrf_token;
  await b.ok('POST', '/state/save', { fields: { facility_id: 1001 } });
  await b.ok('POST', '/state/save', {
    fields: { deposit_type: 'flex', deposit_inmate_id: '100001', deposit_amount: 25 },
  });
  const token = await b.ok<TokenizeResponse>('POST', '/vault/tokenize', VISA);
  await b.ok('POST', '/state/save', {
    fields: { ...PAYER, email: `chaos-${n}@example.com`, card_token: token.token },
  });
  return b;
}

/** Asks until the server answers `path` with `status`; a refused connection is the server starting. */
async function until(path: string, status: number): Promise<void> {
  for (;;) {
    try {
      if ((await fetch(`${BASE}${path}`)).status === status) return;
    } catch {
      // Not listening yet.
    }
    await sleep(200);
  }
}

interface Unavailable {
  status: number;
  retryAfter: string | null;
  body: { errors?: { form?: string }; request_id?: string };
  requestId: string | null;
}

async function unavailableOf(res: Response): Promise<Unavailable> {
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as Unavailable['body'],
    requestId: res.headers.get(REQUEST_ID_HEADER),
  };
}

let dir = '';
let postgres: RunningPostgres | undefined;
let server: ChildProcess | undefined;
let output = '';

describe.skipIf(TEST_ENGINE !== 'postgres')('PostgreSQL killed under deposit load', () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'deposit-chaos-'));
    // PostgreSQL runs as a user of its own (scripts/embedded-postgres.ts), who must reach its folder.
    chmodSync(dir, 0o755);
    mkdirSync(join(dir, 'pg'));
    // The server first: at start it waits for its database (DB_START_WAIT_SECONDS).
    server = spawn(process.execPath, ['server/main.ts'], {
      cwd: join(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        DATABASE_URL,
        PORT: String(SERVER_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'unused'),
        STATIC_DIR: join(dir, 'no-site'),
        RECURRING_RUN_MINUTES: '0',
        RETENTION_RUN_MINUTES: '0',
        RATE_LIMIT_FACTOR: '1000',
        LOG_LEVEL: 'info',
        DB_START_WAIT_SECONDS: '600',
        PG_POOL_SIZE: '4',
      },
    });
    server.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    server.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    // PostgreSQL once the server has found it missing and waits.
    while (!output.includes('database not reachable yet')) {
      if (server.exitCode !== null) throw new Error(`the server stopped: ${output}`);
      await sleep(50);
    }
    postgres = await startEmbeddedPostgres({ port: PG_PORT, durable: true, dir: join(dir, 'pg') });
    await until('/readyz', 200);
  });

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGKILL');
      await exited;
    }
    await postgres?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(
    'stays up, answers 503 meanwhile, recovers, and loses or doubles no deposit',
    { timeout: 10 * 60_000 },
    async () => {
      const payers: Browser[] = [];
      for (let n = 0; n < PAYERS; n += 1) payers.push(await readyPayer(n));

      const answered = new Map<number, string>();
      const unavailable: Unavailable[] = [];
      let notConfirmed = 0;
      let paid = 0;
      let next = 0;
      let killed: Promise<void> | undefined;
      const submit = async (n: number, b: Browser) => {
        for (;;) {
          const res = await b.call('POST', '/pay/process_deposit', { skip_completed_steps: false });
          if (res.status === 503) {
            const u = await unavailableOf(res);
            unavailable.push(u);
            // What a client is told: wait this long, then try again.
            await sleep(Number(u.retryAfter ?? '1') * 1000);
            continue;
          }
          const body = (await res.json()) as {
            success?: boolean;
            error?: string | null;
            cached_deposit_info?: { deposit_id: string };
          };
          // The authorization's answer was lost with the database: nothing is taken, and the payer may
          // press Pay again, which asks the processor again under the same key (docs/test-cards.md).
          if (res.status === 200 && body.error === 'PAYMENT_NOT_CONFIRMED') {
            notConfirmed += 1;
            await sleep(1000);
            continue;
          }
          if (res.status !== 200 || body.success !== true || !body.cached_deposit_info)
            throw new Error(`payer ${n}: ${res.status} ${JSON.stringify(body)}`);
          answered.set(n, body.cached_deposit_info.deposit_id);
          paid += 1;
          // The crash, while other payers' deposits are in flight.
          if (paid === PAID_BEFORE_KILL) killed = postgres?.kill();
          return;
        }
      };
      const worker = async () => {
        while (next < payers.length) {
          const n = next;
          next += 1;
          await submit(n, payers[n] as Browser);
        }
      };
      const load = Promise.all(Array.from({ length: CONCURRENCY }, worker));
      // Awaited below; a failure before then is reported by the check that meets it first.
      void load.catch(() => undefined);

      // While PostgreSQL is down: the process lives, is not ready, and a request that needs the
      // database is answered 503 with Retry-After in the one error format.
      while (!killed) await sleep(50);
      await killed;
      expect((await fetch(`${BASE}/healthz`)).status).toBe(200);
      const ready = await unavailableOf(await fetch(`${BASE}/readyz`));
      expect(ready.status).toBe(503);
      const probe = new Browser();
      probe.sid = (payers[0] as Browser).sid;
      const down = await unavailableOf(await probe.call('GET', '/state/all'));
      expect(down).toEqual({
        status: 503,
        retryAfter: '5',
        body: { errors: { form: 'ERROR.UNAVAILABLE' }, request_id: down.requestId },
        requestId: expect.stringMatching(/\S/),
      });
      expect(server?.exitCode).toBeNull();

      await postgres?.restart();
      await load;
      await until('/readyz', 200);

      // The server never stopped; the payers met 503s with Retry-After, and all were paid once.
      expect(server?.exitCode).toBeNull();
      expect(server?.signalCode).toBeNull();
      expect(unavailable.length).toBeGreaterThan(0);
      for (const u of unavailable) {
        expect(u.retryAfter).toBe('5');
        expect(u.body).toEqual({ errors: { form: 'ERROR.UNAVAILABLE' }, request_id: u.requestId });
      }
      expect(answered.size).toBe(PAYERS);
      const client = new pg.Client({ connectionString: DATABASE_URL });
      await client.connect();
      try {
        const query = async <T extends object>(text: string) => (await client.query<T & pg.QueryResultRow>(text)).rows;
        // Settled: no authorization left without its answer, no hold left on a deposit that failed (the
        // settle job and the reconciler release them; polled, as a payer's status page would be).
        for (;;) {
          const [open] = await query<{ n: number }>(`
            SELECT COUNT(*) AS n FROM deposits d LEFT JOIN sandbox_charges c ON c.idempotency_key = d.id
            WHERE d.payer_email LIKE 'chaos-%'
              AND (d.state = 'authorizing' OR (d.state = 'failed' AND c.state IN ('authorized', 'captured')))`);
          if (Number(open?.n) === 0) break;
          await sleep(500);
        }
        const rows = await query<{ id: string; payer_email: string; state: string; total_cents: number }>(
          "SELECT id, payer_email, state, total_cents FROM deposits WHERE payer_email LIKE 'chaos-%'",
        );
        const live = rows.filter((r) => ['authorized', 'posting', 'posted'].includes(r.state));
        // Not lost: every deposit answered 200 is in the ledger, holding its money. Not doubled: no
        // other deposit of these payers holds any (a failed attempt holds nothing), one per payer.
        expect(live.map((r) => r.id).sort()).toEqual([...answered.values()].sort());
        expect(new Set(live.map((r) => r.payer_email)).size).toBe(PAYERS);
        for (const r of rows) if (!live.includes(r)) expect(r.state, r.id).toBe('failed');
        // The processor's side: one charge held or taken per payer, the answered deposit's, of its total.
        const held = await query<{ key: string; amount_cents: number }>(`
          SELECT c.idempotency_key AS key, c.amount_cents FROM sandbox_charges c
          JOIN deposits d ON d.id = c.idempotency_key
          WHERE d.payer_email LIKE 'chaos-%' AND c.state IN ('authorized', 'captured')`);
        expect(held.map((h) => h.key).sort()).toEqual([...answered.values()].sort());
        for (const h of held) expect(h.amount_cents).toBe(Number(live.find((r) => r.id === h.key)?.total_cents));
        console.info(
          `chaos: ${PAYERS} deposits answered 200; ${live.length} in the ledger holding money, ` +
            `${held.length} charges held, ${rows.length - live.length} failed attempt(s) holding nothing; ` +
            `${unavailable.length} answers 503 and ${notConfirmed} PAYMENT_NOT_CONFIRMED while PostgreSQL was down`,
        );
      } finally {
        await client.end();
      }
    },
  );

  it('stops on SIGTERM: no new requests, the pool closed, exit code 0', { timeout: 5 * 60_000 }, async () => {
    // Still running after the crash of its database.
    expect(server?.exitCode).toBeNull();
    const exited = new Promise<number | null>((r) => server?.once('exit', (code) => r(code)));
    server?.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
  });
});
