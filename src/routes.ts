// Hash routes of §2 for the wizard steps. The URL is a projection of the wizard's state and an
// input to it: the wizard's guards decide whether a typed or remembered route is allowed (§4).
import type { WizardRoute } from '../machines/wizard.types.ts';

export function pathOf(route: WizardRoute, country = 'US'): string {
  switch (route) {
    case 'facility':
      return `/deposit_facility/${country || 'US'}`;
    case 'type':
      return '/deposit_type';
    case 'recipient':
      return '/deposit_recipient';
    case 'checkout':
      return '/checkout';
    case 'receipt':
      return '/deposit_receipt';
  }
}

/** A hash such as '#/checkout' to its route; unknown paths are null ('/', §2). */
export function routeOfHash(hash: string): WizardRoute | null {
  const path = hash.replace(/^#/, '').split('?')[0] ?? '';
  if (/^\/deposit_facility(\/[A-Za-z]{2})?\/?$/.test(path)) return 'facility';
  if (path === '/deposit_type') return 'type';
  if (path === '/deposit_recipient') return 'recipient';
  if (path === '/checkout') return 'checkout';
  if (path === '/deposit_receipt') return 'receipt';
  return null;
}
