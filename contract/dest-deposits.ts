// Friends-and-family prepaid phone deposits (§1 dest, "AdvancePay"): the number step's rules (§5), the
// fraud-flag call (§7 Accounts) and what /pay/process_deposit does with a dest deposit. The wizard goes
// facility -> type -> number -> checkout -> receipt (§4): no inmate is involved.
//
// Form state fields (declared in entities.ts FormFields), written with POST /state/save:
// - deposit_phone_country: a code of GET /pay/allowed_countries ('US' by default). '' is
//   VALIDATION.REQUIRED; a code that is not allowed is VALIDATION.INVALID_ENTRY.
// - deposit_phone_no: as typed, masked or not ('(512) 555-0100', '512.555.0100'). The server keeps the
//   digits (destPhone below): a US number is exactly 10 digits; any other country's number gets the
//   011 international prefix (§9) when it does not start with it, and has 7 to 15 digits after it.
//   A number that breaks a rule is kept as typed, with its error (§4: nothing entered is lost). '' is
//   "not yet filled" (no error); /pay/process_deposit requires it. A fraud-flagged number
//   (§5) keeps its value and gets ERROR.FRAUD_CONTROL_MESSAGE.
// - deposit_phone_no_label: the payer's name for the number ('Mom'), at most DEST_LABEL_MAX_LENGTH
//   characters. Left empty, the server writes destPhoneLabel of the number ('(512) 555-0100',
//   '011 4165550106'). A new number without a label in the same save drops the old label.
// - dest_account_id: one of the signed-in payer's own phone accounts (GET /account/dest_accounts).
//   Choosing it fills deposit_phone_no, deposit_phone_no_label and deposit_phone_country from the
//   account, and the phone fields of that same save are ignored. An id that is not the payer's (another
//   payer's, a removed or unknown one, or any id for a guest) gets DEST_DEPOSIT_ERRORS.accountNotFound
//   and clears the phone fields; a fraud-flagged account gets ERROR.FRAUD_CONTROL_MESSAGE. null (or '')
//   goes back to "a new number": the number the account had filled is cleared. Saving a different
//   number or country drops the choice (dest_account_id becomes null).
// - Choosing another facility, or another deposit type, clears all four (§4, as the recipient).
//
// POST /pay/process_deposit with deposit_type 'dest' (contract/api.ts CheckoutResponse):
// - 400 field errors: facility_id, deposit_type (VALIDATION.RESELECT_DEPOSIT_TYPE where the facility
//   does not offer dest, contract/rules.ts offersType), deposit_phone_no (VALIDATION.REQUIRED, or the
//   rule it breaks), deposit_phone_country, dest_account_id (accountNotFound); deposit_inmate_id is not
//   read. Then the usual amount, card, billing, contact and terms fields.
// - 200 with error 'FRAUD_CONTROL_MESSAGE' and errors { deposit_phone_no: ERROR.FRAUD_CONTROL_MESSAGE }
//   for a fraud-flagged number or account, without a charge. The sandbox card outcomes FRAUD_DEST and
//   INVALID_DEST (docs/test-cards.md) answer as for any deposit.
// - On success the amount (never the fee; a picked roundup's amount) is credited to the phone account
//   in the transaction that writes the ledger row: a signed-in payer's account with that number (or
//   the chosen one), else a new account of theirs with validate_status 'pending'; for a guest, the
//   number's shared guest balance (docs/decisions/0010). The prepaid purse, or the regulated purse at
//   an FCC-regulated facility (§3 purse_reg). A repeated request answers the first receipt and
//   credits nothing more.
// - The receipt (ReceiptInfo) carries deposit_phone_no, deposit_phone_no_label and
//   deposit_phone_country; its recipient names, date of birth and age are null and booking_code ''.
// - Recurring (FRIENDSNFAMILY, signed in with a saved card) repeats the deposit to the payer's phone
//   account: /account/recurring_deposits lists it with recipient_type 'Destination'.
// - The duplicate warning and the daily maximum count deposits to the same number.
import * as yup from 'yup';
import { MSG } from './schemas.ts';
import { PHONE_MAX_LENGTH, isStoredPhone, phoneError, phoneNumberFor } from './phone.ts';
export { DEST_DEPOSIT_PATHS } from './dest-deposits-base.ts';
import { INTERNATIONAL_PREFIX } from './dest-deposits-base.ts';

/** Longest number accepted as typed (punctuation included): the phone rule's own (contract/phone.ts). */
export const DEST_PHONE_MAX_LENGTH = PHONE_MAX_LENGTH;
export const DEST_LABEL_MAX_LENGTH = 40;

/** Error keys beyond §5's generic ones (ERROR.<code> in locales). */
export const DEST_DEPOSIT_ERRORS = {
  /** dest_account_id is not one of the signed-in payer's phone accounts. */
  accountNotFound: 'ERROR.DEST_ACCOUNT_NOT_FOUND',
  /** §5/§8: a fraud-flagged number or account. */
  fraud: 'ERROR.FRAUD_CONTROL_MESSAGE',
} as const;

