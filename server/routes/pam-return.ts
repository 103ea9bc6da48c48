// POST /pay/complete_pam_deposit (contract/pam.ts): the return leg of the pam variant (§2). The payment
// endpoint sent the payer back with a signed result; this checks it against the payment this session
// prepared (its pam_payload) and against the endpoint's own record, then writes the deposit (one ledger
// row, in the payer's history) and the pam receipt into form state. The same result again answers the
// first answer: a reload of the return address never writes a second deposit.
import type { FastifyInstance } from 'fastify';
import { PAM_PATHS, completePamDepositSchema } from '../../contract/pam.ts';
import type { Deps } from '../deps.ts';
import { completePamDeposit } from '../domain/pam-return.ts';
import { badRequest, validate } from '../http.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema } from '../api-schemas.ts';

export async function pamReturnRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { sessions, now } = deps;
  const guard = signedInGuard(deps);
  // §6: in pam mode an account is required.
  app.addHook('onRequest', guard.onRequest);

  app.post(
    PAM_PATHS.completePamDeposit,
    {
      schema: routeSchema({
        summary: "Records the pam endpoint's signed result",
        tags: ['Checkout'],
        body: 'CompletePamDepositRequest',
        response: 'CompletePamDepositResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(completePamDepositSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const session = await sessions.require(request, reply);
      const outcome = await completePamDeposit(deps, user, session, body.value.pam_result, now());
      if (outcome.status === 400) return badRequest(reply, { form: outcome.field });
      return outcome.body;
    },
  );
}
