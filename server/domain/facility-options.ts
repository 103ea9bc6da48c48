// The facility step's lists (§2 deposit.facility, §3 country option, §9 US and Canada): the countries a
// payer may pick and a country's states or provinces. Read by the API (server/routes/facilities.ts) and
// by the facility step's page, which carries the same answers (server/first-screens.ts).
import type { AllowedCountriesResponse } from '../../contract/api.ts';
import { SANCTIONED_COUNTRIES } from '../../contract/constants.ts';
import type { CountryOption } from '../../contract/entities.ts';
import type { FacilityAnswers } from '../../contract/first-screens.ts';
import type { Repos } from '../repo/repos.ts';

/** Where the lists are read: the repositories, or the API's short-lived copy of them (domain/directory.ts). */
export interface GeoReads {
  geo: Pick<Repos['geo'], 'listCountries' | 'listRegions'>;
}

/** §3: only allowed countries, and never a sanctioned one whatever the data says; in display order. */
export async function allowedCountries(repos: GeoReads): Promise<CountryOption[]> {
  return (await repos.geo.listCountries())
    .filter((c) => c.allowed && !(SANCTIONED_COUNTRIES as readonly string[]).includes(c.code))
    .sort((a, b) => a.sort - b.sort);
}

/** A country a payer may pick that has states or provinces to list. */
export async function isSupportedCountry(repos: GeoReads, code: string): Promise<boolean> {
  return (await allowedCountries(repos)).some((c) => c.code === code) && (await repos.geo.listRegions(code)).length > 0;
}

/**
 * The answers of GET /pay/allowed_countries and /pay/get_state_list for one country, as the API
 * gives them; null where the API would refuse the country.
 */
export async function facilityAnswers(repos: GeoReads, country: string): Promise<FacilityAnswers | null> {
  const countries = await allowedCountries(repos);
  if (!countries.some((c) => c.code === country)) return null;
  const states = await repos.geo.listRegions(country);
  if (states.length === 0) return null;
  return { country, countries: { countries } satisfies AllowedCountriesResponse, states: { states } };
}

/** One country of the allowed list (§7 GET /pay/country/{countryCode}); undefined for any other code. */
export async function allowedCountry(repos: GeoReads, code: string): Promise<CountryOption | undefined> {
  return (await allowedCountries(repos)).find((c) => c.code === code);
}
