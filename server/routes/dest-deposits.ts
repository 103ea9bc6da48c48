// §7 Accounts: POST /account/destinations/get_destination_fraud_flag {ani}. §5: the number step checks a
// new number for a fraud flag, so guests may ask as well as signed-in payers (unlike the other
// /account calls). The answer is about the number only; no account is read or named.
import type { FastifyInstance } from 'fastify';
import {
  DEST_DEPOSIT_PATHS,
  aniDigits,
  destPhone,
  destinationFraudFlagSchema,
  type DestinationFraudFlagResponse,
} from '../../contract/dest-deposits.ts';
import type { Deps } from '../deps.ts';
import { badRequest, validate } from '../http.ts';
import { routeSchema } from '../api-schemas.ts';

export async function destDepositRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos } = deps;

  app.post(
    DEST_DEPOSIT_PATHS.destinationFraudFlag,
    {
      schema: routeSchema({
        summary: "A phone account's fraud flag (§5 number step)",
        tags: ['Checkout'],
        body: 'DestinationFraudFlagRequest',
        response: 'DestinationFraudFlagResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(destinationFraudFlagSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const { ani, country } = body.value;
      let phone = aniDigits(ani);
      if (country) {
        // With a country the number is put in its stored form first (a non-US number gets its 011).
        const stored = destPhone(ani, country);
        if (!stored.ok) return badRequest(reply, { ani: stored.error } as Record<string, string>);
        phone = stored.phone;
      }
      return {
        fraud_flag: (await repos.destinations.isFraudFlagged(phone)) ? 1 : 0,
      } satisfies DestinationFraudFlagResponse;
    },
  );
}
