// `npm run bench:soak`: does the server's memory level off under a long load (issue: "the server grows
// by ~180 MiB over 50,000 requests")? It starts the server on a fresh SQLite database in a child
// process (node --expose-gc, logging at the default level to its stdout) and loads it with autocannon
// from this one, with what a payer's browser sends most: the form state, a facility, a save, the
// health check, and paths that name nothing (404). Between rounds the child is asked, over IPC, to
// collect its garbage and say its memory, so that what V8 merely keeps is told from what is held.
// Figures, never a verdict: one line each, `name: value unit`:
//   rss_idle, rss_after_50k, rss_after_500k          resident set, MiB (as the operator sees it)
//   heap_used_*                                       V8 heap in use after a full GC, MiB (a leak grows here)
//   heap_total_*, external_*                          V8 heap kept (used or not), memory outside it, MiB
//   log_bytes_per_50k                                 log written per 50,000 requests at the default level
//   soak_rps, bare_rps                                the load's rate, beside a bare node:http server's
//
//   npm run bench:soak
//   npm run bench:soak -- --requests 500000 --connections 32
// BENCH_PORT fixes the server's port (default: a free one).
import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { CSRF_HEADER, PATHS } from '../contract/api.ts';

const { values: args } = parseArgs({
  options: {
    serve: { type: 'boolean', default: false },
    bare: { type: 'boolean', default: false },
    port: { type: 'string', default: process.env['BENCH_PORT'] ?? '0' },
    requests: { type: 'string', default: '500000' },
    connections: { type: 'string', default: '32' },
    db: { type: 'string' },
  },
});

const MIB = 1024 * 1024;
const STEP = 50_000;

interface Memory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
}

/** `--serve`: the app on a SQLite file, logging at the default level; answers `measure` over IPC. */
async function serve(): Promise<void> {
  const { buildApp } = await import(resolve(import.meta.dirname, '../server/app.ts'));
  // The whole load comes from one address standing for many payers: the limits are raised out of its
  // way and still count every request they apply to.
  const app = await buildApp({ dbPath: args.db, logger: true, config: { rateLimitFactor: 100_000 } });
  await app.listen({ port: Number(args.port), host: '127.0.0.1' });
  const gc = (globalThis as { gc?: () => void }).gc;
  process.on('message', (m: unknown) => {
    if (m !== 'measure') return;
    gc?.();
    const { rss, heapUsed, heapTotal, external } = process.memoryUsage();
    process.send?.({ rss, heapUsed, heapTotal, external } satisfies Memory);
  });
  process.once('SIGTERM', () => process.exit(0));
  process.send?.({ port: (app.server.address() as { port: number }).port });
}

/** `--bare`: the ceiling, node:http answering a small JSON body. */
function bare(): void {
  const body = JSON.stringify({ ok: true });
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as { port: number }).port }));
}

interface Child {
  base: string;
  process: ChildProcess;
  logBytes: () => number;
  measure(): Promise<Memory>;
  stop(): Promise<void>;
}

function startChild(mode: '--serve' | '--bare', extra: string[]): Promise<Child> {
  const child = fork(import.meta.filename, [mode, ...extra], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  let logBytes = 0;
  child.stdout?.on('data', (chunk: Buffer) => (logBytes += chunk.length));
  return new Promise((resolveStart, reject) => {
    child.once('exit', (code) => reject(new Error(`${mode} exited (${code}) before listening`)));
    child.once('message', (m) => {
      child.removeAllListeners('exit');
      resolveStart({
        base: `http://127.0.0.1:${(m as { port: number }).port}`,
        process: child,
        logBytes: () => logBytes,
        measure: () =>
          new Promise((done) => {
            child.once('message', (r) => done(r as Memory));
            child.send('measure');
          }),
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

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    autocannon(opts, (err, result) => (err ? fail(err as Error) : done(result)));
  });
}

function print(name: string, value: number, unit: string): void {
  console.log(`${name}: ${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`);
}

/** One session, as a browser opens it: its cookie and CSRF token. */
async function session(base: string): Promise<Record<string, string>> {
  const res = await fetch(`${base}${PATHS.stateAll}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token: csrf } = (await res.json()) as { csrf_token: string };
  return { cookie, [CSRF_HEADER]: csrf };
}

async function main(): Promise<void> {
  const total = Number(args.requests);
  const connections = Number(args.connections);
  const dir = mkdtempSync(join(tmpdir(), 'bench-soak-'));
  const server = await startChild('--serve', ['--db', join(dir, 'soak.sqlite'), '--port', args.port]);
  try {
    const headers = await session(server.base);
    const json = { ...headers, 'content-type': 'application/json' };
    let n = 0;
    const requests: autocannon.Request[] = [
      { method: 'GET', path: PATHS.stateAll, headers },
      { method: 'GET', path: PATHS.facility(1001), headers },
      {
        method: 'POST',
        path: PATHS.stateSave,
        headers: json,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ fields: { deposit_amount: 20 + (n++ % 50) } }) }),
      },
      { method: 'GET', path: '/healthz' },
      // A different unknown path each time: a per-path label or cache would grow with them.
      { method: 'GET', path: '/pay/no_such_call', setupRequest: (req) => ({ ...req, path: `/pay/no_such_${n++}` }) },
    ];
    const idle = await server.measure();
    print('rss_idle', idle.rss / MIB, 'MiB');
    print('heap_used_idle', idle.heapUsed / MIB, 'MiB');
    let done = 0;
    let seconds = 0;
    let errors = 0;
    let logAtStart = server.logBytes();
    let logPerStep = 0;
    while (done < total) {
      const amount = Math.min(STEP, total - done);
      const result = await run({ url: server.base, connections, amount, requests });
      done += amount;
      seconds += result.duration;
      errors += result.errors + result.timeouts + result['5xx'];
      if (done === STEP) logPerStep = server.logBytes() - logAtStart;
      if (done === STEP || done === total || done % (5 * STEP) === 0) {
        const m = await server.measure();
        const k = `${done / 1000}k`;
        print(`rss_after_${k}`, m.rss / MIB, 'MiB');
        print(`heap_used_after_${k}`, m.heapUsed / MIB, 'MiB');
        print(`heap_total_after_${k}`, m.heapTotal / MIB, 'MiB');
        print(`external_after_${k}`, m.external / MIB, 'MiB');
      }
    }
    logAtStart = server.logBytes();
    print('log_bytes_per_50k', logPerStep, 'bytes');
    print('soak_rps', Math.round(done / seconds), 'req/s');
    print('soak_errors', errors, 'answers');
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const bareServer = await startChild('--bare', []);
  try {
    const result = await run({ url: bareServer.base, connections, amount: STEP });
    print('bare_rps', Math.round(STEP / result.duration), 'req/s');
  } finally {
    await bareServer.stop();
  }
}

if (args.serve) await serve();
else if (args.bare) bare();
else await main();
