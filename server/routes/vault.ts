// POST /vault/tokenize: the sandbox card vault, standing in for a payment provider's hosted fields
// (architecture: "Cards"). The only call that ever carries a card number or security code; both
// are used in memory by the vault's use case (server/domain/vault.ts) and never stored, logged or echoed.
import type { FastifyInstance } from 'fastify';
import { PATHS } from '../../contract/api.ts';
import { newCardSchema } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { newVaultCard, tokenizeCard } from '../domain/vault.ts';
import { badRequest, validate } from '../http.ts';
import { routeSchema } from '../api-schemas.ts';

export async function vaultRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions, now } = deps;

  app.post(
    PATHS.vaultTokenize,
    {
      schema: routeSchema({
        summary: "The sandbox card vault: a card's token, brand and last four",
        tags: ['Checkout'],
        body: 'TokenizeRequest',
        response: 'TokenizeResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(newCardSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const card = newVaultCard(body.value);
      if (!card.ok) return badRequest(reply, card.errors);
      const session = await sessions.require(request, reply);
      return tokenizeCard(repos, session.id, card.card, now());
    },
  );
}
