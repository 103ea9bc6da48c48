// The routes of §2 outside the deposit wizard, and where a hash path leads. The URL is a projection
// of the app machine's state and an input to it; this file is the one parser of paths, shared by the
// app machine (redirects after sign-in, `app.go`) and the screens (hashchange).
import type { SiteInfo } from '../contract/api.ts';
import type { FormFields } from '../contract/entities.ts';
import { FACILITY_COUNTRIES, PROGRESS } from '../contract/constants.ts';
import { DEEP_CONTACT_ROUTE } from '../contract/deep-contact-base.ts';
import { WIZARD_ROUTES, type WizardRoute } from './wizard.types.ts';

export const PAGE_ROUTES = [
  'landing',
  'login',
  'terms',
  'privacy',
  'identity_verify',
  'identity_my_account',
  'deposit_or_schedule_visit',
  'destination_accounts',
  'deposit_history',
  'recurring_deposits',
  'professional_verification',
  'professional_verification_resp',
  'primary_account',
  'credit_cards',
  'transfer_funds',
  'update_profile',
  'pam_return',
  'raise',
  'deep_contact',
  'accessibility',
] as const;
export type PageRoute = (typeof PAGE_ROUTES)[number];

export interface PageDef {
  /** The hash path; `:name` parts are path parameters. */
  path: string;
  /** §2/§6: login required; a guest is sent to the sign-in page and back after signing in. */
  login: boolean;
  /** §2 progress bar figure, where the page has one. */
  progress: number | null;
  /** i18n key of the page title (the tab title; the page's own heading says the same). */
  titleKey: string;
}

export const PAGES: Record<PageRoute, PageDef> = {
  landing: { path: '/landing', login: false, progress: null, titleKey: 'PAGES.LANDING' },
  login: { path: '/login', login: false, progress: null, titleKey: 'PAGES.LOGIN' },
  terms: { path: '/terms', login: false, progress: null, titleKey: 'PAGES.TERMS' },
  privacy: { path: '/privacy', login: false, progress: null, titleKey: 'PAGES.PRIVACY' },
  identity_verify: {
    path: '/identity_verify',
    login: true,
    progress: PROGRESS.identity_verify,
    titleKey: 'PAGES.IDENTITY_VERIFY',
  },
  identity_my_account: { path: '/identity_my_account', login: true, progress: null, titleKey: 'PAGES.MY_ACCOUNT' },
  deposit_or_schedule_visit: {
    path: '/deposit_or_schedule_visit',
    login: true,
    progress: PROGRESS.deposit_or_schedule_visit,
    titleKey: 'PAGES.DEPOSIT_OR_VISIT',
  },
  destination_accounts: {
    path: '/account/destination_accounts',
    login: true,
    progress: null,
    titleKey: 'PAGES.DESTINATION_ACCOUNTS',
  },
  deposit_history: { path: '/account/deposit_history', login: true, progress: null, titleKey: 'PAGES.DEPOSIT_HISTORY' },
  recurring_deposits: {
    path: '/account/recurring_deposits',
    login: true,
    progress: null,
    titleKey: 'PAGES.RECURRING_DEPOSITS',
  },
  professional_verification: {
    path: '/account/professional_verification',
    login: true,
    progress: null,
    titleKey: 'PAGES.PROFESSIONAL',
  },
  professional_verification_resp: {
    path: '/account/professional_verification_resp/:requestStatus/:facilityName',
    login: true,
    progress: null,
    titleKey: 'PAGES.PROFESSIONAL_RESULT',
  },
  primary_account: { path: '/account/primary_account', login: true, progress: null, titleKey: 'PAGES.PRIMARY_ACCOUNT' },
  credit_cards: { path: '/account/credit_cards', login: true, progress: null, titleKey: 'PAGES.CREDIT_CARDS' },
  transfer_funds: { path: '/account/transfer_funds', login: true, progress: null, titleKey: 'PAGES.TRANSFER_FUNDS' },
  update_profile: { path: '/account/update_profile', login: true, progress: null, titleKey: 'PAGES.UPDATE_PROFILE' },
  // §2 pam variant: the payment endpoint sends the payer back here (contract/pam.ts); §6 pam needs an account.
  pam_return: { path: '/pam_return', login: true, progress: PROGRESS.checkout, titleKey: 'PAGES.PAM_RETURN' },
  raise: { path: '/develop/raise', login: false, progress: null, titleKey: 'PAGES.RAISE' },
  // §4 deep contact: a link naming the facility and the person (contract/deep-contact-base.ts); the wizard
  // then starts at the type step. Open to guests: the type step asks for sign-in where §4 needs it.
  deep_contact: { path: DEEP_CONTACT_ROUTE, login: false, progress: null, titleKey: 'PAGES.DEEP_CONTACT' },
  // The accessibility statement (contract/accessibility.ts), linked from the footer.
  accessibility: { path: '/accessibility', login: false, progress: null, titleKey: 'PAGES.ACCESSIBILITY' },
};

/** §2: routes that always lead to another (identity.my_account to account.destination_accounts). */
export const PAGE_REDIRECTS: Partial<Record<PageRoute, PageRoute>> = {
  identity_my_account: 'destination_accounts',
};

/** What a page machine is started with. */
export interface PageInput {
  route: PageRoute;
  params: Record<string, string>;
  query: Record<string, string>;
  fields: FormFields;
  site: SiteInfo | null;
  signedIn: boolean;
  /** §2: a phone or tablet (the visit link is hidden there). */
  mobile: boolean;
}

