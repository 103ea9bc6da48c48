// The statechart inspector is a development tool (docs/decisions/0001). A production build neither opens
// it for `?inspect` nor carries its code; in development (Vite's dev server, started here in front of the
// run's API server) it draws the charts, steps back through a guest deposit and replays a recorded one.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import {
  CARDS,
  RECIPIENT,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  expectReceiptStep,
  fillCheckout,
  findRecipient,
  payer,
  submitButton,
  test,
} from './support.ts';
import { ASYNC_TIMEOUT } from '../wait.ts';

const STATIC_DIR = process.env['E2E_STATIC_DIR'] ?? 'dist';
/** The recorded guest deposit the replay tests read (tests/ui/inspector-flow.test.ts too). */
const GUEST_DEPOSIT_FLOW = 'fixtures/flows/guest-deposit.json';

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test('?inspect opens nothing in a production build, whose files hold no inspector', async ({ page }) => {
  await page.goto('/?inspect#/deposit_facility/US');
  await expect(page.getByRole('heading', { level: 1, name: T.en.FACILITY.HEADING })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Statechart inspector' })).toHaveCount(0);
  const scripts = builtFiles(STATIC_DIR).filter((f) => /\.(js|css|html)$/.test(f));
  expect(scripts.length).toBeGreaterThan(0);
  for (const file of scripts) {
    const text = readFileSync(file, 'utf8');
    expect(text, file).not.toContain('Statechart inspector');
    expect(text, file).not.toContain('statelyai');
    // elkjs, the chart's layout, and the flow files of time travel.
    expect(text, file).not.toContain('org.eclipse.elk');
    expect(text, file).not.toContain('statechart-flow');
  }
});

test.describe('in development', () => {
  // This worker's server (tests/e2e/support.ts); the development server takes the run's base port + 2.
  const devPort = Number(process.env['DEV_PORT'] ?? Number(process.env['E2E_PORT'] ?? 4173) + 2);
  const devUrl = `http://127.0.0.1:${devPort}`;
  let vite: ChildProcess | undefined;

  test.beforeAll(async ({ site }) => {
    const apiPort = new URL(site).port;
    const require = createRequire(import.meta.url);
    const pkg = require.resolve('vite/package.json');
    const bin = join(dirname(pkg), (require(pkg) as { bin: { vite: string } }).bin.vite);
    // vite.config.ts proxies the API paths to DEV_API_PORT: this run's server.
    vite = spawn(process.execPath, [bin, '--port', String(devPort), '--strictPort', '--host', '127.0.0.1'], {
      env: { ...process.env, DEV_API_PORT: apiPort },
      stdio: 'ignore',
    });
    await expect
      .poll(
        () =>
          fetch(devUrl).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 4 * ASYNC_TIMEOUT },
      )
      .toBe(200);
  });

  test.afterAll(() => {
    vite?.kill('SIGTERM');
  });

  function panelOf(page: Page): Locator {
    return page.getByRole('complementary', { name: 'Statechart inspector' });
  }

  /** The screen of the moment the panel stands at, drawn over the live page. */
  function screenOf(page: Page): Locator {
    return page.getByRole('group', { name: 'Screen of this moment' });
  }

  test('draws the checkout, records a guest deposit, steps back to the checkout and saves the flow', async ({
    page,
  }, info) => {
    test.setTimeout(12 * ASYNC_TIMEOUT);
    const t = T.en;
    await page.goto(`${devUrl}/?inspect#/deposit_facility/US`);
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: 4 * ASYNC_TIMEOUT });
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, RECIPIENT.name, 'en', { results: 3 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.CHECKOUT.HEADING);

    // The checkout's chart, laid out by ELK: boxes for its states, arrows for its transitions, the
    // active state filled; with its children, their charts beside it.
    await panel.getByLabel('Actor', { exact: true }).selectOption('app / wizard / checkout');
    const chart = panel.getByRole('img', { name: 'Statechart of app / wizard / checkout' });
    await expect(chart).toBeVisible();
    expect(await chart.locator('g.chart-svg__transition').count()).toBeGreaterThan(3);
    await expect(chart.locator('g[data-active="true"]').first()).toBeAttached();
    await panel.getByLabel('With its children').check();
    await expect(panel.getByRole('img', { name: /^Statechart of app \/ wizard \/ checkout \/ / })).not.toHaveCount(0);
    await panel.getByLabel('With its children').uncheck();

    const card = CARDS.approved;
    await fillCheckout(page, card, 'en', payer('inspector'));
    await submitButton(page, 'en').click();
    await expectReceiptStep(page, 'en');

    // Every event between actors is listed, the card number and security code masked.
    const sequence = panel.getByRole('list', { name: 'Events between actors' });
    await expect(sequence).toContainText('(outside) → app / wizard');
    await expect(sequence).not.toContainText(card);

    // The flow as a file: no card number, no security code.
    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Save flow' }).click();
    const saved = readFileSync((await (await download).path()) ?? '', 'utf8');
    expect(saved).toContain('"format": "statechart-flow"');
    expect(saved).not.toContain(card);
    expect(saved).not.toContain(`"${card.slice(0, 6)}`);
    writeFileSync(info.outputPath('guest-deposit.json'), saved);
    // `RECORD_FLOW=1` records the fixture the replays read anew.
    if (process.env['RECORD_FLOW']) writeFileSync(GUEST_DEPOSIT_FLOW, saved);

    // Back to the moment after the last event sent to the checkout from outside: the checkout, replayed.
    const toCheckout = sequence.getByRole('button', { name: /^\(outside\) → app \/ wizard \/ checkout / });
    await toCheckout.last().click();
    await expect(panel.getByTestId('inspector-moment')).toContainText('At event');
    await expect(screenOf(page).getByRole('heading', { level: 1 })).toHaveText(t.CHECKOUT.HEADING);
    const opened = panel.getByRole('region', { name: /^Event \d+$/ });
    await expect(opened.getByRole('heading', { name: 'Before' })).toBeVisible();
    await expect(opened.getByRole('heading', { name: 'After' })).toBeVisible();
    // One step back, then forward again.
    const atText = await panel.getByTestId('inspector-moment').textContent();
    await panel.getByRole('button', { name: 'Step back' }).click();
    await expect(panel.getByTestId('inspector-moment')).not.toHaveText(atText ?? '');
    await panel.getByRole('button', { name: 'Step forward' }).click();
    await expect(panel.getByTestId('inspector-moment')).toHaveText(atText ?? '');
    await panel.getByRole('button', { name: 'Back to live' }).click();
    await expect(screenOf(page)).toHaveCount(0);
  });

  test('replays the recorded guest deposit step by step to the receipt', async ({ page }) => {
    test.setTimeout(8 * ASYNC_TIMEOUT);
    const t = T.en;
    await page.goto(`${devUrl}/?inspect#/deposit_facility/US`);
    const panel = panelOf(page);
    await expect(panel).toBeVisible({ timeout: 4 * ASYNC_TIMEOUT });
    await panel.getByLabel('Replay a flow file').setInputFiles(GUEST_DEPOSIT_FLOW);
    await expect(panel.getByTestId('inspector-moment')).toContainText('Replaying guest-deposit.json: At event 0 of');
    // Before the first event the app is still loading what the payer had entered.
    await expect(screenOf(page)).toBeVisible();
    await panel.getByRole('button', { name: 'Step forward' }).click();
    await expect(panel.getByTestId('inspector-moment')).toContainText('At event 1 of');
    await panel.getByRole('button', { name: 'Last step' }).click();
    await expect(panel.getByTestId('inspector-replay')).toContainText('The page shows the screen after event');
    await expect(screenOf(page).getByRole('heading', { level: 1 })).toHaveText(t.RECEIPT.HEADING_SUBMITTED);
    // The live page underneath is where it was.
    await expect(page.getByRole('main').first()).toBeVisible();
  });
});
