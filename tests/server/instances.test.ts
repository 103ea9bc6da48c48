// Stateless instances (architecture: "Instances are stateless"): two server processes on one
// PostgreSQL database, a payer's requests alternating between them. Sessions, CSRF tokens, vault
// tokens, form state and signing keys live in the database, so either instance answers any request;
// money rules hold across them. PostgreSQL run only (SQLite is one process's embedded file).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import { CSRF_HEADER } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS, PAM_PAYLOAD_FIELD } from '../../contract/checkout-services.ts';
import { depositStatusPath, type DepositStatusInfo } from '../../contract/deposit-status.ts';
import { ANA } from './account-helpers.ts';
import { PAYER, TEST_ENGINE, VISA, startServer, type TestServer } from './helpers.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

interface Instance {
  base: string;
  child: ChildProcess;
}

/** Starts `server/main.ts` on the database; resolves when it answers. */
async function startInstance(databaseUrl: string, env: Record<string, string> = {}): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      STATIC_DIR: join(tmpdir(), 'no-static-dir'),
      LOG_LEVEL: 'warn',
      RECURRING_RUN_MINUTES: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // Started when it answers: no fixed wait, however busy the machine.
  for (let i = 0; ; i += 1) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${base}/auth/me`);
      if (res.ok) return { base, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, Math.min(50 * (i + 1), 500)));
  }
}

async function stopInstance(i: Instance): Promise<void> {
  if (i.child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    i.child.once('exit', () => resolve());
    i.child.kill('SIGTERM');
  });
}

/** One browser whose requests go to the instances in turn. */
class Browser {
  sid = '';
  csrf = '';
  private turn = 0;
  private readonly instances: Instance[];
  constructor(instances: Instance[]) {
    this.instances = instances;
  }

  private next(): string {
    const i = this.instances[this.turn % this.instances.length];
    this.turn += 1;
    if (!i) throw new Error('no instance');
    return i.base;
  }

  async send<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    base = this.next(),
  ): Promise<{ status: number; body: T; text: string }> {
    const headers: Record<string, string> = {};
    if (this.sid) headers['cookie'] = `sid=${this.sid}`;
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      if (this.csrf) headers[CSRF_HEADER] = this.csrf;
    }
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const cookie = /sid=([^;]*)/.exec(res.headers.get('set-cookie') ?? '');
    if (cookie) this.sid = cookie[1] ?? '';
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: res.status, body: parsed as T, text };
  }

  async start(): Promise<void> {
    const res = await this.send<{ csrf_token: string }>('GET', '/state/all');
    this.csrf = res.body.csrf_token;
  }

  async save(fields: Record<string, unknown>): Promise<void> {
    const res = await this.send('POST', '/state/save', { fields });
    expect(res.status, res.text).toBe(200);
  }

  /** A complete guest checkout (flex, $25 to John Smith at Harris County Jail, a test Visa). */
  async fillCheckout(amount = 25): Promise<void> {
    await this.save({ facility_id: 1001 });
    await this.save({ deposit_type: 'flex', deposit_inmate_id: '100001', deposit_amount: amount });
    const token = await this.send<{ token: string }>('POST', '/vault/tokenize', VISA);
    expect(token.status, token.text).toBe(200);
    await this.save({ ...PAYER, card_token: token.body.token });
  }

  async signIn(email: string, password: string): Promise<void> {
    const res = await this.send<{ csrf_token: string }>('POST', ACCOUNT_PATHS.login, { email, password });
    expect(res.status, res.text).toBe(200);
    this.csrf = res.body.csrf_token;
  }
}

describe.runIf(TEST_ENGINE === 'postgres')('two instances on one PostgreSQL database', () => {
  let data: TestServer;
  let a: Instance;
  let b: Instance;
  let dir: string;

  beforeAll(async () => {
    // A database of this test's own, migrated and seeded once (its app is closed at once).
    dir = mkdtempSync(join(tmpdir(), 'deposit-instances-'));
    data = await startServer({ dir });
    await data.close();
    const url = 'postgresUrl' in data.location ? data.location.postgresUrl : '';
    [a, b] = await Promise.all([startInstance(url), startInstance(url)]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a && stopInstance(a), b && stopInstance(b)]);
    await data?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a guest whose requests alternate between them completes a deposit', async () => {
    const guest = new Browser([a, b]);
    await guest.start();
    await guest.fillCheckout();
    const paid = await guest.send<{ success: boolean }>('POST', '/pay/process_deposit', {
      skip_completed_steps: false,
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.body.success).toBe(true);
  });

  it('both tell the same status of a deposit, read from the times in the ledger (decisions/0048)', async () => {
    const guest = new Browser([a]);
    await guest.start();
    await guest.fillCheckout(31);
    const paid = await guest.send<{ cached_deposit_info: { deposit_id: string } }>('POST', '/pay/process_deposit', {
      skip_completed_steps: false,
    });
    expect(paid.status, paid.text).toBe(200);
    const path = depositStatusPath(paid.body.cached_deposit_info.deposit_id);
    const [fromA, fromB] = await Promise.all(
      [a, b].map((i) => guest.send<DepositStatusInfo>('GET', path, undefined, i.base)),
    );
    expect(fromA?.status, fromA?.text).toBe(200);
    const { check_again_seconds: _a, ...onA } = fromA?.body ?? ({} as DepositStatusInfo);
    const { check_again_seconds: _b, ...onB } = fromB?.body ?? ({} as DepositStatusInfo);
    expect(onA.status).toBe('submitted');
    expect(onB).toEqual(onA);
  });

  it('a sign-in on one is a sign-in on the other', async () => {
    const payer = new Browser([a, b]);
    await payer.start();
    await payer.signIn(ANA.email, ANA.password);
    for (const i of [a, b]) {
      const me = await payer.send<{ logged_in: boolean }>('GET', ACCOUNT_PATHS.me, undefined, i.base);
      expect(me.body.logged_in).toBe(true);
    }
  });

  it('a pam payload signed by one verifies on the other', async () => {
    const payer = new Browser([a]);
    await payer.start();
    await payer.signIn(ANA.email, ANA.password);
    await payer.save({ facility_id: 1201 });
    await payer.save({ deposit_type: 'bail', deposit_inmate_id: '100026', deposit_amount: 150 });
    const prepared = await payer.send<{ pam_payload: string }>('POST', CHECKOUT_SERVICE_PATHS.preparePamDeposit, {
      fees_acknowledged: true,
    });
    expect(prepared.status, prepared.text).toBe(200);
    const form = await fetch(`${b.base}${CHECKOUT_SERVICE_PATHS.sandboxPamPay}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ [PAM_PAYLOAD_FIELD]: prepared.body.pam_payload }).toString(),
    });
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('<h1>Pay for your deposit</h1>');
  });

  it('20 concurrent submits of one deposit, split across both, make one authorization at the processor', async () => {
    const guest = new Browser([a, b]);
    await guest.start();
    await guest.fillCheckout(37);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        guest.send<{ success: boolean; cached_deposit_info: { order_number: string; deposit_id: string } | null }>(
          'POST',
          '/pay/process_deposit',
          { skip_completed_steps: false },
        ),
      ),
    );
    expect(answers.every((r) => r.status === 200 && r.body.success)).toBe(true);
    expect(new Set(answers.map((r) => r.body.cached_deposit_info?.order_number)).size).toBe(1);
    const rows = await data.query<{ n: number }>('SELECT COUNT(*) AS n FROM deposits WHERE session_id = ?', [
      guest.sid,
    ]);
    expect(Number(rows[0]?.n)).toBe(1);
    // Counted at the processor (docs/decisions/0049): one charge, asked for once, whatever the instances.
    const charges = await data.query<{ idempotency_key: string; authorize_calls: number }>(
      'SELECT idempotency_key, authorize_calls FROM sandbox_charges WHERE idempotency_key IN (SELECT id FROM deposits WHERE session_id = ?)',
      [guest.sid],
    );
    expect(charges.map((c) => [c.idempotency_key, Number(c.authorize_calls)])).toEqual([
      [answers[0]?.body.cached_deposit_info?.deposit_id, 1],
    ]);
  });

  it('100 parallel transfers split across both conserve money', async () => {
    const payer = new Browser([a, b]);
    await payer.start();
    await payer.signIn(ANA.email, ANA.password);
    const total = async () => {
      const [balances] = await data.query<{ s: number }>(
        'SELECT SUM(prepaid_balance_cents) AS s FROM dest_accounts WHERE user_id = ?',
        [ANA.id],
      );
      const [fees] = await data.query<{ s: number }>(
        'SELECT COALESCE(SUM(fee_cents), 0) AS s FROM balance_transfers WHERE user_id = ?',
        [ANA.id],
      );
      return Number(balances?.s) + Number(fees?.s);
    };
    const before = await total();
    // Back and forth between Mom's and Brother's accounts: some are refused for lack of funds.
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        payer.send('POST', ACCOUNT_PATHS.transfer, {
          amount: '3.00',
          src_ani: i % 2 === 0 ? '5125550101' : '5125550102',
          dst_ani: i % 2 === 0 ? '5125550102' : '5125550101',
        }),
      ),
    );
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await total()).toBe(before);
    const [negative] = await data.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM dest_accounts WHERE prepaid_balance_cents < 0',
    );
    expect(Number(negative?.n)).toBe(0);
    // Transfers between the same two accounts collide: PostgreSQL runs the losers again, which takes
    // a while on a busy machine.
  }, 180_000);

  it('two recurring runners started together charge each schedule once', async () => {
    const url = 'postgresUrl' in data.location ? data.location.postgresUrl : '';
    // Both run the due schedules at start (and then hourly).
    const [r1, r2] = await Promise.all([
      startInstance(url, { RECURRING_RUN_MINUTES: '60' }),
      startInstance(url, { RECURRING_RUN_MINUTES: '60' }),
    ]);
    try {
      const rows = await data.query<{ order_number: string; n: number }>(
        "SELECT order_number, COUNT(*) AS n FROM deposits WHERE order_number LIKE 'R%' GROUP BY order_number",
      );
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
      const due = await data.query<{ id: number }>('SELECT id FROM recurring_deposits WHERE cancelled_at IS NULL');
      expect(due.length).toBeGreaterThan(0);
    } finally {
      await Promise.all([stopInstance(r1), stopInstance(r2)]);
    }
  });
});
