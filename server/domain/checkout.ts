// POST /pay/process_deposit (§4 checkout outcomes, docs/decisions/0049): a chain of short steps, never
// one long transaction. (1) One transaction checks the saved form (checkout-check.ts) and the rules
// (checkout-rules.ts) and records the deposit as authorizing, with its idempotency key (its id) and a
// settle job for the case its answer is lost. (2) The processor is asked outside any transaction, with a
// timeout. (3) A second transaction records the answer (deposit-steps.ts). A repeat of the same checkout
// (a double click, a retry, another instance) gets the first answer, waits for the one under way, or
// asks the processor again with the same key: one authorization, one ledger row.
import { randomUUID } from 'node:crypto';
import type { CheckoutResponse, ErrorBody, ProcessDepositRequest } from '../../contract/api.ts';
import type { FieldErrors, FormFields, ReceiptInfo } from '../../contract/entities.ts';
import type { Config } from '../config.ts';
import { toDollars } from '../money.ts';
import type { DepositStepRow } from '../repo/deposits.ts';
import { HISTORY_STATES, stepRowOf } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import type { SessionRow } from '../repo/sessions.ts';
import { checkDeposit, type Checked } from './checkout-check.ts';
import { depositRefusal, findDuplicate } from './checkout-rules.ts';
import { ageOn } from './dates.ts';
import { firstAnswer } from './deposit-approval.ts';
import { RECURRING_DEPOSIT_TYPE, newOrderNumber, response } from './deposit-kinds.ts';
import { authorizationLease, authorize, recordAuthorization, type MoneyDeps } from './deposit-steps.ts';
import { primaryNoOf } from './deep-contact.ts';
import type { Quote } from './fees.ts';

/** The checkout's answer when the processor's answer was lost (a timeout, a 5xx): nothing was taken. */
export const PAYMENT_NOT_CONFIRMED = 'PAYMENT_NOT_CONFIRMED';

export interface CheckoutDeps {
  config: Config;
  money: MoneyDeps;
}

/** `declined`: the processor refused the card (a failed authorisation, counted by server/limits.ts). */
export type CheckoutResult =
  { status: 200; body: CheckoutResponse; declined?: true } | { status: 400; body: ErrorBody };

/** What the first transaction decided: an answer now, an authorization to ask for, or one to wait for. */
type Begun =
  | { kind: 'answer'; result: CheckoutResult }
  | { kind: 'authorize'; deposit: DepositStepRow }
  | { kind: 'wait'; id: string };

type Priced = Checked & { quote: Quote };

/** The receipt of a deposit about to be authorized (§2 receipt content). */
function receiptOf(id: string, orderNumber: string, fields: FormFields, c: Priced, now: Date): ReceiptInfo {
  const { facility, recipient, token, quote: q } = c;
  const inmate = recipient.kind === 'inmate' ? recipient.inmate : null;
  const dest = recipient.kind === 'dest' ? recipient.dest : null;
  // §4: the first deposit is paid now; the recurring set-up repeats it on the saved card.
  const repeats = c.recurring && c.savedCardId !== null && RECURRING_DEPOSIT_TYPE[fields.deposit_type];
  return {
    deposit_id: id,
    order_number: orderNumber,
    deposit_time: now.toISOString(),
    deposit_type: fields.deposit_type as ReceiptInfo['deposit_type'],
    recipient_first_name: inmate ? inmate.first_name : null,
    recipient_last_name: inmate ? inmate.last_name : null,
    recipient_dob: inmate ? inmate.date_of_birth : null,
    recipient_age: inmate ? ageOn(inmate.date_of_birth, now) : null,
    booking_code: inmate ? inmate.booking_code : '',
    facility_id: facility.id,
    facility_label: facility.label,
    inmate_label: facility.inmate_label,
    amount: toDollars(q.amountCents),
    fee: toDollars(q.feeCents),
    tax: toDollars(q.taxCents),
    total: toDollars(q.totalCents),
    card_brand: token.brand,
    card_last4: token.last4,
    card_expiry: `${token.exp_month}/${token.exp_year}`,
    billing_country: fields.billing_country,
    ...(repeats && c.recurring ? { recurring: { interval: c.recurring.interval, day: c.recurring.day } } : {}),
    ...(dest
      ? { deposit_phone_no: dest.phone, deposit_phone_no_label: dest.label, deposit_phone_country: dest.country }
      : {}),
  };
}