/** What a page machine may tell the app (`sendParent`). */
export type PageToAppEvent =
  /** After a sign-in or an account creation: the form state is read again; on to returnTo. */
  | { type: 'app.signedIn' }
  /** After signing out: the form state is read again; on to the landing page. */
  | { type: 'app.signedOut' }
  /** Go to a path (a page saved the form state for a deposit, or a redirect): read it again first. */
  | { type: 'app.go'; path: string };

export interface PageLocation {
  kind: 'page';
  route: PageRoute;
  params: Record<string, string>;
  query: Record<string, string>;
}
export interface WizardLocation {
  kind: 'wizard';
  /** null is '/': the start of the wizard (or the finished deposit's receipt, §4). */
  route: WizardRoute | null;
  /** §2 /deposit_facility/:country: the country the facility step's path names, when it names one (§9). */
  country?: string;
}
export type AppLocation = PageLocation | WizardLocation;

/** Paths of the wizard's steps other than the facility step (which carries the country). */
const WIZARD_PATHS: Readonly<Record<string, string>> = {
  type: '/deposit_type',
  number: '/deposit_number',
  recipient: '/deposit_recipient',
  checkout: '/checkout',
  receipt: '/deposit_receipt',
};

function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const w = want[i] ?? '';
    const g = got[i] ?? '';
    if (w.startsWith(':')) {
      if (!g) return null;
      try {
        params[w.slice(1)] = decodeURIComponent(g);
      } catch {
        return null;
      }
    } else if (w !== g) return null;
  }
  return params;
}

function parseQuery(search: string): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(search)) query[k] = v;
  return query;
}

/** A hash ('#/checkout') or path ('/account/credit_cards?x=1') to where it leads; unknown is '/' (§2). */
/** §2 deposit.facility: the facility step's path, with or without a country. */
export const FACILITY_PATH = /^\/deposit_facility(\/[A-Za-z]{2})?$/;

export function locationOf(hashOrPath: string): AppLocation {
  const raw = hashOrPath.replace(/^#/, '');
  const q = raw.indexOf('?');
  const path = (q >= 0 ? raw.slice(0, q) : raw).replace(/\/+$/, '') || '/';
  const query = parseQuery(q >= 0 ? raw.slice(q + 1) : '');
  const facility = FACILITY_PATH.exec(path);
  if (facility) {
    // §2: the path's country is the step's, when it is one of §9's; any other is left to the saved one.
    const country = facility[1]?.slice(1).toUpperCase();
    return (FACILITY_COUNTRIES as readonly string[]).includes(country ?? '')
      ? { kind: 'wizard', route: 'facility', country: country as string }
      : { kind: 'wizard', route: 'facility' };
  }
  for (const [route, p] of Object.entries(WIZARD_PATHS)) {
    if (p === path && isWizardRoute(route)) return { kind: 'wizard', route };
  }
  for (const route of PAGE_ROUTES) {
    const params = matchPattern(PAGES[route].path, path);
    if (params) return { kind: 'page', route, params, query };
  }
  return { kind: 'wizard', route: null };
}

/**
 * Where a page load starts (§2): the URL's location, except that the site root (and an unknown path,
 * which leads there) opens the welcome page, /landing, with its inactivity notice. From there a guest
 * continues to the facility step or signs in; a signed-in payer is sent on (landing.machine.ts).
 */
export function startLocation(hash: string): AppLocation {
  const location = locationOf(hash);
  return location.kind === 'wizard' && location.route === null
    ? { kind: 'page', route: 'landing', params: {}, query: {} }
    : location;
}

/**
 * The hash path of a wizard route (§2). The facility step's names its country when one is given; without
 * one the step opens on the saved country (a link that starts a deposit does not choose a country).
 */
export function wizardPath(route: WizardRoute, country?: string): string {
  if (route !== 'facility') return WIZARD_PATHS[route] ?? '/';
  return country ? `/deposit_facility/${country}` : '/deposit_facility';
}

/** The hash path of a page location, with its parameters and query. */
export function pagePath(location: Omit<PageLocation, 'kind'>): string {
  const path = PAGES[location.route].path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(location.params[name] ?? ''),
  );
  const search = new URLSearchParams(location.query).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Where to go after signing in: the page that asked for it, when it is a path of this site (never
 * another origin: '//host' and 'http:' are refused), else the signed-in start page. The start page
 * (deposit_or_schedule_visit, asked for or not) is reached through identity.verify, which §4 skips on
 * to it only when the status is validated or pending and no pending US phone accounts remain
 * (docs/decisions/0052).
 */
export function returnLocation(returnTo: string | undefined): AppLocation {
  const start: AppLocation = { kind: 'page', route: 'identity_verify', params: {}, query: {} };
  if (!returnTo || !returnTo.startsWith('/') || returnTo.startsWith('//')) return start;
  const location = locationOf(returnTo);
  if (location.kind === 'wizard' && location.route === null) return start;
  if (location.kind === 'page' && (location.route === 'login' || location.route === 'deposit_or_schedule_visit')) {
    return start;
  }
  return location;
}

export function isWizardRoute(value: string): value is WizardRoute {
  return (WIZARD_ROUTES as readonly string[]).includes(value);
}
