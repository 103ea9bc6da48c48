// Professional verification for a signed-in payer (§2, §6, §7; contract/professional.ts): the facilities
// a request may name, the sso token a request carries, and the request itself (rules in
// domain/professional.ts).
import type { FastifyInstance } from 'fastify';
import type { AccountErrorBody } from '../../contract/accounts.ts';
import {
  PROFESSIONAL_ERRORS,
  PROFESSIONAL_PATHS,
  type ProfessionalFacilitiesResponse,
  type SaveProfessionalResponse,
  type SsoTokenResponse,
  professionalRequestSchema,
} from '../../contract/professional.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { updateForm } from '../domain/form-state.ts';
import { isSsoTokenOf, issueSsoToken, saveProfessionalRequest, serverIssueDateWindow } from '../domain/professional.ts';
import { badRequest, validate } from '../http.ts';
import { signedInGuard } from '../signed-in.ts';
import { NO_QUERY, routeSchema } from '../api-schemas.ts';

const TOKEN_REFUSED = { errors: { form: PROFESSIONAL_ERRORS.tokenRefused } } satisfies AccountErrorBody;

export async function professionalRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, sessions, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  app.get(
    PROFESSIONAL_PATHS.facilities,
    {
      schema: routeSchema({
        summary: 'The facilities of a professional request (§6)',
        query: NO_QUERY,
        tags: ['Account'],
        response: 'ProfessionalFacilitiesResponse',
      }),
    },
    async (request) => {
      const user = guard.user(request);
      const pending = new Set(await repos.professionalRequests.pendingFacilityIds(user.id));
      const facilities = (await repos.facilities.listAll()).map((f) => ({ ...f, pending: pending.has(f.id) }));
      return { facilities } satisfies ProfessionalFacilitiesResponse;
    },
  );

  // §6: the token goes into the form state too, where the page looks first next time.
  app.get(
    PROFESSIONAL_PATHS.ssoToken,
    {
      schema: routeSchema({
        summary: "The payer's single sign-on token",
        query: NO_QUERY,
        tags: ['Account'],
        response: 'SsoTokenResponse',
      }),
    },
    async (request) => {
      const user = guard.user(request);
      const t = now();
      const { token, expiresAt } = issueSsoToken(user.id, t, deps.keys.sso);
      const session = sessions.current(request);
      if (session) {
        await updateForm(
          store,
          session.id,
          (state) => ({ ...state, fields: { ...state.fields, sso_token: token } }),
          t,
        );
      }
      return { sso_token: token, expires_at: expiresAt.toISOString() } satisfies SsoTokenResponse;
    },
  );

  app.post(
    PROFESSIONAL_PATHS.save,
    {
      schema: routeSchema({
        summary: 'Saves a professional request',
        tags: ['Account'],
        body: 'ProfessionalRequest',
        response: 'SaveProfessionalResponse',
      }),
    },
    async (request, reply) => {
      const t = now();
      const body = validate(professionalRequestSchema(serverIssueDateWindow(t)), request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      // §6: the token must be this payer's own, signed here and not expired.
      if (!isSsoTokenOf(body.value.jwtToken, user.id, t, deps.keys.sso)) return reply.code(403).send(TOKEN_REFUSED);
      const outcome = await saveProfessionalRequest(store, user.id, body.value, t);
      if (outcome.kind === 'facility_unknown') {
        return reply.code(400).send({ errors: { facilityId: MSG.invalid } } satisfies AccountErrorBody);
      }
      return {
        status: outcome.status,
        facility_id: outcome.facilityId,
        facility_name: outcome.facilityName,
      } satisfies SaveProfessionalResponse;
    },
  );
}
