// §2 pam variant, the return leg (POST /pay/complete_pam_deposit, contract/pam.ts) of the pam variant (§2). The payment
// endpoint sent the payer back with a signed result; this checks it against the payment this session
// prepared (its pam_payload) and against the endpoint's own record, then writes the deposit (one ledger
// row, in the payer's history) and the pam receipt into form state. The same result again answers the
// first answer: a reload of the return address never writes a second deposit.
import { randomUUID } from 'node:crypto';
import type { CheckoutResponse } from '../../contract/api.ts';
import { PAM_RECURRING_DAYS, type PamPayloadClaims } from '../../contract/checkout-services.ts';
import type { Facility, FormFields, ReceiptInfo } from '../../contract/entities.ts';
import { PAM_ERRORS, type PamResultClaims } from '../../contract/pam.ts';
import { type Config, DEFAULT_DEPOSIT_POST_SECONDS } from '../config.ts';
import type { Keys } from '../keys.ts';
import { toCents } from '../money.ts';
import type { InmateRecord } from '../repo/inmates.ts';
import type { Repos, Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { RECURRING_DEPOSIT_TYPE, newOrderNumber, response } from './deposit-kinds.ts';
import { ageOn } from './dates.ts';
import { type NoticeDeps, writeNotices } from './deposit-notices.ts';
import { readPamPayload, verifyPamResult } from './pam.ts';

export type PamOutcome = { status: 200; body: CheckoutResponse } | { status: 400; field: string };

type ReturnDeps = { store: Store; keys: Keys; config: Config; money: NoticeDeps };

/** What a good pam result proves: the payment this session prepared, paid, for a known person. */
interface PamProof {
  result: PamResultClaims;
  claims: PamPayloadClaims;
  facility: Facility;
  inmate: InmateRecord;
}

/** Writes the deposit the signed pam result proves, once (in one transaction). */
export async function completePamDeposit(
  deps: ReturnDeps,
  user: UserRow,
  session: { id: string },
  pamResult: string,
  t: Date,
): Promise<PamOutcome> {
  return deps.store.transaction(async (repos): Promise<PamOutcome> => {
    const f = (await repos.formState.get(session.id)).fields;
    if (f.deposit_id) {
      const first = await repos.deposits.findById(f.deposit_id);
      if (first) return { status: 200, body: JSON.parse(first.response_json) as CheckoutResponse };
    }
    const proof = await provenPayment(repos, deps.keys, f, pamResult);
    if ('field' in proof) return { status: 400, field: proof.field };
    const { claims } = proof;
    const depositId = randomUUID();
    const receipt = pamReceipt(proof, depositId, await newOrderNumber(repos), f.billing_country, t);
    const done: FormFields = {
      ...f,
      deposit_id: depositId,
      deposit_fee: Math.round((claims.fee + claims.tax) * 100) / 100,
      deposit_total: claims.total,
      cached_deposit_info: receipt,
    };
    const answer = response(done, { success: true, cached_deposit_info: receipt });
    await recordPamDeposit(repos, deps, { proof, receipt, answer, user, sessionId: session.id, locale: f.locale }, t);
    await repos.formState.save(session.id, { fields: done, errors: {} }, t.toISOString());
    return { status: 200, body: answer };
  });
}

/** The result's payment, checked against the payload this session prepared and the endpoint's record. */
async function provenPayment(
  repos: Repos,
  keys: Keys,
  f: FormFields,
  pamResult: string,
): Promise<PamProof | { field: string }> {
  const result = verifyPamResult(keys.pam, pamResult);
  const claims = f.pam_payload ? readPamPayload(keys.pam, f.pam_payload) : null;
  // Only the payment this session prepared: a result of another payer's payment proves nothing here.
  if (!result || !claims || claims.ref !== result.ref) return { field: PAM_ERRORS.invalidResult };
  const paid = await repos.pamPayments.findByRef(result.ref);
  if (!paid?.valid || paid.card_last4 !== result.card_last4) return { field: PAM_ERRORS.notPaid };
  const facility = await repos.facilities.findById(claims.facility_id);
  const inmate = facility ? await repos.inmates.findInFacility(claims.inmate_id, facility.id) : undefined;
  if (!facility || !inmate) return { field: PAM_ERRORS.invalidResult };
  return { result, claims, facility, inmate };
}

/** §4 pam mode: a biweekly pam payment repeats as the recurring type of its deposit type. */
function pamRecurringType({ claims }: PamProof) {
  return claims.recurring === 'biweekly' ? RECURRING_DEPOSIT_TYPE[claims.deposit_type] : undefined;
}

/** The pam receipt (§2), from the payload's figures and the endpoint's card. */
function pamReceipt(
  proof: PamProof,
  depositId: string,
  orderNumber: string,
  billingCountry: string,
  t: Date,
): ReceiptInfo {
  const { result, claims, facility, inmate } = proof;
  return {
    deposit_id: depositId,
    order_number: orderNumber,
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
    billing_country: billingCountry,
    pam: true,
    // §4 pam mode: repeats on the 1st and the 15th, on the card the endpoint took.
    ...(pamRecurringType(proof) ? { recurring: { interval: 'biweekly' as const, day: PAM_RECURRING_DAYS[0] } } : {}),
  };
}

/**
 * The ledger row of the pam deposit, its posting step, its notices and, for a biweekly payment, its
 * schedule.
 */
async function recordPamDeposit(
  repos: Repos,
  deps: ReturnDeps,
  deposit: {
    proof: PamProof;
    receipt: ReceiptInfo;
    answer: CheckoutResponse;
    user: UserRow;
    sessionId: string;
    locale: FormFields['locale'];
  },
  t: Date,
): Promise<void> {
  const { proof, receipt, answer, user } = deposit;
  const { result, claims, facility, inmate } = proof;
  const depositId = receipt.deposit_id;
  const nowIso = t.toISOString();
  const postSeconds = deps.config.depositPostSeconds ?? DEFAULT_DEPOSIT_POST_SECONDS;
  const postAt = new Date(t.getTime() + postSeconds * 1000).toISOString();
  await repos.deposits.insert({
    id: depositId,
    order_number: receipt.order_number,
    session_id: deposit.sessionId,
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
    locale: deposit.locale === 'es' ? 'es' : 'en',
  });
  await repos.jobs.schedule('post', depositId, postAt, nowIso);
  await writeNotices(repos, deps.money, depositId, 'receipt', nowIso);
  // §4 pam mode: the schedule repeats this payment on the card the endpoint took (its pam_ref); the
  // runner charges it from the next 1st or 15th (server/domain/recurring-runner.ts).
  const recurringType = pamRecurringType(proof);
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
}
