// §5 card number and security code, brand-aware, on the client and the server alike: card-validator
// knows each brand's prefixes, lengths and code size (Amex 15 digits and 4, Visa 16 and 3...), and the
// Luhn checksum. The sandbox takes four brands; the brand shown is the one found here. See
// docs/decisions/0038.
import cardValidator from 'card-validator';
import { MSG } from './messages.ts';
export { isCardBrand, type CardBrand } from './cards-base.ts';
import type { CardBrand } from './cards-base.ts';

/** §5: a card number is at most 19 characters as typed. */
export const CARD_NUMBER_MAX_LENGTH = 19;

const BRAND_OF_TYPE: Record<string, CardBrand> = {
  visa: 'visa',
  mastercard: 'mastercard',
  'american-express': 'amex',
  discover: 'discover',
};

/** The digits of a card number as typed (spaces and dashes dropped). */
export function cardDigits(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** The brand of a number, even a partly typed one ('41' is a Visa), once only one brand fits; null otherwise. */
export function cardBrand(typed: string): CardBrand | null {
  const digits = cardDigits(typed);
  if (!/^\d+$/.test(digits)) return null;
  const type = cardValidator.number(digits).card?.type;
  return type ? (BRAND_OF_TYPE[type] ?? null) : null;
}

/** §5: required, at most 19 characters, a number of one of our brands with that brand's length and checksum. */
export function cardNumberError(typed: string): string | null {
  if (typed.trim() === '') return MSG.required;
  if (typed.length > CARD_NUMBER_MAX_LENGTH) return MSG.tooMany;
  const digits = cardDigits(typed);
  if (!/^\d+$/.test(digits) || cardBrand(digits) === null) return MSG.cardNumber;
  return cardValidator.number(digits).isValid ? null : MSG.cardNumber;
}

const TYPE_OF_BRAND = Object.fromEntries(Object.entries(BRAND_OF_TYPE).map(([t, b]) => [b, t])) as Record<
  CardBrand,
  string
>;

/** Most digits a card number of the site's brands has (Visa, Mastercard, Discover 16; Amex 15). */
const CARD_DIGITS_MAX = 16;

/**
 * §5 card mask as the payer types: the digits (or a saved card's asterisks) grouped the brand's way
 * (card-validator's gaps: Amex 4-6-5, the others groups of four), at most the brand's length (16 when
 * no brand is known yet). The screens apply it except on touch devices (src/masks.ts).
 */
export function formatCardAsTyped(typed: string): string {
  const chars = typed.replace(/[^\d*]/g, '');
  const brand = /^\d+$/.test(chars) ? cardBrand(chars) : null;
  const info = brand ? cardValidator.creditCardType.getTypeInfo(TYPE_OF_BRAND[brand]) : undefined;
  const max = info ? Math.min(CARD_DIGITS_MAX, Math.max(...info.lengths)) : CARD_DIGITS_MAX;
  const gaps = info?.gaps ?? [4, 8, 12];
  const kept = chars.slice(0, max);
  let out = '';
  for (let i = 0; i < kept.length; i += 1) out += (gaps.includes(i) ? ' ' : '') + kept[i];
  return out;
}

/** The security code's length for a brand (Amex 4, the others 3); 3 or 4 when the brand is not known. */
export function cvcLengths(brand: CardBrand | null | undefined): number[] {
  const size = brand ? cardValidator.creditCardType.getTypeInfo(TYPE_OF_BRAND[brand])?.code.size : undefined;
  return size ? [size] : [3, 4];
}

/** §5: required, digits only, the brand's length (3 or 4 when the brand is not known). */
export function cvcError(cvc: string, brand: CardBrand | null | undefined): string | null {
  if (cvc === '') return MSG.required;
  return cardValidator.cvv(cvc, cvcLengths(brand)).isValid ? null : MSG.cvc;
}