/** Records the deposit as authorizing, with the success answer it will have once approved. */
async function record(
  repos: Repos,
  deps: MoneyDeps,
  session: SessionRow,
  fields: FormFields,
  c: Priced,
  now: Date,
): Promise<DepositStepRow> {
  const id = randomUUID();
  const receipt = receiptOf(id, await newOrderNumber(repos), fields, c, now);
  const q = c.quote;
  const done: FormFields = {
    ...fields,
    deposit_id: id,
    deposit_fee: toDollars(q.feeCents + q.taxCents),
    deposit_total: toDollars(q.totalCents),
    cached_deposit_info: receipt,
  };
  const at = now.toISOString();
  const lease = authorizationLease(deps, now);
  const row = {
    id,
    order_number: receipt.order_number,
    session_id: session.id,
    user_id: session.user_id,
    facility_id: c.facility.id,
    inmate_id: c.recipient.kind === 'inmate' ? c.recipient.inmate.id : null,
    deposit_phone_no: c.recipient.kind === 'dest' ? c.recipient.dest.phone : null,
    deposit_type: receipt.deposit_type,
    amount_cents: q.amountCents,
    fee_cents: q.feeCents,
    tax_cents: q.taxCents,
    total_cents: q.totalCents,
    card_token: c.token.token,
    card_brand: c.token.brand,
    card_last4: c.token.last4,
    card_exp: receipt.card_expiry,
    payer_email: c.payerEmail,
    created_at: at,
    response_json: JSON.stringify(response(done, { success: true, cached_deposit_info: receipt })),
    state: 'authorizing' as const,
    lease_until: lease,
    // docs/decisions/0053: the payer's notices are written in the language of this checkout.
    locale: fields.locale === 'es' ? ('es' as const) : ('en' as const),
  };
  await repos.deposits.insert(row);
  // If this request's answer is lost to a timeout, recordAuthorization schedules the settle job; if the
  // request itself is lost (a crash), the reconciler's sweep finds the deposit once its lease is long past.
  return stepRowOf(row);
}

/** The open authorization of this session is this same deposit: same card, amount and recipient. */
function sameDeposit(d: DepositStepRow, fields: FormFields, c: Priced): boolean {
  const inmateId = c.recipient.kind === 'inmate' ? c.recipient.inmate.id : null;
  const phone = c.recipient.kind === 'dest' ? c.recipient.dest.phone : null;
  return (
    d.card_token === c.token.token &&
    Number(d.total_cents) === c.quote.totalCents &&
    d.deposit_type === fields.deposit_type &&
    d.inmate_id === inmateId &&
    (d.deposit_phone_no ?? null) === phone
  );
}

