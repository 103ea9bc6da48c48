// One person of the session's facility by id, and that facility's search readied on this server (§7 GET
// /pay/inmate/{inmateId} and GET /pay/prime_inmate_cache; docs/decisions/0059). Both are for the
// facility the session's form state is on, and neither shows anything a search of it does not show.
import { RESULTS_PER_PAGE } from '../../contract/constants.ts';
import type { Facility, FieldErrors, FormFields, Inmate } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Repos } from '../repo/repos.ts';
import type { InmateRecord } from '../repo/inmates.ts';
import { ageOn } from './dates.ts';
import { DIRECTORY_TTL_MS, ttlCache, type Directory } from './directory.ts';
import { ERROR_FACILITY_NOT_FOUND } from './form-rules.ts';

export const ERROR_INMATE_NOT_FOUND = 'ERROR.INMATE_NOT_FOUND';

/** A person as a search result shows them (§3 "age (derived)"). */
export function searchResultOf(record: InmateRecord, now: Date): Inmate {
  return { ...record, age: ageOn(record.date_of_birth, now) };
}

type Reads = Pick<Repos, 'formState' | 'inmates'>;

/** The facility the session's form state is on, or the errors that say why there is none. */
async function sessionFacility(
  repos: Reads,
  directory: Directory,
  sessionId: string,
): Promise<{ facility: Facility; fields: FormFields } | { errors: FieldErrors }> {
  const { fields } = await repos.formState.get(sessionId);
  if (fields.facility_id === null) return { errors: { facility_id: MSG.required } };
  const facility = await directory.facility(fields.facility_id);
  return facility ? { facility, fields } : { errors: { facility_id: ERROR_FACILITY_NOT_FOUND } };
}

export type InmateLookup =
  { kind: 'found'; inmate: Inmate } | { kind: 'invalid'; errors: FieldErrors } | { kind: 'not-found' };

/**
 * One person of the session's facility by id. Someone of another facility is not found, as is, at an
 * ICE facility, anyone but the person the session chose: an ICE search needs the A-number and the last
 * name, so a bare id must not show a detainee the payer has not found that way.
 */
export async function inmateOfSession(
  repos: Reads,
  directory: Directory,
  sessionId: string,
  inmateId: string,
  now: Date,
): Promise<InmateLookup> {
  const on = await sessionFacility(repos, directory, sessionId);
  if ('errors' in on) return { kind: 'invalid', errors: on.errors };
  if (on.facility.is_ice && on.fields.deposit_inmate_id !== inmateId) return { kind: 'not-found' };
  const record = await repos.inmates.findInFacility(inmateId, on.facility.id);
  return record ? { kind: 'found', inmate: searchResultOf(record, now) } : { kind: 'not-found' };
}

export type PrimeResult =
  { kind: 'primed'; facilityId: number; warmed: boolean } | { kind: 'invalid'; errors: FieldErrors };

/**
 * Readies the search of a session's facility on this server, at most once per facility in
 * DIRECTORY_TTL_MS: the facility is read into the directory (the search's first read), and the
 * facility's kind of search runs once for its first page, so that its statements are built, compiled
 * and prepared, and the facility's index pages read into the database's cache, before the payer's
 * first search. Nothing of the answer is kept here (the search routes keep their pages a few seconds:
 * docs/decisions/0062).
 */
export function createSearchPrimer(options: { repos: Reads; directory: Directory; now: () => Date; cap: number }) {
  const { repos, directory, cap } = options;
  const primed = ttlCache<void>({ ttlMs: DIRECTORY_TTL_MS, max: 2000, now: options.now });

  const runSearch = async (facility: Facility): Promise<void> => {
    const page = { limit: RESULTS_PER_PAGE, offset: 0, cap };
    if (facility.is_ice) await repos.inmates.searchByANumber(facility.id, '1', 'a', page);
    else if (facility.is_juve || facility.is_canada) await repos.inmates.searchByBookingCode(facility.id, '1', page);
    // Two words: the name search's every part (one word uses the first two of them).
    else await repos.inmates.searchByName(facility.id, { whole: 'a b', first: 'a', last: 'b' }, page);
  };

  return async function prime(sessionId: string): Promise<PrimeResult> {
    const on = await sessionFacility(repos, directory, sessionId);
    if ('errors' in on) return { kind: 'invalid', errors: on.errors };
    let warmed = false;
    await primed(String(on.facility.id), async () => {
      warmed = true;
      await runSearch(on.facility);
    });
    return { kind: 'primed', facilityId: on.facility.id, warmed };
  };
}
