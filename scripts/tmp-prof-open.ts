import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';

const PORT = 8191;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const site = spawn(process.execPath, ['server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: mkdtempSync(join(tmpdir(), 'prof-')), STATIC_DIR: process.env['DIST'] ?? '/tmp/dist-nomin', RECURRING_RUN_MINUTES: '0', LOG_LEVEL: 'warn' },
});
for (let i = 0; i < 100; i++) {
  try { if ((await fetch(ORIGIN + '/healthz')).ok) break; } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const rounds = Number(process.env['ROUNDS'] ?? 3);
const self = new Map<string, number>();
let wallSum = 0;
for (let r = 0; r < rounds; r++) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await page.goto(`${ORIGIN}${process.env['PATH_TO'] ?? '/deposit_facility/US'}`);
  const wall = await page.waitForFunction(() => performance.getEntriesByName('first-screen-ready').length > 0 && performance.now(), null, { polling: 'raf' });
  wallSum += (await wall.jsonValue()) as number;
  const { profile } = await cdp.send('Profiler.stop');
  const total = new Map<number, number>();
  const dt = profile.timeDeltas ?? [];
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  (profile.samples ?? []).forEach((id, i) => total.set(id, (total.get(id) ?? 0) + (dt[i] ?? 0)));
  for (const [id, us] of total) {
    const n = byId.get(id)!;
    const file = n.callFrame.url.split('/').pop() ?? '';
    const key = process.env['BY_FILE'] ? file : `${n.callFrame.functionName || '(anon)'} ${file}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + us);
  }
  await page.close();
}
console.log(`ready at ${(wallSum / rounds).toFixed(0)} ms (mean of ${rounds})`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env['TOP'] ?? 30))) console.log(`${(us / 1000 / rounds).toFixed(1).padStart(7)} ms  ${k}`);
await browser.close();
site.kill('SIGTERM');
