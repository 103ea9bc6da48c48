// `npm run bench:web`: where the first load on a cheap phone stands. Figures, never a verdict; one
// `name: value unit` line each. It builds the app, serves it with the real server (server/main.ts, on a
// fresh sandbox database) and measures, on that server:
//  1. Lighthouse (mobile preset: simulated slow 4G, 4x CPU slow-down), RUNS runs on the landing `/` and
//     on the facility step, median of each figure; and the same on a bare page (one heading, no script)
//     served by node:http in the same run, the best this machine can score.
//  2. The JS and CSS of the first screen (what the landing loads until the app marks it ready, see
//     FIRST_SCREEN_MARK; before that mark existed, all it loads) and of the whole app (every .js and
//     .css of dist/assets), in bytes on the wire as the server sends them to a client that accepts
//     gzip only, and to one that accepts brotli.
//  3. Step change: Continue on the facility step until the type step's heading has focus, and Back
//     again, STEP_ROUNDS times each in Chromium (no throttling, then 4x CPU slow-down); p50 and p95,
//     with a bare page that swaps and focuses a heading in the same browser.
// BENCH_PORT (default 8090) and BENCH_PORT+1 are used; `--no-build` measures dist/ as it is; `--only=`
// picks parts (bytes, steps, lighthouse, bare).
import { spawn, type ChildProcess, execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request, createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser, type Page } from 'playwright';

const PORT = Number(process.env['BENCH_PORT'] ?? 8090);
const BARE_PORT = PORT + 1;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env['BENCH_RUNS'] ?? 3);
const STEP_ROUNDS = Number(process.env['BENCH_STEP_ROUNDS'] ?? 20);
const DIST = resolve('dist');
const CHROMIUM = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';
/** Without the networking flags Chromium keeps calling hosts that a closed network refuses. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** The User Timing mark the app sets once the first screen is drawn and working (src/main.tsx). */
const FIRST_SCREEN_MARK = 'first-screen-ready';
const PAGES = [
  { name: 'landing', path: '/' },
  { name: 'facility', path: '/#/deposit_facility/US' },
] as const;

const require = createRequire(import.meta.url);
/** `--only=bytes,steps,lighthouse,bare` measures those parts alone (all of them by default). */
const ONLY = process.argv
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const part = (name: string) => !ONLY || ONLY.includes(name);

function line(name: string, value: number, unit: string, digits = 1): void {
  const figure = Number.isFinite(value) ? value.toFixed(digits) : 'n/a';
  console.log(unit ? `${name}: ${figure} ${unit}` : `${name}: ${figure}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

// ---------------------------------------------------------------------------------------------------
// Servers

async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ok = await new Promise<boolean>((done) => {
      const req = request(url, { method: 'HEAD' }, (res) => {
        res.resume();
        done((res.statusCode ?? 500) < 500);
      });
      req.on('error', () => done(false));
      req.end();
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within 60 s`);
}

function startSiteServer(dataDir: string): ChildProcess {
  // process.execPath is the Node 24 that runs this script (the `node` devDependency).
  return spawn(process.execPath, ['server/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: DIST,
      RECURRING_RUN_MINUTES: '0',
      LOG_LEVEL: 'warn',
    },
  });
}

/** The bare baseline: one heading and a button that swaps it, no script file, no CSS file. */
const BARE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare</title></head>
<body><main><h1 tabindex="-1">Where is your loved one?</h1><p>Choose the country, the state and the facility.</p>
<button type="button" id="next">Continue</button></main>
<script>
let n = 0;
document.getElementById('next').addEventListener('click', () => {
  const h = document.createElement('h1');
  h.tabIndex = -1;
  h.textContent = 'Step ' + ++n;
  document.querySelector('h1').replaceWith(h);
  h.focus();
});
</script></body></html>`;

function startBareServer(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(BARE_HTML);
  });
  return new Promise((done) => server.listen(BARE_PORT, '127.0.0.1', () => done(server)));
}

// ---------------------------------------------------------------------------------------------------
// Bytes on the wire

/** Bytes of the body as sent (not decoded), for a client that accepts `encoding`. */
function wireBytes(path: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((done, fail) => {
    const req = request(`${ORIGIN}${path}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => done({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end();
  });
}

interface Sizes {
  js: { gzip: number; br: number; raw: number };
  css: { gzip: number; br: number; raw: number };
  encodings: Set<string>;
}

