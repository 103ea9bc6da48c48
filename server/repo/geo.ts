// Countries and their states or provinces (§3 country option, §9 US and Canada).
import type { CountryOption, StateOption } from '../../contract/entities.ts';
import type { Db } from '../db.ts';
import { bit, bool, int, str } from './rows.ts';

export function createGeoRepo(db: Db) {
  const insertCountry = db.prepare(
    'INSERT INTO countries (code, country, country_code, regex, allowed, sort) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const listCountries = db.prepare(
    'SELECT code, country, country_code, regex, allowed, sort FROM countries ORDER BY sort, code',
  );
  const insertRegion = db.prepare('INSERT INTO regions (country, code, name) VALUES (?, ?, ?)');
  const listRegions = db.prepare('SELECT code, name FROM regions WHERE country = ? ORDER BY name');
  const regionExists = db.prepare('SELECT 1 AS found FROM regions WHERE country = ? AND code = ?');

  return {
    insertCountry(c: CountryOption): void {
      insertCountry.run(c.code, c.country, c.country_code, c.regex, bit(c.allowed), c.sort);
    },
    /** Every country row in display order; the route applies the allowed and sanctions rules. */
    listCountries(): CountryOption[] {
      return listCountries.all().map((r) => ({
        allowed: bool(r, 'allowed'),
        code: str(r, 'code'),
        country: str(r, 'country'),
        country_code: str(r, 'country_code'),
        regex: str(r, 'regex'),
        sort: int(r, 'sort'),
      }));
    },
    insertRegion(country: string, region: StateOption): void {
      insertRegion.run(country, region.code, region.name);
    },
    listRegions(country: string): StateOption[] {
      return listRegions.all(country).map((r) => ({ code: str(r, 'code'), name: str(r, 'name') }));
    },
    regionExists(country: string, code: string): boolean {
      return regionExists.get(country, code) !== undefined;
    },
  };
}

export type GeoRepo = ReturnType<typeof createGeoRepo>;
