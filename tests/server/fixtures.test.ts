// The sample data (fixtures/) is read by the server seed, the stories' mock handlers and tests:
// these checks keep it consistent with the contract and with what fixtures/README.md promises.
import { FAULTS } from '../../server/domain/sandbox-processor.ts';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RESULTS_PER_PAGE } from '../../contract/constants.ts';
import type { CountryOption, Facility } from '../../contract/entities.ts';
import { CHECKOUT_ERROR_CODES } from '../../contract/errors.ts';
import { CA_PROVINCES, US_STATES } from '../../contract/regions.ts';
import { cardBrand, cardNumberError } from '../../contract/cards.ts';
import { MSG } from '../../contract/schemas.ts';
import { DEFAULT_CONFIG } from '../../server/config.ts';
import type { InmateRecord } from '../../server/repo/inmates.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;

const facilities = read<Facility[]>('fixtures/facilities.json');
const inmates = read<InmateRecord[]>('fixtures/inmates.json');
const cards =
  read<{ number: string; brand: string; outcome: string; description: string }[]>('fixtures/test-cards.json');
const countries = read<CountryOption[]>('fixtures/countries.json');
const regions = read<Record<string, { code: string; name: string }[]>>('fixtures/regions.json');
const fees = read<{ schedules: Record<string, { min: number; max: number; fee: number }[]>; tax: unknown[] }>(
  'fixtures/fees.json',
);

const facility = (id: number) => facilities.find((f) => f.id === id);
const inmate = (id: string) => inmates.find((i) => i.id === id);

describe('fixtures/test-cards.json', () => {
  it('holds valid numbers (brand length and checksum), with the brand the vault detects', () => {
    for (const c of cards) {
      expect(cardNumberError(c.number), c.number).toBeNull();
      expect(cardBrand(c.number), c.number).toBe(c.brand);
    }
    expect(new Set(cards.map((c) => c.number)).size).toBe(cards.length);
  });

  it('covers every outcome the sandbox must show', () => {
    const outcomes = new Set(cards.map((c) => c.outcome));
    for (const o of [
      'APPROVED',
      'NO_AMEX',
      'AVS_MATCH',
      'CVV_MATCH',
      'USPS_ERROR',
      'DEPOSIT_EXCEEDS_LIMIT',
      'DEPOSIT_EXCEEDS_LIMIT_ERROR',
      'DEPOSIT_MIN_MAX_ERROR',
      'FRAUD_INMATE',
      'INVALID_DEST',
      'DECLINED',
      ...Object.values(FAULTS),
    ]) {
      expect(outcomes.has(o), o).toBe(true);
    }
    for (const o of outcomes) {
      expect(['APPROVED', 'DECLINED', ...Object.values(FAULTS), ...CHECKOUT_ERROR_CODES]).toContain(o);
    }
    expect(cards.find((c) => c.number === '4111111111111111')?.outcome).toBe('APPROVED');
    expect(cards.find((c) => c.number === '5555555555554444')?.outcome).toBe('APPROVED');
    expect(cards.filter((c) => c.brand === 'amex').every((c) => c.outcome === 'NO_AMEX')).toBe(true);
  });

  it('is the table of docs/test-cards.md', () => {
    const doc = readFileSync(join(root, 'docs/test-cards.md'), 'utf8');
    for (const c of cards) {
      expect(doc, c.number).toContain(c.number);
      expect(doc, c.outcome).toContain(c.outcome);
    }
  });
});

