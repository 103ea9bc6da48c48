// Error codes of spec §8. Each one is an i18n key under ERROR.* in locales/.

export const CHECKOUT_ERROR_CODES = [
  'FRAUD_CONTROL_MESSAGE',
  'NOT_APPROVED_DEPOSITOR_MSG',
  'FRAUD_INMATE',
  'FRAUD_DEST',
  'NO_AMEX',
  'INVALID_DEST',
  'AVS_MATCH',
  'CVV_MATCH',
  'INVALID_CARD_NUMBER',
  'USPS_ERROR',
  'DEPOSIT_MAX',
  'DEPOSIT_EXCEEDS_LIMIT',
  'DEPOSIT_EXCEEDS_LIMIT_ERROR',
  'DEPOSIT_MIN_MAX_ERROR',
  'FIELD_NO_TRUST',
  'GENERIC_DEPOSIT_FAILED',
  'DEPOSIT_ERROR',
  // The processor's answer was lost (a timeout, a 5xx): nothing was taken (docs/decisions/0049).
  'PAYMENT_NOT_CONFIRMED',
] as const;
export type CheckoutErrorCode = (typeof CHECKOUT_ERROR_CODES)[number];
/** §8: the billing state may not make trust deposits (the answer's error; its field error is on billing_state). */
export const FIELD_NO_TRUST = 'FIELD_NO_TRUST' satisfies CheckoutErrorCode;

export const CHECKOUT_WARNING_CODES = ['DUPLICATE_TRANSACTION_WARNING', 'DEPOSIT_WARNING'] as const;

/**
 * §8 "Checkout failure: error text uppercased, spaces to underscores, translated; if no
 * translation, GENERIC_DEPOSIT_FAILED; default DEPOSIT_ERROR."
 * `hasKey` tells whether ERROR.<code> exists in the current language.
 */
export function checkoutErrorKey(text: string | null | undefined, hasKey: (key: string) => boolean): string {
  if (!text) return 'ERROR.DEPOSIT_ERROR';
  const code = text.trim().toUpperCase().replace(/\s+/g, '_');
  const key = `ERROR.${code}`;
  return hasKey(key) ? key : 'ERROR.GENERIC_DEPOSIT_FAILED';
}

/** §8 warnings: translated, default DEPOSIT_WARNING. */
export function checkoutWarningKey(text: string | null | undefined, hasKey: (key: string) => boolean): string {
  if (!text) return 'ERROR.DEPOSIT_WARNING';
  const key = `ERROR.${text.trim().toUpperCase().replace(/\s+/g, '_')}`;
  return hasKey(key) ? key : 'ERROR.DEPOSIT_WARNING';
}

/** Client-side failures that are not field errors. */
export const CLIENT_ERRORS = {
  unexpected: 'ERROR.UNEXPECTED',
  network: 'ERROR.NETWORK',
  feesTimeout: 'ERROR.FEES_TIMEOUT',
  invalidCheckout: 'ERROR.CHECKOUT_ERROR',
  searchNotFound: 'DEPOSIT.SEARCH_NOT_FOUND',
} as const;
