// Reads fixtures/*.json, the one source of sample data (architecture: fixtures). Each loader checks
// the shape it needs so a broken fixture fails at start with the file's name, not later.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CountryOption, DepositType, Facility, StateOption } from '../contract/entities.ts';
import { DEPOSIT_TYPES } from '../contract/entities.ts';
import type { InmateRecord } from './repo/inmates.ts';

// A path, not a URL: under jsdom the global URL is not the one node:fs accepts.
export const FIXTURES_DIR = join(import.meta.dirname, '..', 'fixtures');

function read(name: string): unknown {
  return JSON.parse(readFileSync(join(FIXTURES_DIR, name), 'utf8')) as unknown;
}

function fail(file: string, what: string): never {
  throw new Error(`fixtures/${file}: ${what}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function array(file: string, v: unknown): unknown[] {
  if (!Array.isArray(v)) fail(file, 'expected an array');
  return v;
}

export function loadFacilities(): Facility[] {
  return array('facilities.json', read('facilities.json')).map((f, i) => {
    if (!isObject(f) || typeof f.id !== 'number' || typeof f.label !== 'string' || !isObject(f.deposit_limits)) {
      fail('facilities.json', `row ${i} is not a facility`);
    }
    return f as unknown as Facility;
  });
}

export function loadInmates(): InmateRecord[] {
  return array('inmates.json', read('inmates.json')).map((r, i) => {
    if (
      !isObject(r) ||
      typeof r.id !== 'string' ||
      typeof r.facility_id !== 'number' ||
      typeof r.last_name !== 'string'
    ) {
      fail('inmates.json', `row ${i} is not an inmate`);
    }
    return r as unknown as InmateRecord;
  });
}

export function loadCountries(): CountryOption[] {
  return array('countries.json', read('countries.json')).map((c, i) => {
    if (!isObject(c) || typeof c.code !== 'string' || typeof c.allowed !== 'boolean')
      fail('countries.json', `row ${i}`);
    return c as unknown as CountryOption;
  });
}

export function loadRegions(): Record<string, StateOption[]> {
  const v = read('regions.json');
  if (!isObject(v)) fail('regions.json', 'expected { "US": [...], "CA": [...] }');
  const out: Record<string, StateOption[]> = {};
  for (const [country, list] of Object.entries(v)) out[country] = array('regions.json', list) as StateOption[];
  return out;
}

export interface FeeTierFixture {
  min: number;
  max: number;
  fee: number;
}
export interface TaxFixture {
  country: string;
  state: string;
  /** Applied to the fee: 0.065 is 6.5 %. */
  rate: number;
}
export interface FeesFixture {
  currency: string;
  schedules: Record<DepositType, FeeTierFixture[]>;
  tax: TaxFixture[];
}

export function loadFees(): FeesFixture {
  const v = read('fees.json');
  if (!isObject(v) || !isObject(v.schedules) || !Array.isArray(v.tax)) fail('fees.json', 'expected { schedules, tax }');
  for (const t of DEPOSIT_TYPES) {
    if (!Array.isArray(v.schedules[t])) fail('fees.json', `no schedule for ${t}`);
  }
  return v as unknown as FeesFixture;
}

export interface TestCard {
  number: string;
  brand: string;
  outcome: string;
  description: string;
}

export function loadTestCards(): TestCard[] {
  return array('test-cards.json', read('test-cards.json')).map((c, i) => {
    if (!isObject(c) || typeof c.number !== 'string' || typeof c.outcome !== 'string')
      fail('test-cards.json', `row ${i}`);
    return c as unknown as TestCard;
  });
}
