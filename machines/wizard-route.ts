// Where the wizard is (§2): the step its region `step` is in, the route that step shows (the URL hash
// is its projection) and the progress bar's figure, read from a snapshot of machines/wizard.machine.ts.
import { PROGRESS } from '../contract/constants.ts';
import type { WizardSnapshot } from './wizard.machine.ts';
import { WIZARD_ROUTES, type WizardRoute } from './wizard.types.ts';

/** The states of region `step`: a route of §2, or a state between routes. */
export const WIZARD_STEPS = [...WIZARD_ROUTES, 'routing', 'loadingFacility', 'failed'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function stepOf(snapshot: WizardSnapshot): WizardStep {
  return WIZARD_STEPS.find((s) => snapshot.matches({ step: s })) ?? 'routing';
}

function isRoute(step: WizardStep): step is WizardRoute {
  return (WIZARD_ROUTES as readonly string[]).includes(step);
}

/** The route shown (the URL hash is its projection); null while routing, loading or failed. */
export function routeOf(snapshot: WizardSnapshot): WizardRoute | null {
  const step = stepOf(snapshot);
  return isRoute(step) ? step : null;
}

/** §2 progress bar figure of a route. */
export function progressOf(route: WizardRoute): number {
  return PROGRESS[route];
}
