// §2 receipt, SMS receipt modal: the text of the deposit this session just made, sent once per deposit
// to a US number. The text is written from the stored receipt and the deposit's status, in the
// session's language (receipt-text.ts); it goes to the outbox (architecture: no real SMS in the sandbox).
import { SMS_ERRORS, usDigits, type SmsSendRequest } from '../../contract/receipt.ts';
import type { Repos } from '../repo/repos.ts';
import { readDepositStatus } from './deposit-status.ts';
import { receiptText } from './receipt-text.ts';

export type ReceiptTextResult =
  { ok: true; alreadySent: boolean } | { ok: false; errors: { form: string } | { phone_no: string } };

export async function sendReceiptText(
  repos: Repos,
  session: { id: string; user_id: string | null },
  request: SmsSendRequest,
  now: Date,
): Promise<ReceiptTextResult> {
  const { fields } = await repos.formState.get(session.id);
  const receipt = fields.cached_deposit_info;
  if (!receipt || receipt.deposit_id !== request.receipt) return { ok: false, errors: { form: SMS_ERRORS.noReceipt } };
  if (receipt.billing_country !== 'US') return { ok: false, errors: { phone_no: SMS_ERRORS.usOnly } };
  const locale = fields.locale === 'es' ? 'es' : 'en';
  // docs/decisions/0053: the deposit's later moves are texted to this number. Written before the status
  // is read, so that a move recorded meanwhile is either in this text or texted on its own.
  await repos.notices.setPhone(receipt.deposit_id, usDigits(request.phone_no));
  // Where the deposit is as the text leaves (docs/decisions/0049).
  const status = await readDepositStatus(repos, session, receipt.deposit_id, now);
  if (!status) return { ok: false, errors: { form: SMS_ERRORS.noReceipt } };
  // One text per deposit: the outbox's unique index refuses a second (a double click, two requests at once).
  const sent = await repos.outbox.insertOnce({
    channel: 'sms',
    to: usDigits(request.phone_no),
    subject: `receipt:${receipt.deposit_id}`,
    body: receiptText(receipt, status, locale, request.enroll, {
      state: fields.facility_state,
      country: fields.facility_country,
    }),
    created_at: now.toISOString(),
    session_id: session.id,
  });
  return { ok: true, alreadySent: !sent };
}
