// POST /pay/sms_send (§2 receipt, SMS receipt modal; §7): texts the receipt of the deposit this session
// just made to a US number, once per deposit. The text is written here from the stored receipt, in the
// session's language; it goes to the outbox (architecture: no real SMS in the sandbox).
import type { FastifyInstance } from 'fastify';
import { SMS_ERRORS, SMS_SEND_PATH, smsSendSchema, usDigits, type SmsSendResponse } from '../../contract/receipt.ts';
import type { ReceiptInfo } from '../../contract/entities.ts';
import { type Place, formatDate, formatMoney } from '../../contract/format.ts';
import { serverText } from '../texts.ts';
import type { Deps } from '../deps.ts';
import { badRequest, validate } from '../http.ts';

/**
 * The receipt as one short text; the recipient is the person or, for a phone account, the number. The
 * date is the facility's (`place`), as on the receipt page (contract/format.ts).
 */
export function receiptText(r: ReceiptInfo, locale: 'en' | 'es', enroll: boolean, place: Place): string {
  const money = (dollars: number) => formatMoney(dollars, locale);
  const date = (iso: string) => formatDate(iso, place);
  const person = `${r.recipient_first_name ?? ''} ${r.recipient_last_name ?? ''}`.trim();
  const who = r.deposit_type === 'dest' ? (r.deposit_phone_no_label ?? r.deposit_phone_no ?? '') : person;
  const base = serverText(locale, 'RECEIPT_TEXT', {
    order: r.order_number,
    date: date(r.deposit_time),
    amount: money(r.amount),
    recipient: who,
    facility: r.facility_label,
    total: money(r.total),
  });
  return enroll ? `${base} ${serverText(locale, 'RECEIPT_ENROLL')}` : base;
}

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
    await repos.outbox.insert({
      channel: 'sms',
      to: usDigits(body.value.phone_no),
      subject: `receipt:${receipt.deposit_id}`,
      body: receiptText(receipt, locale, body.value.enroll, {
        state: fields.facility_state,
        country: fields.facility_country,
      }),
      created_at: now().toISOString(),
    });
    return { success: true, already_sent: false } satisfies SmsSendResponse;
  });
}
