// Form state of the session (§7 "Form state"; §3 "kept by the server").
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import {
  PATHS,
  type SetGaClientIdResponse,
  type StateAllResponse,
  type StateErrorsResponse,
  type StateSaveResponse,
} from '../../contract/api.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { gaClientIdOf, keepGaClientId } from '../domain/analytics.ts';
import { primaryNoOf } from '../domain/deep-contact.ts';
import { clearForm, saveFormPatch } from '../domain/form-state.ts';
import { BAD_REQUEST, badRequest, validate } from '../http.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';
import { legalUrlsOf } from '../legal-urls.ts';
import { navScriptUrlOf } from './sandbox-nav.ts';
import { sessionIdleMs } from '../security.ts';
import type { FormState } from '../repo/form-state.ts';
import type { SessionRow } from '../repo/sessions.ts';

/** §7: the analytics client id, of its documented shape (server/domain/analytics.ts). */
const gaClientId = yup
  .string()
  .max(100, MSG.tooMany)
  .test('ga_client_id', MSG.invalid, (v) => v === undefined || gaClientIdOf(v) !== null);

const stateAllQuery = yup.object({ ga_client_id: gaClientId });

const setGaClientIdBody = yup.object({ ga_client_id: gaClientId.required(MSG.required) });

/**
 * The stored state as the client sees it: logged_in reflects the session; nav_script_url is the
 * configured navigation script of the global header (§2 "whose URL comes from form state").
 */
export function viewOf(state: FormState, session: SessionRow, navScriptUrl: string): FormState {
  return {
    fields: { ...state.fields, logged_in: session.user_id !== null, nav_script_url: navScriptUrl },
    errors: state.errors,
  };
}

export async function stateRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, sessions, now } = deps;
  const navScript = navScriptUrlOf(deps.config);
  // The site's configured values: the same on every answer, so built once (docs/decisions/0062).
  const site = Object.freeze({
    customer_service_phone: deps.config.customerServicePhone,
    support_phone: deps.config.supportPhone,
    visit_url: deps.config.visitUrl,
    legal_urls: legalUrlsOf(deps.config),
    session_idle_seconds: sessionIdleMs(deps.config) / 1000,
  });

  const tags = ['Form state'];
  app.get(
    PATHS.stateAll,
    {
      config: { readsFormState: true },
      schema: routeSchema({
        summary: "The session's form state, its CSRF token and the site's configured values",
        tags,
        query: textParams(['ga_client_id']),
        response: 'StateAllResponse',
      }),
    },
    async (request, reply) => {
      // §7 GET /state/all (query ga_client_id): kept as POST /pay/set_ga_client_id keeps it. Most
      // requests have no query (its schema drops any other parameter): no rule to run then.
      let clientId: string | null = null;
      if ((request.query as { ga_client_id?: unknown }).ga_client_id !== undefined) {
        const q = validate(stateAllQuery, request.query);
        if (!q.ok) return badRequest(reply, q.errors);
        clientId = q.value.ga_client_id === undefined ? null : gaClientIdOf(q.value.ga_client_id);
      }
      const session = await sessions.require(request, reply);
      if (clientId !== null) await keepGaClientId(repos, session.id, clientId, now());
      // Read with the session (docs/decisions/0065); a session made by this request has none yet.
      const state = sessions.storedFormState(request) ?? (await repos.formState.get(session.id));
      const { fields, errors } = viewOf(state, session, navScript);
      // §5: the 011 rule reads the primary number as it is now (the account pages may have changed it).
      fields.primary_no = await primaryNoOf(repos, session.user_id);
      return { fields, errors, locale: fields.locale, csrf_token: session.csrf_token, site } satisfies StateAllResponse;
    },
  );

  app.post(
    PATHS.stateSave,
    {
      schema: routeSchema({
        summary: 'Saves some fields of the form state; each is checked by its §5 rule',
        tags,
        // docs/decisions/0037: a value of the wrong type clears its field and the rest is saved, so the
        // fields are not refused here by type: their types are FormFields'.
        body: {
          type: 'object',
          properties: { fields: { type: 'object', description: 'Some fields of FormFields' } },
        },
        response: 'StateSaveResponse',
      }),
    },
    async (request, reply) => {
      const body = request.body;
      const patch = typeof body === 'object' && body !== null && 'fields' in body ? body.fields : undefined;
      if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return reply.code(400).send(BAD_REQUEST);
      const session = await sessions.require(request, reply);
      const saved = await saveFormPatch(store, session, patch as Record<string, unknown>, now(), request.log);
      return viewOf(saved, session, navScript) satisfies StateSaveResponse;
    },
  );

  app.get(
    PATHS.stateErrors,
    {
      config: { readsFormState: true },
      schema: routeSchema({
        summary: "The form state's field errors",
        tags,
        query: NO_QUERY,
        response: 'StateErrorsResponse',
      }),
    },
    async (request, reply) => {
      const session = await sessions.require(request, reply);
      const state = sessions.storedFormState(request) ?? (await repos.formState.get(session.id));
      return { errors: state.errors } satisfies StateErrorsResponse;
    },
  );

  app.post(
    PATHS.stateClear,
    {
      schema: routeSchema({
        summary: 'Clears the form state (a new deposit)',
        tags,
        body: 'EmptyRequest',
        response: 'StateSaveResponse',
      }),
    },
    async (request, reply) => {
      const session = await sessions.require(request, reply);
      const cleared = await clearForm(store, session.id, now());
      return viewOf(cleared, session, navScript) satisfies StateSaveResponse;
    },
  );

  app.post(
    PATHS.setGaClientId,
    {
      schema: routeSchema({
        summary: 'Keeps the analytics client id on the session (only there, and never in a log line)',
        tags,
        body: 'SetGaClientIdRequest',
        response: 'SetGaClientIdResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(setGaClientIdBody, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const clientId = gaClientIdOf(body.value.ga_client_id);
      if (clientId === null) return badRequest(reply, { ga_client_id: MSG.invalid });
      const session = await sessions.require(request, reply);
      await keepGaClientId(repos, session.id, clientId, now());
      return { success: true } satisfies SetGaClientIdResponse;
    },
  );
}
