// What an authorization's answer changes besides the deposit's own row (docs/decisions/0049), in the
// transaction that records it. Approved: the payer's form state points at the deposit (§4: the receipt
// needs a deposit_id), a dest deposit's phone account exists (§4, decisions/0010), and a recurring
// set-up chosen at checkout is created. Declined: the payer's form keeps everything but the card.
import { randomUUID } from 'node:crypto';
import type { CheckoutResponse } from '../../contract/api.ts';
import type { FormFields } from '../../contract/entities.ts';
import type { DepositStepRow } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import { RECURRING_DEPOSIT_TYPE, RECURRING_SESSION_PREFIX } from './deposit-kinds.ts';
import { ensureDestAccount } from './dest-deposits.ts';

/** The first answer of a deposit's checkout, returned unchanged to every repeat (idempotency). */
export function firstAnswer(d: Pick<DepositStepRow, 'response_json'>): CheckoutResponse {
  return JSON.parse(d.response_json) as CheckoutResponse;
}

/** A deposit the recurring runner made has no payer's session or form behind it. */
function fromCheckout(d: Pick<DepositStepRow, 'session_id' | 'card_token'>): boolean {
  return !d.session_id.startsWith(RECURRING_SESSION_PREFIX);
}

/** Saves the payer's form state, if the session is still there (an idle session may have ended). */
async function saveForm(repos: Repos, sessionId: string, fields: FormFields, at: string): Promise<void> {
  await repos.formState.replace(sessionId, { fields, errors: {} }, at);
}

/** The approval's effects; returns the dest deposit's phone account (null for a guest or another type). */
export async function applyApproval(repos: Repos, d: DepositStepRow, at: string): Promise<number | null> {
  if (!fromCheckout(d)) return d.dest_account_id;
  const answer = firstAnswer(d);
  const receipt = answer.cached_deposit_info;
  const fields = answer.form_state;
  let destAccountId: number | null = null;
  if (d.deposit_type === 'dest' && receipt && d.deposit_phone_no) {
    const facility = await repos.facilities.findById(Number(d.facility_id));
    if (!facility) throw new Error('facility vanished');
    const account = d.user_id ? await repos.destAccounts.findByPhone(d.user_id, d.deposit_phone_no) : undefined;
    destAccountId = await ensureDestAccount(repos, {
      userId: d.user_id,
      target: {
        phone: d.deposit_phone_no,
        label: receipt.deposit_phone_no_label ?? '',
        country: receipt.deposit_phone_country ?? 'US',
        account,
      },
      facility,
      at,
    });
  }
  const recurringType = RECURRING_DEPOSIT_TYPE[d.deposit_type];
  if (receipt?.recurring && d.user_id !== null && fields.saved_card_id !== null && recurringType) {
    await repos.recurringDeposits.create({
      user_id: d.user_id,
      card_id: fields.saved_card_id,
      amount_cents: Number(d.amount_cents),
      interval_type: receipt.recurring.interval,
      day_in_interval: receipt.recurring.day,
      deposit_type: recurringType,
      facility_id: Number(d.facility_id),
      // §3 recipient_type: Inmate, or Destination for the payer's phone account.
      inmate_id: d.inmate_id,
      dest_account_id: destAccountId,
      account_guid: randomUUID(),
      is_pam: false,
      created_at: at,
    });
  }
  await saveForm(repos, d.session_id, fields, at);
  return destAccountId;
}

/**
 * The answer to a declined authorization: the payer enters the card again (a saved card: its security
 * code again); every other field stays as it was (§4 checkout outcomes, docs/test-cards.md).
 */
export function declinedAnswer(d: DepositStepRow, code: string): CheckoutResponse {
  const answer = firstAnswer(d);
  const f = answer.form_state;
  const kept: FormFields = {
    ...f,
    deposit_id: '',
    cached_deposit_info: null,
    card_token: '',
    ...(f.saved_card_id === null
      ? { card_brand: '', card_display: '', credit_card_month: '', credit_card_year: '' }
      : {}),
  };
  return { ...answer, success: false, error: code, cached_deposit_info: null, form_state: kept };
}

/** The payer's form after a decline (a checkout's; the recurring runner has none). */
export async function keepDeclinedForm(
  repos: Repos,
  d: DepositStepRow,
  answer: CheckoutResponse,
  at: string,
): Promise<void> {
  if (fromCheckout(d)) await saveForm(repos, d.session_id, answer.form_state, at);
}
