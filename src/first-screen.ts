// The first screens (docs/decisions/0031, 0057): what a payer sees first at '/', the welcome page (§2
// /landing, machines/pages.ts startLocation), and at the facility step's address. They are drawn by the
// server's page in each language (src/prerender.tsx) and painted before any script runs; the app hydrates
// the page when the address and the language are those it was drawn for.
import { FACILITY_COUNTRIES } from '../contract/constants.ts';
import { FIRST_ANSWERS_ID, type FacilityAnswers } from '../contract/first-screens.ts';
import { type AppLocation, locationOf } from '../machines/pages.ts';

/**
 * The addresses whose first screen the page may hold: '/' and /landing (§2), and the facility step of
 * a §9 country.
 */
export function isFirstScreen(location: AppLocation): boolean {
  if (location.kind === 'wizard') {
    return location.route === 'facility' && (FACILITY_COUNTRIES as readonly string[]).includes(location.country ?? '');
  }
  return location.route === 'landing' && Object.keys(location.query).length === 0;
}

/** Whether the page was drawn for this address (the `data-screen` of <html>, src/prerender.tsx). */
export function isDrawnFor(location: AppLocation, drawnFor: string | null): boolean {
  return drawnFor !== null && JSON.stringify(locationOf(drawnFor)) === JSON.stringify(location);
}

/**
 * The app's address on start: the hash route (§2), or where the address has no hash, its path (the first
 * screens' path form, `/deposit_facility/US`). The address then becomes the site root with that hash, so
 * that every route after it is a hash route as before and the API's paths, relative to the page's, are
 * the root's. An unknown path leads to '/' (§2).
 */
export function startAddress(): string {
  const { hash, pathname, search } = window.location;
  if (pathname === '/') return hash;
  const route = hash.replace(/^#/, '') !== '' ? hash : `#${pathname}`;
  const known = !(locationOf(route).kind === 'wizard' && locationOf(route).route === null);
  window.history.replaceState(window.history.state, '', `/${search}${known ? route : ''}`);
  return window.location.hash;
}

/** The facility step's lists that the page came with (src/prerender.tsx); none on another page. */
export function pageAnswers(): FacilityAnswers | undefined {
  const text = document.getElementById(FIRST_ANSWERS_ID)?.textContent;
  if (!text) return undefined;
  try {
    const answers = JSON.parse(text) as Partial<FacilityAnswers>;
    return typeof answers.country === 'string' &&
      Array.isArray(answers.countries?.countries) &&
      Array.isArray(answers.states?.states)
      ? (answers as FacilityAnswers)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Where the page's inline script puts its request of the form state (src/prerender.tsx). */
export const EARLY_FORM_STATE = '__depositFormState';

/** The page's own request of the form state, if it made one: taken once (the next load asks anew). */
export function takeEarlyFormState(): Promise<Response> | undefined {
  const holder = window as unknown as Record<string, Promise<Response> | undefined>;
  const asked = holder[EARLY_FORM_STATE];
  delete holder[EARLY_FORM_STATE];
  return asked instanceof Promise ? asked : undefined;
}

/** The User Timing mark set when the app shows its first screen working (read by `npm run bench:web`). */
export const FIRST_SCREEN_MARK = 'first-screen-ready';

/**
 * Set on <html> by the page's inline script (index.html) when the pre-rendered screen is not the one the
 * app will show (another address, another language): the styles hide it until the app renders.
 */
export const PRERENDER_HIDDEN_CLASS = 'prerender-hidden';

/** Marks the first screen once per page load (where the browser keeps User Timing marks). */
export function markFirstScreen(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
}
