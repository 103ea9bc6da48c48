// Fills an empty database from fixtures/ (architecture: "seeded from fixtures/ when empty").
import { transaction, type Db } from './db.ts';
import { loadCountries, loadFacilities, loadFees, loadInmates, loadRegions } from './fixtures.ts';
import { toCents } from './money.ts';
import type { Repos } from './repo/repos.ts';

/** Seeds reference data when the facilities table is empty; returns whether it did. */
export function seedIfEmpty(db: Db, repos: Repos): boolean {
  if (repos.facilities.count() > 0) return false;
  const countries = loadCountries();
  const regions = loadRegions();
  const facilities = loadFacilities();
  const inmates = loadInmates();
  const fees = loadFees();
  transaction(db, () => {
    for (const c of countries) repos.geo.insertCountry(c);
    for (const [country, list] of Object.entries(regions)) {
      for (const r of list) repos.geo.insertRegion(country, r);
    }
    for (const f of facilities) repos.facilities.insert(f);
    for (const i of inmates) repos.inmates.insert(i);
    for (const [type, tiers] of Object.entries(fees.schedules)) {
      for (const t of tiers) {
        repos.fees.insertTier({
          deposit_type: type,
          min_cents: toCents(t.min),
          max_cents: toCents(t.max),
          fee_cents: toCents(t.fee),
        });
      }
    }
    for (const t of fees.tax) repos.fees.insertTaxRate(t.country, t.state, Math.round(t.rate * 10000));
  });
  return true;
}
