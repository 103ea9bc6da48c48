// POST /pay/deep_contact (contract/deep-contact.ts): a deep-contact link names the facility and the
// person; the session's form state becomes a new deposit to them (§3 deep_contact fields, §4).
import type { FastifyInstance } from 'fastify';
import type { StateSaveResponse } from '../../contract/api.ts';
import { DEEP_CONTACT_ERRORS, DEEP_CONTACT_PATHS, deepContactSchema } from '../../contract/deep-contact.ts';
import type { ErrorBody } from '../../contract/api.ts';
import { transaction } from '../db.ts';
import type { Deps } from '../deps.ts';
import { deepContactBase, deepContactState } from '../domain/deep-contact.ts';
import { applySave } from '../domain/form-rules.ts';
import { badRequest, validate } from '../http.ts';

export async function deepContactRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { db, repos, sessions, now } = deps;

  app.post(DEEP_CONTACT_PATHS.deepContact, async (request, reply) => {
    const body = validate(deepContactSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const session = sessions.require(request, reply);
    const started = transaction(db, () => {
      const facilityId = Number(body.value.facility_id);
      const t = now();
      // The facility goes in through the /state/save rules: every field a facility choice writes.
      const withFacility = applySave(
        deepContactBase(repos.formState.get(session.id), session.user_id),
        { facility_id: facilityId },
        { repos, sessionId: session.id, now: t, userId: session.user_id },
      );
      const next = deepContactState(repos, withFacility, {
        facilityId,
        inmateId: body.value.inmate_id,
        zuid: body.value.deep_zuid ?? '',
      });
      // An unknown link changes nothing: the payer keeps what they had.
      if (next) repos.formState.save(session.id, next, t.toISOString());
      return next;
    });
    if (!started) {
      return reply.code(404).send({ errors: { form: DEEP_CONTACT_ERRORS.notFound } } satisfies ErrorBody);
    }
    return { fields: started.fields, errors: started.errors } satisfies StateSaveResponse;
  });
}
