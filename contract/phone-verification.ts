// Phone verification (§2 "verify phone (text or call, then code)", §3 destination account
// validate_status, §4 phone verification, §5 international numbers, §7, §8): a signed-in payer proves
// that a pending US phone account of theirs is theirs with a 6-digit code sent by text or read out by
// a call, then typed into the site.
//
// How the calls answer:
// - POST /account/destinations/validate_via_sms and /validate_via_phone {ani}: 200
//   `{ success: true, validate_code, errors: {} }` when the code went out; validate_code is a
//   reference to the text or call (never the code itself), NO_CALL_PLACED (-1) when none went out.
//   200 `{ success: false, validate_code: -1, errors: { form } }` when a rule refuses it: more than
//   VERIFY_MAX_SENDS_PER_HOUR codes for the account in the last hour (VERIFY_TOO_MANY), an account
//   that is already validated (PHONE_ALREADY_VERIFIED) or rejected (VERIFY_NOT_PENDING).
// - POST /auth/validate_phone_number {ani, code}: 200 `{ success: true, validate_status: 'validated' }`
//   for the right code (and again for an account already validated, so a repeat after a lost answer
//   succeeds); 200 `{ success: false, validate_status, errors }` with errors.code VERIFY_CODE_WRONG or
//   VERIFY_CODE_EXPIRED (no live code: none sent, or older than VERIFY_CODE_TTL_MINUTES), or with
//   errors.form VERIFY_TOO_MANY once VERIFY_MAX_WRONG_CODES wrong codes were typed for the code
//   (a new code must be sent).
// - Every call: 400 with field errors for a malformed ani or code, 400 with form
//   INTERNATIONAL_NUMBERS_CANNOT_VERIFIED for a phone account outside the US (§5), 401 for a guest,
//   404 for a number that is not one of the payer's phone accounts.
import * as yup from 'yup';
import { type AccountErrors, type ValidateStatus, aniSchema } from './accounts.ts';
import { MSG } from './schemas.ts';
export {
  NO_CALL_PLACED,
  VERIFY_TOO_MANY,
  normaliseCode,
  phoneVerifyErrorKey,
  PHONE_VERIFICATION_PATHS,
  type PhoneVerifyErrorCode,
} from './phone-verification-base.ts';
import { normaliseCode } from './phone-verification-base.ts';

/** How the code reaches the phone: a text message or a voice call. */
export type VerifyChannel = 'sms' | 'call';

export const VERIFY_CODE_LENGTH = 6;
/** A code is good for this long after it is sent. */
export const VERIFY_CODE_TTL_MINUTES = 10;
/** Codes sent to one phone account within an hour, by text and call together. */
export const VERIFY_MAX_SENDS_PER_HOUR = 3;
/** Wrong codes typed for one code; the next answer is VERIFY_TOO_MANY and a new code is needed. */
export const VERIFY_MAX_WRONG_CODES = 5;

// POST /account/destinations/validate_via_sms and /validate_via_phone
/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface SendCodeRequest {
  ani: string;
}
export interface SendCodeResponse {
  success: boolean;
  validate_code: number;
  errors: AccountErrors;
}
export const sendCodeSchema = yup.object({ ani: aniSchema });

// POST /auth/validate_phone_number
export interface CheckCodeRequest {
  ani: string;
  code: string;
}
export interface CheckCodeResponse {
  success: boolean;
  validate_status: ValidateStatus;
  errors: AccountErrors;
}

export const codeSchema = yup
  .string()
  .required(MSG.required)
  .max(20, MSG.tooMany)
  .test('digits', MSG.numeric, (v) => v === undefined || /^\d*$/.test(normaliseCode(v)))
  .test('short', MSG.keepTyping, (v) => v === undefined || normaliseCode(v).length >= VERIFY_CODE_LENGTH)
  .test('long', MSG.tooMany, (v) => v === undefined || normaliseCode(v).length <= VERIFY_CODE_LENGTH);
export const checkCodeSchema = yup.object({ ani: aniSchema, code: codeSchema });
/** The verify-phone modal's form (its field layer): the code as typed. */
export const verifyCodeFormSchema = yup.object({ code: codeSchema });
