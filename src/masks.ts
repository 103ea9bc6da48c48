// §5 masks: phone '(###) ###-####', card '**** **** **** ####' (groups of four as the number is typed;
// a masked saved card's asterisks count as characters), applied as the payer types, and not applied on
// touch devices, whose keyboards and autofill do their own formatting (§5).
import { useSession } from './session.tsx';

/** §5 phone mask for a US or Canadian number as it is typed; other countries' numbers as typed. */
export function maskPhone(typed: string, country: string): string {
  if (country !== 'US' && country !== 'CA') return typed.slice(0, 20);
  // A saved non-US number carries the international prefix 011 (§9); the payer types without it.
  const all = typed.replace(/\D/g, '');
  const d = (country === 'CA' && all.startsWith('011') ? all.slice(3) : all).slice(0, 10);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

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
const APPLIED: Masks = { phone: maskPhone, card: maskCard };

/** The masks of this device: none on a touch device (§5). */
export function useMasks(): Masks {
  return useSession().mobile ? NONE : APPLIED;
}
