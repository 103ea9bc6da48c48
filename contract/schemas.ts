// yup schemas of spec §5. Messages are i18n keys (locales/*.json), never English.
import * as yup from 'yup';
import { SEARCH_MIN, YEARS_AHEAD } from './constants.ts';
import type { FieldErrors } from './entities.ts';
import { type CardBrand, cardBrand, cardNumberError, cvcError } from './cards.ts';
import { MSG } from './messages.ts';
import { phoneError } from './phone.ts';
export {
  isMessageKey,
  type Limits,
  effectiveLimits,
  limitsUnusable,
  parseAmount,
  amountError,
} from './schemas-base.ts';
import { isMessageKey } from './schemas-base.ts';

export { MSG };

/**
 * yup's own messages (a value of the wrong type, null where none is allowed...) are English: every one
 * is an i18n key here instead, so no answer or screen can show yup's text.
 */
const KEYED = MSG.invalid;
yup.setLocale({
  mixed: {
    default: KEYED,
    required: MSG.required,
    defined: MSG.required,
    notNull: MSG.required,
    oneOf: KEYED,
    notOneOf: KEYED,
    notType: KEYED,
  },
  string: {
    length: KEYED,
    min: MSG.keepTyping,
    max: MSG.tooMany,
    matches: KEYED,
    email: MSG.email,
    url: KEYED,
    uuid: KEYED,
    datetime: KEYED,
    datetime_offset: KEYED,
    datetime_precision: KEYED,
    trim: KEYED,
    lowercase: KEYED,
    uppercase: KEYED,
  },
  number: {
    min: MSG.tooLow,
    max: MSG.tooMany,
    lessThan: MSG.tooMany,
    moreThan: MSG.tooLow,
    positive: MSG.tooLow,
    negative: KEYED,
    integer: KEYED,
  },
  date: { min: KEYED, max: KEYED },
  boolean: { isValue: KEYED },
  object: { noUnknown: KEYED, exact: KEYED },
  array: { length: KEYED, min: KEYED, max: KEYED },
  tuple: { notType: KEYED },
});

/** §5 card number, brand-aware (contract/cards.ts): at most 19 characters, a brand's length and checksum. */
export const cardNumberSchema = yup
  .string()
  .required(MSG.required)
  .test('card', MSG.cardNumber, function (v) {
    const e = cardNumberError(v ?? '');
    return e === null ? true : this.createError({ message: e });
  });

/** §5 security code, for the brand of the card number beside it (3 or 4 digits when it has none yet). */
export const cvcSchema = yup
  .string()
  .required(MSG.required)
  .test('cvc', MSG.cvc, function (v) {
    const e = cvcError(v ?? '', cardBrand(String((this.parent as { credit_card?: unknown }).credit_card ?? '')));
    return e === null ? true : this.createError({ message: e });
  });

export const monthSchema = yup
  .string()
  .required(MSG.required)
  .matches(/^(0[1-9]|1[0-2])$/, MSG.invalid);

export function yearOptions(now = new Date()): string[] {
  const y = now.getFullYear();
  return Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => String(y + i));
}

/** Expiry in the future: this month or later (§5 "future years only"). */
export function expiryValid(month: string, year: string, now = new Date()): boolean {
  const m = Number(month);
  const y = Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return false;
  return y > now.getFullYear() || (y === now.getFullYear() && m >= now.getMonth() + 1);
}

export const newCardSchema = yup.object({
  credit_card: cardNumberSchema,
  credit_card_cvc: cvcSchema,
  credit_card_month: monthSchema,
  credit_card_year: yup
    .string()
    .required(MSG.required)
    .test('future', MSG.expiry, function (year) {
      return expiryValid(this.parent.credit_card_month ?? '', year ?? '');
    }),
});

const NAME = /^[\p{L}\s-]+$/u;
const CITY = /^[\p{L}\s-]+$/u;
const ADDRESS2 = /^[\p{L}\p{N}_\s-]*$/u;

export const nameSchema = yup.string().trim().required(MSG.required).min(2, MSG.keepTyping).matches(NAME, MSG.invalid);

/** §5 zip: US and USA exactly 5 digits; elsewhere 4 or more letters, digits, dashes, spaces (max 20). */
export function zipValid(zip: string, country: string): boolean {
  if (country === 'US' || country === 'USA') return /^\d{5}$/.test(zip);
  return /^[A-Za-z0-9\s-]{4,20}$/.test(zip);
}

