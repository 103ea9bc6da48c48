// Production is not the sandbox (docs/decisions/0050): NODE_ENV=production refuses the sandbox's
// processor, facility system and payers unless SANDBOX=true asks for them; it never seeds the payers,
// does not serve the sandbox's pam endpoint, and a site that runs the sandbox sends its pages with the
// test-site banner.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import { CSRF_HEADER } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services.ts';
import { LANGUAGE_COOKIE } from '../../contract/constants.ts';
import { buildApp } from '../../server/app.ts';
import { ConfigError, loadConfig, runsSandbox, sandboxRefusal, type Config } from '../../server/config.ts';
import { sandboxStandIns } from '../../server/sandbox-mode.ts';
import { ANA, signedIn } from './account-helpers.ts';
import { newClient, removeServerData, startServer } from './helpers.ts';

const KEY = 'k'.repeat(32);
const REAL = {
  PROCESSOR: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_production_mode',
  POSTING: 'http',
  POSTING_URL: 'https://facility.example.com/api',
};
const BOTH =
  'NODE_ENV=production refuses the sandbox processor and the sandbox facility system: ' +
  'set PROCESSOR=stripe with STRIPE_SECRET_KEY, POSTING=http with POSTING_URL, or SANDBOX=true';
const PROCESSOR_ONLY =
  'NODE_ENV=production refuses the sandbox processor: set PROCESSOR=stripe with STRIPE_SECRET_KEY, or SANDBOX=true';
const POSTING_ONLY =
  'NODE_ENV=production refuses the sandbox facility system: set POSTING=http with POSTING_URL, or SANDBOX=true';
const PAYERS =
  'NODE_ENV=production refuses the sandbox payers in the database (ana@example.com, ben@example.com): ' +
  'start on a database without them (DATABASE_URL or DATA_DIR), or set SANDBOX=true';

/** A production configuration given in code, on real adapters (no call reaches them in these tests). */
const PRODUCTION: Partial<Config> = {
  production: true,
  pamSigningKey: KEY,
  ssoSigningKey: KEY,
  money: {
    processor: 'stripe',
    stripe: { secretKey: REAL.STRIPE_SECRET_KEY },
    posting: 'http',
    postingHttp: { url: REAL.POSTING_URL },
  },
};
/** The same production mode on the sandbox's adapters, with and without SANDBOX=true. */
const PRODUCTION_ON_SANDBOX: Partial<Config> = { production: true, pamSigningKey: KEY, ssoSigningKey: KEY };

