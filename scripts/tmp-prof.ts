import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';
import en from '../locales/en.json' with { type: 'json' };

const PORT = 8190;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const dataDir = mkdtempSync(join(tmpdir(), 'prof-'));
const site = spawn(process.execPath, ['server/main.ts'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: process.env['DIST'] ?? '/tmp/dist-nomin', RECURRING_RUN_MINUTES: '0', LOG_LEVEL: 'warn' },
});
for (let i = 0; i < 100; i++) {
  try { const r = await fetch(ORIGIN + '/healthz'); if (r.ok) break; } catch {}
  await new Promise((r) => setTimeout(r, 200));
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto(`${ORIGIN}/#/deposit_facility/US`);
await page.locator('select[name="facility_state"] option[value="TX"]').waitFor({ state: 'attached' });
await page.waitForTimeout(1000);
await page.selectOption('select[name="facility_state"]', 'TX');
await page.getByLabel(en.FACILITY.FACILITY, { exact: true }).selectOption({ label: 'Harris County Jail' });
await page.getByRole('button', { name: en.WIZARD.CONTINUE }).click();
const inmate = en.INMATE_LABEL.INMATE;
const flex = page.getByRole('region', { name: en.TYPE.FLEX_TITLE.replace('{{label, lowercase}}', inmate.toLowerCase()).replace('{{label}}', inmate) });
await flex.getByRole('button', { name: en.TYPE.CHOOSE }).click();
await page.getByLabel(en.RECIPIENT.NAME).pressSequentially('smith');
const select = en.RECIPIENT.SELECT_NAMED.replace('{{name}}', 'John Smith');
await page.getByRole('button', { name: select, exact: true }).waitFor();
await page.waitForTimeout(1000);
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing'] });
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
const t0 = Date.now();
await page.getByRole('button', { name: select, exact: true }).click();
await page.waitForFunction(() => { const s = document.querySelector('[aria-labelledby="checkout-summary"]'); return !!s && s.getAttribute('aria-busy') !== 'true' && /29\.95/.test(s.textContent ?? ''); }, null, { polling: 'raf' });
const wall = Date.now() - t0;
const { profile } = await cdp.send('Profiler.stop');
const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { data?: { frame?: string } } }[] };
// The renderer main thread: the one that ran most FunctionCall events.
const counts = new Map<string, number>();
for (const e of trace.traceEvents) if (e.name === 'FunctionCall') counts.set(`${e.pid}:${e.tid}`, (counts.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
const main = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
const byName = new Map<string, number>();
for (const e of trace.traceEvents) if (`${e.pid}:${e.tid}` === main && e.ph === 'X' && e.dur) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur);
console.log('trace, main thread, inclusive ms by event:');
for (const [k, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`);
writeFileSync('/tmp/prof/checkout.cpuprofile', JSON.stringify(profile));
// self time by function
const self = new Map<string, number>();
const total = new Map<number, number>();
const dt = profile.timeDeltas ?? [];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
(profile.samples ?? []).forEach((id, i) => total.set(id, (total.get(id) ?? 0) + (dt[i] ?? 0)));
for (const [id, us] of total) {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + us);
}
const sum = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`wall ${wall} ms, sampled ${(sum / 1000).toFixed(0)} ms`);
for (const [k, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${(us / 1000).toFixed(1).padStart(7)} ms  ${k}`);
await browser.close();
site.kill('SIGTERM');
