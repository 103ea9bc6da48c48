// The sandbox card processor (architecture: "maps test card numbers to each outcome of §8").
// The outcome of a card is decided when it is tokenized, so the number can be forgotten at once.
import type { CardBrand } from '../../contract/cards.ts';
import { loadTestCards } from '../fixtures.ts';

export const APPROVED = 'APPROVED';
export const DECLINED = 'DECLINED';

const TEST_CARDS = new Map(loadTestCards().map((c) => [c.number, c.outcome]));

/**
 * What charging this card will answer. No Amex is accepted (§8 NO_AMEX); a security code of 000
 * fails the check (CVV_MATCH); a number from fixtures/test-cards.json gives its outcome; any other
 * valid number is approved.
 */
export function outcomeFor(digits: string, cvc: string, brand: CardBrand): string {
  if (brand === 'amex') return 'NO_AMEX';
  if (cvc === '000') return 'CVV_MATCH';
  return TEST_CARDS.get(digits) ?? APPROVED;
}

/**
 * The processor's text for a failed charge, as the client receives it in `error`. Codes pass
 * through; DECLINED stands for a processor that answers a plain sentence with no code (§8: the
 * client shows GENERIC_DEPOSIT_FAILED for text it cannot translate).
 */
export function processorText(outcome: string): string {
  return outcome === DECLINED ? 'card declined' : outcome;
}

/** The masked number shown to the payer (§5 mask '**** **** **** ####'; Amex is 4-6-5). */
export function cardDisplay(brand: string, last4: string): string {
  return brand === 'amex' ? `**** ****** *${last4}` : `**** **** **** ${last4}`;
}

/**
 * The sandbox's facility refuses deposits to these people: released since the search listed them
 * (fixtures/README.md, docs/decisions/0048). A deposit to them is charged, refused, then refunded.
 */
const RELEASED_SINCE = new Set(['100006']);

export function releasedSince(inmateId: string): boolean {
  return RELEASED_SINCE.has(inmateId);
}
