// POST /pay/sms_send (§2 receipt, SMS receipt modal; §7): texts the receipt of the deposit this session
// just made to a US number, once per deposit. The text is written from the stored receipt and the
// deposit's status, in the session's language (server/domain/receipt-text.ts); it goes to the outbox
// (architecture: no real SMS in the sandbox). The number then gets the deposit's later moves
// (server/domain/deposit-notices.ts).
import type { FastifyInstance } from 'fastify';
import { SMS_ERRORS, SMS_SEND_PATH, smsSendSchema, usDigits, type SmsSendResponse } from '../../contract/receipt.ts';
import type { Deps } from '../deps.ts';
import { readDepositStatus } from '../domain/deposit-status.ts';
import { receiptText } from '../domain/receipt-text.ts';
import { badRequest, validate } from '../http.ts';

export async function receiptSmsRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { repos, sessions, now } = deps;

  app.post(SMS_SEND_PATH, async (request, reply) => {
    const body = validate(smsSendSchema, request.body);
    if (!body.ok) return badRequest(reply, body.errors);
    const session = await sessions.require(request, reply);
    const { fields } = await repos.formState.get(session.id);
    const receipt = fields.cached_deposit_info;
    if (!receipt || receipt.deposit_id !== body.value.receipt) return badRequest(reply, { form: SMS_ERRORS.noReceipt });
    if (receipt.billing_country !== 'US') return badRequest(reply, { phone_no: SMS_ERRORS.usOnly });
    // One text per deposit: a repeated request (a double click) sends nothing more.
    if (await repos.outbox.hasSubject('sms', `receipt:${receipt.deposit_id}`))
      return { success: true, already_sent: true } satisfies SmsSendResponse;
    const locale = fields.locale === 'es' ? 'es' : 'en';
    // docs/decisions/0053: the deposit's later moves are texted to this number. Written before the status
    // is read, so that a move recorded meanwhile is either in this text or texted on its own.
    await repos.notices.setPhone(receipt.deposit_id, usDigits(body.value.phone_no));
    // Where the deposit is as the text leaves (docs/decisions/0048).
    const status = await readDepositStatus(repos, session, receipt.deposit_id, now());
    if (!status) return badRequest(reply, { form: SMS_ERRORS.noReceipt });
    await repos.outbox.insert({
      channel: 'sms',
      to: usDigits(body.value.phone_no),
      subject: `receipt:${receipt.deposit_id}`,
      body: receiptText(receipt, status, locale, body.value.enroll, {
        state: fields.facility_state,
        country: fields.facility_country,
      }),
      created_at: now().toISOString(),
      session_id: session.id,
    });
    return { success: true, already_sent: false } satisfies SmsSendResponse;
  });
}
