// §5 telephone: one rule for every phone field of the product, on the client and the server alike
// ("Invalid phone number for selected country"), and the formatting of a number for its country as it
// is typed and once it is complete. libphonenumber-js knows each country's numbers, from a slice of its
// 'min' metadata (contract/phone-metadata.json, `npm run phone-metadata`: the countries the site lists
// and the North American numbering plan); this module adds only the product's own lengths. See
// docs/decisions/0038.
import {
  AsYouType,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
  type MetadataJson,
  type PhoneNumber,
} from 'libphonenumber-js/core';
import { MSG } from './messages.ts';
import metadataJson from './phone-metadata.json' with { type: 'json' };

const METADATA = metadataJson as unknown as MetadataJson;

/** §5: a phone number is at least 7 characters as typed. */
export const PHONE_MIN_LENGTH = 7;
/** Longest number accepted as typed, punctuation included. */
export const PHONE_MAX_LENGTH = 25;
/** The country a number without one is read for (§9: US first). */
export const DEFAULT_PHONE_COUNTRY = 'US';

/** §5: digits, optionally with parentheses, dashes, dots and spaces; a leading + for the international form. */
const PHONE_TEXT = /^\+?[\d\s().-]+$/;

function supported(country: string): CountryCode | undefined {
  return isSupportedCountry(country as CountryCode, METADATA) ? (country as CountryCode) : undefined;
}

/**
 * The number typed, when it is a valid number of the country (a number of another country, even a
 * valid one, is not); with no country, a valid number of any. Undefined otherwise.
 */
export function phoneNumberFor(typed: string, country?: string): PhoneNumber | undefined {
  const t = typed.trim();
  if (t.length > PHONE_MAX_LENGTH || !PHONE_TEXT.test(t)) return undefined;
  const c = supported(country ?? DEFAULT_PHONE_COUNTRY);
  if (!c) return undefined;
  const n = parsePhoneNumberFromString(t, { defaultCountry: c, extract: false }, METADATA);
  if (!n?.isValid()) return undefined;
  return country === undefined || n.country === c ? n : undefined;
}

/**
 * §5 the phone rule: required, at least PHONE_MIN_LENGTH characters, at most PHONE_MAX_LENGTH, and a
 * valid number of the selected country (of any country when none is selected). An i18n key or null.
 */
export function phoneError(typed: string, country?: string): string | null {
  const t = typed.trim();
  if (t === '') return MSG.required;
  if (t.length > PHONE_MAX_LENGTH) return MSG.tooMany;
  if (t.length < PHONE_MIN_LENGTH) return MSG.keepTyping;
  return phoneNumberFor(t, country) ? null : MSG.phoneCountry;
}

/**
 * §5 the phone rule for a payer's own number where the form names no country (the profile, a new
 * account): a US number, or any country's written with its + code. An i18n key or null.
 */
export function payerPhoneError(typed: string): string | null {
  const t = typed.trim();
  return phoneError(t, t.startsWith('+') ? undefined : DEFAULT_PHONE_COUNTRY);
}

/**
 * §5 the phone mask: a number as it is being typed, formatted for the country. A North American
 * number (US, Canada: calling code 1) takes '(###) ###-####' ('5125550' -> '(512) 555-0'), at most its
 * 10 digits, and no parenthesis before the fourth digit (so a backspace is never caught on one); a
 * Canadian number saved with the international prefix 011 (§9) is shown without it. Another country's
 * number is formatted by libphonenumber-js as it is typed; text that is no phone number, or a country
 * the library does not know, is given back as typed. The screens apply it except on touch devices
 * (src/masks.ts).
 */
export function formatPhoneAsTyped(typed: string, country: string): string {
  const c = supported(country);
  if (!c || typed.trim() === '' || !PHONE_TEXT.test(typed.trim())) return typed;
  if (getCountryCallingCode(c, METADATA) === '1' && !typed.trim().startsWith('+')) {
    const all = typed.replace(/\D/g, '');
    const national = (c === 'CA' && all.startsWith('011') ? all.slice(3) : all).slice(0, 10);
    return national.length <= 3 ? national : new AsYouType(c, METADATA).input(national);
  }
  return new AsYouType(c, METADATA).input(typed);
}

/**
 * A complete number for display: a North American one in its national form ('(512) 555-0101'), any
 * other with its country code ('+52 55 1234 5678'). With a country, only that country's numbers are
 * formatted; anything else is given back as it is.
 */
export function formatPhone(phone: string, country?: string): string {
  const n = phoneNumberFor(phone, country);
  if (!n) return phone;
  return n.countryCallingCode === '1' ? n.formatNational() : n.formatInternational();
}

/**
 * The stored form of a phone account's number (§9, contract/dest-deposits.ts): the 10 digits of a
 * North American number, or 011 and the digits of another. Requests that name an account (`ani`)
 * give it in this form, punctuation allowed.
 */
export function isStoredPhone(digits: string): boolean {
  return /^(\d{10}|011\d{7,15})$/.test(digits);
}
