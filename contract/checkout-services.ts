// The checkout's service calls of spec §7 ("Facilities and members", "Checkout", "Accounts") that
// /pay/process_deposit relies on: approved depositor, the unified-wallet inmate lookup and limits,
// voicemail offers, the CPA link, the fee schedule, the pam payment endpoint and pam recurring
// deposits; plus the saved-card vault call. Paths, request and response shapes, yup schemas of the
// inputs. §7 field names are kept exactly, including their mixed spelling (approvedDepositor,
// fraud_flag).
//
// How these calls answer (as contract/accounts.ts):
// - 200 with the data; an action answers `{ success: true, errors: {} }`.
// - 400 with field errors (i18n keys) for input that breaks a rule, never a 500.
// - 401 with form ERROR.UNAUTHORIZED where a signed-in payer is needed (marked "signed in" below).
// - 404 for an id that is not the signed-in payer's (another payer's and a missing one alike).
//
// Form state fields these calls and /pay/process_deposit read (declared in entities.ts FormFields):
// - saved_card_id: number | null. The payer's saved card to charge. With it set, card_token must be a
//   token from POST /vault/tokenize_saved_card for that card (the CVV goes only to the vault).
// - recurring_type: '' | 'weekly' | 'monthly' and recurring_increment: number | null (day of week
//   0-6 for weekly, day of month 1-28 for monthly; §9). Signed in and saved card only (§4).
// - roundups: boolean and selected_roundup: SelectedRoundup | null. The client saves the picked
//   option, e.g. { roundups: true, selected_roundup: { id: 1 } } (only `id` is read; NO_ROUNDUP_ID or
//   null is "No thanks"). deposit_amount stays the amount the payer chose; the server fills
//   selected_roundup from its own roundup options for that amount (/pay/get_fees_and_roundups), sets
//   deposit_fee and deposit_total from it, and /pay/process_deposit charges roundup_amount + fee + tax.
//   A new deposit_amount re-derives it (an id no longer offered clears it to null, roundups false).
//   A roundup with recurring set is refused (§9 free calls apply only to one-time payments).
// - pam_payload, pay_url: written by POST /pay/prepare_pam_deposit (server owned).
import * as yup from 'yup';
import type { RecurringDeposit } from './accounts.ts';
import type { DepositType, FieldErrors, FormFields } from './entities.ts';
import { MSG } from './schemas.ts';
export {
  NO_ROUNDUP_ID,
  RECURRING_DAYS,
  CN_RETURN_OK,
  CHECKOUT_SERVICE_ERRORS,
  CHECKOUT_SERVICE_PATHS,
  PAM_PAYLOAD_FIELD,
} from './checkout-services-base.ts';

// ---------------------------------------------------------------- shared input rules

/** §3 como_facility_id: in this codebase the facility's id, as text or a number. */
const comoFacilityId = yup
  .string()
  .required(MSG.required)
  .matches(/^\d{1,9}$/, MSG.numeric);
const inmateId = yup.string().trim().required(MSG.required).max(40, MSG.tooMany);
const comoServiceId = yup
  .string()
  .trim()
  .required(MSG.required)
  .max(40, MSG.tooMany)
  .matches(/^[A-Za-z0-9_-]+$/, MSG.invalid);

// ---------------------------------------------------------------- approved depositor (§5, §6)

// POST /pay/is_approved_depositor (signed in). §6: the server enforces it again at process_deposit
// (a trust deposit by a payer who is not approved answers error NOT_APPROVED_DEPOSITOR_MSG).
export interface IsApprovedDepositorRequest {
  como_facility_id: number | string;
  inmate_id: string;
}
export interface IsApprovedDepositorResponse {
  approvedDepositor: boolean;
}
export const isApprovedDepositorSchema = yup.object({
  como_facility_id: comoFacilityId,
  inmate_id: inmateId,
});

// ---------------------------------------------------------------- unified-wallet lookups (§5)

export const CN_RETURN_NOT_FOUND = 1;

