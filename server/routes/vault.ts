// POST /vault/tokenize: the sandbox card vault, standing in for a payment provider's hosted fields
// (architecture: "Cards"). The only call that ever carries a card number or security code; both
// are used here, in memory, and never stored, logged or echoed.
import type { FastifyInstance } from 'fastify';
import { PATHS, type TokenizeResponse } from '../../contract/api.ts';
import { cardBrand, cardDigits } from '../../contract/cards.ts';
import { MSG, newCardSchema } from '../../contract/schemas.ts';
import type { Deps } from '../deps.ts';
import { outcomeFor } from '../domain/sandbox-processor.ts';
import { badRequest, validate } from '../http.ts';
import { randomToken } from '../security.ts';
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
      const digits = cardDigits(body.value.credit_card);
      const brand = cardBrand(digits);
      if (!brand) return badRequest(reply, { credit_card: MSG.cardNumber });
      const session = await sessions.require(request, reply);
      const answer: TokenizeResponse = {
        token: `tok_${randomToken()}`,
        brand,
        last4: digits.slice(-4),
        exp_month: body.value.credit_card_month,
        exp_year: body.value.credit_card_year,
      };
      await repos.vault.insert({
        token: answer.token,
        session_id: session.id,
        brand,
        last4: answer.last4,
        exp_month: answer.exp_month,
        exp_year: answer.exp_year,
        outcome: outcomeFor(digits, body.value.credit_card_cvc, brand),
        created_at: now().toISOString(),
      });
      return answer;
    },
  );
}
