// The sandbox card vault's use cases (architecture: "Cards"): a new card, or a saved card with its
// security code, becomes a token of the session that asked. The number and the security code are read
// here, in memory, to decide the brand and the sandbox outcome; only the token, brand, last four,
// expiry and outcome are stored (server/repo/vault.ts).
import type { TokenizeResponse } from '../../contract/api.ts';
import { cardBrand, cardDigits, cvcError, isCardBrand } from '../../contract/cards.ts';
import { MSG } from '../../contract/schemas.ts';
import type { Repos } from '../repo/repos.ts';
import { randomToken } from '../security.ts';
import { savedCardExpired } from './checkout-fields.ts';
import { APPROVED, outcomeFor } from './sandbox-processor.ts';

/** A card as the vault keeps it: what a token stands for, without the number or the security code. */
export interface VaultCard {
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  /** What the sandbox processor answers when the token is charged. */
  outcome: string;
  saved_card_id?: number;
}

export type CardCheck = { ok: true; card: VaultCard } | { ok: false; errors: Record<string, string> };

/** The sandbox processor's answer for a saved card: the security code 000 fails the check (§8 CVV_MATCH). */
export function savedCardOutcome(cvc: string): string {
  return cvc === '000' ? 'CVV_MATCH' : APPROVED;
}

/** A new card (already checked by newCardSchema): its brand decides whether the vault takes it (§5). */
export function newVaultCard(card: {
  credit_card: string;
  credit_card_cvc: string;
  credit_card_month: string;
  credit_card_year: string;
}): CardCheck {
  const digits = cardDigits(card.credit_card);
  const brand = cardBrand(digits);
  if (!brand) return { ok: false, errors: { credit_card: MSG.cardNumber } };
  return {
    ok: true,
    card: {
      brand,
      last4: digits.slice(-4),
      exp_month: card.credit_card_month,
      exp_year: card.credit_card_year,
      outcome: outcomeFor(digits, card.credit_card_cvc, brand),
    },
  };
}

/**
 * The payer's own saved card with the security code typed for it (§6); undefined when the payer has
 * no such card (another payer's card is not found either).
 */
export async function savedVaultCard(
  repos: Repos,
  userId: string,
  request: { saved_card_id: string; credit_card_cvc: string },
  now: Date,
): Promise<CardCheck | undefined> {
  const card = await repos.savedCards.findForUser(userId, Number(request.saved_card_id));
  if (!card) return undefined;
  const expired = savedCardExpired(card, now);
  if (expired) return { ok: false, errors: { saved_card_id: expired } };
  // §5: the security code has the length of the saved card's brand (Amex 4, the others 3).
  const cvc = cvcError(request.credit_card_cvc, isCardBrand(card.brand) ? card.brand : null);
  if (cvc) return { ok: false, errors: { credit_card_cvc: cvc } };
  return {
    ok: true,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      outcome: savedCardOutcome(request.credit_card_cvc),
      saved_card_id: card.id,
    },
  };
}

/** Stores a token for the card, good for this session only; the answer the checkout gets. */
export async function tokenizeCard(
  repos: Repos,
  sessionId: string,
  card: VaultCard,
  now: Date,
): Promise<TokenizeResponse> {
  const token = `tok_${randomToken()}`;
  await repos.vault.insert({ token, session_id: sessionId, ...card, created_at: now.toISOString() });
  return { token, brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
}
