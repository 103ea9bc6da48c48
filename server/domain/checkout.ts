// POST /pay/process_deposit: checks the saved form, applies the business rules, charges the card
// token with the sandbox processor and writes the ledger row, all in one transaction.
import { randomInt, randomUUID } from 'node:crypto';
import type { CheckoutResponse, DuplicateInfo, ErrorBody, ProcessDepositRequest } from '../../contract/api.ts';
import type { DepositType, Facility, FieldErrors, FormFields, ReceiptInfo } from '../../contract/entities.ts';
import {
  MSG,
  amountError,
  billingSchema,
  collectErrors,
  effectiveLimits,
  guestContactSchema,
  limitsUnusable,
  termsSchema,
} from '../../contract/schemas.ts';
import { isUnifiedWalletTrust } from '../../contract/unified-wallet.ts';
import { offersType } from '../../contract/rules.ts';
import type { RecurringDepositType } from '../../contract/accounts.ts';
import { CHECKOUT_SERVICE_ERRORS, NO_ROUNDUP_ID, RECURRING_DAYS } from '../../contract/checkout-services.ts';
import { DEEP_CONTACT_ERRORS, deepContactNeedsSignIn } from '../../contract/deep-contact.ts';
import { DEST_DEPOSIT_ERRORS } from '../../contract/dest-deposits.ts';
import { DEFAULT_DEPOSIT_POST_SECONDS, DEFAULT_NO_TRUST_BILLING_STATES, type Config } from '../config.ts';
import { sandboxSettlement } from './deposit-status.ts';
import { toCents, toDollars } from '../money.ts';
import type { RecipientKey } from '../repo/deposits.ts';
import type { FormState } from '../repo/form-state.ts';
import type { InmateRecord } from '../repo/inmates.ts';
import type { Repos, Store } from '../repo/repos.ts';
import type { SessionRow } from '../repo/sessions.ts';
import type { VaultToken } from '../repo/vault.ts';
import { tokenExpiredError } from './card.ts';
import { deriveRoundup, savedCardExpired } from './checkout-fields.ts';
import { payerTypeError, primaryNoOf } from './deep-contact.ts';
import { ageOn, minutesBefore } from './dates.ts';
import { allowedMinMax, dailyRemainingCents, dailyRemainingToCents, payerEmailOf } from './deposit-limits.ts';
import { isMaxedOut } from './unified-wallet.ts';
import { checkDestination, creditDestination, isFraudFlagged, type DestTarget } from './dest-deposits.ts';
import { quote, type Quote } from './fees.ts';
import { ERROR_FACILITY_NOT_FOUND, allowedCountryCodes } from './form-rules.ts';
import { RESELECT_DEPOSIT_TYPE } from './offers.ts';
import { RECURRING_SESSION_PREFIX } from './recurring-runner.ts';
import { APPROVED, processorText } from './sandbox-processor.ts';

/** §4 duplicate-transaction warning window. */
export const DUPLICATE_WINDOW_MINUTES = 10;

/** §3 recurring deposit_type per deposit type; bail is paid once. */
export const RECURRING_DEPOSIT_TYPE: Partial<Record<string, RecurringDepositType>> = {
  flex: 'INMATEACCOUNT',
  trust: 'TRUST',
  dest: 'FRIENDSNFAMILY',
};

export interface CheckoutDeps {
  store: Store;
  config: Config;
}

/** `declined`: the processor refused the card (a failed authorisation, counted by server/limits.ts). */
export type CheckoutResult =
  { status: 200; body: CheckoutResponse; declined?: true } | { status: 400; body: ErrorBody };

/** Who the deposit goes to: an inmate (flex, trust, bail) or a phone account (dest, §4 number step). */
type Recipient = { kind: 'inmate'; inmate: InmateRecord } | { kind: 'dest'; dest: DestTarget };

interface Checked {
  facility: Facility;
  recipient: Recipient;
  token: VaultToken;
  /** Undefined when no tier of the schedule holds the amount (the roundup's amount when one is picked). */
  quote: Quote | undefined;
  payerEmail: string;
  /** The saved card charged, when the payer chose one (§4 card choice). */
  savedCardId: number | null;
  /** §4 recurring set-up to create with the deposit. */
  recurring: { interval: 'weekly' | 'monthly'; day: number } | null;
}

