import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, loadConfig } from '../../server/config.ts';
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
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({ devEndpoints: false, production: true });
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
