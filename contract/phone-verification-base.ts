// What contract/phone-verification.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/phone-verification.ts re-exports them.

export const PHONE_VERIFICATION_PATHS = {
  viaSms: '/account/destinations/validate_via_sms',
  viaPhone: '/account/destinations/validate_via_phone',
  checkCode: '/auth/validate_phone_number',
} as const;

/** §4: validate_code of an answer when no call (or text) was placed. */
export const NO_CALL_PLACED = -1;

export function phoneVerifyErrorKey(code: PhoneVerifyErrorCode): string {
  return `ERROR.${code}`;
}

export const VERIFY_TOO_MANY = 'ERROR.VERIFY_TOO_MANY';

export const INTERNATIONAL_NUMBERS_CANNOT_VERIFIED = 'ERROR.INTERNATIONAL_NUMBERS_CANNOT_VERIFIED';

/** The code as typed: spaces and dashes are ignored (a code read out may be typed in groups). */
export function normaliseCode(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** §8 codes of these calls; each is the i18n key `ERROR.<code>`. */
export const PHONE_VERIFY_ERROR_CODES = [
  'VERIFY_TOO_MANY',
  'INTERNATIONAL_NUMBERS_CANNOT_VERIFIED',
  'VERIFY_CODE_WRONG',
  'VERIFY_CODE_EXPIRED',
  'PHONE_ALREADY_VERIFIED',
  'VERIFY_NOT_PENDING',
] as const;

export type PhoneVerifyErrorCode = (typeof PHONE_VERIFY_ERROR_CODES)[number];
