// `npm run attack`: replays the abuse of a public payment site against two started servers (server/main.ts
// over HTTP, each on its own SQLite data): one with the site's limits, and a bare baseline in the same
// run whose limits are a hundred thousand times higher (RATE_LIMIT_FACTOR), as the site was before them. Each
// attack prints `name: value unit` lines: the requests that got through before the first 429, and how
// the tables grew. Every attack comes from an address of its own (X-Forwarded-For, TRUST_PROXY=1), as
// it would on the internet. See docs/decisions/0039.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CSRF_HEADER } from '../contract/api.ts';

const BASE_PORT = Number(process.env['ATTACK_PORT'] ?? 8201);
const ANA = JSON.parse(readFileSync('fixtures/payers.json', 'utf8')).find(
  (p: { email: string }) => p.email === 'ana@example.com',
) as { email: string; password: string };
const ANA_SIGN_IN = { email: ANA.email, password: ANA.password };

interface Target {
  name: 'limited' | 'baseline';
  url: string;
  dataDir: string;
  child: ChildProcess;
}

function start(name: Target['name'], port: number, factor: string): Target {
  const dataDir = mkdtempSync(join(tmpdir(), `attack-${name}-`));
  const child = spawn(process.execPath, ['server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'no-site'),
      RECURRING_RUN_MINUTES: '0',
      LOG_LEVEL: 'error',
      DEV_ENDPOINTS: 'false',
      RATE_LIMIT_FACTOR: factor,
      TRUST_PROXY: '1',
    },
  });
  return { name, url: `http://127.0.0.1:${port}`, dataDir, child };
}

async function ready(t: Target): Promise<void> {
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${t.url}/state/all`, { headers: { 'x-forwarded-for': '192.0.2.250' } })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${t.name} server did not answer within 60 s`);
}

