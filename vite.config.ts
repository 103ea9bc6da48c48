import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { loadConfig, runsSandbox } from './server/config.ts';
import type * as SandboxBanner from './src/components/sandbox-banner.tsx';
import { ASYNC_TIMEOUT } from './tests/wait.ts';

/**
 * Path prefixes of the reference API (spec §7), and of its sandbox stand-ins for other sites (the
 * legal-text providers); `npm run dev` serves them on DEV_API_PORT (8081 by default).
 */
const API_PREFIXES = ['state', 'pay', 'vault', 'development', 'auth', 'account', 'fusion', 'sandbox'];
const API_ORIGIN = `http://127.0.0.1:${process.env['DEV_API_PORT'] || '8081'}`;

/**
 * Debian's Chromium: test tools cannot download their own browser here. Without the networking flags
 * it keeps calling hosts that a closed network refuses.
 */
const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * docs/decisions/0050: `npm run dev` serves index.html itself, not the built pages. While the API
 * server beside it runs the sandbox (it reads the same environment), the page gets the test-site
 * banner before the app's root, as the built sandbox pages carry it. Only the app's page: Storybook's
 * and the browser tests' pages have no such root.
 */
function sandboxBannerInDev(): Plugin {
  return {
    name: 'sandbox-banner-in-dev',
    apply: 'serve',
    transformIndexHtml: {
      order: 'pre',
      async handler(html, ctx) {
        if (!ctx.server || !html.includes('<div id="root"></div>')) return html;
        let sandbox: boolean;
        try {
          sandbox = runsSandbox(loadConfig());
        } catch {
          // The API server stops on the same configuration and says why.
          return html;
        }
        if (!sandbox) return html;
        const module = (await ctx.server.ssrLoadModule('/src/components/sandbox-banner.tsx')) as typeof SandboxBanner;
        return html.replace('<div id="root">', `${module.sandboxBannerMarkup()}<div id="root">`);
      },
    },
  };
}

/** Test files that replace a module of the server (vi.mock): each needs a module graph of its own. */
const SERVER_MOCKING_FILES = ['tests/server/fuzz.test.ts'];

/**
 * The server tests of one engine, in two projects. Most files share their worker's modules (`isolate:
 * false`): each starts its own server on its own database and changes no module state, and importing
 * the server again for each of 46 files cost more than a third of the project's time (docs/decisions/
 * 0060). The files that mock a server module run isolated, in `<name>-isolated`.
 */
function serverProjects(
  name: string,
  test: { env: Record<string, string>; testTimeout: number; globalSetup?: string[] },
): TestProjectInlineConfiguration[] {
  const common = {
    environment: 'node' as const,
    // node:sqlite and Fastify servers: a process per worker, not a worker thread.
    pool: 'forks' as const,
    // Password hashing (scrypt) makes account creation slow on a busy two-core machine.
    hookTimeout: 60_000,
    ...test,
  };
  return [
    {
      extends: true,
      test: { ...common, name, include: ['tests/server/**/*.test.ts'], exclude: SERVER_MOCKING_FILES, isolate: false },
    },
    { extends: true, test: { ...common, name: `${name}-isolated`, include: SERVER_MOCKING_FILES } },
  ];
}

export default defineConfig({
  plugins: [react(), sandboxBannerInDev()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
  },
  // The statechart inspector's layout (`?inspect`, development only) is imported late, behind a dynamic
  // import: pre-bundled at start, so that its first use does not make Vite reload the page.
  optimizeDeps: { include: ['elkjs/lib/elk.bundled.js'] },
  server: {
    port: Number(process.env['DEV_PORT'] || 5173),
    strictPort: true,
    // One key: the prefixes match whole path segments only (`/pay/...`, not `/payment.svg`).
    proxy: {
      [`^/(${API_PREFIXES.join('|')})(/|$)`]: { target: API_ORIGIN },
    },
  },
  test: {
    // A file per core, not Vitest's one fewer: the server files mostly wait (on PostgreSQL, on scrypt in
    // the thread pool), and on a two-core machine one worker left a core idle for half an hour.
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'machines',
          environment: 'node',
          include: ['tests/machines/**/*.test.ts'],
          // The machines are pure: files share their worker's modules (docs/decisions/0060).
          isolate: false,
          // Not Vitest's 5 s: a model path replays dozens of steps, slow on a busy two-core machine.
          testTimeout: 4 * ASYNC_TIMEOUT,
        },
      },
      {
        extends: true,
        test: {
          name: 'project',
          environment: 'node',
          include: ['tests/project/**/*.test.ts'],
          isolate: false,
        },
      },
      ...serverProjects('server', { env: { TEST_ENGINE: 'sqlite' }, testTimeout: 20_000 }),
      // The same server tests on PostgreSQL: TEST_DATABASE_URL, or one started from node_modules by
      // the global setup; each test server gets a database of its own (tests/server/helpers.ts).
      ...serverProjects('server-pg', {
        env: { TEST_ENGINE: 'postgres' },
        testTimeout: 30_000,
        globalSetup: ['tests/server/postgres-setup.ts'],
      }),
      {
        extends: true,
        test: {
          name: 'ui',
          // jsdom, not happy-dom: msw/node with happy-dom sends CORS preflights that fail.
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
          // A journey waits for several steps, each up to ASYNC_TIMEOUT (tests/wait.ts).
          testTimeout: 4 * ASYNC_TIMEOUT,
        },
      },
      {
        extends: true,
        // Runs every story of .storybook/main.ts as a test; a11y violations fail it (preview: a11y.test).
        // Only under Vitest: the plugin loads the whole Storybook configuration, which `vite build`, `vite`
        // and Storybook itself (it reads this file too) have no use for.
        plugins: process.env['VITEST']
          ? [storybookTest({ configDir: fileURLToPath(new URL('./.storybook', import.meta.url)) })]
          : [],
        // Pre-bundled up front: on a clean clone Vite would otherwise discover these while the stories
        // load, reload the page mid-run and fail the first story files.
        optimizeDeps: {
          include: [
            'react',
            'react/jsx-dev-runtime',
            'react-dom',
            'react-dom/client',
            'xstate',
            '@xstate/react',
            'formik',
            'yup',
            'libphonenumber-js/core',
            'card-validator',
            'i18next',
            'react-i18next',
            'ky',
            'msw',
            'msw/browser',
            'msw-storybook-addon/csf3',
            '@storybook/react-vite',
            // The statechart inspector's layout (stories/inspector.stories.tsx).
            'elkjs/lib/elk.bundled.js',
          ],
        },
        test: {
          name: 'storybook',
          // Two runs on one machine: STORYBOOK_TEST_PORT moves the browser's server off Vitest's 23315.
          ...(process.env['STORYBOOK_TEST_PORT'] ? { api: { port: Number(process.env['STORYBOOK_TEST_PORT']) } } : {}),
          // A story's loader drives the machines, then its play function waits on the screen.
          testTimeout: 4 * ASYNC_TIMEOUT,
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
