import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, loadConfig } from '../../server/config.ts';
import { checkDataDir } from '../../server/data-dir.ts';
import { percentOf, toCents, toDollars } from '../../server/money.ts';

describe('loadConfig', () => {
  it('has safe defaults', () => {
    expect(loadConfig({})).toEqual(DEFAULT_CONFIG);
    expect(DEFAULT_CONFIG).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: './data',
      staticDir: './dist',
      // docs/decisions/0035: the development endpoints only when asked for.
      devEndpoints: false,
    });
  });

  it('takes DEV_ENDPOINTS outside production mode only (docs/decisions/0035)', () => {
    expect(loadConfig({ DEV_ENDPOINTS: 'true' })).toMatchObject({ devEndpoints: true });
    expect(loadConfig({ NODE_ENV: 'development', DEV_ENDPOINTS: 'true' })).toMatchObject({ devEndpoints: true });
    // The sandbox asked for by name: production mode refuses it otherwise (docs/decisions/0050).
    expect(loadConfig({ NODE_ENV: 'production', SANDBOX: 'true' })).toMatchObject({
      devEndpoints: false,
      production: true,
    });
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_ENDPOINTS: 'true' })).toThrow(
      'DEV_ENDPOINTS cannot be true when NODE_ENV=production',
    );
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8099',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/x',
      STATIC_DIR: '/srv/app',
      CUSTOMER_SERVICE_PHONE: '1-800-000-0000',
      SUPPORT_PHONE: '1-800-000-0001',
      VISIT_URL: 'https://v.example',
      PAY_URL: 'https://p.example',
      TRUST_REDIRECT_FACILITY_IDS: '1, 2,3',
      TRUST_REDIRECT_URL: 'https://trust.example.org/pay',
      NO_TRUST_FACILITY_IDS: '',
      PREPAID_TO_TRUST_FACILITY_IDS: '9',
      DAILY_MAX_PER_RECIPIENT: '750.50',
      COOKIE_SECURE: 'true',
      DEV_ENDPOINTS: 'on',
    });
    expect(c).toEqual({
      port: 8099,
      host: '0.0.0.0',
      dataDir: '/tmp/x',
      staticDir: '/srv/app',
      customerServicePhone: '1-800-000-0000',
      supportPhone: '1-800-000-0001',
      visitUrl: 'https://v.example',
      payUrl: 'https://p.example',
      trustRedirectFacilityIds: [1, 2, 3],
      trustRedirectUrl: 'https://trust.example.org/pay',
      noTrustFacilityIds: [],
      prepaidToTrustFacilityIds: [9],
      dailyMaxPerRecipient: 750.5,
      cookieSecure: true,
      devEndpoints: true,
    });
  });

  it('names the variable it cannot use', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT');
    expect(() => loadConfig({ PORT: '70000' })).toThrow('PORT');
    expect(() => loadConfig({ COOKIE_SECURE: 'maybe' })).toThrow('COOKIE_SECURE');
    expect(() => loadConfig({ DEV_ENDPOINTS: 'sometimes' })).toThrow('DEV_ENDPOINTS');
    expect(() => loadConfig({ TRUST_REDIRECT_FACILITY_IDS: '1,x' })).toThrow('TRUST_REDIRECT_FACILITY_IDS');
    expect(() => loadConfig({ DAILY_MAX_PER_RECIPIENT: '-5' })).toThrow('DAILY_MAX_PER_RECIPIENT');
    expect(() => loadConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL');
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow('SESSION_IDLE_MINUTES');
    expect(() => loadConfig({ DEPOSIT_POST_SECONDS: 'soon' })).toThrow('DEPOSIT_POST_SECONDS');
    expect(() => loadConfig({ DEPOSIT_POST_SECONDS: '-1' })).toThrow('DEPOSIT_POST_SECONDS');
    expect(() => loadConfig({ TERMS_URL_EN: 'ftp://x' })).toThrow(ConfigError);
    expect(() => loadConfig({ TERMS_URL_EN: 'ftp://x' })).toThrow('TERMS_URL_EN');
  });
});

describe('a value the server cannot use', () => {
  it('reads LOG_LEVEL, SESSION_IDLE_MINUTES and DEPOSIT_POST_SECONDS', () => {
    expect(loadConfig({ LOG_LEVEL: 'warn', SESSION_IDLE_MINUTES: '30', DEPOSIT_POST_SECONDS: '0' })).toMatchObject({
      logLevel: 'warn',
      sessionIdleMinutes: 30,
      depositPostSeconds: 0,
    });
    expect(loadConfig({}).depositPostSeconds).toBeUndefined();
  });

  it('DATA_DIR: a file, or a folder under a file, is named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'config-'));
    const file = join(dir, 'a-file');
    writeFileSync(file, '');
    expect(() => checkDataDir(file)).toThrow(new ConfigError(`DATA_DIR must be a folder: ${file} is a file`));
    expect(() => checkDataDir(join(file, 'data'))).toThrow(/^DATA_DIR must be a folder this process can write in/);
    expect(() => checkDataDir(join(dir, 'new', 'data'))).not.toThrow();
  });

  // The server itself: one line on stderr naming the variable, exit code 1, no stack trace.
  const start = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['server/main.ts'], {
      env: { PATH: process.env['PATH'] ?? '', ...env },
      encoding: 'utf8',
      timeout: 15_000,
    });
  it.each([
    [{ PORT: 'eighty' }, 'PORT must be an integer from 0 to 65535'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
    [{ NAV_SCRIPT_URL: 'javascript:alert(1)' }, 'NAV_SCRIPT_URL must be'],
  ])('stops the server with one line: %o', (env, message) => {
    const run = start(env);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`Configuration error: ${message}`);
  });

  it('stops the server with one line when DATA_DIR is a file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'config-')), 'not-a-folder');
    writeFileSync(file, 'x');
    const run = start({ DATA_DIR: file });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`Configuration error: DATA_DIR must be a folder: ${file} is a file\n`);
    expect(readFileSync(file, 'utf8')).toBe('x');
  });
});

describe('money', () => {
  it('converts dollars and cents without float drift', () => {
    expect(toCents(4.95)).toBe(495);
    expect(toCents(0.07)).toBe(7);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(250)).toBe(25000);
    expect(toCents(1.15)).toBe(115);
    expect(toDollars(2995)).toBe(29.95);
    expect(() => toDollars(1.5)).toThrow();
    expect(() => toCents(Number.NaN)).toThrow();
  });

  it('applies a rate to cents, rounded to the cent', () => {
    expect(percentOf(495, 0.065)).toBe(32);
    expect(percentOf(795, 0.065)).toBe(52);
    expect(percentOf(0, 0.065)).toBe(0);
  });
});
