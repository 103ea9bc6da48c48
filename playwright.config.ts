import { defineConfig, devices } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ASYNC_TIMEOUT } from './tests/wait.ts';

const RESULTS_DIR = 'test-results';

/**
 * Each run starts on empty databases: a new data folder per run, where each worker's server keeps its
 * own (tests/e2e/support.ts). The config is loaded again in every
 * worker process, which inherits the runner's environment, so the folder is chosen once, by the runner.
 */
function chooseE2eDataDir(): void {
  if (process.env['E2E_DATA_DIR']) return;
  mkdirSync(RESULTS_DIR, { recursive: true });
  // Folders of earlier runs, once they are an hour old.
  for (const name of readdirSync(RESULTS_DIR)) {
    const path = join(RESULTS_DIR, name);
    if (name.startsWith('e2e-data-') && Date.now() - statSync(path).mtimeMs > 3_600_000) {
      rmSync(path, { recursive: true, force: true });
    }
  }
  const dir = resolve(RESULTS_DIR, `e2e-data-${Date.now()}-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  process.env['E2E_DATA_DIR'] = dir;
}
chooseE2eDataDir();

export default defineConfig({
  testDir: 'tests/e2e',
  // Not `test-results` itself: Playwright empties its outputDir, and the run's data folder lives beside it.
  outputDir: join(RESULTS_DIR, 'e2e'),
  timeout: 4 * ASYNC_TIMEOUT,
  // Not Playwright's 5 s: a lazily loaded step on a busy two-core machine (tests/wait.ts).
  expect: { timeout: ASYNC_TIMEOUT },
  retries: 0,
  // Two at once, each worker with a server and a database of its own (tests/e2e/support.ts): a
  // worker's tests never race another's over shared rows, and a journey that waits for a deposit to
  // post leaves the other worker going.
  workers: 2,
  forbidOnly: !!process.env['CI'],
  // Only `list`: the html reporter would open a browser on failure.
  reporter: 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        // Debian's Chromium: Playwright cannot download its own browser here. Without the networking flags
        // it keeps calling hosts that a closed network refuses.
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
            '--disable-quic',
          ],
        },
      },
    },
  ],
});