export const billingSchema = yup.object({
  billing_first_name: nameSchema,
  billing_last_name: nameSchema,
  billing_address1: yup.string().trim().required(MSG.required).max(100, MSG.tooMany),
  billing_address2: yup.string().max(100, MSG.tooMany).matches(ADDRESS2, MSG.invalid),
  billing_city: yup.string().trim().required(MSG.required).matches(CITY, MSG.invalid),
  billing_country: yup.string().required(MSG.required),
  // §5 "State required when options exist": US and Canada have options.
  billing_state: yup.string().when('billing_country', {
    is: (c: string) => c === 'US' || c === 'CA',
    then: (s) => s.required(MSG.required),
  }),
  billing_zip: yup
    .string()
    .required(MSG.required)
    .test('zip', MSG.zip, function (zip) {
      return zipValid(zip ?? '', this.parent.billing_country ?? 'US');
    }),
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

/** §5 guest contact: email required; the phone a valid number of the selected country (contract/phone.ts). */
export const guestContactSchema = yup.object({
  email: yup.string().trim().required(MSG.required).matches(EMAIL, MSG.email),
  phone_country: yup.string().required(MSG.required),
  phone_no: yup
    .string()
    .required(MSG.required)
    .test('phone', MSG.phoneCountry, function (v) {
      const e = phoneError(v ?? '', String((this.parent as { phone_country?: unknown }).phone_country ?? ''));
      return e === null ? true : this.createError({ message: e });
    }),
});

/** The four agreement checkboxes of the checkout terms list (§2). */
export const termsSchema = yup.object({
  terms_1: yup.boolean().oneOf([true], MSG.terms).required(MSG.terms),
  terms_2: yup.boolean().oneOf([true], MSG.terms).required(MSG.terms),
  terms_3: yup.boolean().oneOf([true], MSG.terms).required(MSG.terms),
  terms_4: yup.boolean().oneOf([true], MSG.terms).required(MSG.terms),
});

/** §4 card choice, §5: a saved card's security code, of its brand's length (3 or 4 when not known). */
export function savedCvcSchema(brand: CardBrand | null) {
  return yup.object({
    saved_card_cvc: yup
      .string()
      .trim()
      .required(MSG.required)
      .test('cvc', MSG.cvc, function (v) {
        const e = cvcError(v ?? '', brand);
        return e === null ? true : this.createError({ message: e });
      }),
  });
}

/** §2 pam variant: Next only after the fees are acknowledged. */
export const feesAckSchema = yup.object({
  fees_acknowledged: yup.boolean().oneOf([true], MSG.terms).required(MSG.terms),
});

/** What decides the checkout form's fields: the pam endpoint, a saved card (and its brand), a guest. */
export interface CheckoutFormMode {
  pam: boolean;
  savedCard: boolean;
  /** The chosen saved card's brand, which sets its security code's length (§5); null when not known. */
  savedCardBrand: CardBrand | null;
  guest: boolean;
}

/**
 * The checkout form's fields (§4 card choice, §5): a saved card's security code, or a new card with its
 * billing address; a guest's contact; the four terms. At a pam facility the endpoint takes the card:
 * only the fees acknowledgement.
 */
export function checkoutFormSchema(mode: CheckoutFormMode): yup.AnyObjectSchema {
  if (mode.pam) return feesAckSchema;
  const parts: yup.AnyObjectSchema[] = [
    ...(mode.savedCard ? [savedCvcSchema(mode.savedCardBrand)] : [newCardSchema, billingSchema]),
    ...(mode.guest ? [guestContactSchema] : []),
    termsSchema,
  ];
  return yup.object(Object.assign({}, ...parts.map((p) => p.fields)));
}

/** §5 recipient search: name minimum 2 or 3 (variant), booking code minimum 2. */
export function nameQuerySchema(min: number = SEARCH_MIN.name) {
  return yup.string().trim().required(MSG.required).min(min, MSG.keepTyping);
}
export const bookingCodeSchema = yup.string().trim().required(MSG.required).min(SEARCH_MIN.bookingCode, MSG.keepTyping);

/**
 * Runs a yup object schema over the schema's own fields of `values` and returns field -> message key;
 * {} when valid. Only its own fields are handed over: yup copies every key of the object it is given,
 * and a whole form holds some seventy (each rule reads its own fields and its siblings in the schema).
 */
export function collectErrors(schema: yup.AnyObjectSchema, values: object): FieldErrors {
  const own: Record<string, unknown> = {};
  for (const key of Object.keys(schema.fields)) own[key] = (values as Record<string, unknown>)[key];
  try {
    schema.validateSync(own, { abortEarly: false, stripUnknown: false });
    return {};
  } catch (err) {
    return fieldErrorsOf(err);
  }
}

/** The first message of each field of a failed validation (anything else is thrown on). */
export function fieldErrorsOf(err: unknown): FieldErrors {
  if (!(err instanceof yup.ValidationError)) throw err;
  const out: Record<string, string> = {};
  for (const e of err.inner.length ? err.inner : [err]) {
    // A message that is not a key (a rule written without one) never leaves as English text.
    if (e.path && !out[e.path]) out[e.path] = isMessageKey(e.message) ? e.message : MSG.invalid;
  }
  return out as FieldErrors;
}

/** §5 the recipient searches' fields, as the server checks them (server/routes/inmates.ts). */
export const SEARCH_FIELDS = {
  // A name of at least 2 characters (the shorter of the two variants; the client may ask for 3).
  name: { name_query: nameQuerySchema(SEARCH_MIN.nameShort).max(60, MSG.tooMany) },
  booking: { booking_code: bookingCodeSchema.max(30, MSG.tooMany) },
  // ICE: A-number (optional letter A, then at least 2 digits) and 2 to 3 letters of the last name.
  ice: {
    name_query: yup
      .string()
      .trim()
      .required(MSG.required)
      .min(SEARCH_MIN.aNumber, MSG.keepTyping)
      .max(10, MSG.tooMany)
      .matches(/^[Aa]?\d+$/, MSG.invalid)
      // The digits are what is searched (the letter A is optional): 2 of them at least.
      .test('a-number-digits', MSG.keepTyping, (v) => !v || v.replace(/^[Aa]/, '').length >= SEARCH_MIN.aNumber),
    inmate_last_name: yup
      .string()
      .trim()
      .required(MSG.required)
      .min(2, MSG.keepTyping)
      .max(3, MSG.tooMany)
      .matches(/^[\p{L}' -]+$/u, MSG.invalid),
  },
};

/**
 * §5 the recipient step's search form for a facility's kind of search: SEARCH_FIELDS, with the name's
 * minimum the facility asks for (3 at standard facilities, 2 in the other variant).
 */
export function searchFormSchema(
  mode: 'name' | 'booking' | 'ice',
  nameMin: number = SEARCH_MIN.name,
): yup.AnyObjectSchema {
  if (mode === 'name') return yup.object({ name_query: SEARCH_FIELDS.name.name_query.min(nameMin, MSG.keepTyping) });
  return yup.object(SEARCH_FIELDS[mode]);
}