async function sizesOf(paths: string[]): Promise<Sizes> {
  const sizes: Sizes = { js: { gzip: 0, br: 0, raw: 0 }, css: { gzip: 0, br: 0, raw: 0 }, encodings: new Set() };
  for (const path of paths) {
    const kind = path.endsWith('.css') ? 'css' : 'js';
    const gzip = await wireBytes(path, 'gzip');
    const br = await wireBytes(path, 'br, gzip');
    const raw = await wireBytes(path, 'identity');
    sizes[kind].gzip += gzip.bytes;
    sizes[kind].br += br.bytes;
    sizes[kind].raw += raw.bytes;
    sizes.encodings.add(gzip.encoding).add(br.encoding);
  }
  return sizes;
}

/** Same-origin JS and CSS under /assets/ that the page loaded before the app marked its first screen. */
async function firstScreenAssets(browser: Browser, path: string): Promise<{ paths: string[]; marked: boolean }> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}${path}`, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const result = await page.evaluate((markName) => {
    const mark = performance.getEntriesByName(markName)[0];
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const paths = entries
      .filter((e) => !mark || e.startTime <= mark.startTime)
      .map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith('/assets/'))
      .filter((u) => /\.(js|css)$/.test(u.pathname))
      .map((u) => u.pathname);
    return { paths: [...new Set(paths)], marked: !!mark };
  }, FIRST_SCREEN_MARK);
  await context.close();
  return result;
}

function allAssets(): string[] {
  return readdirSync(join(DIST, 'assets'))
    .filter((f) => /\.(js|css)$/.test(f))
    .map((f) => `/assets/${f}`);
}

async function reportBytes(browser: Browser): Promise<void> {
  for (const { name, path } of PAGES) {
    const { paths, marked } = await firstScreenAssets(browser, path);
    const sizes = await sizesOf(paths);
    const prefix = name === 'landing' ? 'first_screen' : `${name}_screen`;
    console.log(
      `# ${name} (${path}): ${paths.length} files${marked ? ` loaded before the '${FIRST_SCREEN_MARK}' mark` : ''}, served as ${[...sizes.encodings].join(', ')}`,
    );
    console.log(`#   ${paths.map((p) => p.replace('/assets/', '')).join(' ')}`);
    line(`${prefix}_js_gzip`, sizes.js.gzip / 1024, 'KB');
    line(`${prefix}_js_br`, sizes.js.br / 1024, 'KB');
    line(`${prefix}_js_raw`, sizes.js.raw / 1024, 'KB');
    line(`${prefix}_css_gzip`, sizes.css.gzip / 1024, 'KB');
    line(`${prefix}_css_br`, sizes.css.br / 1024, 'KB');
  }
  const whole = await sizesOf(allAssets());
  console.log(`# whole app: every .js and .css of dist/assets`);
  line('whole_app_js_css_gzip', (whole.js.gzip + whole.css.gzip) / 1024, 'KB');
  line('whole_app_js_css_br', (whole.js.br + whole.css.br) / 1024, 'KB');
  line('whole_app_js_gzip', whole.js.gzip / 1024, 'KB');
  line('whole_app_css_gzip', whole.css.gzip / 1024, 'KB');
  const html = await wireBytes('/', 'br, gzip');
  line('index_html_wire', html.bytes / 1024, 'KB');
}

// ---------------------------------------------------------------------------------------------------
// Lighthouse

interface LighthouseFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
}

function lighthouseBin(): string {
  const pkgPath = require.resolve('lighthouse/package.json');
  const pkg = require(pkgPath) as { bin: Record<string, string> };
  return join(dirname(pkgPath), pkg.bin['lighthouse'] ?? 'cli/index.js');
}

/** Not execFileSync: the bare page's server runs in this process and must go on answering. */
async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'deposit-lh-'));
  const out = join(dir, 'report.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        lighthouseBin(),
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        `--chrome-flags=${CHROMIUM_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH: CHROMIUM }, maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      categories: { performance: { score: number | null } };
      audits: Record<string, { numericValue?: number }>;
    };
    const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
    return {
      score: (report.categories.performance.score ?? NaN) * 100,
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reportLighthouse(name: string, url: string): Promise<void> {
  const runs: LighthouseFigures[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runLighthouse(url));
  const of = (k: keyof LighthouseFigures) => median(runs.map((r) => r[k]));
  console.log(`# lighthouse ${name} (${url}): scores ${runs.map((r) => Math.round(r.score)).join(' / ')}`);
  line(`lighthouse_${name}_score`, of('score'), '', 0);
  line(`lighthouse_${name}_fcp`, of('fcp') / 1000, 's', 2);
  line(`lighthouse_${name}_lcp`, of('lcp') / 1000, 's', 2);
  line(`lighthouse_${name}_tbt`, of('tbt'), 'ms', 0);
  line(`lighthouse_${name}_cls`, of('cls'), '', 3);
  line(`lighthouse_${name}_speed_index`, of('si') / 1000, 's', 2);
}

