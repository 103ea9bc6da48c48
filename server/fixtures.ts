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

/** fixtures/payers.json: sandbox payers with their accounts. Money in dollars, as in fees.json. */
export interface PayerFixture {
  id: string;
  email: string;
  /** Sandbox credentials, documented in fixtures/README.md; only the hashes reach the database. */
  password: string;
  pin: string;
  password_hash: string;
  pin_hash: string;
  first_name: string;
  last_name: string;
  phone: string;
  validate_status: 'pending' | 'validated' | 'rejected';
  dob: string | null;
  ssn_last4: string | null;
  professional: boolean;
  created_at: string;
  cards: {
    id: number;
    token: string;
    brand: string;
    last4: string;
    exp_month: string;
    exp_year: string;
    name: string;
  }[];
  dest_accounts: {
    id: number;
    destination_id: string;
    deposit_phone_no: string;
    deposit_phone_no_label: string;
    deposit_phone_country: string;
    validate_status: 'pending' | 'validated' | 'rejected';
    primary: boolean;
    prepaid_balance: number;
    regulated_balance: number;
    fraud_flag: boolean;
    facility_id: number | null;
    breakage: { sms: 1 | 2 | 3; email: 1 | 2 | 3 };
    activity: { event_at: string; purse: 'pp' | 'pr'; event_desc: string; amount: number }[];
  }[];
  recurring_deposits: {
    id: number;
    card_id: number;
    amount: number;
    interval_type: 'monthly' | 'weekly' | 'biweekly';
    day_in_interval: number;
    deposit_type: 'TRUST' | 'INMATEACCOUNT' | 'FRIENDSNFAMILY';
    facility_id: number;
    inmate_id: string | null;
    dest_account_id: number | null;
    account_guid: string;
    is_pam: boolean;
  }[];
  deposit_history: {
    id: string;
    order_number: string;
    created_at: string;
    facility_id: number;
    inmate_id: string;
    deposit_type: DepositType;
    amount: number;
    fee: number;
    tax: number;
    card_id: number;
    deposit_phone_no: string | null;
  }[];
}

export function loadPayers(): PayerFixture[] {
  return array('payers.json', read('payers.json')).map((p, i) => {
    if (
      !isObject(p) ||
      typeof p.id !== 'string' ||
      typeof p.email !== 'string' ||
      typeof p.password_hash !== 'string' ||
      !p.password_hash.startsWith('scrypt$') ||
      !Array.isArray(p.cards) ||
      !Array.isArray(p.dest_accounts) ||
      !Array.isArray(p.recurring_deposits) ||
      !Array.isArray(p.deposit_history)
    ) {
      fail('payers.json', `row ${i} is not a payer with hashed secrets (run fixtures/hash-payer-secrets.ts)`);
    }
    return p as unknown as PayerFixture;
  });
}
