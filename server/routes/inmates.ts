// Recipient search (§2 deposit.recipient, §5 search rules, §9 six per page). Results never leave
// the facility asked for. One person by id and the search readied are for the session's facility
// (docs/decisions/0059).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  PATHS,
  type InmateResponse,
  type PrimeInmateCacheResponse,
  type SearchInmatesResponse,
} from '../../contract/api.ts';
import { RESULTS_PER_PAGE } from '../../contract/constants.ts';
import type { Facility } from '../../contract/entities.ts';
import { MSG, SEARCH_FIELDS } from '../../contract/schemas.ts';
import { DEFAULT_SEARCH_CAP, DEFAULT_SEARCH_KEEP_MS } from '../config.ts';
import type { Deps } from '../deps.ts';
import { ERROR_FACILITY_NOT_FOUND } from '../domain/form-rules.ts';
import { ERROR_INMATE_NOT_FOUND, createSearchPrimer, inmateOfSession, searchResultOf } from '../domain/recipients.ts';
import { ttlCache } from '../domain/directory.ts';
import { badRequest, idText, validate } from '../http.ts';
import type { NameQuery, Page, SearchResult } from '../repo/inmates.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

/** The last page a search answers: the cap's matches, six per page (docs/decisions/0023). */
export function lastPage(cap: number): number {
  return Math.max(1, Math.ceil(cap / RESULTS_PER_PAGE));
}

/** A facility id as a search's query gives it (http.ts idText's pattern). */
const FACILITY_ID = /^\d{1,9}$/;
const facilityQuery = yup.object({ facility_id: idText(MSG.numeric) });

/** A person's id as the search answers give it (fixtures/inmates.json: digits; an operator's may hold letters). */
const inmateParams = yup.object({
  inmateId: yup
    .string()
    .required(MSG.required)
    .matches(/^[A-Za-z0-9-]{1,40}$/, MSG.invalid),
});

/** The query schemas of a search that counts up to `cap` matches; built once, when the routes are. */
function querySchemas(cap: number) {
  const common = {
    facility_id: idText(MSG.numeric),
    // Pages 1 to lastPage(cap): a page past what the search counts is refused, not answered empty.
    page: yup
      .string()
      .matches(/^\d{1,5}$/, MSG.numeric)
      .test('page', MSG.invalid, (v) => v === undefined || (Number(v) >= 1 && Number(v) <= lastPage(cap))),
  };
  return {
    name: yup.object({ ...common, ...SEARCH_FIELDS.name }),
    booking: yup.object({ ...common, ...SEARCH_FIELDS.booking }),
    ice: yup.object({ ...common, ...SEARCH_FIELDS.ice }),
  };
}

/**
 * Splits a typed name (§2): "Smith, John" is last then first; "John Smith" is first then last (the
 * last name may hold spaces). A single word is matched against either name.
 */
export function nameQueryParts(q: string): NameQuery {
  const whole = q
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ');
  const comma = whole.indexOf(',');
  if (comma >= 0) {
    return { whole, last: whole.slice(0, comma).trim(), first: whole.slice(comma + 1).trim() };
  }
  const space = whole.indexOf(' ');
  if (space >= 0) return { whole, first: whole.slice(0, space), last: whole.slice(space + 1) };
  return { whole, first: whole, last: whole };
}

/** Search pages an instance keeps at most; the oldest goes first. */
const MAX_KEPT_SEARCHES = 5000;

