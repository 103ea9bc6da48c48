// Balance transfer between a signed-in payer's own phone accounts: the fee quote and the transfer
// (§7 bal_transfer_fees and bal_transfer; rules in domain/transfers.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  ACCOUNT_PATHS,
  accountErrorKey,
  normaliseAni,
  parseTransferAmount,
  transferFeesQuerySchema,
  transferSchema,
  type TransferFeesResponse,
  type TransferResponse,
} from '../../contract/accounts.ts';
import type { Deps } from '../deps.ts';
import { checkTransfer, transferBalance, transferFeeCents, type TransferOutcome } from '../domain/transfers.ts';
import { NOT_FOUND, badRequest, validate } from '../http.ts';
import { toCents, toDollars } from '../money.ts';
import { signedInGuard } from '../signed-in.ts';
import { routeSchema, textParams } from '../api-schemas.ts';

/** The fee quote and the transfer answer alike (TransferFeesResponse and TransferResponse). */
function answer(reply: FastifyReply, outcome: TransferOutcome): FastifyReply | TransferFeesResponse | TransferResponse {
  if (outcome.kind === 'not_found') return reply.code(404).send(NOT_FOUND);
  if (outcome.kind === 'refused') {
    return { success: false, transfer_fee: null, errors: { form: accountErrorKey(outcome.code) } };
  }
  return { success: true, transfer_fee: toDollars(outcome.feeCents), errors: {} };
}

export async function transferRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  app.get(
    ACCOUNT_PATHS.transferFees,
    {
      schema: routeSchema({
        summary: 'The fee of a transfer between two phone accounts',
        tags: ['Account'],
        query: textParams(['amount', 'src_ani', 'dst_ani']),
        response: 'TransferFeesResponse',
      }),
    },
    async (request, reply) => {
      const q = validate(transferFeesQuerySchema, request.query);
      if (!q.ok) return badRequest(reply, q.errors);
      const user = guard.user(request);
      const input = {
        amountCents: toCents(parseTransferAmount(q.value.amount)),
        srcAni: normaliseAni(q.value.src_ani),
        dstAni: normaliseAni(q.value.dst_ani),
      };
      return answer(reply, await checkTransfer(repos, user.id, input, transferFeeCents(deps.config)));
    },
  );

  app.post(
    ACCOUNT_PATHS.transfer,
    {
      schema: routeSchema({
        summary: 'Moves money between two phone accounts',
        tags: ['Account'],
        body: 'TransferRequest',
        response: 'TransferResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(transferSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      const input = {
        amountCents: toCents(parseTransferAmount(body.value.amount)),
        srcAni: normaliseAni(body.value.src_ani),
        dstAni: normaliseAni(body.value.dst_ani),
      };
      return answer(reply, await transferBalance(deps, user.id, input, now()));
    },
  );
}
