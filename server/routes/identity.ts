// POST /pay/verify (§2 identity.verify; §4: success with a non-rejected status moves on; rejected and
// retryable shows the failure; rejected and not retryable moves on with verificationRejected). The
// answers are compared with the payer's date of birth and last four of the social security number on
// file; the number is never logged, stored again or echoed.
import type { FastifyInstance } from 'fastify';
import { IDENTITY_PATHS, dobOf, verifySchema } from '../../contract/identity.ts';
import type { Deps } from '../deps.ts';
import { verifyIdentity } from '../domain/identity.ts';
import { badRequest, validate } from '../http.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema } from '../api-schemas.ts';

export async function identityRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  app.post(
    IDENTITY_PATHS.verify,
    {
      schema: routeSchema({
        summary: "Verifies the payer's identity",
        tags: ['Account'],
        body: 'VerifyRequest',
        response: 'VerifyResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(verifySchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      return verifyIdentity(store, guard.user(request), { dob: dobOf(body.value), ssn: body.value.ssn }, now());
    },
  );
}