/** Step (1): one transaction decides what this request does. */
async function begin(
  deps: CheckoutDeps,
  session: SessionRow,
  request: ProcessDepositRequest,
  now: Date,
): Promise<Begun> {
  const at = now.toISOString();
  return deps.money.store.transaction(async (repos): Promise<Begun> => {
    const state = await repos.formState.get(session.id);
    if (state.fields.deposit_id) {
      const first = await repos.deposits.findById(state.fields.deposit_id);
      if (!first) throw new Error('form state refers to a deposit that does not exist');
      return { kind: 'answer', result: { status: 200, body: firstAnswer(first) } };
    }
    // §4: skip-completed-steps is forced off, whatever the client asked.
    const fields: FormFields = {
      ...state.fields,
      skip_completed_steps: false,
      logged_in: session.user_id !== null,
      primary_no: await primaryNoOf(repos, session.user_id),
    };
    const save = (e: Record<string, string>) =>
      repos.formState.save(session.id, { fields, errors: e as FieldErrors }, at);
    // The check covers every field a deposit needs: its findings replace the stored errors.
    const checked = await checkDeposit(repos, session, fields, now);
    if ('errors' in checked) {
      await save(checked.errors as Record<string, string>);
      return { kind: 'answer', result: { status: 400, body: { errors: checked.errors } } };
    }
    const refusal = await depositRefusal(repos, deps.config, session, fields, checked.checked, now);
    if (refusal || !checked.checked.quote) {
      const fieldErrors = refusal?.fieldErrors ?? {};
      await save(fieldErrors);
      const body = response(fields, { error: refusal?.code ?? null, errors: fieldErrors as FieldErrors });
      return { kind: 'answer', result: { status: 200, body } };
    }
    const priced: Priced = { ...checked.checked, quote: checked.checked.quote };
    const open = await repos.deposits.findOpenAttempt(session.id);
    if (open && sameDeposit(open, fields, priced)) {
      if (await repos.deposits.takeLease(open.id, at, authorizationLease(deps.money, now))) {
        return { kind: 'authorize', deposit: open };
      }
      return { kind: 'wait', id: open.id };
    }
    // §4 duplicate warning: same session or email, same recipient and amount within the window.
    if (!request.confirm_duplicate) {
      const duplicate = await findDuplicate(repos, session.id, priced, now);
      if (duplicate) {
        await save({});
        return {
          kind: 'answer',
          result: { status: 200, body: response(fields, { warning: 'DUPLICATE_TRANSACTION_WARNING', duplicate }) },
        };
      }
    }
    return { kind: 'authorize', deposit: await record(repos, deps.money, session, fields, priced, now) };
  });
}

/** What the payer is told of a deposit as it now is. */
function answerOf(d: DepositStepRow, leader: boolean): CheckoutResult {
  const first = firstAnswer(d);
  if ((HISTORY_STATES as readonly string[]).includes(d.state)) return { status: 200, body: first };
  if (d.state === 'declined') return { status: 200, body: first, ...(leader ? { declined: true as const } : {}) };
  // Authorizing with no answer, or failed: nothing was taken; the form keeps the card for a retry.
  const fields: FormFields = { ...first.form_state, deposit_id: '', cached_deposit_info: null };
  return { status: 200, body: response(fields, { error: PAYMENT_NOT_CONFIRMED }) };
}

const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Waits while another request (of this session, on any instance) holds the authorization: until its
 * answer is recorded, or it lets go, or its lease ends. Null when the caller should begin again.
 */
async function waitFor(deps: MoneyDeps, id: string): Promise<DepositStepRow | null> {
  const deadline = Date.now() + deps.money.processorTimeoutMs + 10_000;
  while (Date.now() < deadline) {
    await pause(25);
    const d = await deps.store.repos.deposits.findById(id);
    if (!d) return null;
    if (d.state !== 'authorizing') return d;
    if (d.lease_until === null || Date.parse(d.lease_until) < deps.now().getTime()) return null;
  }
  return null;
}

/** Processes the session's deposit (§4 checkout outcomes). */
export async function processDeposit(
  deps: CheckoutDeps,
  session: SessionRow,
  request: ProcessDepositRequest,
  now: Date,
): Promise<CheckoutResult> {
  for (let round = 0; ; round += 1) {
    const begun = await begin(deps, session, request, now);
    if (begun.kind === 'answer') return begun.result;
    if (begun.kind === 'authorize') {
      // Step (2) outside any transaction, then step (3).
      const result = await authorize(deps.money, begun.deposit);
      return answerOf(await recordAuthorization(deps.money, begun.deposit, result), true);
    }
    const settled = await waitFor(deps.money, begun.id);
    if (settled) return answerOf(settled, false);
    if (round >= 2) {
      const d = await deps.money.store.repos.deposits.findById(begun.id);
      if (d) return answerOf(d, false);
    }
  }
}
