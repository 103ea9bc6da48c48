// /landing (§2): a signed-in payer is sent on to deposit_or_schedule_visit; anyone else continues as
// new (to the facility step, deposit.facility) or signs in. The page shows the inactivity notice of
// friends-and-family phone accounts (§9: inactive after 180 days; alerts 30 days before), short at
// first, with show more and show less.
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import { PAGES, type PageInput, type PageToAppEvent, wizardPath } from './pages.ts';

/** §2: where a signed-in payer goes on to. */
export const DEPOSIT_OR_VISIT_PATH = PAGES.deposit_or_schedule_visit.path;
/** §2 deposit.facility: a new payer starts the deposit wizard here, on the saved country (the US at first, §9). */
export const NEW_DEPOSIT_PATH = wizardPath('facility');
/** The sign-in page (§2 login.welcome); after signing in the app goes on through identity.verify (§4). */
export const SIGN_IN_PATH = PAGES.login.path;

export interface LandingContext {
  /** PageInput.signedIn: the server's word (form state logged_in). */
  signedIn: boolean;
  /** Where the app is sent; null until the page knows. */
  destination: string | null;
  /** The session ended at its idle limit, which signed the payer out (docs/decisions/0045): say so. */
  signedOutIdle: boolean;
}

export type LandingEvent =
  { type: 'landing.continue' } | { type: 'landing.signIn' } | { type: 'landing.more' } | { type: 'landing.less' };

export const landingMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as LandingContext,
    events: {} as LandingEvent,
  },
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
  },
  actions: {
    assignDestination: assign((_, params: { path: string }) => ({ destination: params.path })),
    /** The app reads the form state again and opens the destination (decision 0007). */
    tellAppGo: sendParent(
      ({ context }) => ({ type: 'app.go', path: context.destination ?? NEW_DEPOSIT_PATH }) satisfies PageToAppEvent,
    ),
  },
}).createMachine({
  id: 'landing',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    destination: null,
    signedOutIdle: input.query['signedOut'] === 'idle',
  }),
  initial: 'welcome',
  states: {
    welcome: {
      tags: ['editing'],
      // §2: signed-in users are sent on; the page is for the others.
      always: {
        guard: 'isSignedIn',
        target: 'leaving',
        actions: { type: 'assignDestination', params: { path: DEPOSIT_OR_VISIT_PATH } },
      },
      initial: 'noticeCollapsed',
      on: {
        'landing.continue': {
          target: 'leaving',
          actions: { type: 'assignDestination', params: { path: NEW_DEPOSIT_PATH } },
        },
        'landing.signIn': {
          target: 'leaving',
          actions: { type: 'assignDestination', params: { path: SIGN_IN_PATH } },
        },
      },
      states: {
        noticeCollapsed: { on: { 'landing.more': 'noticeExpanded' } },
        noticeExpanded: {
          tags: ['expanded'],
          on: { 'landing.less': 'noticeCollapsed' },
        },
      },
    },
    // The app takes over from here (it stops this page when it moves on).
    leaving: {
      tags: ['busy'],
      entry: 'tellAppGo',
    },
  },
});

export type LandingSnapshot = SnapshotFrom<typeof landingMachine>;
