// POST /pay/process_deposit, its first part: the saved form's field problems (answered with 400), or
// what the business rules and the authorization need (§4, §5). Nothing here writes.
import type { Facility, FieldErrors, FormFields } from '../../contract/entities.ts';
import {
  MSG,
  amountError,
  billingSchema,
  collectErrors,
  effectiveLimits,
  guestContactSchema,
  termsSchema,
} from '../../contract/schemas.ts';
import { offersType } from '../../contract/rules.ts';
import { CHECKOUT_SERVICE_ERRORS, NO_ROUNDUP_ID, RECURRING_DAYS } from '../../contract/checkout-services.ts';
import { toCents } from '../money.ts';
import type { InmateRecord } from '../repo/inmates.ts';
import type { Repos } from '../repo/repos.ts';
import type { SessionRow } from '../repo/sessions.ts';
import type { VaultToken } from '../repo/vault.ts';
import { tokenExpiredError } from './card.ts';
import { deriveRoundup, savedCardExpired } from './checkout-fields.ts';
import { payerTypeError } from './deep-contact.ts';
import { payerEmailOf } from './deposit-limits.ts';
import { RECURRING_DEPOSIT_TYPE } from './deposit-kinds.ts';
import { checkDestination, type DestTarget } from './dest-deposits.ts';
import { quote, type Quote } from './fees.ts';
import { ERROR_FACILITY_NOT_FOUND, allowedCountryCodes } from './form-rules.ts';
import { RESELECT_DEPOSIT_TYPE } from './offers.ts';

/** Who the deposit goes to: an inmate (flex, trust, bail) or a phone account (dest, §4 number step). */
export type Recipient = { kind: 'inmate'; inmate: InmateRecord } | { kind: 'dest'; dest: DestTarget };

