// GET /pay/set_locale/{locale} (§7): English and Spanish only (§1).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import type { SetLocaleResponse } from '../../contract/api.ts';
import { LOCALES, type Locale } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { updateForm } from '../domain/form-state.ts';
import { badRequest, validate } from '../http.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

const params = yup.object({
  locale: yup
    .string()
    .required(MSG.required)
    .oneOf([...LOCALES], MSG.invalid),
});

export async function localeRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, sessions, now } = deps;

  app.get(
    '/pay/set_locale/:locale',
    {
      schema: routeSchema({
        summary: "Sets the session's language",
        query: NO_QUERY,
        tags: ['Form state'],
        params: textParams(['locale'], ['locale']),
        response: 'SetLocaleResponse',
      }),
    },
    async (request, reply) => {
      const p = validate(params, request.params);
      if (!p.ok) return badRequest(reply, p.errors);
      const locale = p.value.locale as Locale;
      const session = await sessions.require(request, reply);
      await updateForm(
        store,
        session.id,
        (state) => {
          const errors = { ...state.errors };
          delete errors.locale;
          return { fields: { ...state.fields, locale }, errors };
        },
        now(),
      );
      return { locale } satisfies SetLocaleResponse;
    },
  );
}