describe('loadConfig in production mode', () => {
  it('refuses the sandbox processor and facility system, naming what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(new ConfigError(BOTH));
    expect(() => loadConfig({ NODE_ENV: 'production', PROCESSOR: 'sandbox', POSTING: 'sandbox' })).toThrow(
      new ConfigError(BOTH),
    );
    expect(() => loadConfig({ NODE_ENV: 'production', POSTING: REAL.POSTING, POSTING_URL: REAL.POSTING_URL })).toThrow(
      new ConfigError(PROCESSOR_ONLY),
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PROCESSOR: REAL.PROCESSOR, STRIPE_SECRET_KEY: REAL.STRIPE_SECRET_KEY }),
    ).toThrow(new ConfigError(POSTING_ONLY));
  });

  it('starts on the real adapters, and on the sandbox when SANDBOX=true asks for it', () => {
    const real = loadConfig({ NODE_ENV: 'production', ...REAL });
    expect(real).toMatchObject({ production: true, money: { processor: 'stripe', posting: 'http' } });
    expect(real.sandbox).toBeUndefined();
    expect(runsSandbox(real)).toBe(false);
    const demo = loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' });
    expect(demo).toMatchObject({ production: true, sandbox: true });
    expect(runsSandbox(demo)).toBe(true);
    // SANDBOX=true on real adapters is still a test site: it says so.
    expect(runsSandbox(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', ...REAL }))).toBe(true);
  });

  it('leaves development alone, names a SANDBOX it cannot read, and keeps the outbox closed', () => {
    expect(loadConfig({}).sandbox).toBeUndefined();
    expect(runsSandbox(loadConfig({}))).toBe(true);
    expect(runsSandbox(loadConfig(REAL))).toBe(false);
    expect(sandboxRefusal(loadConfig({}))).toBeUndefined();
    expect(() => loadConfig({ SANDBOX: 'maybe' })).toThrow('SANDBOX must be true or false');
    // docs/decisions/0035: SANDBOX=true does not open the outbox in production mode.
    expect(() => loadConfig({ NODE_ENV: 'production', SANDBOX: 'true', DEV_ENDPOINTS: 'true' })).toThrow(
      'DEV_ENDPOINTS cannot be true when NODE_ENV=production',
    );
  });

  it('names the stand-ins production mode is left with', () => {
    const real = loadConfig({ NODE_ENV: 'production', ...REAL });
    expect(sandboxStandIns(real)).toEqual([
      'PAY_URL',
      'TERMS_URL_EN',
      'TERMS_URL_ES',
      'PRIVACY_URL_EN',
      'PRIVACY_URL_ES',
      'NAV_SCRIPT_URL',
    ]);
    const operator = loadConfig({
      NODE_ENV: 'production',
      ...REAL,
      PAY_URL: 'https://pay.example.com/pam',
      TERMS_URL_EN: 'https://legal.example.com/terms/en',
      TERMS_URL_ES: 'https://legal.example.com/terms/es',
      PRIVACY_URL_EN: 'https://legal.example.com/privacy/en',
      PRIVACY_URL_ES: 'https://legal.example.com/privacy/es',
      NAV_SCRIPT_URL: '',
    });
    expect(sandboxStandIns(operator)).toEqual([]);
    expect(sandboxStandIns(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' }))).toEqual([]);
    expect(sandboxStandIns(loadConfig({}))).toEqual([]);
  });
});

describe('the server in production mode', () => {
  // One line on stderr, exit code 1, nothing on stdout.
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['server/main.ts'], {
      env: { PATH: process.env['PATH'] ?? '', PORT: '0', RECURRING_RUN_MINUTES: '0', ...env },
      encoding: 'utf8',
      timeout: 30_000,
    });

  it.each([
    [{}, BOTH],
    [{ POSTING: REAL.POSTING, POSTING_URL: REAL.POSTING_URL }, PROCESSOR_ONLY],
  ])('stops with one line on the sandbox adapters: %o', (env, message) => {
    const run = start({ NODE_ENV: 'production', PAM_SIGNING_KEY: KEY, SSO_SIGNING_KEY: KEY, ...env });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Configuration error: ${message}\n`);
  });

  it('stops with one line on a database that holds the sandbox payers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'production-mode-'));
    try {
      // A sandbox run leaves its payers in the database.
      const sandbox = await buildApp({ dbPath: join(dataDir, 'deposit-site.db') });
      await sandbox.close();
      const run = start({
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        PAM_SIGNING_KEY: KEY,
        SSO_SIGNING_KEY: KEY,
        ...REAL,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`Configuration error: ${PAYERS}\n`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a production server on real adapters', () => {
  let server: ChildProcess | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'production-mode-'));
  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts on an empty database, names the stand-ins left, and refuses ana@example.com', async () => {
    const child = spawn(process.execPath, ['server/main.ts'], {
      env: {
        PATH: process.env['PATH'] ?? '',
        NODE_ENV: 'production',
        PORT: '0',
        DATA_DIR: dataDir,
        RECURRING_RUN_MINUTES: '0',
        PAM_SIGNING_KEY: KEY,
        SSO_SIGNING_KEY: KEY,
        ...REAL,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let out = '';
    const site = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    expect(out).toContain(
      'production mode: PAY_URL, TERMS_URL_EN, TERMS_URL_ES, PRIVACY_URL_EN, PRIVACY_URL_ES, NAV_SCRIPT_URL ' +
        "still name the sandbox's stand-ins; set the operator's",
    );
    // A session and its CSRF token, then Ana's published password.
    const state = await fetch(`${site}/state/all`);
    const cookie = (state.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const { csrf_token } = (await state.json()) as { csrf_token: string };
    const login = await fetch(`${site}${ACCOUNT_PATHS.login}`, {
      method: 'POST',
      headers: { cookie, [CSRF_HEADER]: csrf_token, 'content-type': 'application/json' },
      body: JSON.stringify({ email: ANA.email, password: ANA.password }),
    });
    expect(login.status).toBe(400);
    expect(await login.json()).toEqual({
      errors: { form: 'ERROR.ERROR_LOGIN_CREDENTIALS' },
      request_id: login.headers.get('x-request-id'),
    });
  });
});

describe('buildApp in production mode', () => {
  /** Builds on `dir` and expects the refusal; the data is left for the caller to remove. */
  async function refused(dir: string, config: Partial<Config>): Promise<unknown> {
    return startServer({ dir, config }).then(
      async (s) => {
        await s.close();
        throw new Error('the server started');
      },
      (err: unknown) => err,
    );
  }

  it('applies the rule to a configuration given in code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'production-mode-'));
    try {
      const err = await refused(dir, PRODUCTION_ON_SANDBOX);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toBe(BOTH);
    } finally {
      await removeServerData(dir);
    }
  });

  it('starts without the sandbox payers, seeds none, refuses ana@example.com and serves no sandbox pam endpoint', async () => {
    const server = await startServer({ config: PRODUCTION });
    try {
      expect(await server.query('SELECT id FROM users')).toEqual([]);
      // The reference data is there: the site can be used.
      expect((await server.query('SELECT id FROM facilities')).length).toBeGreaterThan(0);
      const c = await newClient(server.app);
      const login = await c.post(ACCOUNT_PATHS.login, { email: ANA.email, password: ANA.password });
      expect(login.status).toBe(400);
      expect(login.body).toEqual({ errors: { form: 'ERROR.ERROR_LOGIN_CREDENTIALS' } });
      const pam = await server.app.inject({
        method: 'POST',
        url: CHECKOUT_SERVICE_PATHS.sandboxPamPay,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: 'pam_payload=x',
      });
      expect(pam.statusCode).toBe(404);
    } finally {
      await server.dispose();
    }
  });

  it('refuses a database that holds the sandbox payers, unless SANDBOX=true', async () => {
    const sandbox = await startServer();
    const dir = sandbox.dir;
    await sandbox.close();
    try {
      const err = await refused(dir, PRODUCTION);
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as Error).message).toBe(PAYERS);
      const demo = await startServer({ dir, config: { ...PRODUCTION_ON_SANDBOX, sandbox: true } });
      try {
        await signedIn(demo.app, ANA);
        const pam = await demo.app.inject({
          method: 'POST',
          url: CHECKOUT_SERVICE_PATHS.sandboxPamPay,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'pam_payload=x',
        });
        // Served, and refusing a payload it cannot verify.
        expect(pam.statusCode).toBe(400);
      } finally {
        await demo.close();
      }
    } finally {
      await removeServerData(dir);
    }
  });

  it('seeds the sandbox payers in production mode with SANDBOX=true', async () => {
    const demo = await startServer({ config: { ...PRODUCTION_ON_SANDBOX, sandbox: true } });
    try {
      expect((await demo.query('SELECT id FROM users')).length).toBeGreaterThan(0);
    } finally {
      await demo.dispose();
    }
  });
});

describe('the pages of a site that runs the sandbox', () => {
  const PAGE = '<!doctype html><html lang="en"><div id="root"></div>';
  const PAGE_ES = '<!doctype html><html lang="es"><div id="root"></div>';
  const banner = (html: string) => html.replace('<div id="root">', '<section class="sandbox-banner"></section>$&');
  let staticDir: string;

  beforeAll(() => {
    staticDir = mkdtempSync(join(tmpdir(), 'production-mode-static-'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'index.html'), PAGE);
    writeFileSync(join(staticDir, 'index.es.html'), PAGE_ES);
    writeFileSync(join(staticDir, 'index.sandbox.html'), banner(PAGE));
    writeFileSync(join(staticDir, 'index.sandbox.es.html'), banner(PAGE_ES));
  });
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }));

  const page = (app: Awaited<ReturnType<typeof startServer>>['app'], url: string, lang = 'en') =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', cookie: `${LANGUAGE_COOKIE}=${lang}` } });

  it('carry the banner from the sandbox, in the language of the cookie, at every page address', async () => {
    for (const config of [{}, { ...PRODUCTION, sandbox: true }]) {
      const server = await startServer({ staticDir, config });
      try {
        for (const url of ['/', '/checkout', '/index.html', '/index.sandbox.html']) {
          const res = await page(server.app, url);
          expect(res.statusCode, url).toBe(200);
          // The file itself at its own name; the banner's page at every other address.
          expect(res.body, url).toBe(url === '/index.html' ? PAGE : banner(PAGE));
        }
        expect((await page(server.app, '/', 'es')).body).toBe(banner(PAGE_ES));
      } finally {
        await server.dispose();
      }
    }
  });

  it("carry no banner in production on real adapters, even at the banner page's own name", async () => {
    const server = await startServer({ staticDir, config: PRODUCTION });
    try {
      for (const url of ['/', '/checkout', '/index.sandbox.html', '/index.sandbox.es.html']) {
        const res = await page(server.app, url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe(PAGE);
      }
      expect((await page(server.app, '/', 'es')).body).toBe(PAGE_ES);
    } finally {
      await server.dispose();
    }
  });
});
