// What contract/cards.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/cards.ts re-exports them.

export function isCardBrand(value: string): value is CardBrand {
  return (CARD_BRANDS as readonly string[]).includes(value);
}

/** The brands the site takes, as stored with a token or a saved card. */
export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;

export type CardBrand = (typeof CARD_BRANDS)[number];
