// GET /pay/set_locale/{locale} (§7): English and Spanish only (§1).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { SetLocaleResponse } from '../../contract/api.ts';
import { LOCALES, type Locale } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { badRequest, validate } from '../http.ts';

const params = yup.object({
  locale: yup
    .string()
    .required(MSG.required)
    .oneOf([...LOCALES], MSG.invalid),
});

export async function localeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, repos, sessions, now } = deps;

  app.get('/pay/set_locale/:locale', async (request, reply) => {
    const p = validate(params, request.params);
    if (!p.ok) return badRequest(reply, p.errors);
    const locale = p.value.locale as Locale;
    const session = sessions.require(request, reply);
    transaction(db, () => {
      const state = repos.formState.get(session.id);
      const errors = { ...state.errors };
      delete errors.locale;
      repos.formState.save(session.id, { fields: { ...state.fields, locale }, errors }, now().toISOString());
    });
    return { locale } satisfies SetLocaleResponse;
  });
}
