// POST /pay/process_deposit (§7 checkout; §4 checkout outcomes; architecture: one ledger row per
// deposit, idempotent), GET /pay/deposit_status/:id (the status tracker) and POST
// /pay/deposit_cancel/:id (the payer cancels a deposit not yet sent to the facility; docs/decisions/0049).
import type { FastifyInstance } from 'fastify';
import * as yup from 'yup';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import {
  DEPOSIT_CANCEL_BASE,
  DEPOSIT_STATUS_BASE,
  depositStatusParamsSchema,
  type DepositCancelResponse,
  type DepositStatusInfo,
} from '../../contract/deposit-status.ts';
import { processDeposit } from '../domain/checkout.ts';
import { cancelOwnDeposit, readDepositStatus } from '../domain/deposit-status.ts';
import { NOT_FOUND, badRequest, validate } from '../http.ts';
import { NO_QUERY, routeSchema, textParams } from '../api-schemas.ts';

const bodySchema = yup.object({
  skip_completed_steps: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required),
  confirm_duplicate: yup.boolean().strict().typeError(MSG.invalid),
});

/** The deposit an answer of process_deposit made, if it made one. */
function depositIdOf(body: CheckoutResponse): string | null {
  return (body.cached_deposit_info ?? body.form_state.cached_deposit_info)?.deposit_id ?? null;
}

export async function depositRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions, now } = deps;

  app.post(
    PATHS.processDeposit,
    {
      schema: routeSchema({
        summary: 'Processes the deposit of the saved form (§4 checkout outcomes)',
        tags: ['Checkout'],
        body: 'ProcessDepositRequest',
        response: 'CheckoutResponse',
      }),
    },
    async (request, reply) => {
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
      // docs/decisions/0039: a declined card counts towards the card-testing limits of the session and address.
      if (result.status === 200 && result.declined) await deps.limits.recordDecline(request, session.id);
      // docs/decisions/0063: a deposit made comes with its status, which the receipt shows at once.
      const made = result.status === 200 && result.body.success ? depositIdOf(result.body) : null;
      const status = made ? await readDepositStatus(repos, session, made, now()) : undefined;
      return reply.code(result.status).send(status ? { ...result.body, deposit_status: status } : result.body);
    },
  );

  // A deposit of this session or of the signed-in payer; any other (or none) is not found alike.
  app.get(
    `${DEPOSIT_STATUS_BASE}/:id`,
    {
      schema: routeSchema({
        summary: "A deposit's status (the status tracker)",
        query: NO_QUERY,
        tags: ['Checkout'],
        params: textParams(['id'], ['id']),
        response: 'DepositStatusInfo',
      }),
    },
    async (request, reply) => {
      const params = validate(depositStatusParamsSchema, request.params);
      if (!params.ok) return badRequest(reply, params.errors);
      const session = sessions.current(request);
      const status = session ? await readDepositStatus(repos, session, params.value.id, now()) : undefined;
      if (!status) return reply.code(404).send(NOT_FOUND);
      return reply.header('cache-control', 'no-store').send(status satisfies DepositStatusInfo);
    },
  );

  // Only the payer's own deposit, as for its status; the answer says whether it was cancelled and why not.
  app.post(
    `${DEPOSIT_CANCEL_BASE}/:id`,
    {
      schema: routeSchema({
        summary: 'Cancels a deposit not yet sent to the facility',
        body: 'EmptyRequest',
        tags: ['Checkout'],
        params: textParams(['id'], ['id']),
        response: 'DepositCancelResponse',
      }),
    },
    async (request, reply) => {
      const params = validate(depositStatusParamsSchema, request.params);
      if (!params.ok) return badRequest(reply, params.errors);
      const session = sessions.current(request);
      const answer = session ? await cancelOwnDeposit(deps.money, session, params.value.id) : undefined;
      if (!answer) return reply.code(404).send(NOT_FOUND);
      return reply.header('cache-control', 'no-store').send(answer satisfies DepositCancelResponse);
    },
  );
}
