// The checkout's service calls that need no account (§7): the unified-wallet inmate lookup and its
// limits, voicemail offers, the CPA link and the fee schedule. Shapes in contract/checkout-services.ts.
import type { FastifyInstance } from 'fastify';
import {
  CHECKOUT_SERVICE_PATHS,
  CN_RETURN_NOT_FOUND,
  CN_RETURN_OK,
  cnInmateSchema,
  cpaSettingsSchema,
  feesQuerySchema,
  type AllowedMinMaxResponse,
  type CnInmateResponse,
  type CpaSettingsResponse,
  type FeeScheduleTier,
  type FeesResponse,
  type VoicemailOffersResponse,
} from '../../contract/checkout-services.ts';
import type { DepositType, FieldErrors } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import { DEFAULT_CPA_LINKS, DEFAULT_CPA_STATES } from '../config.ts';
import type { Deps } from '../deps.ts';
import { allowedMinMax, dailyRemainingCents, payerEmailOf } from '../domain/deposit-limits.ts';
import { ERROR_FACILITY_NOT_FOUND } from '../domain/form-rules.ts';
import { badRequest, validate } from '../http.ts';
import { toDollars } from '../money.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

/** An error on a request parameter that is not a form field (the body's own names, §7). */
function paramError(key: 'como_facility_id' | 'inmate_id', message: string): FieldErrors {
  return { [key]: message } as FieldErrors;
}

export async function checkoutServiceRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, config, sessions, now } = deps;

  /** The facility and the person a checkout service names ({como_facility_id, inmate_id}). */
  async function facilityAndPerson(raw: unknown) {
    const body = validate(cnInmateSchema, raw);
    if (!body.ok) return { ok: false as const, errors: body.errors };
    const facility = await repos.facilities.findById(Number(body.value.como_facility_id));
    if (!facility) return { ok: false as const, errors: paramError('como_facility_id', ERROR_FACILITY_NOT_FOUND) };
    return {
      ok: true as const,
      facility,
      inmate: await repos.inmates.findInFacility(body.value.inmate_id, facility.id),
    };
  }

  // §5 unified-wallet trust: the inmate must be found (returnCode 0) and carry no fraud flag.
  app.post(
    CHECKOUT_SERVICE_PATHS.getCnInmate,
    {
      schema: routeSchema({
        summary: 'A person by booking code for the checkout',
        tags: ['Checkout'],
        body: 'CnInmateRequest',
        response: 'CnInmateResponse',
      }),
    },
    async (request, reply) => {
      const found = await facilityAndPerson(request.body);
      if (!found.ok) return badRequest(reply, found.errors);
      const { inmate } = found;
      const answer: CnInmateResponse = inmate
        ? {
            returnCode: CN_RETURN_OK,
            principalId: inmate.principal_code,
            firstName: inmate.first_name,
            lastName: inmate.last_name,
            dateOfBirth: inmate.date_of_birth,
            fraud_flag: inmate.fraud_flag,
          }
        : {
            returnCode: CN_RETURN_NOT_FOUND,
            principalId: '',
            firstName: '',
            lastName: '',
            dateOfBirth: null,
            fraud_flag: false,
          };
      return answer;
    },
  );

  // §5: min and max come from the service: the facility's range, lowered by the daily maximum.
  app.post(
    CHECKOUT_SERVICE_PATHS.getAllowedMinMax,
    {
      schema: routeSchema({
        summary: 'The amounts a facility allows for a person',
        tags: ['Checkout'],
        body: 'AllowedMinMaxRequest',
        response: 'AllowedMinMaxResponse',
      }),
    },
    async (request, reply) => {
      const found = await facilityAndPerson(request.body);
      if (!found.ok) return badRequest(reply, found.errors);
      const { facility, inmate } = found;
      if (!inmate) return badRequest(reply, paramError('inmate_id', MSG.invalid));
      const session = sessions.current(request);
      const email = session
        ? await payerEmailOf(repos, session, (await repos.formState.get(session.id)).fields.email)
        : '';
      const remaining = await dailyRemainingCents(repos, config, email, inmate.id, now());
      return allowedMinMax(facility, remaining) satisfies AllowedMinMaxResponse;
    },
  );

  app.get(
    CHECKOUT_SERVICE_PATHS.voicemailOffers,
    {
      schema: routeSchema({
        summary: 'The free voicemails of each amount tier (§9)',
        query: NO_QUERY,
        tags: ['Checkout'],
        response: 'VoicemailOffersResponse',
      }),
    },
    async () => {
      const offers = (await repos.voicemailOffers.list()).map((o) => ({
        tier: toDollars(o.tier_cents),
        voicemails: o.voicemails,
      }));
      return { offers } satisfies VoicemailOffersResponse;
    },
  );

  // §9 cpastates: the CPA link for the configured states, in the payer's language.
  app.post(
    CHECKOUT_SERVICE_PATHS.cpaSettings,
    {
      schema: routeSchema({
        summary: "A state's consumer protection link",
        tags: ['Checkout'],
        body: 'CpaSettingsRequest',
        response: 'CpaSettingsResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(cpaSettingsSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const states = config.cpaStates ?? DEFAULT_CPA_STATES;
      if (!states.includes(body.value.state.trim().toUpperCase())) {
        return { isCPAState: false, cpaLabel: '', cpaUrl: '' } satisfies CpaSettingsResponse;
      }
      const link = (config.cpaLinks ?? DEFAULT_CPA_LINKS)[body.value.lang as 'en' | 'es'];
      return { isCPAState: true, cpaLabel: link.label, cpaUrl: link.url } satisfies CpaSettingsResponse;
    },
  );

  app.get(
    CHECKOUT_SERVICE_PATHS.fees,
    {
      schema: routeSchema({
        summary: 'The fee schedule',
        tags: ['Checkout'],
        query: textParams(['deposit_type']),
        response: 'FeesResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(feesQuerySchema, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const fees: FeeScheduleTier[] = (await repos.fees.listTiers())
        .filter((t) => q.value.deposit_type === undefined || t.deposit_type === q.value.deposit_type)
        .map((t) => ({
          deposit_type: t.deposit_type as DepositType,
          min_amount: toDollars(t.min_cents),
          max_amount: toDollars(t.max_cents),
          fee: toDollars(t.fee_cents),
        }));
      return { fees } satisfies FeesResponse;
    },
  );
}
