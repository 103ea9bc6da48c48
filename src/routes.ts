// Hash routes of §2 for the wizard steps. The URL is a projection of the wizard's state and an
// input to it: the wizard's guards decide whether a typed or remembered route is allowed (§4).
// The parser of every path of the site lives in machines/pages.ts.
import { locationOf, wizardPath } from '../machines/pages.ts';
import type { WizardRoute } from '../machines/wizard.types.ts';

export function pathOf(route: WizardRoute, country = 'US'): string {
  return wizardPath(route, country || 'US');
}

/** A hash such as '#/checkout' to its wizard route; other paths are null ('/', §2). */
export function routeOfHash(hash: string): WizardRoute | null {
  const location = locationOf(hash);
  return location.kind === 'wizard' ? location.route : null;
}
