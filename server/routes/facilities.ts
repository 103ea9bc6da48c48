// Countries and one country, states or provinces, facility lists and one facility (§2 deposit.facility, §7).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  PATHS,
  type AllowedCountriesResponse,
  type CountryResponse,
  type FacilityListResponse,
  type FacilityResponse,
  type StateListResponse,
} from '../../contract/api.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { ERROR_FACILITY_NOT_FOUND } from '../domain/form-rules.ts';
import { allowedCountries, allowedCountry, isSupportedCountry } from '../domain/facility-options.ts';
import { badRequest, idText, validate } from '../http.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

const countryQuery = yup.object({
  country: yup
    .string()
    .required(MSG.required)
    .matches(/^[A-Z]{2}$/, MSG.invalid),
});

const facilityListQuery = yup.object({
  facility_state: yup
    .string()
    .required(MSG.required)
    .matches(/^[A-Z]{2}$/, MSG.invalid),
  country: yup.string().matches(/^[A-Z]{2}$/, MSG.invalid),
});

const facilityParams = yup.object({ id: idText(MSG.numeric) });

/** A country the allowed list does not hold, or a code that is not a country's (§7 /pay/country/{code}). */
export const ERROR_COUNTRY_NOT_FOUND = 'ERROR.COUNTRY_NOT_FOUND';

export async function facilityRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // docs/decisions/0056: the same for every payer; read through this instance's short-lived copy.
  const { directory } = deps;

  const supported = (code: string) => isSupportedCountry(directory, code);

  app.get(
    PATHS.allowedCountries,
    {
      schema: routeSchema({
        summary: 'The countries a payer may pick (§3: allowed, never sanctioned)',
        query: NO_QUERY,
        tags: ['Facilities'],
        response: 'AllowedCountriesResponse',
      }),
    },
    async () => ({ countries: await allowedCountries(directory) }) satisfies AllowedCountriesResponse,
  );

  app.get(
    PATHS.country(':countryCode'),
    {
      schema: routeSchema({
        summary: 'One country of the allowed list (404 for any other code)',
        query: NO_QUERY,
        tags: ['Facilities'],
        params: textParams(['countryCode'], ['countryCode']),
        response: 'CountryResponse',
      }),
    },
    async (request, reply) => {
      const { countryCode } = request.params as { countryCode: string };
      // Codes are two capital letters (ISO 3166-1); any other text is no country of the list.
      const country = /^[A-Z]{2}$/.test(countryCode) ? await allowedCountry(directory, countryCode) : undefined;
      if (!country) return reply.code(404).send({ errors: { country: ERROR_COUNTRY_NOT_FOUND } });
      return { country } satisfies CountryResponse;
    },
  );

  app.get(
    PATHS.stateList,
    {
      schema: routeSchema({
        summary: 'The states or provinces of a country',
        tags: ['Facilities'],
        query: textParams(['country']),
        response: 'StateListResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(countryQuery, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      if (!(await supported(q.value.country))) return badRequest(reply, { country: MSG.invalid });
      return { states: await directory.geo.listRegions(q.value.country) } satisfies StateListResponse;
    },
  );

  app.get(
    PATHS.facilityList,
    {
      schema: routeSchema({
        summary: 'The facilities of a state or province',
        tags: ['Facilities'],
        query: textParams(['facility_state', 'country']),
        response: 'FacilityListResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(facilityListQuery, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const country = q.value.country ?? 'US';
      if (!(await supported(country))) return badRequest(reply, { country: MSG.invalid });
      if (!(await directory.regionExists(country, q.value.facility_state)))
        return badRequest(reply, { facility_state: MSG.invalid });
      return {
        facilities: await directory.facilityList(country, q.value.facility_state),
      } satisfies FacilityListResponse;
    },
  );

  app.get(
    '/pay/facility/:id',
    {
      schema: routeSchema({
        summary: 'One facility, with its deposit types, limits and rules',
        query: NO_QUERY,
        tags: ['Facilities'],
        params: textParams(['id'], ['id']),
        response: 'FacilityResponse',
      }),
    },
    async (request, reply) => {
      const p = validate(facilityParams, request.params);
      if (!p.ok) return badRequest(reply, { facility_id: MSG.numeric });
      const facility = await directory.facility(Number(p.value.id));
      if (!facility) return reply.code(404).send({ errors: { facility_id: ERROR_FACILITY_NOT_FOUND } });
      return { facility } satisfies FacilityResponse;
    },
  );
}
