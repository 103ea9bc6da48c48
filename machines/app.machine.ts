// The app (architecture "Machines": session, top-level routes, language): loads the form state
// kept by the server (§3), then runs the wizard or one of the other pages of §2. Language is the
// payer's choice (§1, kept in local storage by the composition root); the server is told so its
// answers match. Whether the payer is signed in is the server's word (form state logged_in).
import { type AnyActorRef, type SnapshotFrom, assign, sendTo, spawnChild, stopChild } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { StateAllResponse } from '../contract/api.ts';
import { EMPTY_FORM, type Locale } from '../contract/entities.ts';
import { toCallFailure } from './actors.types.ts';
import { PAGE_MACHINES } from './page-machines.ts';
import type { AnyStateMachine } from 'xstate';
import {
  type AppLocation,
  PAGES,
  PAGE_REDIRECTS,
  type PageInput,
  type PageRoute,
  locationOf,
  pagePath,
  returnLocation,
} from './pages.ts';
import { routeOf } from './wizard-route.ts';
import { type WizardSnapshot, wizardMachine } from './wizard.machine.ts';
import { type SessionTimeoutEvent, sessionTimeoutMachine } from './session-timeout.machine.ts';
import { type NavHeaderEvent, navHeaderMachine } from './nav-header.machine.ts';
import type { AppContext, AppEvent, AppInput } from './app.types.ts';
import type { WizardEvent } from './wizard.types.ts';
import { calls } from './calls.ts';
import { SYSTEM } from './system.ts';

/** The spawned locale call; a newer choice replaces an older call still running. */
const SET_LOCALE_ID = 'setLocale';
/** The global header's navigation script (§2 shared layout). */
export const NAV_HEADER_ID = SYSTEM.navHeader;
/** The running page's actor (one at a time), known to the system as SYSTEM.page. */
export const PAGE_ID = SYSTEM.page;
/** The session's idle limit as the page counts it (session-timeout.machine.ts, docs/decisions/0045). */
export const SESSION_TIMEOUT_ID = SYSTEM.sessionTimeout;

