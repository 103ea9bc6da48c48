// Countries and their states or provinces (§3 country option, §9 US and Canada).
import type { CountryOption, StateOption } from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { bit, bool } from './rows.ts';

export function createGeoRepo(db: Executor) {
  return {
    async insertCountry(c: CountryOption): Promise<void> {
      await db
        .insertInto('countries')
        .values({
          code: c.code,
          country: c.country,
          country_code: c.country_code,
          regex: c.regex,
          allowed: bit(c.allowed),
          sort: c.sort,
        })
        .execute();
    },
    /** Every country row in display order; the route applies the allowed and sanctions rules. */
    async listCountries(): Promise<CountryOption[]> {
      const rows = await db
        .selectFrom('countries')
        .select(['code', 'country', 'country_code', 'regex', 'allowed', 'sort'])
        .orderBy('sort')
        .orderBy('code')
        .execute();
      return rows.map((r) => ({
        allowed: bool(r.allowed),
        code: r.code,
        country: r.country,
        country_code: r.country_code,
        regex: r.regex,
        sort: Number(r.sort),
      }));
    },
    async insertRegion(country: string, region: StateOption): Promise<void> {
      await db.insertInto('regions').values({ country, code: region.code, name: region.name }).execute();
    },
    async listRegions(country: string): Promise<StateOption[]> {
      const rows = await db
        .selectFrom('regions')
        .select(['code', 'name'])
        .where('country', '=', country)
        .orderBy('name')
        .execute();
      return rows.map((r) => ({ code: r.code, name: r.name }));
    },
    async regionExists(country: string, code: string): Promise<boolean> {
      const r = await db
        .selectFrom('regions')
        .select('code')
        .where('country', '=', country)
        .where('code', '=', code)
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}