describe('fixtures/facilities.json', () => {
  it('has unique ids and consistent kinds', () => {
    expect(new Set(facilities.map((f) => f.id)).size).toBe(facilities.length);
    for (const f of facilities) {
      expect(f.is_standard, String(f.id)).toBe(!f.is_juve && !f.is_ice && !f.is_canada);
      expect(f.is_canada, String(f.id)).toBe(f.country === 'CA');
      expect(
        regions[f.country]?.map((r) => r.code),
        String(f.id),
      ).toContain(f.state);
      if (f.deposit_types.bail?.enabled) expect(f.pam_enabled, String(f.id)).toBe(true);
    }
  });

  it('has every kind that fixtures/README.md names', () => {
    const tx = facilities.filter((f) => f.is_standard && f.state === 'TX');
    expect(tx.length).toBeGreaterThanOrEqual(3);
    expect(facilities.filter((f) => f.is_standard && f.state === 'GA').length).toBeGreaterThanOrEqual(2);
    expect(facility(1001)).toMatchObject({ is_standard: true, state: 'TX', deposit_limits: { min: 10, max: 250 } });
    expect(facility(1002)).toMatchObject({ is_standard: true, deposit_limits: { min: 20, max: 100 } });
    expect(facility(1004)).toMatchObject({ flex_disabled: true });
    expect(facility(1201)).toMatchObject({ pam_enabled: true, deposit_types: { bail: { enabled: true } } });
    expect(facility(1301)).toMatchObject({ fcc_regulated: true });
    expect(facility(1302)).toMatchObject({ tablet_only_fac: true });
    const maxed = facility(1401);
    expect(maxed && maxed.deposit_limits.min > maxed.deposit_limits.max).toBe(true);
    // The usable unified-wallet facility (decisions/0016): flex, dest and trust, limits 10-200.
    expect(facility(1402)).toMatchObject({
      state: 'IL',
      deposit_limits: { min: 10, max: 200 },
      deposit_types: { flex: { enabled: true }, dest: { enabled: true }, trust: { enabled: true } },
    });
    expect(facility(2001)).toMatchObject({ is_juve: true });
    expect(facility(3001)).toMatchObject({ is_ice: true, inmate_label: 'Detainee' });
    expect(facility(4001)).toMatchObject({ is_canada: true, state: 'ON' });
    expect(facility(4002)).toMatchObject({ is_canada: true, state: 'BC' });
    expect(new Set(facilities.map((f) => f.inmate_label))).toEqual(new Set(['Inmate', 'Resident', 'Detainee']));
  });

  it('holds the facilities of the default configuration lists', () => {
    for (const id of [
      ...DEFAULT_CONFIG.trustRedirectFacilityIds,
      ...DEFAULT_CONFIG.noTrustFacilityIds,
      ...DEFAULT_CONFIG.prepaidToTrustFacilityIds,
    ]) {
      expect(facility(id), String(id)).toBeDefined();
    }
    expect(facility(1102)?.deposit_types.trust).toBeUndefined();
    expect(facility(1103)?.deposit_types.dest).toBeUndefined();
  });
});

