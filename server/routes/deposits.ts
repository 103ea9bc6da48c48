// POST /pay/process_deposit (§7 checkout; §4 checkout outcomes; architecture: one ledger row per
// deposit, idempotent).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { PATHS } from '../../contract/api.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { processDeposit } from '../domain/checkout.ts';
import { badRequest, validate } from '../http.ts';

const bodySchema = yup.object({
  skip_completed_steps: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required),
  confirm_duplicate: yup.boolean().strict().typeError(MSG.invalid),
});

export async function depositRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { sessions, now } = deps;

  app.post(PATHS.processDeposit, async (request, reply) => {
    const body = validate(bodySchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const session = await sessions.require(request, reply);
    const result = await processDeposit(
      deps,
      session,
      {
        skip_completed_steps: body.value.skip_completed_steps,
        confirm_duplicate: body.value.confirm_duplicate === true,
      },
      now(),
    );
    return reply.code(result.status).send(result.body);
  });
}