// ---------------------------------------------------------------------------------------------------
// Step change

/** Clicks `button` and resolves with the ms from the click to focus landing on a new h1 heading. */
async function timeToHeading(page: Page, button: string): Promise<number> {
  const waiting = page.evaluate(
    () =>
      new Promise<number>((done) => {
        let start = NaN;
        const before = document.querySelector('h1')?.textContent;
        const onClick = () => (start = performance.now());
        const onFocus = (e: FocusEvent) => {
          const t = e.target;
          if (t instanceof HTMLElement && t.tagName === 'H1' && t.textContent !== before) {
            document.removeEventListener('click', onClick, true);
            document.removeEventListener('focusin', onFocus);
            done(performance.now() - start);
          }
        };
        document.addEventListener('click', onClick, true);
        document.addEventListener('focusin', onFocus);
      }),
  );
  await page.locator(button).first().click();
  return waiting;
}

async function stepTimes(browser: Browser, cpuSlowdown: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${ORIGIN}/`);
  await page.locator('h1:focus').waitFor();
  await page.locator('select[name="facility_state"] option[value="TX"]').waitFor({ state: 'attached' });
  await page.selectOption('select[name="facility_state"]', 'TX');
  const facility = page.locator('select[name="facility_id"] option:not([value=""])').first();
  await facility.waitFor({ state: 'attached' });
  await page.selectOption('select[name="facility_id"]', (await facility.getAttribute('value')) ?? '');
  // The first round loads the type step's code (unless the app fetched it already): left out.
  await timeToHeading(page, 'button[type="submit"]');
  await timeToHeading(page, 'button:text-is("Back")');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const times: number[] = [];
  for (let i = 0; i < STEP_ROUNDS; i++) {
    times.push(await timeToHeading(page, 'button[type="submit"]'));
    times.push(await timeToHeading(page, 'button:text-is("Back")'));
  }
  await context.close();
  return times;
}

async function bareStepTimes(browser: Browser, cpuSlowdown: number): Promise<number[]> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`http://127.0.0.1:${BARE_PORT}/`);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  const times: number[] = [];
  for (let i = 0; i < 2 * STEP_ROUNDS; i++) times.push(await timeToHeading(page, '#next'));
  await context.close();
  return times;
}

async function reportStepChange(browser: Browser): Promise<void> {
  for (const slowdown of [1, 4]) {
    const suffix = slowdown === 1 ? '' : `_cpu${slowdown}x`;
    const times = await stepTimes(browser, slowdown);
    const bare = await bareStepTimes(browser, slowdown);
    console.log(`# step change${slowdown === 1 ? '' : ` at ${slowdown}x CPU slow-down`}: ${times.length} changes`);
    line(`step_change_p50${suffix}`, percentile(times, 0.5), 'ms');
    line(`step_change_p95${suffix}`, percentile(times, 0.95), 'ms');
    line(`step_change_bare_p95${suffix}`, percentile(bare, 0.95), 'ms');
  }
}

// ---------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'deposit-bench-web-'));
  const site = startSiteServer(dataDir);
  const bare = await startBareServer();
  let browser: Browser | undefined;
  try {
    await waitForServer(`${ORIGIN}/`, site);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
    if (part('bytes')) await reportBytes(browser);
    if (part('steps')) await reportStepChange(browser);
    await browser.close();
    browser = undefined;
    if (part('lighthouse')) for (const { name, path } of PAGES) await reportLighthouse(name, `${ORIGIN}${path}`);
    if (part('lighthouse') || part('bare')) await reportLighthouse('bare', `http://127.0.0.1:${BARE_PORT}/`);
  } finally {
    await browser?.close();
    bare.close();
    site.kill('SIGTERM');
    await new Promise((r) => site.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
