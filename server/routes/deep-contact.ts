// POST /pay/deep_contact (contract/deep-contact.ts): a deep-contact link names the facility and the
// person; the session's form state becomes a new deposit to them (§3 deep_contact fields, §4).
import type { FastifyInstance } from 'fastify';
import type { StateSaveResponse } from '../../contract/api.ts';
import { DEEP_CONTACT_ERRORS, DEEP_CONTACT_PATHS, deepContactSchema } from '../../contract/deep-contact.ts';
import type { ErrorBody } from '../../contract/api.ts';
import type { Deps } from '../deps.ts';
import { startDeepContact } from '../domain/form-state.ts';
import { badRequest, validate } from '../http.ts';
import { routeSchema } from '../api-schemas.ts';

export async function deepContactRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, sessions, now } = deps;

  app.post(
    DEEP_CONTACT_PATHS.deepContact,
    {
      schema: routeSchema({
        summary: 'Starts a deposit from a deep-contact link (§4)',
        tags: ['Form state'],
        body: 'DeepContactRequest',
        response: 'StateSaveResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(deepContactSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const session = await sessions.require(request, reply);
      const started = await startDeepContact(
        store,
        session,
        {
          facilityId: Number(body.value.facility_id),
          inmateId: body.value.inmate_id,
          zuid: body.value.deep_zuid ?? '',
        },
        now(),
      );
      if (!started) {
        return reply.code(404).send({ errors: { form: DEEP_CONTACT_ERRORS.notFound } } satisfies ErrorBody);
      }
      return { fields: started.fields, errors: started.errors } satisfies StateSaveResponse;
    },
  );
}
