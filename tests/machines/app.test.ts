// app (architecture "Machines"; §1 language, §4/§7 401): model-based paths, behaviour, coverage.
import { describe, expect, it, vi } from 'vitest';
import { type AnyActorRef, type SnapshotFrom, SimulatedClock, assign, createMachine, fromPromise } from 'xstate';
import { EMPTY_FORM, type Locale } from '../../contract/entities.ts';
import type { ActorIO } from '../../machines/actors.types.ts';
import { PAGE_ID, appMachine } from '../../machines/app.machine.ts';
import { provideApp } from '../../machines/provide-actors.ts';
import { routeOf } from '../../machines/wizard-route.ts';
import type { WizardSnapshot } from '../../machines/wizard.machine.ts';
import type { sessionTimeoutMachine } from '../../machines/session-timeout.machine.ts';
import type { wizardMachine } from '../../machines/wizard.machine.ts';
import type { AppEvent, AppInput } from '../../machines/app.types.ts';
import { type AppLocation, type PageRoute, startLocation } from '../../machines/pages.ts';
import { HARRIS, NETWORK_FAILURE, RECIPIENT_FIELDS, bootAnswer } from '../../fixtures/samples.ts';
import {
  type EventSamples,
  type ModelSpec,
  FakeCalls,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  start,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof appMachine>;

const samples = {
  'app.language': [
    { type: 'app.language', lang: 'es' },
    { type: 'app.language', lang: 'en' },
  ],
  'app.retry': [{ type: 'app.retry' }],
  'app.unauthorized': [{ type: 'app.unauthorized' }],
  'app.navigate': [
    { type: 'app.navigate', location: { kind: 'wizard', route: 'type' } },
    { type: 'app.navigate', location: { kind: 'page', route: 'landing', params: {}, query: {} } },
    { type: 'app.navigate', location: { kind: 'page', route: 'credit_cards', params: {}, query: {} } },
    // §2: always redirects to the phone accounts page.
    { type: 'app.navigate', location: { kind: 'page', route: 'identity_my_account', params: {}, query: {} } },
    // A route whose page is not offered in this model (see `withStubs`).
    { type: 'app.navigate', location: { kind: 'page', route: 'raise', params: {}, query: {} } },
  ],
  'app.signedIn': [{ type: 'app.signedIn' }],
  'app.signedOut': [{ type: 'app.signedOut' }],
  'app.go': [{ type: 'app.go', path: '/checkout' }],
  'app.signOut': [{ type: 'app.signOut' }],
  'app.accountCreated': [{ type: 'app.accountCreated' }],
  // §2 global header: the navigation script's machine reports a failed load; the app logs it.
  'app.navScriptFailed': [{ type: 'app.navScriptFailed', message: 'navigation script /x.js did not load' }],
  // The session's idle limit (session-timeout.machine.ts, its own tests): activity is passed on; the
  // end signs a payer out or starts a guest's session anew.
  'app.activity': [{ type: 'app.activity' }],
  'app.sessionEnded': [
    { type: 'app.sessionEnded', signedIn: true },
    { type: 'app.sessionEnded', signedIn: false },
  ],
} satisfies EventSamples<AppEvent>;

/** The session timer in the model: a machine that takes the app's events (its own tests cover it). */
const stubSessionTimeout = createMachine({ id: 'stubSessionTimeout' });

/** A page's machine in the model: the app only starts and stops it. */
const stubPage = createMachine({ id: 'stubPage' });

const input: AppInput = { lang: 'en', route: null };

// The wizard is a stub in the model (its own tests cover it); it is a call that can fail.
function withStubs(calls: FakeCalls) {
  const actors = calls.all();
  return appMachine.provide({
    actors: {
      loadFormState: actors.loadFormState,
      setLocale: actors.setLocale,
      signOut: actors.signOut,
      wizardMachine: calls.controlled<never, unknown>('wizard') as unknown as typeof wizardMachine,
      sessionTimeoutMachine: stubSessionTimeout as unknown as typeof sessionTimeoutMachine,
    },
    guards: {
      isPageMissing: ({ context }) => context.location.kind === 'page' && context.location.route === 'raise',
    },
    actions: {
      startPage: assign(({ spawn }) => {
        spawn(stubPage, { id: PAGE_ID } as never);
        return {};
      }),
    },
  });
}

const SIGNED_IN = { ...EMPTY_FORM, logged_in: true };

const spec: ModelSpec<Snapshot> = {
  build: withStubs,
  input,
  samples: () => allSamples(samples),
  answers: {
    loadFormState: () => [bootAnswer(EMPTY_FORM, 'en'), bootAnswer(EMPTY_FORM, 'es'), bootAnswer(SIGNED_IN, 'en')],
    reloadFormState: () => [bootAnswer(EMPTY_FORM, 'en'), bootAnswer(SIGNED_IN, 'en')],
    signOut: () => [{ success: true, redirect_to: '/' }],
    signOutIdle: () => [{ success: true, redirect_to: '/' }],
    endGuestSession: () => [{ success: true, redirect_to: '/' }],
  },
  failures: {
    loadFormState: [NETWORK_FAILURE],
    reloadFormState: [NETWORK_FAILURE],
    wizard: [NETWORK_FAILURE],
    signOut: [NETWORK_FAILURE],
    signOutIdle: [NETWORK_FAILURE],
    endGuestSession: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [c.lang, c.fields !== null, c.bootError, c.signedIn, JSON.stringify(c.location)],
  limit: 20_000,
};

describe('app: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(5);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

function setup(appInput: AppInput = input) {
  const calls = new FakeCalls();
  const persistLanguage = vi.fn<(lang: Locale) => void>();
  const logUnauthorized = vi.fn<() => void>();
  const machine = provideApp(calls.all()).provide({
    actions: {
      persistLanguage: (_, params) => persistLanguage(params.lang),
      logUnauthorized: () => logUnauthorized(),
    },
  });
  const app = start(machine, appInput, new SimulatedClock());
  const snap = () => app.getSnapshot() as Snapshot;
  const wizard = () => snap().children.wizard as AnyActorRef | undefined;
  return { calls, app, snap, wizard, persistLanguage, logUnauthorized };
}

describe('app: behaviour', () => {
  it('boots from the form state kept by the server, then runs the wizard at the asked route', async () => {
    const t = setup({ lang: 'en', route: 'type' });
    expect(t.snap().value).toBe('booting');
    t.calls.resolve('loadFormState', bootAnswer({ ...EMPTY_FORM, facility_id: HARRIS.id }));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'wizard' });
    expect(t.snap().context.fields?.facility_id).toBe(HARRIS.id);
    expect(t.calls.inputs('loadFacility')).toEqual([{ facilityId: HARRIS.id }]);
    t.calls.resolve('loadFacility', HARRIS);
    await settle();
    expect(routeOf(t.wizard()?.getSnapshot() as WizardSnapshot)).toBe('type');
  });

  it('a failed boot can be retried', async () => {
    const t = setup();
    t.calls.reject('loadFormState', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('bootFailed');
    expect(t.snap().context.bootError).toBe('ERROR.NETWORK');
    t.app.send({ type: 'app.retry' });
    expect(t.snap().value).toBe('booting');
    expect(t.snap().context.bootError).toBeNull();
  });

  it("§1: the payer's language wins; the server is told when its locale differs", async () => {
    const same = setup({ lang: 'en', route: null });
    same.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM, 'en'));
    await settle();
    expect(same.calls.inputs('setLocale')).toEqual([]);

    const other = setup({ lang: 'es', route: null });
    other.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM, 'en'));
    await settle();
    expect(other.snap().context.lang).toBe('es');
    expect(other.calls.inputs('setLocale')).toEqual([{ locale: 'es' }]);
  });

  it('§1: a language change is kept, sent to the server, and a failure there is ignored', async () => {
    const t = setup();
    t.calls.resolve('loadFormState', bootAnswer());
    await settle();
    t.app.send({ type: 'app.language', lang: 'es' });
    expect(t.snap().context.lang).toBe('es');
    expect(t.persistLanguage).toHaveBeenCalledWith('es');
    expect(t.calls.inputs('setLocale')).toEqual([{ locale: 'es' }]);
    t.calls.reject('setLocale', NETWORK_FAILURE);
    await settle();
    expect(t.snap().status).toBe('active');
    expect(t.snap().value).toEqual({ ready: 'wizard' });
  });

  it('a newer language choice replaces a call still running', async () => {
    const signals: AbortSignal[] = [];
    const calls = new FakeCalls();
    const machine = provideApp({
      ...calls.all(),
      setLocale: fromPromise<ActorIO['setLocale']['output'], ActorIO['setLocale']['input']>(
        ({ signal }) => new Promise(() => signals.push(signal)),
      ),
    });
    const app = start(machine, input);
    app.send({ type: 'app.language', lang: 'es' });
    app.send({ type: 'app.language', lang: 'en' });
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it('§4/§7: a 401 sends the wizard back to "/" (the facility step) and is logged', async () => {
    const t = setup({ lang: 'en', route: 'checkout' });
    t.calls.resolve('loadFormState', bootAnswer(RECIPIENT_FIELDS));
    await settle();
    t.calls.resolve('loadFacility', HARRIS);
    await settle();
    expect(routeOf(t.wizard()?.getSnapshot() as WizardSnapshot)).toBe('checkout');
    t.app.send({ type: 'app.unauthorized' });
    expect(routeOf(t.wizard()?.getSnapshot() as WizardSnapshot)).toBe('facility');
    expect(t.logUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 while booting is only logged', () => {
    const t = setup();
    t.app.send({ type: 'app.unauthorized' });
    expect(t.snap().value).toBe('booting');
    expect(t.logUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('app: pages and the session', () => {
  function withPages(appInput: AppInput) {
    const calls = new FakeCalls();
    const app = start(withStubs(calls), appInput, new SimulatedClock());
    const snap = () => app.getSnapshot() as Snapshot;
    return { calls, app, snap };
  }
  const page = (route: PageRoute, query: Record<string, string> = {}): AppLocation => ({
    kind: 'page',
    route,
    params: {},
    query,
  });

  it('§2/§6: a login-required page sends a guest to sign in, and back there after signing in', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('credit_cards') });
    t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'page' });
    expect(t.snap().context.location).toEqual(page('login', { returnTo: '/account/credit_cards' }));
    expect(t.snap().children[PAGE_ID]).toBeDefined();
    t.app.send({ type: 'app.signedIn' });
    expect(t.snap().value).toEqual({ ready: 'reloading' });
    t.calls.resolve('reloadFormState', bootAnswer(SIGNED_IN));
    await settle();
    expect(t.snap().context.signedIn).toBe(true);
    expect(t.snap().context.location).toEqual(page('credit_cards'));
  });

  it('after signing in without a page to return to, the start page through identity.verify (§4); never another site', async () => {
    // identity.verify skips itself on to deposit_or_schedule_visit where §4 allows it
    // (tests/machines/identity-verify.test.ts); the start page asked for by name goes through it too.
    for (const returnTo of [
      undefined,
      '//evil.example/x',
      'https://evil.example/',
      '/login',
      '/deposit_or_schedule_visit',
      '/deposit_or_schedule_visit?verificationRejected=1',
    ]) {
      const t = withPages({ lang: 'en', route: null, location: page('login', returnTo ? { returnTo } : {}) });
      t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
      await settle();
      t.app.send({ type: 'app.signedIn' });
      t.calls.resolve('reloadFormState', bootAnswer(SIGNED_IN));
      await settle();
      expect(t.snap().context.location, String(returnTo)).toEqual(page('identity_verify'));
    }
  });

  it('a signed-in payer opens a login-required page directly', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('credit_cards') });
    t.calls.resolve('loadFormState', bootAnswer(SIGNED_IN));
    await settle();
    expect(t.snap().context.location).toEqual(page('credit_cards'));
  });

  it('§2: a link followed on the painted first screen while booting is where the app opens', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('landing') });
    t.app.send({ type: 'app.navigate', location: page('accessibility') });
    expect(t.snap().value).toBe('booting');
    t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'page' });
    expect(t.snap().context.location).toEqual(page('accessibility'));
  });

  it('an address followed while the form state is read again is where the app goes', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('credit_cards') });
    t.calls.resolve('loadFormState', bootAnswer(SIGNED_IN));
    await settle();
    t.app.send({ type: 'app.signOut' });
    t.calls.resolve('signOut', { success: true, redirect_to: '/' });
    await settle();
    expect(t.snap().value).toEqual({ ready: 'reloading' });
    t.app.send({ type: 'app.navigate', location: page('terms') });
    t.calls.resolve('reloadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().context.location).toEqual(page('terms'));
  });

  it('signing out reads the form state again and shows the landing page, even when the call fails (§8)', async () => {
    for (const fail of [false, true]) {
      const t = withPages({ lang: 'en', route: null, location: page('credit_cards') });
      t.calls.resolve('loadFormState', bootAnswer(SIGNED_IN));
      await settle();
      t.app.send({ type: 'app.signOut' });
      expect(t.snap().value).toEqual({ ready: 'signingOut' });
      if (fail) t.calls.reject('signOut', NETWORK_FAILURE);
      else t.calls.resolve('signOut', { success: true, redirect_to: '/' });
      await settle();
      t.calls.resolve('reloadFormState', bootAnswer(EMPTY_FORM));
      await settle();
      expect(t.snap().context.signedIn).toBe(false);
      expect(t.snap().context.location).toEqual(page('landing'));
    }
  });

  it('a page that saved a deposit goes to checkout: the wizard starts from the form state read again', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('deposit_history') });
    t.calls.resolve('loadFormState', bootAnswer(SIGNED_IN));
    await settle();
    t.app.send({ type: 'app.go', path: '/checkout' });
    t.calls.resolve('reloadFormState', bootAnswer({ ...SIGNED_IN, facility_id: HARRIS.id }));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'wizard' });
    expect(t.snap().context.route).toBe('checkout');
    expect(t.snap().context.fields?.facility_id).toBe(HARRIS.id);
  });

  it('§2: identity.my_account always redirects to account.destination_accounts, after a sign-in too', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('identity_my_account') });
    t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().context.location).toEqual(page('login', { returnTo: '/account/destination_accounts' }));
    t.app.send({ type: 'app.signedIn' });
    t.calls.resolve('reloadFormState', bootAnswer(SIGNED_IN));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'page' });
    expect(t.snap().context.location).toEqual(page('destination_accounts'));
    t.app.send({ type: 'app.navigate', location: page('identity_my_account') });
    t.calls.resolve('reloadFormState', bootAnswer(SIGNED_IN));
    await settle();
    expect(t.snap().context.location).toEqual(page('destination_accounts'));
  });

  it('§2: a page without a machine leads to "/" like an unknown path', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('raise') });
    t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'wizard' });
    expect(t.snap().context.location).toEqual({ kind: 'wizard', route: null });
  });

  it('§7: a 401 on a page goes back to "/" and is logged', async () => {
    const t = withPages({ lang: 'en', route: null, location: page('landing') });
    t.calls.resolve('loadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    t.app.send({ type: 'app.unauthorized' });
    t.calls.resolve('reloadFormState', bootAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().value).toEqual({ ready: 'wizard' });
  });
});

describe('app: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(appMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});

describe('app: where a page load starts (§2)', () => {
  it('the site root and an unknown path open the welcome page; any other path is itself', () => {
    const landing = { kind: 'page', route: 'landing', params: {}, query: {} };
    expect(startLocation('')).toEqual(landing);
    expect(startLocation('#/')).toEqual(landing);
    expect(startLocation('#/no/such/page')).toEqual(landing);
    expect(startLocation('#/deposit_facility/US')).toEqual({ kind: 'wizard', route: 'facility', country: 'US' });
    // §2/§9: the facility step's country, when it is one of the facilities' countries.
    expect(startLocation('#/deposit_facility/ca')).toEqual({ kind: 'wizard', route: 'facility', country: 'CA' });
    expect(startLocation('#/deposit_facility/MX')).toEqual({ kind: 'wizard', route: 'facility' });
    expect(startLocation('#/deposit_facility')).toEqual({ kind: 'wizard', route: 'facility' });
    expect(startLocation('#/checkout')).toEqual({ kind: 'wizard', route: 'checkout' });
    expect(startLocation('#/login')).toEqual({ kind: 'page', route: 'login', params: {}, query: {} });
  });
});
