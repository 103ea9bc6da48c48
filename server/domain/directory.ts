// The facility directory as the wizard's first step reads it (§2 deposit.facility, §7 allowed_countries,
// get_state_list, get_fac_list, facility/{id}): the same answer for every payer, changed only when the
// operator loads new data. Each instance keeps what it read for DIRECTORY_TTL_MS (docs/decisions/0056),
// so a change reaches every instance's answers within that time, whichever instance or tool made it.
// Nothing personal or per-session is kept here, and the money path never reads it: a deposit's checks
// read the facility from the database (server/domain/checkout*.ts).
import type { CountryOption, Facility, FacilitySummary, StateOption } from '../../contract/entities.ts';
import type { Repos } from '../repo/repos.ts';

/** How long an instance answers from what it read: the bound on how late a change is seen. */
export const DIRECTORY_TTL_MS = 30_000;
/** Entries kept per kind at most (facilities by id are the many); the oldest goes first. */
const MAX_ENTRIES = 2000;

/**
 * A read kept per key until `ttlMs` after it started. Concurrent requests for a key share one read; a
 * read that fails is not kept.
 */
export function ttlCache<T>(options: { ttlMs: number; max: number; now: () => Date }) {
  const entries = new Map<string, { until: number; value: Promise<T> }>();
  return function cached(key: string, read: () => Promise<T>): Promise<T> {
    const t = options.now().getTime();
    const hit = entries.get(key);
    if (hit && t < hit.until) return hit.value;
    entries.delete(key);
    if (entries.size >= options.max) entries.delete(entries.keys().next().value as string);
    const value = read();
    entries.set(key, { until: t + options.ttlMs, value });
    value.catch(() => {
      if (entries.get(key)?.value === value) entries.delete(key);
    });
    return value;
  };
}

export type Directory = ReturnType<typeof createDirectory>;

export function createDirectory(repos: Repos, now: () => Date, ttlMs = DIRECTORY_TTL_MS) {
  const options = { ttlMs, max: MAX_ENTRIES, now };
  const countries = ttlCache<CountryOption[]>(options);
  const regions = ttlCache<StateOption[]>(options);
  const facilityLists = ttlCache<FacilitySummary[]>(options);
  const facilities = ttlCache<Facility | undefined>(options);

  const listRegions = (country: string) => regions(country, () => repos.geo.listRegions(country));
  return {
    /** The reads of server/domain/facility-options.ts (countries in display order, a country's regions). */
    geo: {
      listCountries: () => countries('', () => repos.geo.listCountries()),
      listRegions,
    },
    async regionExists(country: string, code: string): Promise<boolean> {
      return (await listRegions(country)).some((r) => r.code === code);
    },
    facilityList: (country: string, state: string) =>
      facilityLists(`${country} ${state}`, () => repos.facilities.listByRegion(country, state)),
    /** A facility as a payer's search or the wizard shows it (never the money path's checks). */
    facility: (id: number) => facilities(String(id), () => repos.facilities.findById(id)),
  };
}