describe('fixtures/inmates.json', () => {
  it('holds a few hundred inmates with unique ids, each at an existing facility', () => {
    expect(inmates.length).toBeGreaterThanOrEqual(300);
    expect(new Set(inmates.map((i) => i.id)).size).toBe(inmates.length);
    for (const f of facilities)
      expect(
        inmates.some((i) => i.facility_id === f.id),
        String(f.id),
      ).toBe(true);
    for (const i of inmates) {
      expect(facility(i.facility_id), i.id).toBeDefined();
      expect(i.date_of_birth, i.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(i.book_date, i.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(i.principal_code, i.id).toMatch(/^P\d{8}$/);
    }
  });

  it('gives every ICE detainee an A-number as booking code', () => {
    for (const i of inmates.filter((x) => facility(x.facility_id)?.is_ice))
      expect(i.booking_code, i.id).toMatch(/^A\d{9}$/);
  });

  it('holds the named inmates that tests rely on', () => {
    expect(inmate('100001')).toMatchObject({
      facility_id: 1001,
      first_name: 'John',
      last_name: 'Smith',
      fraud_flag: false,
    });
    expect(inmate('100002')).toMatchObject({ facility_id: 1001, first_name: 'Johnny', last_name: 'Smithers' });
    expect(inmate('100003')).toMatchObject({ facility_id: 1001, first_name: 'Maria', last_name: 'Garcia' });
    expect(inmate('100004')).toMatchObject({
      facility_id: 1001,
      first_name: 'Victor',
      last_name: 'Delgado',
      fraud_flag: true,
    });
    expect(inmate('100020')).toMatchObject({ facility_id: 1002, first_name: 'John', last_name: 'Smith' });
    expect(inmate('100030')).toMatchObject({ facility_id: 3001, booking_code: 'A123456789' });
    expect(inmate('100033')).toMatchObject({ facility_id: 3001, fraud_flag: true });
    const williams = inmates.filter((i) => i.facility_id === 1001 && i.last_name === 'Williams');
    expect(williams.length).toBeGreaterThan(RESULTS_PER_PAGE);
    expect(
      inmates
        .filter((i) => i.fraud_flag)
        .map((i) => i.id)
        .sort(),
    ).toEqual(['100004', '100033']);
  });
});

describe('fixtures/countries.json and regions.json', () => {
  it('allow the US and Canada, and include rows that the filters must drop', () => {
    expect(countries.filter((c) => c.allowed).map((c) => c.code)).toEqual(expect.arrayContaining(['US', 'CA']));
    expect(countries.some((c) => !c.allowed)).toBe(true);
    expect(countries.some((c) => c.allowed && ['SD', 'CU', 'IR', 'SY', 'KP'].includes(c.code))).toBe(true);
  });

  it('match the state and province lists of contract/regions.ts', () => {
    expect(regions.US).toEqual([...US_STATES]);
    expect(regions.CA).toEqual([...CA_PROVINCES]);
  });
});

describe('fixtures/fees.json', () => {
  it('has, for each deposit type, tiers without gaps or overlaps from $0.01 to $250', () => {
    for (const type of ['flex', 'dest', 'trust', 'bail']) {
      const tiers = fees.schedules[type] ?? [];
      expect(tiers.length, type).toBeGreaterThan(0);
      expect(tiers[0]?.min, type).toBe(0.01);
      expect(tiers.at(-1)?.max, type).toBe(250);
      for (let i = 1; i < tiers.length; i += 1) {
        expect(Math.round(((tiers[i]?.min ?? 0) - (tiers[i - 1]?.max ?? 0)) * 100), `${type} tier ${i}`).toBe(1);
      }
    }
  });
});

describe('message keys', () => {
  function flatten(o: unknown, prefix = ''): string[] {
    if (typeof o !== 'object' || o === null) return [prefix];
    return Object.entries(o).flatMap(([k, v]) => flatten(v, prefix ? `${prefix}.${k}` : k));
  }
  function sources(dir: string): string[] {
    return readdirSync(dir).flatMap((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
    });
  }

  it('every key the server can answer is in locales/en.json and locales/es.json', () => {
    const keys = new Set<string>(Object.values(MSG));
    for (const file of sources(join(root, 'server'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:ERROR|VALIDATION)\.[A-Z_]+)'/g)) keys.add(m[1] ?? '');
    }
    for (const locale of ['en', 'es']) {
      const known = new Set(flatten(read(`locales/${locale}.json`)));
      for (const key of keys) expect(known.has(key), `${locale}: ${key}`).toBe(true);
    }
    expect(keys.size).toBeGreaterThan(15);
  });
});

describe('fixtures/unified-wallets.json', () => {
  const wallets = read<
    {
      facility_id: number;
      oc_facility_id: string;
      uwVisitor: string;
      uwInmate: string;
      uwTrust: string;
      facilityServices: { serviceName: string; serviceId: string }[];
    }[]
  >('fixtures/unified-wallets.json');

  it('makes 1401 (maxed out) and 1402 unified-wallet facilities with the §9 codes and every service', () => {
    expect(wallets.map((w) => w.facility_id).sort()).toEqual([1401, 1402]);
    expect(new Set(wallets.map((w) => w.oc_facility_id)).size).toBe(wallets.length);
    for (const w of wallets) {
      expect(facility(w.facility_id), String(w.facility_id)).toBeDefined();
      expect(w).toMatchObject({ uwVisitor: 'ames', uwInmate: 'pin-debit', uwTrust: 'purse-reg' });
      expect(w.facilityServices.map((s) => s.serviceName).sort()).toEqual(['ADVPAY', 'PINDEBIT', 'TRUST']);
    }
  });

  it('holds the named inmates of 1402, one with an approved depositor', () => {
    expect(inmate('100060')).toMatchObject({ facility_id: 1402, first_name: 'Sofia', last_name: 'Rivera' });
    expect(inmate('100061')).toMatchObject({ facility_id: 1402, first_name: 'Ethan', last_name: 'Clark' });
    const approved = read<{ email: string; facility_id: number; inmate_id: string; approved: boolean }[]>(
      'fixtures/approved-depositors.json',
    );
    expect(approved).toContainEqual({
      email: 'ana@example.com',
      facility_id: 1402,
      inmate_id: '100060',
      approved: true,
    });
  });
});