function rows(t: Target, table: string): number {
  const db = new DatabaseSync(join(t.dataDir, 'deposit-site.db'), { readOnly: true });
  try {
    return Number((db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

function bytes(t: Target, table: string, columns: string): number {
  const db = new DatabaseSync(join(t.dataDir, 'deposit-site.db'), { readOnly: true });
  try {
    const sum = columns
      .split(',')
      .map((c) => `COALESCE(LENGTH(${c}), 0)`)
      .join(' + ');
    return Number((db.prepare(`SELECT COALESCE(SUM(${sum}), 0) AS n FROM ${table}`).get() as { n: number }).n);
  } finally {
    db.close();
  }
}

/** One browser from one address: its cookie and CSRF token. */
class Browser {
  cookie = '';
  csrf = '';
  readonly t: Target;
  readonly ip: string;
  constructor(t: Target, ip: string) {
    this.t = t;
    this.ip = ip;
  }

  async request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    const res = await fetch(`${this.t.url}${path}`, {
      method,
      headers: {
        'x-forwarded-for': this.ip,
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(method === 'POST' ? { 'content-type': 'application/json', [CSRF_HEADER]: this.csrf } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const set = res.headers.get('set-cookie');
    const m = set ? /sid=([^;]*)/.exec(set) : null;
    if (m) this.cookie = `sid=${m[1]}`;
    return res;
  }

  /** Signs in: the session rotates, and so does its CSRF token. */
  async signIn(who: { email: string; password: string }): Promise<Response> {
    const res = await this.request('POST', '/auth/login', who);
    if (res.status === 200) this.csrf = ((await res.clone().json()) as { csrf_token?: string }).csrf_token ?? '';
    return res;
  }

  async open(): Promise<this> {
    const res = await this.request('GET', '/state/all');
    const body = (await res.json()) as { csrf_token?: string };
    this.csrf = body.csrf_token ?? '';
    return this;
  }
}

/** Sends `n` requests one after another; how many got through before the first 429 (n if none). */
async function throughBefore429(n: number, send: (i: number) => Promise<Response>): Promise<number> {
  for (let i = 0; i < n; i += 1) {
    const res = await send(i);
    await res.arrayBuffer();
    if (res.status === 429) return i;
  }
  return n;
}

function line(name: string, value: number, unit: string): void {
  console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);
}

/** A Luhn-valid Visa number of the test range, different for each i (card testing tries many). */
function cardNumber(i: number): string {
  const body = `4000${String(100000000 + i).padStart(11, '0')}`;
  let sum = 0;
  for (let k = 0; k < body.length; k += 1) {
    let d = Number(body[body.length - 1 - k]);
    if (k % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return `${body}${(10 - (sum % 10)) % 10}`;
}

async function attacks(t: Target): Promise<void> {
  const p = `attack.${t.name}`;

  // 1. Cookie-less GET /state/all: each would open a session row.
  {
    const before = rows(t, 'sessions');
    const n = 2000;
    const through = await throughBefore429(n, () =>
      fetch(`${t.url}/state/all`, { headers: { 'x-forwarded-for': '198.51.100.1' } }),
    );
    for (let i = through; i < n; i += 1)
      await (await fetch(`${t.url}/state/all`, { headers: { 'x-forwarded-for': '198.51.100.1' } })).arrayBuffer();
    line(`${p}.sessions_flood.through_before_429`, through, `of ${n} requests`);
    line(`${p}.sessions_flood.table_growth`, rows(t, 'sessions') - before, 'rows');
  }

  // 2. Client error reports: big ones, many of them, from one session.
  {
    const b = await new Browser(t, '198.51.100.2').open();
    const before = bytes(t, 'client_errors', 'message,stack,url,user_agent');
    const n = 500;
    const report = { message: 'x'.repeat(2000), stack: 's'.repeat(8000), url: 'u'.repeat(2000) };
    const through = await throughBefore429(n, () => b.request('POST', '/development/log_js_error', report));
    for (let i = through; i < n; i += 1)
      await (await b.request('POST', '/development/log_js_error', report)).arrayBuffer();
    const huge = await b.request('POST', '/development/log_js_error', { message: 'm', stack: 's'.repeat(1 << 20) });
    line(`${p}.client_errors.through_before_429`, through, `of ${n} requests`);
    line(
      `${p}.client_errors.table_growth`,
      (bytes(t, 'client_errors', 'message,stack,url,user_agent') - before) / 1024,
      'kB',
    );
    line(`${p}.client_errors.one_megabyte_report_status`, huge.status, 'status');
  }

  // 3. Password spraying: one password on 40 e-mails from one address, 40 at once.
  {
    const b = await new Browser(t, '198.51.100.3').open();
    const other = await new Browser(t, '203.0.113.3').open();
    const started = performance.now();
    const otherAnswer = (async () => {
      await new Promise((r) => setTimeout(r, 200));
      const t0 = performance.now();
      const res = await other.signIn(ANA_SIGN_IN);
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`another payer's sign-in answered ${res.status}`);
      return performance.now() - t0;
    })();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        b.request('POST', '/auth/login', { email: `payer${i}@example.com`, password: 'Summer2026' }),
      ),
    );
    const ms = performance.now() - started;
    const statuses = answers.map((r) => r.status);
    for (const r of answers) await r.arrayBuffer();
    line(`${p}.password_spray.checked`, statuses.filter((s) => s === 400).length, 'of 40 attempts');
    line(`${p}.password_spray.refused_429`, statuses.filter((s) => s === 429).length, 'of 40 attempts');
    line(`${p}.password_spray.wall_time`, ms, 'ms');
    line(`${p}.password_spray.another_payers_sign_in_meanwhile`, await otherAnswer, 'ms');
  }

  // 4. A stranger's wrong passwords on a payer's account, then the payer with the right one.
  {
    const stranger = await new Browser(t, '198.51.100.4').open();
    let checked = 0;
    for (let i = 0; i < 12; i += 1) {
      const res = await stranger.request('POST', '/auth/login', { email: ANA.email, password: `wrong-${i}` });
      if (res.status === 400) checked += 1;
      await res.arrayBuffer();
    }
    line(`${p}.stranger_lockout.wrong_passwords_checked`, checked, 'of 12 back to back');
    const owner = await new Browser(t, '203.0.113.4').open();
    let waited = 0;
    let res = await owner.request('POST', '/auth/login', ANA_SIGN_IN);
    while (res.status === 429 && waited < 3600) {
      const wait = Number(res.headers.get('retry-after') ?? '1');
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, wait * 1000));
      waited += wait;
      res = await owner.request('POST', '/auth/login', ANA_SIGN_IN);
    }
    await res.arrayBuffer();
    line(`${p}.stranger_lockout.owner_signed_in`, res.status === 200 ? 1 : 0, '(1 yes)');
    line(`${p}.stranger_lockout.owner_waited`, waited, 's');
  }

  // 5. Card testing: many card numbers through the vault from one session, then from new sessions.
  {
    const b = await new Browser(t, '198.51.100.5').open();
    const n = 200;
    const card = (i: number) => ({
      credit_card: cardNumber(i),
      credit_card_cvc: '123',
      credit_card_month: '12',
      credit_card_year: '2030',
    });
    const perSession = await throughBefore429(n, (i) => b.request('POST', '/vault/tokenize', card(i)));
    const perIp = await throughBefore429(n, async (i) => {
      const fresh = await new Browser(t, '198.51.100.5').open();
      return fresh.request('POST', '/vault/tokenize', card(n + i));
    });
    const before = rows(t, 'vault_tokens');
    const oneCard = await throughBefore429(n, async (i) => {
      const fresh = await new Browser(t, `198.51.101.${(i % 250) + 1}`).open();
      return fresh.request('POST', '/vault/tokenize', card(0));
    });
    line(`${p}.card_testing.one_session.through_before_429`, perSession, `of ${n} cards`);
    line(`${p}.card_testing.one_address.through_before_429`, perIp, `of ${n} cards`);
    line(`${p}.card_testing.one_card_many_addresses.through_before_429`, oneCard, `of ${n} tries`);
    line(`${p}.card_testing.vault_growth_one_card`, rows(t, 'vault_tokens') - before, 'rows');
  }

  // 6. SMS pumping: text receipts to many numbers from one address (each from a fresh session).
  {
    const n = 200;
    const through = await throughBefore429(n, async (i) => {
      const b = await new Browser(t, '198.51.100.6').open();
      const phone = `(512) 555-${String(1000 + i).padStart(4, '0')}`;
      return b.request('POST', '/pay/sms_send', { phone_no: phone, receipt: 'r', enroll: false });
    });
    const owner = await new Browser(t, '198.51.100.7').open();
    await (await owner.signIn(ANA_SIGN_IN)).arrayBuffer();
    const before = rows(t, 'outbox');
    const pumped = await throughBefore429(n, () =>
      owner.request('POST', '/account/destinations/validate_via_sms', { ani: '5125550103' }),
    );
    line(`${p}.sms_pumping.many_numbers.through_before_429`, through, `of ${n} requests`);
    line(`${p}.sms_pumping.one_number.through_before_429`, pumped, `of ${n} requests`);
    line(`${p}.sms_pumping.outbox_growth`, rows(t, 'outbox') - before, 'rows');
  }

  // 7. The sandbox outbox (verification codes in clear) is closed.
  {
    const res = await fetch(`${t.url}/development/outbox`, { headers: { 'x-forwarded-for': '198.51.100.8' } });
    await res.arrayBuffer();
    line(`${p}.open_outbox.status`, res.status, 'status');
  }
}

const targets = [start('limited', BASE_PORT, '1'), start('baseline', BASE_PORT + 1, '100000')];
try {
  for (const t of targets) {
    await ready(t);
    await attacks(t);
  }
} finally {
  for (const t of targets) {
    if (t.child.exitCode === null) {
      const exited = new Promise((r) => t.child.once('exit', r));
      t.child.kill();
      await exited;
    }
    rmSync(t.dataDir, { recursive: true, force: true });
  }
}
