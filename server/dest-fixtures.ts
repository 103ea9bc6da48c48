// Reads fixtures/fraud-numbers.json: the phone numbers the fraud list names (§5 fraud flag), in their
// stored form (contract/dest-deposits.ts destPhone). A broken row fails at start, as server/fixtures.ts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { destPhone } from '../contract/dest-deposits.ts';
import { FIXTURES_DIR } from './fixtures.ts';

export interface FraudNumberFixture {
  deposit_phone_no: string;
  deposit_phone_country: string;
  destination_id: string;
}

export function loadFraudNumbers(): FraudNumberFixture[] {
  const file = 'fraud-numbers.json';
  const v = JSON.parse(readFileSync(join(FIXTURES_DIR, file), 'utf8')) as unknown;
  if (!Array.isArray(v)) throw new Error(`fixtures/${file}: expected an array`);
  return v.map((r: unknown, i) => {
    const row = (typeof r === 'object' && r !== null ? r : {}) as Record<string, unknown>;
    const phone = row.deposit_phone_no;
    const country = row.deposit_phone_country;
    const id = row.destination_id;
    const stored = typeof phone === 'string' && typeof country === 'string' ? destPhone(phone, country) : undefined;
    if (!stored?.ok || stored.phone !== phone || typeof id !== 'string' || !/^[A-Za-z0-9-]{1,40}$/.test(id)) {
      throw new Error(`fixtures/${file}: row ${i} is not a number in its stored form with a destination id`);
    }
    return { deposit_phone_no: stored.phone, deposit_phone_country: String(country), destination_id: id };
  });
}