// POST /pay/get_cn_inmate. An unknown inmate answers 200 with returnCode CN_RETURN_NOT_FOUND and
// empty names; a facility that does not exist answers 400 { como_facility_id }.
export interface CnInmateRequest {
  como_facility_id: number | string;
  inmate_id: string;
  como_service_id: string;
}
export interface CnInmateResponse {
  returnCode: number;
  principalId: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string | null; // YYYY-MM-DD
  fraud_flag: boolean;
}
export const cnInmateSchema = yup.object({
  como_facility_id: comoFacilityId,
  inmate_id: inmateId,
  como_service_id: comoServiceId,
});

// POST /pay/get_allowed_min_max (same body as get_cn_inmate). Dollars. minAmount is the facility's
// effective minimum; maxAmount is the facility's effective maximum lowered by what this payer
// (signed-in email, else the form's email, else the session) already sent to this inmate in the
// last 24 hours (§8 DEPOSIT_EXCEEDS_LIMIT). When nothing is left, maxAmount is 0: §4 "limits
// unusable" (maxed out). An unknown inmate answers 400 { inmate_id }.
/** The same body as the inmate lookup's, checked by cnInmateSchema. */
export type AllowedMinMaxRequest = CnInmateRequest;
export interface AllowedMinMaxResponse {
  minAmount: number;
  maxAmount: number;
}

// ---------------------------------------------------------------- voicemail offers (§7, §9)

/** §9 tiers. */
export const VOICEMAIL_TIERS = [25, 50, 75, 100, 150] as const;

/** One pair: a deposit of `tier` dollars or more comes with `voicemails` free voicemails. */
export interface VoicemailOffer {
  tier: number;
  voicemails: number;
}
// GET /pay/get_voicemail_offers: one pair per tier, ascending.
export interface VoicemailOffersResponse {
  offers: VoicemailOffer[];
}

// ---------------------------------------------------------------- CPA link (§9 cpastates)

// POST /pay/get_cpa_settings. For a state outside the configured list (VA by default) the answer is
// { isCPAState: false, cpaLabel: '', cpaUrl: '' }. The label and URL follow lang ('en' | 'es').
export interface CpaSettingsRequest {
  state: string;
  lang: string;
}
export interface CpaSettingsResponse {
  isCPAState: boolean;
  cpaLabel: string;
  cpaUrl: string;
}
export const cpaSettingsSchema = yup.object({
  state: yup
    .string()
    .trim()
    .required(MSG.required)
    .matches(/^[A-Za-z]{2}$/, MSG.invalid),
  lang: yup.string().required(MSG.required).oneOf(['en', 'es'], MSG.invalid),
});

// ---------------------------------------------------------------- fee schedule (§7 get_fees)

export interface FeeScheduleTier {
  deposit_type: DepositType;
  /** Dollars, inclusive. */
  min_amount: number;
  max_amount: number;
  fee: number;
}
// GET /pay/get_fees?deposit_type= (every type when left out). Tax is by the facility's region and
// comes with /pay/get_fees_and_roundups.
export interface FeesResponse {
  fees: FeeScheduleTier[];
}
export const feesQuerySchema = yup.object({
  deposit_type: yup.string().oneOf(['flex', 'dest', 'trust', 'bail'], MSG.depositType),
});

// ---------------------------------------------------------------- pam (§2 pam variant)

