// §5 masks: phone '(###) ###-####' and card '**** **** **** ####' (Amex 4-6-5), both the contract's
// formatters (contract/phone.ts, contract/cards.ts: libphonenumber-js and card-validator), applied as
// the payer types, and not applied on touch devices, whose keyboards and autofill do their own
// formatting (§5).
import { formatCardAsTyped } from '../contract/cards.ts';
import { formatPhoneAsTyped } from '../contract/phone.ts';
import { useSession } from './session.tsx';

export interface Masks {
  phone(typed: string, country: string): string;
  card(typed: string): string;
}

const NONE: Masks = { phone: (typed) => typed, card: (typed) => typed };
// One formatter of each for the product: the contract's, which the server's rules read too.
const APPLIED: Masks = { phone: formatPhoneAsTyped, card: formatCardAsTyped };

/** The masks of this device: none on a touch device (§5). */
export function useMasks(): Masks {
  return useSession().mobile ? NONE : APPLIED;
}
