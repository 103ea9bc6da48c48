// identity.verify (§2; §3 Profile: dob_month, dob_day, dob_year, ssn; §4 validation status; §5 identity;
// §7 POST /pay/verify returns success, validate_status, retryable). Signed in only.
import * as yup from 'yup';
import type { ValidateStatus } from './accounts.ts';
import { MSG } from './schemas.ts';
export { IDENTITY_PATHS } from './identity-base.ts';

export interface VerifyRequest {
  /** The agreement modal's two checkboxes. */
  agree_1: boolean;
  agree_2: boolean;
  dob_month: string;
  dob_day: string;
  dob_year: string;
  /** The last four digits of the social security number; never stored by the client, never echoed. */
  ssn: string;
}

export interface VerifyResponse {
  success: boolean;
  validate_status: ValidateStatus;
  /** A rejected verification may be tried again. */
  retryable: boolean;
}

/** A rejected verification may be tried this many times in all (decision 0011). */
export const VERIFY_ATTEMPTS = 3;

/** §5: the message of a last four that is not exactly 4 digits long. */
export const SSN_LENGTH_MESSAGE = 'IDENTITY.SSN_LENGTH';

/** §5: SSN last four exactly 4 digits; date of birth parts required (a real date, in the past). */
export const verifySchema = yup.object({
  agree_1: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required).oneOf([true], MSG.terms),
  agree_2: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required).oneOf([true], MSG.terms),
  dob_month: yup
    .string()
    .required(MSG.required)
    .matches(/^(0?[1-9]|1[0-2])$/, MSG.invalid),
  dob_day: yup
    .string()
    .required(MSG.required)
    .matches(/^(0?[1-9]|[12]\d|3[01])$/, MSG.invalid),
  dob_year: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{4}$/, MSG.invalid)
    .test('past', MSG.invalid, (v) => !v || (Number(v) >= 1900 && Number(v) <= new Date().getFullYear())),
  // Digits only first, then their number: '12' is numeric and too short (§5: exactly 4 digits).
  ssn: yup
    .string()
    .required(MSG.required)
    .matches(/^\d*$/, MSG.numeric)
    .matches(/^\d{4}$/, SSN_LENGTH_MESSAGE),
});

/** The agreement modal's part of the request (its two checkboxes). */
export const agreementSchema = verifySchema.pick(['agree_1', 'agree_2']);
export type VerifyAgreement = Pick<VerifyRequest, 'agree_1' | 'agree_2'>;

/** The complete-your-profile form's part of the request (date of birth, the SSN's last four). */
export const verifyProfileSchema = verifySchema.omit(['agree_1', 'agree_2']);
export type VerifyProfile = Omit<VerifyRequest, 'agree_1' | 'agree_2'>;

/** The date of birth as YYYY-MM-DD. */
export function dobOf(v: Pick<VerifyRequest, 'dob_month' | 'dob_day' | 'dob_year'>): string {
  return `${v.dob_year}-${v.dob_month.padStart(2, '0')}-${v.dob_day.padStart(2, '0')}`;
}
