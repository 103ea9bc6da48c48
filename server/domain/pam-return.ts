// §2 pam variant, the return leg (POST /pay/complete_pam_deposit, contract/pam.ts) of the pam variant (§2). The payment
// endpoint sent the payer back with a signed result; this checks it against the payment this session
// prepared (its pam_payload) and against the endpoint's own record, then writes the deposit (one ledger
// row, in the payer's history) and the pam receipt into form state. The same result again answers the
// first answer: a reload of the return address never writes a second deposit.
import { randomUUID } from 'node:crypto';
import type { CheckoutResponse } from '../../contract/api.ts';
import { PAM_RECURRING_DAYS } from '../../contract/checkout-services.ts';
import type { FormFields, ReceiptInfo } from '../../contract/entities.ts';
import { PAM_ERRORS } from '../../contract/pam.ts';
import { type Config, DEFAULT_DEPOSIT_POST_SECONDS } from '../config.ts';
import type { Keys } from '../keys.ts';
import { toCents } from '../money.ts';
import type { Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { RECURRING_DEPOSIT_TYPE, newOrderNumber, response } from './deposit-kinds.ts';
import { ageOn } from './dates.ts';
import { type NoticeDeps, writeNotices } from './deposit-notices.ts';
import { readPamPayload, verifyPamResult } from './pam.ts';

export type PamOutcome = { status: 200; body: CheckoutResponse } | { status: 400; field: string };

/** Writes the deposit the signed pam result proves, once (in one transaction). */
export async function completePamDeposit(
  deps: { store: Store; keys: Keys; config: Config; money: NoticeDeps },
  user: UserRow,
  session: { id: string },
  pamResult: string,
  t: Date,
): Promise<PamOutcome> {
  return deps.store.transaction(async (repos): Promise<PamOutcome> => {
    const state = await repos.formState.get(session.id);
    const f = state.fields;
    if (f.deposit_id) {
      const first = await repos.deposits.findById(f.deposit_id);
      if (first) return { status: 200, body: JSON.parse(first.response_json) as CheckoutResponse };
    }
    const result = verifyPamResult(deps.keys.pam, pamResult);
    const claims = f.pam_payload ? readPamPayload(deps.keys.pam, f.pam_payload) : null;
    // Only the payment this session prepared: a result of another payer's payment proves nothing here.
    if (!result || !claims || claims.ref !== result.ref) return { status: 400, field: PAM_ERRORS.invalidResult };
    const paid = await repos.pamPayments.findByRef(result.ref);
    if (!paid?.valid || paid.card_last4 !== result.card_last4) return { status: 400, field: PAM_ERRORS.notPaid };
    const facility = await repos.facilities.findById(claims.facility_id);
    const inmate = facility ? await repos.inmates.findInFacility(claims.inmate_id, facility.id) : undefined;
    if (!facility || !inmate) return { status: 400, field: PAM_ERRORS.invalidResult };

    const depositId = randomUUID();
    const nowIso = t.toISOString();
    const postSeconds = deps.config.depositPostSeconds ?? DEFAULT_DEPOSIT_POST_SECONDS;
    const postAt = new Date(t.getTime() + postSeconds * 1000).toISOString();
    const recurringType = claims.recurring === 'biweekly' ? RECURRING_DEPOSIT_TYPE[claims.deposit_type] : undefined;
    const receipt: ReceiptInfo = {
      deposit_id: depositId,
      order_number: await newOrderNumber(repos),
      deposit_time: result.paid_at,
      deposit_type: claims.deposit_type,
      recipient_first_name: inmate.first_name,
      recipient_last_name: inmate.last_name,
      recipient_dob: inmate.date_of_birth,
      recipient_age: ageOn(inmate.date_of_birth, t),
      booking_code: inmate.booking_code,
      facility_id: facility.id,
      facility_label: facility.label,
      inmate_label: facility.inmate_label,
      amount: claims.amount,
      fee: claims.fee,
      tax: claims.tax,
      total: claims.total,
      card_brand: result.card_brand,
      card_last4: result.card_last4,
      card_expiry: result.card_expiry,
      billing_country: f.billing_country,
      pam: true,
      // §4 pam mode: repeats on the 1st and the 15th, on the card the endpoint took.
      ...(recurringType ? { recurring: { interval: 'biweekly' as const, day: PAM_RECURRING_DAYS[0] } } : {}),
    };
    const done: FormFields = {
      ...f,
      deposit_id: depositId,
      deposit_fee: Math.round((claims.fee + claims.tax) * 100) / 100,
      deposit_total: claims.total,
      cached_deposit_info: receipt,
    };
    const answer = response(done, { success: true, cached_deposit_info: receipt });
    await repos.deposits.insert({
      id: depositId,
      order_number: receipt.order_number,
      session_id: session.id,
      facility_id: facility.id,
      inmate_id: inmate.id,
      deposit_type: claims.deposit_type,
      amount_cents: toCents(claims.amount),
      fee_cents: toCents(claims.fee),
      tax_cents: toCents(claims.tax),
      total_cents: toCents(claims.total),
      // The endpoint charged the card; the ledger names its payment instead of a vault token.
      card_token: `pam:${claims.ref}`,
      card_brand: result.card_brand,
      card_last4: result.card_last4,
      card_exp: result.card_expiry,
      payer_email: user.email,
      created_at: nowIso,
      response_json: JSON.stringify(answer),
      user_id: user.id,
      // The endpoint took the payment itself: held and captured already; the facility posts it next
      // (docs/decisions/0049), and a refusal is refunded.
      state: 'authorized',
      authorized_at: nowIso,
      captured_at: nowIso,
      expected_at: postAt,
      locale: f.locale === 'es' ? 'es' : 'en',
    });
    await repos.jobs.schedule('post', depositId, postAt, nowIso);
    await writeNotices(repos, deps.money, depositId, 'receipt', nowIso);
    // §4 pam mode: the schedule repeats this payment on the card the endpoint took (its pam_ref); the
    // runner charges it from the next 1st or 15th (server/domain/recurring-runner.ts).
    if (recurringType) {
      await repos.recurringDeposits.create({
        user_id: user.id,
        card_id: null,
        amount_cents: toCents(claims.amount),
        interval_type: 'biweekly',
        day_in_interval: PAM_RECURRING_DAYS[0],
        deposit_type: recurringType,
        facility_id: facility.id,
        inmate_id: inmate.id,
        dest_account_id: null,
        account_guid: randomUUID(),
        is_pam: true,
        created_at: nowIso,
        pam_ref: claims.ref,
      });
    }
    await repos.formState.save(session.id, { fields: done, errors: {} }, nowIso);
    return { status: 200, body: answer };
  });
}
