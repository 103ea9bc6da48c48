// POST /pay/deep_contact (contract/deep-contact.ts): a deep-contact link names the facility and the
// person; the session's form state becomes a new deposit to them (§3 deep_contact fields, §4).
import type { FastifyInstance } from 'fastify';
import type { StateSaveResponse } from '../../contract/api.ts';
import { DEEP_CONTACT_ERRORS, DEEP_CONTACT_PATHS, deepContactSchema } from '../../contract/deep-contact.ts';
import type { ErrorBody } from '../../contract/api.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { deepContactState } from '../domain/deep-contact.ts';
import { badRequest, validate } from '../http.ts';

export async function deepContactRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, repos, sessions, now } = deps;

  app.post(DEEP_CONTACT_PATHS.deepContact, async (request, reply) => {
    const body = validate(deepContactSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const session = sessions.require(request, reply);
    const started = transaction(db, () => {
      const next = deepContactState(
        repos,
        repos.formState.get(session.id),
        {
          facilityId: Number(body.value.facility_id),
          inmateId: body.value.inmate_id,
          zuid: body.value.deep_zuid ?? '',
        },
        session.user_id,
      );
      // An unknown link changes nothing: the payer keeps what they had.
      if (next) repos.formState.save(session.id, next, now().toISOString());
      return next;
    });
    if (!started) {
      return reply.code(404).send({ errors: { form: DEEP_CONTACT_ERRORS.notFound } } satisfies ErrorBody);
    }
    return { fields: started.fields, errors: started.errors } satisfies StateSaveResponse;
  });
}