const START: AppLocation = { kind: 'wizard', route: null };
const LANDING: AppLocation = { kind: 'page', route: 'landing', params: {}, query: {} };
/** The welcome page after the session ended at its limit: it says so (docs/decisions/0045). */
export const SIGNED_OUT_IDLE_QUERY = { signedOut: 'idle' } as const;
const LANDING_IDLE: AppLocation = { ...LANDING, query: { ...SIGNED_OUT_IDLE_QUERY } };

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    wizardMachine,
    navHeaderMachine,
    sessionTimeoutMachine,
    ...calls('loadFormState', 'setLocale', 'signOut'),
  },
  guards: {
    isServerLocaleDifferent: ({ context }, params: { answer: StateAllResponse }) =>
      params.answer.locale !== context.lang,
    isPageRequested: ({ context }) => context.location.kind === 'page',
    /** §2: identity.my_account always redirects to account.destination_accounts. */
    isRedirected: ({ context }) =>
      context.location.kind === 'page' && PAGE_REDIRECTS[context.location.route] !== undefined,
    /** §2/§4: login-required routes send a guest to the sign-in page (and back afterwards). */
    needsSignIn: ({ context }) =>
      context.location.kind === 'page' && PAGES[context.location.route].login && !context.signedIn,
    /** A route without a page machine is not offered: it leads to '/' like an unknown path. */
    isPageMissing: ({ context }) => context.location.kind === 'page' && !PAGE_MACHINES[context.location.route],
    isWizardLocation: (_, params: { location: AppLocation }) => params.location.kind === 'wizard',
    wasSignedIn: (_, params: { signedIn: boolean }) => params.signedIn,
  },
  actions: {
    assignBoot: assign((_, params: { answer: StateAllResponse }) => ({
      fields: params.answer.fields,
      errors: params.answer.errors,
      // A server answer without it keeps the pages working: they fall back to a number-free text.
      site: params.answer.site ?? null,
      signedIn: params.answer.fields.logged_in === true,
      bootError: null,
    })),
    assignBootError: assign((_, params: { error: unknown }) => ({ bootError: toCallFailure(params.error).code })),
    clearBootError: assign({ bootError: null }),
    assignLang: assign((_, params: { lang: Locale }) => ({ lang: params.lang })),
    assignLocation: assign((_, params: { location: AppLocation }) => ({
      location: params.location,
      route: params.location.kind === 'wizard' ? params.location.route : null,
    })),
    followRedirect: assign(({ context }) => {
      const from = context.location;
      if (from.kind !== 'page') return {};
      const to = PAGE_REDIRECTS[from.route];
      return to ? { location: { kind: 'page', route: to, params: {}, query: from.query } as AppLocation } : {};
    }),
    /** The sign-in page, remembering where the guest was going. */
    redirectToSignIn: assign(({ context }) => {
      const from = context.location;
      const returnTo = from.kind === 'page' ? pagePath(from) : '/';
      return { location: { kind: 'page', route: 'login', params: {}, query: { returnTo } } as AppLocation };
    }),
    /** After signing in: back where the guest was going (the login page's returnTo), §2. */
    assignReturnLocation: assign(({ context }) => {
      const returnTo = context.location.kind === 'page' ? context.location.query['returnTo'] : undefined;
      const location = returnLocation(returnTo);
      return { location, route: location.kind === 'wizard' ? location.route : null };
    }),
    assignSignedOut: assign({ signedIn: false, location: LANDING, route: null }),
    assignSignedOutIdle: assign({ signedIn: false, location: LANDING_IDLE, route: null }),
    /**
     * Leaving the wizard, the app keeps the route it was on: a guest whose session ended starts again
     * there, in the new session with the values the page kept (decision 0046). An exit action, because
     * leaving the state stops the wizard and drops its name from the system at once, before the
     * transition's own actions run. (A pure transition, as a model test computes one, has no running
     * children: the route asked for.)
     */
    keepWizardRoute: assign(({ context, system }) => {
      if (context.location.kind !== 'wizard') return {};
      const wizard = system.get(SYSTEM.wizard) as AnyActorRef | undefined;
      const current = wizard?.getSnapshot() as WizardSnapshot | undefined;
      const route = (typeof current?.matches === 'function' ? routeOf(current) : null) ?? context.route;
      if (route === context.route) return {};
      return { route, location: { kind: 'wizard', route } as AppLocation };
    }),
    /** Who is signed in and the server's idle limit, after each read of the form state. */
    tellSessionTimeout: sendTo(SESSION_TIMEOUT_ID, ({ context }): SessionTimeoutEvent => ({
      type: 'session.update',
      signedIn: context.signedIn,
      idleSeconds: context.site?.session_idle_seconds ?? null,
    })),
    forwardActivity: sendTo(SESSION_TIMEOUT_ID, { type: 'session.activity' } satisfies SessionTimeoutEvent),
    assignAccountCreated: assign({ signedIn: true }),
    toStart: assign({ location: START, route: null }),
    /** Fire and forget (GET /pay/set_locale): a failure changes nothing on screen. */
    stopLocaleCall: stopChild(SET_LOCALE_ID),
    tellServerLocale: spawnChild('setLocale', {
      id: SET_LOCALE_ID,
      input: ({ context }) => ({ locale: context.lang }),
    }),
    // The composition root, tests and stories replace it with one that starts machines whose calls
    // they provided (provide-actors.ts).
    startPage: assign(({ context, spawn }) => {
      pageToStart(context, PAGE_MACHINES, (logic, options) => spawn(logic, options as never));
      return {};
    }),
    stopPage: stopChild(PAGE_ID),
    /** The composition root provides one that writes local storage (§1). */
    persistLanguage: (_, _params: { lang: Locale }) => {},
    /** §4: a 401 is logged; the composition root provides the logger. */
    logUnauthorized: () => {},
    /** §8: a sign-out failure is only logged; the composition root provides the logger. */
    logSignOutFailure: () => {},
    /** §2 global header: a navigation script that did not load is logged; the composition root provides the logger. */
    logNavScriptFailure: (_, _params: { message: string }) => {},
    // §2: "global header loaded from an external navigation script whose URL comes from form state".
    loadNavHeader: sendTo(NAV_HEADER_ID, ({ context }): NavHeaderEvent => ({
      type: 'nav.load',
      url: context.fields?.nav_script_url ?? '',
    })),
    // §4/§7: a 401 answer redirects to '/', the facility step for a guest.
    restartWizard: sendTo('wizard', { type: 'wizard.navigate', route: null } satisfies WizardEvent),
    forwardToWizard: sendTo('wizard', (_, params: { location: AppLocation }) =>
      params.location.kind === 'wizard' && params.location.country
        ? { type: 'wizard.navigate' as const, route: params.location.route, country: params.location.country }
        : { type: 'wizard.navigate' as const, route: params.location.kind === 'wizard' ? params.location.route : null },
    ),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => {
    const location: AppLocation = input.location ?? { kind: 'wizard', route: input.route };
    return {
      lang: input.lang,
      route: location.kind === 'wizard' ? location.route : null,
      location,
      mobile: input.mobile ?? false,
      signedIn: false,
      fields: null,
      errors: {},
      site: null,
      bootError: null,
    };
  },
  initial: 'booting',
  invoke: [
    // The global header's script, once per page load (nav-header.machine.ts); never blocks the app.
    { id: NAV_HEADER_ID, systemId: SYSTEM.navHeader, src: 'navHeaderMachine' },
    // The session's idle limit (WCAG 2.2.1).
    { id: SESSION_TIMEOUT_ID, systemId: SYSTEM.sessionTimeout, src: 'sessionTimeoutMachine' },
  ],
  on: {
    'app.navScriptFailed': {
      actions: { type: 'logNavScriptFailure', params: ({ event }) => ({ message: event.message }) },
    },
    'app.language': {
      actions: [
        { type: 'assignLang', params: ({ event }) => ({ lang: event.lang }) },
        'stopLocaleCall',
        'tellServerLocale',
        { type: 'persistLanguage', params: ({ event }) => ({ lang: event.lang }) },
      ],
    },
    'app.unauthorized': { actions: 'logUnauthorized' },
    'app.activity': { actions: 'forwardActivity' },
    // The locale call's failure is ignored (without a handler it would stop the app).
    'xstate.error.actor.setLocale': {},
  },
  states: {
    booting: {
      tags: ['loading', 'booting'],
      on: {
        // §2: a link followed on the painted first screen before the form state is known is where the
        // app opens (a slow phone: the payer need not wait for the scripts to pick a footer link).
        'app.navigate': {
          actions: { type: 'assignLocation', params: ({ event }) => ({ location: event.location }) },
        },
      },
      invoke: {
        id: 'loadFormState',
        src: 'loadFormState',
        onDone: [
          // The payer's language wins over the session's: the server is told.
          {
            guard: { type: 'isServerLocaleDifferent', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: [
              { type: 'assignBoot', params: ({ event }) => ({ answer: event.output }) },
              'tellServerLocale',
              'tellSessionTimeout',
            ],
          },
          {
            target: 'ready',
            actions: [{ type: 'assignBoot', params: ({ event }) => ({ answer: event.output }) }, 'tellSessionTimeout'],
          },
        ],
        onError: {
          target: 'bootFailed',
          actions: { type: 'assignBootError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    bootFailed: {
      on: { 'app.retry': { target: 'booting', actions: 'clearBootError' } },
    },
    ready: {
      entry: 'loadNavHeader',
      initial: 'choosing',
      on: {
        // A page changed the session or the form state: read it again, then go on (§4).
        'app.signedIn': { target: '.reloading', actions: 'assignReturnLocation' },
        'app.signedOut': { target: '.reloading', actions: 'assignSignedOut' },
        'app.go': {
          target: '.reloading',
          actions: { type: 'assignLocation', params: ({ event }) => ({ location: locationOf(event.path) }) },
        },
        'app.signOut': { target: '.signingOut' },
        'app.accountCreated': { actions: ['assignAccountCreated', 'tellSessionTimeout'] },
        // The session reached its idle limit: a signed-in payer is signed out; a guest's starts anew.
        'app.sessionEnded': [
          {
            guard: { type: 'wasSignedIn', params: ({ event }) => ({ signedIn: event.signedIn }) },
            target: '.signingOutIdle',
          },
          { target: '.endingGuestSession' },
        ],
      },
      states: {
        choosing: {
          always: [
            { guard: 'isRedirected', actions: 'followRedirect' },
            { guard: 'isPageMissing', target: 'wizard', actions: 'toStart' },
            { guard: 'needsSignIn', target: 'page', actions: 'redirectToSignIn' },
            { guard: 'isPageRequested', target: 'page' },
            { target: 'wizard' },
          ],
        },
        wizard: {
          exit: 'keepWizardRoute',
          invoke: {
            id: 'wizard',
            systemId: SYSTEM.wizard,
            src: 'wizardMachine',
            input: ({ context }) => ({
              fields: context.fields ?? EMPTY_FORM,
              errors: context.errors,
              route: context.route,
              // §2 /deposit_facility/:country: the facility step opens on the country the address names.
              country: context.location.kind === 'wizard' ? (context.location.country ?? null) : null,
            }),
            onError: {
              target: '#app.bootFailed',
              actions: { type: 'assignBootError', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'app.unauthorized': { actions: ['restartWizard', 'logUnauthorized'] },
            // A URL of the wizard is the wizard's to judge (§4 guards); any other leaves it.
            'app.navigate': [
              {
                guard: { type: 'isWizardLocation', params: ({ event }) => ({ location: event.location }) },
                actions: { type: 'forwardToWizard', params: ({ event }) => ({ location: event.location }) },
              },
              {
                target: 'choosing',
                actions: { type: 'assignLocation', params: ({ event }) => ({ location: event.location }) },
              },
            ],
          },
        },
        page: {
          entry: 'startPage',
          exit: 'stopPage',
          on: {
            // §4/§7: a 401 answer redirects to '/' and is logged; the session has ended.
            'app.unauthorized': { target: 'reloading', actions: ['toStart', 'logUnauthorized'] },
            // The wizard restarts from the server's form state, which a page may have changed.
            'app.navigate': {
              target: 'reloading',
              reenter: true,
              actions: { type: 'assignLocation', params: ({ event }) => ({ location: event.location }) },
            },
          },
        },
        reloading: {
          // An address followed while the form state is read again is where the app goes next.
          on: {
            'app.navigate': {
              actions: { type: 'assignLocation', params: ({ event }) => ({ location: event.location }) },
            },
          },
          invoke: {
            id: 'reloadFormState',
            src: 'loadFormState',
            onDone: {
              target: 'choosing',
              actions: [
                { type: 'assignBoot', params: ({ event }) => ({ answer: event.output }) },
                'tellSessionTimeout',
              ],
            },
            onError: {
              target: '#app.bootFailed',
              actions: { type: 'assignBootError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        signingOut: {
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: { target: 'reloading', actions: 'assignSignedOut' },
            // §8: a sign-out failure is only logged; the page is read again either way.
            onError: { target: 'reloading', actions: ['logSignOutFailure', 'assignSignedOut'] },
          },
        },
        /** The session's limit: signed out, on to the welcome page, which says why. */
        signingOutIdle: {
          invoke: {
            id: 'signOutIdle',
            src: 'signOut',
            onDone: { target: 'reloading', actions: 'assignSignedOutIdle' },
            onError: { target: 'reloading', actions: ['logSignOutFailure', 'assignSignedOutIdle'] },
          },
        },
        /**
         * A guest's session ended at its limit: the server's copy goes, and the form state is read again
         * in a new session, into which the page saves the non-card values it kept (decision 0046).
         */
        endingGuestSession: {
          invoke: {
            id: 'endGuestSession',
            src: 'signOut',
            onDone: 'reloading',
            onError: 'reloading',
          },
        },
      },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;

/** Starts the page of the current location with its machine from `pages`. */
export function pageToStart(
  context: AppContext,
  pages: Partial<Record<PageRoute, AnyStateMachine>>,
  spawn: (logic: AnyStateMachine, options: { id: string; systemId: string; input: PageInput }) => void,
): void {
  if (context.location.kind !== 'page') return;
  const logic = pages[context.location.route];
  if (!logic) return;
  spawn(logic, {
    id: PAGE_ID,
    systemId: SYSTEM.page,
    input: {
      route: context.location.route,
      params: context.location.params,
      query: context.location.query,
      fields: context.fields ?? EMPTY_FORM,
      site: context.site,
      signedIn: context.signedIn,
      mobile: context.mobile,
    },
  });
}