export async function inmateRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, now, sessions, directory } = deps;
  const cap = deps.config.searchCap ?? DEFAULT_SEARCH_CAP;
  const schemas = querySchemas(cap);
  // docs/decisions/0062: a search page (the people of one query's page, the same for every payer who
  // asks it) is answered again from this instance's copy for a few seconds; a change reaches every
  // instance's answers within that time. Ages are worked out at each answer, from the records.
  const keepMs = deps.config.searchKeepMs ?? DEFAULT_SEARCH_KEEP_MS;
  const keptSearches = ttlCache<SearchResult>({ ttlMs: keepMs, max: MAX_KEPT_SEARCHES, now });
  const kept = (key: string, read: () => Promise<SearchResult>) => (keepMs > 0 ? keptSearches(key, read) : read());

  const pageOf = (page: string | undefined): Page & { page: number } => {
    const n = page === undefined ? 1 : Number(page);
    return { page: n, limit: RESULTS_PER_PAGE, offset: (n - 1) * RESULTS_PER_PAGE, cap };
  };

  const answer = (result: SearchResult, page: number): SearchInmatesResponse => {
    const t = now();
    return {
      inmates: result.inmates.map((i) => searchResultOf(i, t)),
      total: result.total,
      more: result.more,
      page,
      per_page: RESULTS_PER_PAGE,
    };
  };

  /** The facility of the query, or the 400 errors to answer with. */
  const facilityOf = async (
    query: unknown,
  ): Promise<{ facility: Facility } | { errors: Parameters<typeof badRequest>[1] }> => {
    // facilityQuery's rule, without yup's pass on a search whose facility id has its shape
    // (docs/decisions/0062): the query's schema has made every parameter text already. Any other is
    // checked by the rule itself, which says what is wrong with it.
    const id = (query as { facility_id?: unknown }).facility_id;
    if (typeof id !== 'string' || !FACILITY_ID.test(id)) {
      const q = validate(facilityQuery, query);
      return { errors: { facility_id: (q.ok ? undefined : q.errors.facility_id) ?? MSG.numeric } };
    }
    const facility = await deps.directory.facility(Number(id));
    return facility ? { facility } : { errors: { facility_id: ERROR_FACILITY_NOT_FOUND } };
  };

  app.get(
    PATHS.searchInmates,
    {
      schema: routeSchema({
        summary: "Searches a standard facility's people by name (§5), six per page",
        tags: ['Recipients'],
        query: textParams(['facility_id', 'name_query', 'page']),
        response: 'SearchInmatesResponse',
      }),
    },
    async (request, reply) => {
      const f = await facilityOf(request.query);
      if ('errors' in f) return badRequest(reply, f.errors);
      // Name search is for standard facilities; the others search by booking code or A-number.
      if (!f.facility.is_standard) return badRequest(reply, { facility_id: MSG.invalid });
      const q = validate(schemas.name, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const p = pageOf(q.value.page);
      const parts = nameQueryParts(q.value.name_query);
      const key = JSON.stringify(['name', f.facility.id, parts.whole, parts.first, parts.last, p.page]);
      return answer(await kept(key, () => repos.inmates.searchByName(f.facility.id, parts, p)), p.page);
    },
  );

  app.get(
    PATHS.searchInmatesSpecial,
    {
      schema: routeSchema({
        summary: 'Searches a juvenile or Canadian facility by booking code, an ICE facility by A-number and last name',
        tags: ['Recipients'],
        query: textParams(['facility_id', 'booking_code', 'name_query', 'inmate_last_name', 'page']),
        response: 'SearchInmatesResponse',
      }),
    },
    async (request, reply) => {
      const f = await facilityOf(request.query);
      if ('errors' in f) return badRequest(reply, f.errors);
      const { facility } = f;
      if (facility.is_ice) {
        const q = validate(schemas.ice, request.query);
        if (!q.ok) return badRequest(reply, q.errors);
        const p = pageOf(q.value.page);
        const digits = q.value.name_query.replace(/^[Aa]/, '');
        const last = q.value.inmate_last_name;
        const key = JSON.stringify(['ice', facility.id, digits, last, p.page]);
        return answer(await kept(key, () => repos.inmates.searchByANumber(facility.id, digits, last, p)), p.page);
      }
      if (facility.is_juve || facility.is_canada) {
        const q = validate(schemas.booking, request.query);
        if (!q.ok) return badRequest(reply, q.errors);
        const p = pageOf(q.value.page);
        const code = q.value.booking_code;
        const key = JSON.stringify(['booking', facility.id, code, p.page]);
        return answer(await kept(key, () => repos.inmates.searchByBookingCode(facility.id, code, p)), p.page);
      }
      return badRequest(reply, { facility_id: MSG.invalid });
    },
  );

  app.get(
    PATHS.inmate(':inmateId'),
    {
      schema: routeSchema({
        summary:
          "One person of the session's facility, as a search shows them (404 for anyone a search would not show)",
        tags: ['Recipients'],
        query: NO_QUERY,
        params: textParams(['inmateId'], ['inmateId']),
        response: 'InmateResponse',
      }),
    },
    async (request, reply) => {
      const p = validate(inmateParams, request.params);
      // The person chosen is the form's deposit_inmate_id: errors are that field's.
      if (!p.ok) return badRequest(reply, { deposit_inmate_id: MSG.invalid });
      const session = await sessions.require(request, reply);
      const found = await inmateOfSession(repos, directory, session.id, p.value.inmateId, now());
      if (found.kind === 'invalid') return badRequest(reply, found.errors);
      if (found.kind === 'not-found')
        return reply.code(404).send({ errors: { deposit_inmate_id: ERROR_INMATE_NOT_FOUND } });
      return { inmate: found.inmate } satisfies InmateResponse;
    },
  );

  // One primer per server: what it readied is this server's (its statements, its directory copy).
  const prime = createSearchPrimer({ repos, directory, now, cap });
  app.get(
    PATHS.primeInmateCache,
    {
      schema: routeSchema({
        summary: "Readies this server's search of the session's facility before the payer's first search",
        tags: ['Recipients'],
        query: NO_QUERY,
        response: 'PrimeInmateCacheResponse',
      }),
    },
    async (request, reply) => {
      const session = await sessions.require(request, reply);
      const primed = await prime(session.id);
      if (primed.kind === 'invalid') return badRequest(reply, primed.errors);
      return {
        success: true,
        facility_id: primed.facilityId,
        warmed: primed.warmed,
      } satisfies PrimeInmateCacheResponse;
    },
  );
}