export function response(fields: FormFields, part: Partial<CheckoutResponse>): CheckoutResponse {
  return {
    success: false,
    warning: null,
    error: null,
    errors: {},
    duplicate: null,
    cached_deposit_info: null,
    form_state: fields,
    ...part,
  };
}

/**
 * §4 duplicate warning: which earlier deposit it means (amount, time, order number, type, facility,
 * card, and whether the recurring runner charged it), so the payer can tell it from the one at hand.
 */
async function duplicateInfo(
  repos: Repos,
  dup: { id: string; amount_cents: number; created_at: string },
): Promise<DuplicateInfo> {
  const info: DuplicateInfo = { amount: toDollars(dup.amount_cents), deposit_time: dup.created_at };
  const earlier = await repos.deposits.findById(dup.id);
  if (!earlier) return info;
  const facility = await repos.facilities.findById(earlier.facility_id);
  return {
    ...info,
    order_number: earlier.order_number,
    deposit_type: earlier.deposit_type as DepositType,
    ...(facility ? { facility_label: facility.label } : {}),
    card_brand: earlier.card_brand,
    card_last4: earlier.card_last4,
    recurring: earlier.session_id.startsWith(RECURRING_SESSION_PREFIX),
  };
}

/** Field problems of the saved form (answered with 400), or what the rules and the charge need. */
async function check(
  deps: { repos: Repos; config: Config },
  session: SessionRow,
  fields: FormFields,
  now: Date,
): Promise<{ errors: FieldErrors } | { checked: Checked }> {
  const { repos } = deps;
  const errors: Record<string, string> = {};

  const facility = fields.facility_id === null ? undefined : await repos.facilities.findById(fields.facility_id);
  if (fields.facility_id === null) errors.facility_id = MSG.required;
  else if (!facility) errors.facility_id = ERROR_FACILITY_NOT_FOUND;

  const type = fields.deposit_type;
  if (type === '') errors.deposit_type = MSG.depositType;
  else if (facility && !offersType(facility, type)) errors.deposit_type = RESELECT_DEPOSIT_TYPE;
  else {
    // §5: trust and bail are refused for a non-US billing country or a primary number starting 011.
    const payerError = payerTypeError(type, fields);
    if (payerError) errors.deposit_type = payerError;
  }

  // §4: a dest deposit needs the phone number instead of the recipient.
  let recipient: Recipient | undefined;
  if (type === 'dest') {
    const dest = await checkDestination(repos, session.user_id, fields, await allowedCountryCodes(repos), errors);
    if (dest) recipient = { kind: 'dest', dest };
  } else if (fields.deposit_inmate_id === '') errors.deposit_inmate_id = MSG.required;
  else if (facility) {
    const inmate = await repos.inmates.findInFacility(fields.deposit_inmate_id, facility.id);
    if (!inmate) errors.deposit_inmate_id = MSG.invalid;
    else recipient = { kind: 'inmate', inmate };
  }

  // Over the maximum is the DEPOSIT_MAX rule below, not a field problem.
  const amountKey = amountError(fields.deposit_amount, effectiveLimits(facility));
  if (amountKey && amountKey !== MSG.amountLimit) errors.deposit_amount = amountKey;

  // §4 card choice: billing belongs to a new card; a saved card is already on file.
  if (fields.saved_card_id === null) Object.assign(errors, collectErrors(billingSchema, { ...fields }));
  // §6: guests give contact details; a signed-in user's come from the account.
  if (session.user_id === null) Object.assign(errors, collectErrors(guestContactSchema, { ...fields }));
  Object.assign(errors, collectErrors(termsSchema, { ...fields }));

  // §4 card choice: a saved card (the signed-in payer's own) charged through a token that
  // /vault/tokenize_saved_card issued for it with the CVV, or a new card's token.
  const savedCardId = fields.saved_card_id;
  if (savedCardId !== null) {
    const card = session.user_id ? await repos.savedCards.findForUser(session.user_id, savedCardId) : undefined;
    if (!card) errors.saved_card_id = MSG.invalid;
    else {
      const expired = savedCardExpired(card, now);
      if (expired) errors.saved_card_id = expired;
    }
  }
  let token: VaultToken | undefined;
  if (fields.card_token === '') errors.card_token = MSG.required;
  else {
    token = await repos.vault.findForSession(fields.card_token, session.id);
    if (!token || (token.saved_card_id ?? null) !== savedCardId) errors.card_token = MSG.invalid;
    else {
      const expired = tokenExpiredError(token, now);
      if (expired) errors.card_token = expired;
    }
  }

  // §4 recurring: signed-in payers with a saved card; weekly by day of week, monthly by day 1-28.
  let recurring: Checked['recurring'] = null;
  const rType = fields.recurring_type;
  if (rType !== '') {
    const day = fields.recurring_increment;
    if (session.user_id === null) errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsAccount;
    else if (savedCardId === null) errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsSavedCard;
    else if (type !== '' && !RECURRING_DEPOSIT_TYPE[type]) errors.recurring_type = MSG.invalid;
    if (day === null) errors.recurring_increment = MSG.required;
    else if (day < RECURRING_DAYS[rType].min || day > RECURRING_DAYS[rType].max)
      errors.recurring_increment = MSG.invalid;
    else recurring = { interval: rType, day };
  }

  // §4 roundups: the server's own option for the saved amount, never the client's figures.
  const priced: FormFields = { ...fields };
  if (facility && !errors.deposit_type && amountError(fields.deposit_amount, effectiveLimits(facility)) === null) {
    const roundupError = await deriveRoundup(priced, facility, repos, false);
    if (roundupError) errors.selected_roundup = roundupError;
    else if (fields.selected_roundup && fields.selected_roundup.id !== NO_ROUNDUP_ID && !priced.roundups) {
      // The picked option is no longer offered for this amount.
      errors.selected_roundup = MSG.invalid;
    }
  }

  if (Object.keys(errors).length > 0 || !facility || !recipient || !token || type === '') {
    return { errors: errors as FieldErrors };
  }
  const sel = priced.selected_roundup;
  const chargedDollars = sel && priced.roundups ? sel.roundup_amount : (fields.deposit_amount ?? 0);
  return {
    checked: {
      facility,
      recipient,
      token,
      quote: await quote(repos.fees, facility, type, toCents(chargedDollars)),
      payerEmail: await payerEmailOf(repos, session, fields.email),
      savedCardId,
      recurring,
    },
  };
}

