// The sandbox pam endpoint's charge (§2 pam variant): the card typed on the endpoint's own form is
// checked like the site's card fields (§5), charged by the sandbox processor and recorded once per
// payload ref, with the brand, last four and expiry a receipt may show (server/repo/pam-payments.ts).
import type { PamPayloadClaims } from '../../contract/checkout-services.ts';
import { toCents } from '../money.ts';
import type { PamPaymentRow } from '../repo/pam-payments.ts';
import type { Repos } from '../repo/repos.ts';
import { APPROVED, processorText } from './sandbox-processor.ts';
import { newVaultCard } from './vault.ts';

/** The payment, or the errors (i18n keys) of the card's fields or of the form as a whole. */
export type PamCharge = { ok: true; paid: PamPaymentRow } | { ok: false; errors: Record<string, string> };

/** The payment recorded and charged for this payload ref, if any. */
export async function paidPamPayment(repos: Repos, ref: string): Promise<PamPaymentRow | undefined> {
  const paid = await repos.pamPayments.findByRef(ref);
  return paid?.valid && paid.card_last4 ? paid : undefined;
}

/**
 * Charges a card (already checked by newCardSchema) for the payload and records the payment. A declined
 * card answers the processor's message (§8) as the form's error, an i18n key.
 */
export async function chargeSandboxPam(
  repos: Repos,
  claims: PamPayloadClaims,
  payload: string,
  typed: Parameters<typeof newVaultCard>[0],
  now: Date,
): Promise<PamCharge> {
  const checked = newVaultCard(typed);
  if (!checked.ok) return checked;
  const { card } = checked;
  if (card.outcome !== APPROVED) {
    return { ok: false, errors: { form: `ERROR.${processorText(card.outcome).toUpperCase().replace(/ /g, '_')}` } };
  }
  const row = {
    ref: claims.ref,
    payload,
    valid: true,
    total_cents: toCents(claims.total),
    received_at: now.toISOString(),
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp: `${card.exp_month}/${card.exp_year}`,
  };
  // One payment per payload: of two posts at once (a double click), the ref's unique index records
  // one, and both answer with it.
  await repos.pamPayments.insert(row);
  return { ok: true, paid: (await repos.pamPayments.findByRef(claims.ref)) ?? { id: 0, ...row } };
}