export interface Checked {
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

type Errors = Record<string, string>;

/**
 * The facility and the deposit type it must offer (§4 guards; §5 trust and bail for the payer: `fields`
 * carries the payer's primary_no). The card checkout and the pam prepare both ask it.
 */
export async function checkFacilityAndType(
  repos: Repos,
  fields: FormFields,
  errors: Errors,
): Promise<Facility | undefined> {
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
  return facility;
}

/** §4: a dest deposit needs the phone number instead of the recipient. */
async function checkRecipient(
  repos: Repos,
  session: SessionRow,
  fields: FormFields,
  facility: Facility | undefined,
  errors: Errors,
): Promise<Recipient | undefined> {
  if (fields.deposit_type === 'dest') {
    const dest = await checkDestination(repos, session.user_id, fields, await allowedCountryCodes(repos), errors);
    return dest ? { kind: 'dest', dest } : undefined;
  }
  if (fields.deposit_inmate_id === '') {
    errors.deposit_inmate_id = MSG.required;
    return undefined;
  }
  if (!facility) return undefined;
  const inmate = await repos.inmates.findInFacility(fields.deposit_inmate_id, facility.id);
  if (!inmate) errors.deposit_inmate_id = MSG.invalid;
  return inmate ? { kind: 'inmate', inmate } : undefined;
}

/**
 * §4 card choice: a saved card (the signed-in payer's own) charged through a token that
 * /vault/tokenize_saved_card issued for it with the CVV, or a new card's token.
 */
async function checkCard(
  repos: Repos,
  session: SessionRow,
  fields: FormFields,
  now: Date,
  errors: Errors,
): Promise<VaultToken | undefined> {
  const savedCardId = fields.saved_card_id;
  if (savedCardId !== null) {
    const card = session.user_id ? await repos.savedCards.findForUser(session.user_id, savedCardId) : undefined;
    if (!card) errors.saved_card_id = MSG.invalid;
    else {
      const expired = savedCardExpired(card, now);
      if (expired) errors.saved_card_id = expired;
    }
  }
  if (fields.card_token === '') {
    errors.card_token = MSG.required;
    return undefined;
  }
  const token = await repos.vault.findForSession(fields.card_token, session.id);
  if (!token || (token.saved_card_id ?? null) !== savedCardId) errors.card_token = MSG.invalid;
  else {
    const expired = tokenExpiredError(token, now);
    if (expired) errors.card_token = expired;
  }
  return token;
}

/** §4 recurring: signed-in payers with a saved card; weekly by day of week, monthly by day 1-28. */
function checkRecurring(session: SessionRow, fields: FormFields, errors: Errors): Checked['recurring'] {
  const rType = fields.recurring_type;
  if (rType === '') return null;
  const type = fields.deposit_type;
  const day = fields.recurring_increment;
  if (session.user_id === null) errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsAccount;
  else if (fields.saved_card_id === null) errors.recurring_type = CHECKOUT_SERVICE_ERRORS.recurringNeedsSavedCard;
  else if (type !== '' && !RECURRING_DEPOSIT_TYPE[type]) errors.recurring_type = MSG.invalid;
  if (day === null) errors.recurring_increment = MSG.required;
  else if (day < RECURRING_DAYS[rType].min || day > RECURRING_DAYS[rType].max) errors.recurring_increment = MSG.invalid;
  else return { interval: rType, day };
  return null;
}

/** §4 roundups: the server's own option for the saved amount, never the client's figures. */
async function priceRoundup(repos: Repos, fields: FormFields, facility: Facility, errors: Errors): Promise<FormFields> {
  const priced: FormFields = { ...fields };
  if (errors.deposit_type || amountError(fields.deposit_amount, effectiveLimits(facility)) !== null) return priced;
  const roundupError = await deriveRoundup(priced, facility, repos, false);
  if (roundupError) errors.selected_roundup = roundupError;
  else if (fields.selected_roundup && fields.selected_roundup.id !== NO_ROUNDUP_ID && !priced.roundups) {
    // The picked option is no longer offered for this amount.
    errors.selected_roundup = MSG.invalid;
  }
  return priced;
}

/** Field problems of the saved form (answered with 400), or what the rules and the authorization need. */
export async function checkDeposit(
  repos: Repos,
  session: SessionRow,
  fields: FormFields,
  now: Date,
): Promise<{ errors: FieldErrors } | { checked: Checked }> {
  const errors: Errors = {};
  const facility = await checkFacilityAndType(repos, fields, errors);
  const recipient = await checkRecipient(repos, session, fields, facility, errors);
  // Over the maximum is the DEPOSIT_MAX rule, not a field problem.
  const amountKey = amountError(fields.deposit_amount, effectiveLimits(facility));
  if (amountKey && amountKey !== MSG.amountLimit) errors.deposit_amount = amountKey;
  // §4 card choice: billing belongs to a new card; a saved card is already on file.
  if (fields.saved_card_id === null) Object.assign(errors, collectErrors(billingSchema, fields));
  // §6: guests give contact details; a signed-in user's come from the account.
  if (session.user_id === null) Object.assign(errors, collectErrors(guestContactSchema, fields));
  Object.assign(errors, collectErrors(termsSchema, fields));
  const token = await checkCard(repos, session, fields, now, errors);
  const recurring = checkRecurring(session, fields, errors);
  const priced = facility ? await priceRoundup(repos, fields, facility, errors) : fields;

  if (Object.keys(errors).length > 0 || !facility || !recipient || !token || fields.deposit_type === '') {
    return { errors: errors as FieldErrors };
  }
  const sel = priced.selected_roundup;
  const chargedDollars = sel && priced.roundups ? sel.roundup_amount : (fields.deposit_amount ?? 0);
  return {
    checked: {
      facility,
      recipient,
      token,
      quote: await quote(repos.fees, facility, fields.deposit_type, toCents(chargedDollars)),
      payerEmail: await payerEmailOf(repos, session, fields.email),
      savedCardId: fields.saved_card_id,
      recurring,
    },
  };
}
