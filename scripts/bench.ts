// `npm run bench`: figures, never a verdict. Run `npm run build` first.
//  1. The JS and CSS that the first screen loads (the tags of dist/index.html), gzipped.
//  2. Server time of three hot calls through Fastify's inject (no sockets), on a fresh sandbox database:
//     the Texas facility list, a name search in the first of those facilities, and the form state.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { PATHS, type FacilityListResponse, type SearchInmatesResponse } from '../contract/api.ts';
import { buildApp } from '../server/app.ts';

const DIST = resolve('dist');
const REQUESTS = 200;
const WARM_UP = 20;
const FACILITY_LIST = `${PATHS.facilityList}?facility_state=TX&country=US`;
const searchUrl = (facilityId: number) => `${PATHS.searchInmates}?facility_id=${facilityId}&name_query=smi`;

const kB = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);
const ms = (n: number) => `${n.toFixed(2)} ms`;

/** Same-origin JS and CSS referenced by the page: module scripts, module preloads, stylesheets. */
function firstScreenAssets(html: string): string[] {
  const urls: string[] = [];
  for (const [, attrs = ''] of html.matchAll(/<script\b([^>]*)>/g)) {
    const src = /\bsrc="([^"]+)"/.exec(attrs)?.[1];
    if (src) urls.push(src);
  }
  for (const [, attrs = ''] of html.matchAll(/<link\b([^>]*)>/g)) {
    const rel = /\brel="([^"]+)"/.exec(attrs)?.[1] ?? '';
    const href = /\bhref="([^"]+)"/.exec(attrs)?.[1];
    if (href && /\b(stylesheet|modulepreload)\b/.test(rel)) urls.push(href);
  }
  return [...new Set(urls)].filter((u) => !/^[a-z]+:|^\/\//i.test(u));
}

function reportBundle(): void {
  const indexPath = join(DIST, 'index.html');
  if (!existsSync(indexPath)) {
    console.log('First screen: dist/index.html not found (run `npm run build`).\n');
    return;
  }
  console.log('First screen (assets named in dist/index.html), gzip level 9:');
  const totals = { js: { raw: 0, gz: 0 }, css: { raw: 0, gz: 0 } };
  for (const url of firstScreenAssets(readFileSync(indexPath, 'utf8'))) {
    const file = join(DIST, url.replace(/^\.?\//, '').split(/[?#]/)[0] ?? '');
    if (!existsSync(file)) {
      console.log(`  ${url}  (missing)`);
      continue;
    }
    const raw = readFileSync(file);
    const gz = gzipSync(raw, { level: 9 }).length;
    const kind = file.endsWith('.css') ? 'css' : 'js';
    totals[kind].raw += raw.length;
    totals[kind].gz += gz;
    console.log(`  ${url.padEnd(48)} ${kB(gz).padStart(10)} gzip  (${kB(raw.length)} raw)`);
  }
  console.log(`  ${'JS total'.padEnd(48)} ${kB(totals.js.gz).padStart(10)} gzip  (${kB(totals.js.raw)} raw)`);
  console.log(`  ${'CSS total'.padEnd(48)} ${kB(totals.css.gz).padStart(10)} gzip  (${kB(totals.css.raw)} raw)\n`);
}

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

async function reportServer(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'deposit-bench-'));
  const app = await buildApp({ dbPath: join(dir, 'bench.db'), staticDir: DIST });
  try {
    await app.ready();
    // One session for every call, as a browser would have; the first call opens it.
    const first = await app.inject({ method: 'GET', url: '/state/all' });
    const setCookie = first.headers['set-cookie'];
    const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const headers = cookie ? { cookie } : {};
    // Search a Texas facility of the sandbox data where "smi" finds someone (a search that finds
    // nobody would time the cheap path), whatever the ids of the fixtures are.
    const list = await app.inject({ method: 'GET', url: FACILITY_LIST, headers });
    const facilities = (list.json() as Partial<FacilityListResponse>).facilities ?? [];
    let facilityId = facilities[0]?.id ?? 1001;
    for (const { id } of facilities) {
      const found = await app.inject({ method: 'GET', url: searchUrl(id), headers });
      if (((found.json() as Partial<SearchInmatesResponse>).inmates?.length ?? 0) > 0) {
        facilityId = id;
        break;
      }
    }
    const calls = [FACILITY_LIST, `${PATHS.searchInmates}?facility_id=${facilityId}&name_query=smi`, PATHS.stateAll];

    console.log(`API through app.inject: ${REQUESTS} requests each after ${WARM_UP} warm-up, one session:`);
    for (const url of calls) {
      for (let i = 0; i < WARM_UP; i += 1) await app.inject({ method: 'GET', url, headers });
      const times: number[] = [];
      const statuses = new Map<number, number>();
      for (let i = 0; i < REQUESTS; i += 1) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers });
        times.push(performance.now() - start);
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      }
      times.sort((a, b) => a - b);
      const mean = times.reduce((a, b) => a + b, 0) / times.length;
      const codes = [...statuses].map(([code, n]) => `${code}×${n}`).join(' ');
      console.log(`  GET ${url}`);
      console.log(
        `      p50 ${ms(percentile(times, 0.5))}  p95 ${ms(percentile(times, 0.95))}  mean ${ms(mean)}  status ${codes}`,
      );
    }
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

reportBundle();
await reportServer();