export type DestPhoneResult = { ok: true; phone: string; label: string } | { ok: false; error: string };

/** How a stored number is shown: '(512) 555-0100' for a US number, '011 4165550106' otherwise. */
export function destPhoneLabel(phone: string): string {
  if (/^\d{10}$/.test(phone)) return `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
  if (phone.startsWith(INTERNATIONAL_PREFIX))
    return `${INTERNATIONAL_PREFIX} ${phone.slice(INTERNATIONAL_PREFIX.length)}`;
  return phone;
}

/**
 * §5/§9: the stored form of a typed destination number for a country, or the i18n key of the rule it
 * breaks. The number must be a valid number of that country (contract/phone.ts, one rule for every
 * phone field): a US number is stored as its 10 digits; any other gets the 011 international prefix
 * (then its country calling code, except within North America, and its national number).
 * Idempotent: the stored form gives itself back.
 */
export function destPhone(typed: string, country: string): DestPhoneResult {
  const t = typed.trim();
  const lengthError = phoneError(t, country);
  if (lengthError === MSG.required || lengthError === MSG.tooMany || lengthError === MSG.keepTyping)
    return { ok: false, error: lengthError };
  const number = phoneNumberFor(t, country) ?? storedInternational(t, country);
  if (!number) return { ok: false, error: MSG.phoneCountry };
  if (country === 'US') return { ok: true, phone: number.nationalNumber, label: destPhoneLabel(number.nationalNumber) };
  const cc = number.countryCallingCode;
  const phone = `${INTERNATIONAL_PREFIX}${cc === NORTH_AMERICA_CALLING_CODE ? '' : cc}${number.nationalNumber}`;
  return { ok: true, phone, label: destPhoneLabel(phone) };
}

const NORTH_AMERICA_CALLING_CODE = '1';

/** A non-US number already in the stored form (011, then as above), read back for its country. */
function storedInternational(t: string, country: string) {
  const digits = t.replace(/[\s().-]/g, '');
  if (country === 'US' || !digits.startsWith(INTERNATIONAL_PREFIX)) return undefined;
  const rest = digits.slice(INTERNATIONAL_PREFIX.length);
  const national = phoneNumberFor(rest, country);
  if (national?.countryCallingCode === NORTH_AMERICA_CALLING_CODE) return national;
  return phoneNumberFor(`+${rest}`, country);
}

/** The payer's name for a number: no control characters, at most DEST_LABEL_MAX_LENGTH. */
export function destLabelError(label: string): string | null {
  if (label.length > DEST_LABEL_MAX_LENGTH) return MSG.tooMany;
  return /^[^\p{Cc}]*$/u.test(label) ? null : MSG.invalid;
}

/** The number step's fields as the client validates them before saving (§5; country from the allowed list). */
export const destNumberSchema = yup.object({
  deposit_phone_country: yup.string().required(MSG.required),
  deposit_phone_no: yup.string().test('dest-phone', MSG.phoneCountry, function (value) {
    const r = destPhone(value ?? '', (this.parent as { deposit_phone_country?: string }).deposit_phone_country ?? 'US');
    return r.ok ? true : this.createError({ message: r.error });
  }),
  deposit_phone_no_label: yup.string().test('dest-label', MSG.invalid, function (value) {
    const e = destLabelError(value ?? '');
    return e === null ? true : this.createError({ message: e });
  }),
});

// POST /account/destinations/get_destination_fraud_flag {ani, country?}
// ani: the number, punctuation allowed; without country it is looked up as its digits (the stored form:
// 10 digits for a US number, 011 and the rest for another country's). With country ('US', 'CA'...) it
// is first put in the stored form by destPhone; a number that breaks the country's rule answers 400
// { ani: <key> }. Bad input answers 400 field errors (ani: VALIDATION.REQUIRED, VALIDATION.TOO_MANY,
// VALIDATION.INVALID_ENTRY; country: VALIDATION.INVALID_ENTRY). A number is flagged when the fraud list
// names it or any phone account with that number is flagged (§3 fraud_flag).
/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface DestinationFraudFlagRequest {
  ani: string;
  country?: string;
}
export interface DestinationFraudFlagResponse {
  /** §5: 1 blocks the deposit with FRAUD_CONTROL_MESSAGE. */
  fraud_flag: 0 | 1;
}

/** The digits of a number as typed (punctuation of §5 removed). */
export function aniDigits(ani: string): string {
  return ani.replace(/[\s().-]/g, '');
}

export const destinationFraudFlagSchema = yup.object({
  ani: yup
    .string()
    .required(MSG.required)
    .max(DEST_PHONE_MAX_LENGTH, MSG.tooMany)
    // With a country, the number as typed is judged by destPhone (the phone rule); without, it names a
    // stored number.
    .test('ani', MSG.invalid, function (v) {
      return (
        v === undefined || (this.parent as { country?: unknown }).country !== undefined || isStoredPhone(aniDigits(v))
      );
    }),
  country: yup.string().matches(/^[A-Z]{2}$/, MSG.invalid),
});
