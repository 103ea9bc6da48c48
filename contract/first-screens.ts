// The first screens' path form (docs/decisions/0057). The app's routes are hash routes (§2), and the hash
// never reaches the server; so the screens a payer opens first also have a path, `/landing` and
// `/deposit_facility/:country`, that the server answers with the page drawn for that address and
// language, the facility step with its country's states read from the database. The app maps the path
// to its hash route on start and takes the painted screen over. Shared by the server, which answers the
// path, and the app's renderer (src/prerender.tsx), which the server loads as a built file.
import type { AllowedCountriesResponse, StateListResponse } from './api.ts';
import { FACILITY_COUNTRIES } from './constants.ts';
import type { Locale } from './entities.ts';

/** A screen the server paints: the welcome page (§2 /landing) or the facility step of a §9 country. */
export type FirstScreen = { screen: 'landing' } | { screen: 'facility'; country: string };

export const LANDING_SCREEN: FirstScreen = { screen: 'landing' };

const FACILITY_PATH = /^\/deposit_facility\/([A-Za-z]{2})\/*$/;

/** The first screen a path names, or null (a path of the site root, an unknown path, another page). */
export function firstScreenOfPath(path: string): FirstScreen | null {
  if (/^\/landing\/*$/.test(path)) return LANDING_SCREEN;
  const country = FACILITY_PATH.exec(path)?.[1]?.toUpperCase();
  return country && (FACILITY_COUNTRIES as readonly string[]).includes(country)
    ? { screen: 'facility', country }
    : null;
}

/** The address of a first screen, as a path and as the app's hash route (§2). */
export function firstScreenPath(screen: FirstScreen): string {
  return screen.screen === 'landing' ? '/landing' : `/deposit_facility/${screen.country}`;
}

/**
 * What the facility step's page carries: the API's own answers for its lists (GET /pay/allowed_countries
 * and /pay/get_state_list), read by the server when it answers the path. The app draws the painted step
 * from them and takes them as those calls' answers, so that it does not ask again.
 */
export interface FacilityAnswers {
  country: string;
  countries: AllowedCountriesResponse;
  states: StateListResponse;
}

/** What a first screen's page is drawn from. */
export interface FirstScreenPageInput {
  lang: Locale;
  screen: FirstScreen;
  /** The facility step's lists; none for the welcome page. */
  answers?: FacilityAnswers;
  /** The site runs the sandbox: the page carries the test-site banner (docs/decisions/0050). */
  sandbox: boolean;
}

/**
 * The app's renderer of whole pages (src/prerender.tsx `renderPage`): the built page (`template`, with
 * its scripts and styles) with the screen drawn into it. The build writes it to dist/server/, where the
 * server loads it by path; the server never imports the app (ARCHITECTURE.md layers).
 */
export type FirstScreenRenderer = (template: string, input: FirstScreenPageInput) => string;

/** The attribute of <html> that names the address the page was drawn for. */
export const SCREEN_ATTRIBUTE = 'data-screen';
/** The id of the page's data block that holds the facility step's answers (JSON, never run). */
export const FIRST_ANSWERS_ID = 'first-answers';
