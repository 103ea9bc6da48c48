// Facility look-ups (§7 "Facilities and members").
import {
  PATHS,
  type AllowedCountriesResponse,
  type FacilityListResponse,
  type FacilityResponse,
  type StateListResponse,
} from '../../contract/api.ts';
import type { Facility } from '../../contract/entities.ts';
import type { FacilityAnswers } from '../../contract/first-screens.ts';
import type { ApiClient } from './client.ts';

// The country and state lists are configuration: each is fetched once per page load (a choice of
// state or facility does not fetch them again). A failed call is not kept, so a retry asks again.
const known = new WeakMap<ApiClient, Map<string, Promise<unknown>>>();

function once<T>(api: ApiClient, key: string, load: () => Promise<T>): Promise<T> {
  let calls = known.get(api);
  if (!calls) known.set(api, (calls = new Map()));
  const kept = calls.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const call = load();
  calls.set(key, call);
  call.catch(() => calls.delete(key));
  return call;
}

/**
 * The answers the page came with (the facility step's page, docs/decisions/0057) are those calls'
 * answers for this page load: the step drawn from them is not asked for again.
 */
export function knowAnswers(api: ApiClient, answers: FacilityAnswers): void {
  void once(api, 'countries', () => Promise.resolve(answers.countries));
  void once(api, `states:${answers.country}`, () => Promise.resolve(answers.states));
}

export function allowedCountries(api: ApiClient): Promise<AllowedCountriesResponse> {
  return once(api, 'countries', () => api.get<AllowedCountriesResponse>(PATHS.allowedCountries));
}

export function stateList(api: ApiClient, country: string): Promise<StateListResponse> {
  return once(api, `states:${country}`, () => api.get<StateListResponse>(PATHS.stateList, { country }));
}

export function facilityList(api: ApiClient, country: string, region: string): Promise<FacilityListResponse> {
  return api.get<FacilityListResponse>(PATHS.facilityList, { facility_state: region, country });
}

export async function facility(api: ApiClient, id: number): Promise<Facility> {
  const asked = ahead.get(api);
  if (asked?.id === id) {
    ahead.delete(api);
    return asked.answer.catch(() => facilityNow(api, id));
  }
  return facilityNow(api, id);
}

async function facilityNow(api: ApiClient, id: number): Promise<Facility> {
  return (await api.get<FacilityResponse>(PATHS.facility(id))).facility;
}

// One facility's details asked for before the step that reads them: the next step after the facility
// step needs them (machines/wizard.machine.ts loadingFacility), and asking once the facility is saved
// spares the payer a round trip after Continue (docs/decisions/0063). Only the last one is kept, and it
// is taken by the next read: never a cache.
const ahead = new WeakMap<ApiClient, { id: number; answer: Promise<Facility> }>();

/** Asks for a facility's details now, for the next `facility(api, id)`. */
export function facilityAhead(api: ApiClient, id: number): void {
  if (ahead.get(api)?.id === id) return;
  const answer = facilityNow(api, id);
  answer.catch(() => {});
  ahead.set(api, { id, answer });
}
