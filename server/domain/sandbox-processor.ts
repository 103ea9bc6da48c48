// The sandbox card processor (architecture: "maps test card numbers to each outcome of §8").
// The outcome of a card is decided when it is tokenized, so the number can be forgotten at once.
import type { CardBrand } from '../../contract/cards.ts';
import { loadTestCards } from '../fixtures.ts';

export const APPROVED = 'APPROVED';
export const DECLINED = 'DECLINED';

/**
 * The sandbox processor's faults (docs/test-cards.md): a 5xx before anything is recorded; an
 * authorization recorded whose answer comes after the caller stopped waiting; one whose answer never
 * comes. The checkout answers PAYMENT_NOT_CONFIRMED for each, and the reconciler settles them.
 */
export const FAULTS = {
  error: 'PROCESSOR_ERROR',
  late: 'PROCESSOR_TIMEOUT',
  noAnswer: 'PROCESSOR_NO_ANSWER',
} as const;

/** Whether a test card's outcome is one of the processor's faults rather than an answer. */
export function isFault(outcome: string): boolean {
  return (Object.values(FAULTS) as string[]).includes(outcome);
}

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
 * (fixtures/README.md, docs/decisions/0049). A deposit to them is authorized, refused by the facility,
 * and its hold released: nothing is taken.
 */
const RELEASED_SINCE = new Set(['100006']);

export function releasedSince(inmateId: string): boolean {
  return RELEASED_SINCE.has(inmateId);
}
