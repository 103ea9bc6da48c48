import { defineConfig, devices } from '@playwright/test';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ASYNC_TIMEOUT } from './tests/wait.ts';

// E2E_PORT and E2E_STATIC_DIR let two runs share a machine (each with its own build and port).
const PORT = Number(process.env['E2E_PORT'] ?? 4173);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const RESULTS_DIR = 'test-results';
/** Seconds after its charge at which the journeys' server posts a deposit (tests/e2e/deposit-status.spec.ts). */
export const E2E_DEPOSIT_POST_SECONDS = 30;

/**
 * Each run starts on an empty database: a new data folder per run. The config is loaded again in every
 * worker process, which inherits the runner's environment, so the folder is chosen once, by the runner.
 */
function e2eDataDir(): string {
  const existing = process.env['E2E_DATA_DIR'];
  if (existing) return existing;
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
  return dir;
}

export default defineConfig({
  testDir: 'tests/e2e',
  // Not `test-results` itself: Playwright empties its outputDir, and the run's data folder lives beside it.
  outputDir: join(RESULTS_DIR, 'e2e'),
  timeout: 4 * ASYNC_TIMEOUT,
  // Not Playwright's 5 s: a lazily loaded step on a busy two-core machine (tests/wait.ts).
  expect: { timeout: ASYNC_TIMEOUT },
  retries: 0,
  // One server and one database for the whole run: tests in one worker do not race over shared rows.
  workers: 1,
  forbidOnly: !!process.env['CI'],
  // Only `list`: the html reporter would open a browser on failure.
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
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
  webServer: {
    // `npm run test:e2e` builds dist/ first; the server serves it and the API on one port.
    command: 'npx node server/main.ts',
    url: BASE_URL,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir(),
      STATIC_DIR: process.env['E2E_STATIC_DIR'] ?? 'dist',
      // The journeys read the seeded accounts as they are; the recurring runner has its server tests.
      RECURRING_RUN_MINUTES: '0',
      // The status journey watches deposits post (docs/decisions/0048): half a minute, not five.
      DEPOSIT_POST_SECONDS: String(E2E_DEPOSIT_POST_SECONDS),
      // The phone-verification and text-receipt journeys read their texts from the sandbox outbox, which
      // shows each browser what its own session caused (docs/decisions/0035).
      DEV_ENDPOINTS: 'true',
      // Every journey comes from 127.0.0.1: the per-client limits are a hundred times the site's
      // (docs/decisions/0039), so a full run's sessions and sign-ins are never refused.
      RATE_LIMIT_FACTOR: '100',
    },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
