// §7 GET /pay/quick_deposits: the signed-in payer's quick-deposit cards (§2 deposit_or_schedule_visit,
// §6 quick deposit; rules in domain/quick-deposits.ts). A guest gets 401; a payer sees only cards
// built from their own deposits.
import type { FastifyInstance } from 'fastify';
import { QUICK_DEPOSIT_PATHS, type QuickDepositsResponse } from '../../contract/quick-deposits.ts';
import type { Deps } from '../deps.ts';
import { quickDepositsFor } from '../domain/quick-deposits.ts';
import { signedInGuard } from '../signed-in.ts';
import { NO_QUERY, routeSchema } from '../api-schemas.ts';

export async function quickDepositRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  app.get(
    QUICK_DEPOSIT_PATHS.quickDeposits,
    {
      schema: routeSchema({
        summary: "The payer's quick deposits",
        query: NO_QUERY,
        tags: ['Account'],
        response: 'QuickDepositsResponse',
      }),
    },
    async (request) => {
      const user = guard.user(request);
      return { quick_deposits: await quickDepositsFor(deps, user.id) } satisfies QuickDepositsResponse;
    },
  );
}
