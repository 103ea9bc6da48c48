// POST /pay/sms_send (§2 receipt, SMS receipt modal; §7): texts the receipt of the deposit this session
// just made to a US number, once per deposit; the number then gets the deposit's later moves
// (server/domain/receipt-sms.ts, server/domain/deposit-notices.ts).
import type { FastifyInstance } from 'fastify';
import { SMS_SEND_PATH, smsSendSchema, type SmsSendResponse } from '../../contract/receipt.ts';
import type { Deps } from '../deps.ts';
import { sendReceiptText } from '../domain/receipt-sms.ts';
import { badRequest, validate } from '../http.ts';
import { routeSchema } from '../api-schemas.ts';

export async function receiptSmsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions, now } = deps;

  app.post(
    SMS_SEND_PATH,
    {
      schema: routeSchema({
        summary: 'Texts the receipt (§2 receipt)',
        tags: ['Checkout'],
        body: 'SmsSendRequest',
        response: 'SmsSendResponse',
      }),
    },
    async (request, reply) => {
      const body = validate(smsSendSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const session = await sessions.require(request, reply);
      const result = await sendReceiptText(repos, session, body.value, now());
      if (!result.ok) return badRequest(reply, result.errors);
      return { success: true, already_sent: result.alreadySent } satisfies SmsSendResponse;
    },
  );
}
