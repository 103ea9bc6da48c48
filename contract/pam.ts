// The return leg of the pam variant (§2: the checkout form-posts a payload to a configurable external
// payment endpoint; the pam receipt shows card last four digits, deposit amount, transaction and payment
// fee, total). The endpoint takes the card, then sends the payer back to this site with a signed result;
// the site's server checks it against the payment it prepared and writes the deposit and its receipt.
import * as yup from 'yup';
import type { CheckoutResponse } from './api.ts';
import { MSG } from './schemas.ts';
export { PAM_ERRORS, PAM_RESULT_PARAM, PAM_PATHS } from './pam-base.ts';

/** The hash path the endpoint returns the payer to; the query carries PAM_RESULT_PARAM. */
export const PAM_RETURN_PATH = '/pam_return';

/**
 * What the signed result carries: `base64url(JSON of PamResultClaims) + '.' + base64url(HMAC-SHA256)`,
 * signed with the payload's key under another purpose, so a payload can never pass for a result.
 * Card data is limited to what a receipt may show (architecture: cards).
 */
export interface PamResultClaims {
  v: 1;
  /** The ref of the payload that was paid. */
  ref: string;
  card_brand: string;
  card_last4: string;
  card_expiry: string; // MM/YYYY
  paid_at: string; // ISO 8601
}

// POST /pay/complete_pam_deposit (signed in). Answers CheckoutResponse: success with
// cached_deposit_info (pam: true) and the form state holding deposit_id. The same result again answers
// the first answer (no second ledger row). 400 { pam_result } for input that is not a token;
// 400 { form: ERROR.PAM_INVALID_RESULT } for a result that is wrongly signed or names a payment this
// session did not prepare; 400 { form: ERROR.PAM_NOT_PAID } when the endpoint has no record of it.
export interface CompletePamDepositRequest {
  pam_result: string;
}
export type CompletePamDepositResponse = CheckoutResponse;
export const completePamDepositSchema = yup.object({
  pam_result: yup
    .string()
    .trim()
    .required(MSG.required)
    .max(4096, MSG.tooMany)
    .matches(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, MSG.invalid),
});
