// Form state of the session (§7 "Form state"; §3 "kept by the server").
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { PATHS, type StateAllResponse, type StateSaveResponse } from '../../contract/api.ts';
import { EMPTY_FORM, type FieldErrors } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { transaction } from '../db.ts';
import { primaryNoOf } from '../domain/deep-contact.ts';
import { applySave } from '../domain/form-rules.ts';
import { BAD_REQUEST, badRequest, validate } from '../http.ts';
import { legalUrlsOf } from '../legal-urls.ts';
import { navScriptUrlOf } from './sandbox-nav.ts';
import type { FormState } from '../repo/form-state.ts';
import type { SessionRow } from '../repo/sessions.ts';

const stateAllQuery = yup.object({
  ga_client_id: yup.string().max(100, MSG.tooMany),
});

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
  const { db, repos, sessions, now } = deps;
  const navScript = navScriptUrlOf(deps.config);

  app.get(PATHS.stateAll, async (request, reply) => {
    const q = validate(stateAllQuery, request.query);
    if (!q.ok) return badRequest(reply, q.errors);
    const session = sessions.require(request, reply);
    const { fields, errors } = viewOf(repos.formState.get(session.id), session, navScript);
    // §5: the 011 rule reads the primary number as it is now (the account pages may have changed it).
    fields.primary_no = primaryNoOf(repos, session.user_id);
    const site = {
      customer_service_phone: deps.config.customerServicePhone,
      support_phone: deps.config.supportPhone,
      visit_url: deps.config.visitUrl,
      legal_urls: legalUrlsOf(deps.config),
    };
    return { fields, errors, locale: fields.locale, csrf_token: session.csrf_token, site } satisfies StateAllResponse;
  });

  app.post(PATHS.stateSave, async (request, reply) => {
    const body = request.body;
    const patch = typeof body === 'object' && body !== null && 'fields' in body ? body.fields : undefined;
    if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return reply.code(400).send(BAD_REQUEST);
    const session = sessions.require(request, reply);
    const saved = transaction(db, () => {
      const t = now();
      const next = applySave(repos.formState.get(session.id), patch as Record<string, unknown>, {
        repos,
        sessionId: session.id,
        now: t,
        userId: session.user_id,
        log: request.log,
      });
      repos.formState.save(session.id, next, t.toISOString());
      return next;
    });
    return viewOf(saved, session, navScript) satisfies StateSaveResponse;
  });

  app.get(PATHS.stateErrors, async (request, reply) => {
    const session = sessions.require(request, reply);
    return { errors: repos.formState.get(session.id).errors } satisfies { errors: FieldErrors };
  });

  app.post(PATHS.stateClear, async (request, reply) => {
    const session = sessions.require(request, reply);
    const cleared = transaction(db, () => {
      const { fields } = repos.formState.get(session.id);
      // The language choice outlives the form.
      const next: FormState = { fields: { ...EMPTY_FORM, locale: fields.locale }, errors: {} };
      repos.formState.save(session.id, next, now().toISOString());
      return next;
    });
    return viewOf(cleared, session, navScript) satisfies StateSaveResponse;
  });
}