// POST /pay/prepare_pam_deposit (signed in; §6 pam needs an account). The facility must be
// pam_enabled and the saved form must hold a deposit type, recipient and a good amount; the payer
// must have acknowledged the fees. Answers the signed payload (also written into form state as
// pam_payload, with pay_url) that the client form-posts, urlencoded, as PAM_PAYLOAD_FIELD to
// pay_url. 400 with field errors (deposit_amount, deposit_inmate_id, facility_id, fees_acknowledged,
// recurring_type). recurring_type 'biweekly' (§4: "in pam mode it is described as bi-weekly on the 1st
// and 15th") asks for the deposit to repeat on the 1st and the 15th of each month, on the card the
// endpoint takes; not for bail, which is paid once (§3 recurring deposit types).
export interface PreparePamDepositRequest {
  fees_acknowledged: boolean;
  recurring_type?: PamRecurringType;
}
export interface PreparePamDepositResponse {
  pam_payload: string;
  pay_url: string;
  fields: FormFields;
  errors: FieldErrors;
}
/** §4 pam mode: one time (''), or bi-weekly on the 1st and the 15th. */
export type PamRecurringType = '' | 'biweekly';
export const PAM_RECURRING_TYPES = ['', 'biweekly'] as const satisfies readonly PamRecurringType[];
/** The days of the month a pam recurring deposit is charged on (§4). */
export const PAM_RECURRING_DAYS = [1, 15] as const;
export const preparePamDepositSchema = yup.object({
  fees_acknowledged: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required).oneOf([true], MSG.terms),
  recurring_type: yup
    .string()
    .strict()
    .typeError(MSG.invalid)
    .nonNullable(MSG.invalid)
    .oneOf([...PAM_RECURRING_TYPES], MSG.invalid)
    .default(''),
});

/**
 * What pam_payload carries: `base64url(JSON of PamPayloadClaims) + '.' + base64url(HMAC-SHA256)`.
 * A summary of the deposit, never card data; the endpoint verifies the signature.
 */
export interface PamPayloadClaims {
  v: 1;
  /** A fresh id per prepared payment. */
  ref: string;
  facility_id: number;
  facility_label: string;
  deposit_type: DepositType;
  inmate_id: string;
  recipient: string;
  /** Dollars. */
  amount: number;
  fee: number;
  tax: number;
  total: number;
  payer_email: string;
  locale: string;
  /** Where the endpoint sends the payer back after paying (contract/pam.ts PAM_RETURN_PATH). */
  return_url: string;
  /**
   * 'biweekly': the endpoint keeps the card and charges the amount again on the 1st and the 15th of each
   * month until the payer cancels it (§4); null for a one-time payment.
   */
  recurring: 'biweekly' | null;
  issued_at: string; // ISO 8601
  expires_at: string; // ISO 8601
}

// POST /pay/get_pam_recurring_deposits (signed in; empty body). The payer's active pam recurring
// deposits (isPam true; §4 bi-weekly on the 1st and 15th), §9 sorted by amount descending.
export interface PamRecurringDepositsResponse {
  recurring_deposits: RecurringDeposit[];
}

// POST /pay/cancel_pam_recurring_deposit (signed in). 404 when the pair does not name one of the
// payer's active pam recurring deposits. Answers ActionResponse of contract/accounts.ts.
/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface CancelPamRecurringDepositRequest {
  account_guid: string;
  deposit_id: number | string;
}
export const cancelPamRecurringDepositSchema = yup.object({
  account_guid: yup
    .string()
    .trim()
    .required(MSG.required)
    .max(64, MSG.tooMany)
    .matches(/^[A-Za-z0-9-]+$/, MSG.invalid),
  deposit_id: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{1,9}$/, MSG.numeric),
});

// ---------------------------------------------------------------- saved card with CVV (§4 card choice)

// POST /vault/tokenize_saved_card (signed in). Answers TokenizeResponse of contract/api.ts: a token
// valid for this session only, standing for the saved card with this security code. The client then
// saves { saved_card_id, card_token } and calls /pay/process_deposit. The code is checked and
// forgotten; it is never stored, logged or echoed. 404 for a card that is not the payer's; 400
// { saved_card_id: VALIDATION.CARD_EXPIRED } for an expired card.
export interface TokenizeSavedCardRequest {
  saved_card_id: number | string;
  credit_card_cvc: string;
}
/** §5: saved-card CVV 3 to 4 digits. */
export const tokenizeSavedCardSchema = yup.object({
  saved_card_id: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{1,9}$/, MSG.numeric),
  credit_card_cvc: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{3,4}$/, MSG.cvc),
});

// ---------------------------------------------------------------- recurring and roundups in checkout

export type CheckoutRecurringType = '' | 'weekly' | 'monthly';
