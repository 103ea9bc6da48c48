// The generic messages of §5, as i18n keys (locales/*.json): every rule of contract/ answers one of
// these or a key of its own, never English.
export const MSG = {
  required: 'VALIDATION.REQUIRED',
  keepTyping: 'VALIDATION.KEEP_TYPING',
  tooMany: 'VALIDATION.TOO_MANY',
  tooLow: 'VALIDATION.TOO_LOW',
  invalid: 'VALIDATION.INVALID_ENTRY',
  noMatch: 'VALIDATION.DOES_NOT_MATCH',
  numeric: 'VALIDATION.MUST_BE_NUMERIC',
  zip: 'VALIDATION.INVALID_ZIPCODE',
  terms: 'VALIDATION.AGREE_TERMS',
  email: 'VALIDATION.INVALID_EMAIL',
  phoneCountry: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY',
  amountInvalid: 'VALIDATION.INVALID_DEPOSIT_AMOUNT',
  amountBelowMin: 'VALIDATION.DEPOSIT_BELOW_MINIMUM',
  amountLimit: 'VALIDATION.DEPOSIT_LIMIT_REACHED',
  cardNumber: 'VALIDATION.INVALID_CARD_NUMBER',
  cvc: 'VALIDATION.INVALID_CVC',
  expiry: 'VALIDATION.CARD_EXPIRED',
  depositType: 'VALIDATION.SELECT_DEPOSIT_TYPE',
} as const;