export async function newOrderNumber(repos: Repos): Promise<string> {
  for (;;) {
    const n = `D${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
    if (!(await repos.deposits.orderNumberExists(n))) return n;
  }
}

/**
 * Processes the session's deposit. The whole check-charge-write runs inside one transaction (SQLite:
 * one writer at a time; PostgreSQL: serializable, run again on a conflict), so a second submit (a
 * double click, a retry, another instance) sees the first one's deposit_id and gets the first answer
 * back unchanged: one charge, one ledger row.
 */
export async function processDeposit(
  deps: CheckoutDeps,
  session: SessionRow,
  request: ProcessDepositRequest,
  now: Date,
): Promise<CheckoutResult> {
  const { config } = deps;
  const nowIso = now.toISOString();
  return deps.store.transaction(async (repos): Promise<CheckoutResult> => {
    const state = await repos.formState.get(session.id);
    if (state.fields.deposit_id) {
      const first = await repos.deposits.findById(state.fields.deposit_id);
      if (!first) throw new Error('form state refers to a deposit that does not exist');
      return { status: 200, body: JSON.parse(first.response_json) as CheckoutResponse };
    }

    // §4: skip-completed-steps is forced off, whatever the client asked.
    const fields: FormFields = {
      ...state.fields,
      skip_completed_steps: false,
      logged_in: session.user_id !== null,
      primary_no: await primaryNoOf(repos, session.user_id),
    };
    const save = (f: FormFields, e: Record<string, string>) =>
      repos.formState.save(session.id, { fields: f, errors: e as FieldErrors } satisfies FormState, nowIso);

    // The check below covers every field a deposit needs: its findings replace the stored errors.
    const result = await check({ repos, config }, session, fields, now);
    if ('errors' in result) {
      await save(fields, result.errors as Record<string, string>);
      return { status: 400, body: { errors: result.errors } };
    }
    const errors: Record<string, string> = {};
    const { facility, recipient, token, payerEmail, savedCardId, recurring } = result.checked;
    const inmate = recipient.kind === 'inmate' ? recipient.inmate : null;
    const dest = recipient.kind === 'dest' ? recipient.dest : null;
    // The daily maximum and the duplicate rule count deposits to the same inmate, or the same number.
    const recipientKey: RecipientKey =
      recipient.kind === 'dest' ? { phone: recipient.dest.phone } : { inmateId: recipient.inmate.id };

    // Rules answered as a checkout error (§8), without a charge.
    const refuse = async (code: string, fieldErrors: Record<string, string> = {}): Promise<CheckoutResult> => {
      const e = { ...errors, ...fieldErrors };
      await save(fields, e);
      return { status: 200, body: response(fields, { error: code, errors: fieldErrors as FieldErrors }) };
    };
    if (inmate?.fraud_flag) {
      return refuse('FRAUD_CONTROL_MESSAGE', { deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' });
    }
    // §4: a deposit to a deep-contact person needs a signed-in payer unless deep_zuid is set.
    if (inmate && deepContactNeedsSignIn(fields, fields.deposit_type)) {
      return refuse(DEEP_CONTACT_ERRORS.loginRequired);
    }
    // §5/§8: a fraud-flagged number or phone account blocks the deposit.
    if (dest && (await isFraudFlagged(repos, dest.phone, dest.account))) {
      return refuse('FRAUD_CONTROL_MESSAGE', { deposit_phone_no: DEST_DEPOSIT_ERRORS.fraud });
    }
    if (inmate && fields.deposit_type === 'trust') {
      // §4 trust block: residents of the configured states may not make trust deposits; the
      // client opens the mismatch modal on this billing_state error.
      const noTrust = config.noTrustBillingStates ?? DEFAULT_NO_TRUST_BILLING_STATES;
      if (fields.billing_country === 'US' && noTrust.includes(fields.billing_state.toUpperCase())) {
        return refuse('FIELD_NO_TRUST', { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust });
      }
      // §6: approved depositor status is enforced by the server (a guest is never approved).
      if (
        session.user_id === null ||
        !(await repos.approvedDepositors.isApproved(session.user_id, facility.id, inmate.id))
      ) {
        return refuse('NOT_APPROVED_DEPOSITOR_MSG');
      }
    }
    // §4 maxed out: unified wallet with unusable limits takes no amount at all.
    if (isMaxedOut(fields, facility)) {
      return refuse('DEPOSIT_MIN_MAX_ERROR', { deposit_amount: MSG.amountLimit });
    }
    // §5 unified-wallet trust: the same checks as the checkout's (approved depositor above; the
    // inmate lookup: found, no fraud flag, above), and min and max from the service.
    if (inmate && isUnifiedWalletTrust(fields)) {
      const range = allowedMinMax(facility, await dailyRemainingCents(repos, config, payerEmail, inmate.id, now));
      if (limitsUnusable({ min: range.minAmount, max: range.maxAmount })) return refuse('DEPOSIT_EXCEEDS_LIMIT');
      const amount = fields.deposit_amount ?? 0;
      if (amount < range.minAmount || amount > range.maxAmount) {
        return refuse('DEPOSIT_MIN_MAX_ERROR', { deposit_amount: MSG.amountLimit });
      }
    }
    if (amountError(fields.deposit_amount, effectiveLimits(facility)) === MSG.amountLimit) {
      return refuse('DEPOSIT_MAX', { deposit_amount: MSG.amountLimit });
    }
    // Fees are always the server's own figures, never the client's.
    const q = result.checked.quote;
    if (!q) return refuse('DEPOSIT_MIN_MAX_ERROR', { deposit_amount: MSG.amountLimit });

    // What is charged: the amount, or the picked roundup's amount (§4).
    const amountCents = q.amountCents;
    // §8 DEPOSIT_EXCEEDS_LIMIT: daily maximum per payer per recipient (deposit-limits.ts).
    if (amountCents > (await dailyRemainingToCents(repos, config, payerEmail, recipientKey, now))) {
      return refuse('DEPOSIT_EXCEEDS_LIMIT');
    }

    // §4 duplicate warning: same session or email, same inmate and amount within the window.
    if (!request.confirm_duplicate) {
      const dup = await repos.deposits.findRecentDuplicate({
        sessionId: session.id,
        payerEmail,
        recipient: recipientKey,
        amountCents,
        since: minutesBefore(now, DUPLICATE_WINDOW_MINUTES),
      });
      if (dup) {
        await save(fields, errors);
        return {
          status: 200,
          body: response(fields, {
            warning: 'DUPLICATE_TRANSACTION_WARNING',
            duplicate: await duplicateInfo(repos, dup),
          }),
        };
      }
    }

    // The sandbox processor charges the token.
    if (token.outcome !== APPROVED) {
      // The payer enters the card again (a saved card: its security code again); every other
      // field stays as it was.
      const f: FormFields =
        savedCardId === null
          ? { ...fields, card_token: '', card_brand: '', card_display: '', credit_card_month: '', credit_card_year: '' }
          : { ...fields, card_token: '' };
      await save(f, errors);
      return { status: 200, body: response(f, { error: processorText(token.outcome) }), declined: true };
    }

    const depositId = randomUUID();
    const orderNumber = await newOrderNumber(repos);
    const cardExpiry = `${token.exp_month}/${token.exp_year}`;
    // §4: the first deposit is charged now; the recurring row (below) repeats it on the saved card.
    const recurringType = RECURRING_DEPOSIT_TYPE[fields.deposit_type];
    const repeats = recurring && session.user_id !== null && savedCardId !== null && recurringType ? recurring : null;
    const receipt: ReceiptInfo = {
      deposit_id: depositId,
      order_number: orderNumber,
      deposit_time: nowIso,
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
      card_expiry: cardExpiry,
      billing_country: fields.billing_country,
      ...(repeats ? { recurring: { interval: repeats.interval, day: repeats.day } } : {}),
      ...(dest
        ? {
            deposit_phone_no: dest.phone,
            deposit_phone_no_label: dest.label,
            deposit_phone_country: dest.country,
          }
        : {}),
    };
    const done: FormFields = {
      ...fields,
      deposit_id: depositId,
      deposit_fee: toDollars(q.feeCents + q.taxCents),
      deposit_total: toDollars(q.totalCents),
      cached_deposit_info: receipt,
    };
    const body = response(done, { success: true, cached_deposit_info: receipt });
    await repos.deposits.insert({
      id: depositId,
      order_number: orderNumber,
      session_id: session.id,
      facility_id: facility.id,
      inmate_id: inmate ? inmate.id : null,
      deposit_phone_no: dest ? dest.phone : null,
      deposit_type: receipt.deposit_type,
      amount_cents: q.amountCents,
      fee_cents: q.feeCents,
      tax_cents: q.taxCents,
      total_cents: q.totalCents,
      card_token: token.token,
      card_brand: token.brand,
      card_last4: token.last4,
      card_exp: cardExpiry,
      payer_email: payerEmail,
      created_at: nowIso,
      response_json: JSON.stringify(body),
      // The status tracker: the sandbox facility's answer, with its times (docs/decisions/0048).
      ...sandboxSettlement(
        nowIso,
        inmate ? inmate.id : null,
        config.depositPostSeconds ?? DEFAULT_DEPOSIT_POST_SECONDS,
      ),
    });
    // The phone account's balance moves in the transaction that writes the ledger row (decisions/0010).
    const destAccountId = dest
      ? await creditDestination(repos, {
          userId: session.user_id,
          target: dest,
          facility,
          amountCents: q.amountCents,
          at: nowIso,
        })
      : null;
    // §6: a signed-in payer's deposit is part of their deposit history.
    if (session.user_id !== null)
      await repos.depositHistory.assign(depositId, session.user_id, dest ? dest.phone : null);
    if (repeats && session.user_id !== null && savedCardId !== null && recurringType) {
      await repos.recurringDeposits.create({
        user_id: session.user_id,
        card_id: savedCardId,
        amount_cents: q.amountCents,
        interval_type: repeats.interval,
        day_in_interval: repeats.day,
        deposit_type: recurringType,
        facility_id: facility.id,
        // §3 recipient_type: Inmate, or Destination for the payer's phone account.
        inmate_id: inmate ? inmate.id : null,
        dest_account_id: destAccountId,
        account_guid: randomUUID(),
        is_pam: facility.pam_enabled,
        created_at: nowIso,
      });
    }
    await save(done, {});
    return { status: 200, body };
  });
}
