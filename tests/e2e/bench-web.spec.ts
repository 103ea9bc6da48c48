// `npm run bench:web` measures the built site as a payer meets it (scripts/bench-web.ts). It drives the
// real pages, so a change to them can break it; its quick run (`--short`: the bytes, two step changes and
// a guest's deposit, no throttling, no Lighthouse) is run here, on the build the journeys use, and must
// print every figure as `name: value unit`. No figure is judged: speed is read, not asserted.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './support.ts';

/** E2E_PORT is this run's base port; the bench's own server and its bare page take BENCH_PORT and the next. */
const BENCH_PORT = Number(process.env['BENCH_PORT'] ?? Number(process.env['E2E_PORT'] ?? 4173) + 4);

/** Every figure the quick run prints. */
const FIGURES = [
  'machine_load_1min_start',
  'first_screen_js_br',
  'facility_screen_js_br',
  'whole_app_js_css_br',
  'step_change_p50',
  'step_change_p95',
  'step_change_bare_p95',
  'phone_open_facility',
  'phone_to_type',
  'phone_to_recipient',
  'phone_search_results',
  'phone_to_checkout_priced',
  'phone_to_receipt',
  'phone_deposit_total',
  'phone_bare_step',
  'phone_open_lcp',
];

test('bench:web --short measures the site from its root and prints each figure as name: value unit', async () => {
  test.setTimeout(180_000);
  const { stdout } = await promisify(execFile)(process.execPath, ['scripts/bench-web.ts', '--no-build', '--short'], {
    env: { ...process.env, BENCH_PORT: String(BENCH_PORT), BENCH_DIST: process.env['E2E_STATIC_DIR'] ?? 'dist' },
    timeout: 170_000,
  });
  const lines = stdout.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
  for (const l of lines) expect(l, 'a figure line').toMatch(/^[a-z0-9_]+: \d+(\.\d+)? [A-Za-z%/]+$/);
  const names = lines.map((l) => l.slice(0, l.indexOf(':')));
  expect(names).toEqual(expect.arrayContaining(FIGURES));
});
