// §5 masks: phone '(###) ###-####' (the contract's formatter, contract/phone.ts), card
// '**** **** **** ####' (groups of four as the number is typed; a masked saved card's asterisks count
// as characters), applied as the payer types, and not applied on touch devices, whose keyboards and
// autofill do their own formatting (§5).
import { formatPhoneAsTyped } from '../contract/phone.ts';
import { useSession } from './session.tsx';

/** §5 card mask: the digits (or a saved card's asterisks) in groups of four, at most 16 of them. */
export function maskCard(typed: string): string {
  const chars = typed.replace(/[^\d*]/g, '').slice(0, 16);
  return chars.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface Masks {
  phone(typed: string, country: string): string;
  card(typed: string): string;
}

const NONE: Masks = { phone: (typed) => typed, card: (typed) => typed };
// One phone formatter for the product: the contract's (libphonenumber-js), also used by the server's texts.
const APPLIED: Masks = { phone: formatPhoneAsTyped, card: maskCard };

/** The masks of this device: none on a touch device (§5). */
export function useMasks(): Masks {
  return useSession().mobile ? NONE : APPLIED;
}
