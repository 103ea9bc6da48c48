// Builds the actor a story renders: the real app machine (and through it the wizard and its
// children), with its actors provided as at the composition root, started, sent the story's events
// and awaited until it is in the story's state (`parameters.machineState`). The screen then renders
// a machine that is already there: no story reaches into context or fakes a snapshot.
import type { StoryContext } from '@storybook/react-vite';
import type { SetupWorker } from 'msw/browser';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { DELAYS, RESULTS_PER_PAGE } from '../../contract/constants.ts';
import type { DepositType, Locale } from '../../contract/entities.ts';
import type { ActorIO, CallFailure } from '../../machines/actors.types.ts';
import { checkoutExtrasMachine, type CheckoutExtrasEvent } from '../../machines/checkout-extras.machine.ts';
import { checkoutAmountMachine } from '../../machines/checkout-amount.machine.ts';
import type { CheckoutEvent } from '../../machines/checkout.types.ts';
import {
  provideApp,
  provideCheckout,
  provideMachine,
  provideRecipientSearch,
  provideWizard,
  type ActorLogics,
} from '../../machines/provide-actors.ts';
import type { AppEvent } from '../../machines/app.types.ts';
import { locationOf } from '../../machines/pages.ts';
import type {
  FacilityPickerEvent,
  RecipientSearchEvent,
  WizardEvent,
  WizardRoute,
} from '../../machines/wizard.types.ts';
import { DEPOSIT_STATUS_ID, type ReceiptFlowEvent } from '../../machines/receipt.machine.ts';
import type { DepositStatusEvent } from '../../machines/deposit-status.machine.ts';
import { type SessionTimeoutEvent, sessionTimeoutMachine } from '../../machines/session-timeout.machine.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { isLocale } from '../../src/i18n.ts';
import { ASYNC_TIMEOUT as TIMEOUT } from '../../tests/wait.ts';
import type { AppRef } from '../../src/machine-refs.ts';
import { UNEXPECTED_BODY, fixtureHandlers, variantHandlers, type ApiCall, type Variant } from './handlers.ts';
import { SandboxError, createSandbox, type Sandbox, type SandboxSetup } from './sandbox.ts';
import { SYSTEM } from '../../machines/system.ts';

// ---------------------------------------------------------------- states and steps

/** The machines a screen renders; a child machine is named by its invoke id in its parent. */
export type MachineName =
  | 'app'
  | 'wizard'
  | 'facilityPicker'
  | 'recipientSearch'
  | 'checkout'
  | 'checkoutAmount'
  | 'checkoutPayment'
  | 'checkoutChoices'
  | 'checkoutSubmit'
  | 'checkoutExtras'
  | 'receiptFlow'
  | 'depositStatus'
  | 'sessionTimeout';
/** '<machine>:<state path>', e.g. 'checkoutSubmit:warning' or 'wizard:step.facility.editing'. */
export type MachineState = `${MachineName}:${string}`;

interface EventOf {
  app: AppEvent;
  wizard: WizardEvent;
  facilityPicker: FacilityPickerEvent;
  recipientSearch: RecipientSearchEvent;
  checkout: CheckoutEvent;
  // The checkout's children hear from the checkout, which passes the screen's events on.
  checkoutAmount: never;
  checkoutPayment: never;
  checkoutChoices: never;
  checkoutSubmit: never;
  checkoutExtras: CheckoutExtrasEvent;
  receiptFlow: ReceiptFlowEvent;
  depositStatus: DepositStatusEvent;
  sessionTimeout: SessionTimeoutEvent;
}

/** One step of a story's way to its state: an event to one machine, or waiting for a state. */
export type Step = { [M in MachineName]: { send: M; event: EventOf[M] } }[MachineName] | { reach: MachineState };

/** Events to each machine, for `steps`. */
export const to = {
  app: (event: AppEvent): Step => ({ send: 'app', event }),
  wizard: (event: WizardEvent): Step => ({ send: 'wizard', event }),
  facilityPicker: (event: FacilityPickerEvent): Step => ({ send: 'facilityPicker', event }),
  recipientSearch: (event: RecipientSearchEvent): Step => ({ send: 'recipientSearch', event }),
  checkout: (event: CheckoutEvent): Step => ({ send: 'checkout', event }),
  checkoutExtras: (event: CheckoutExtrasEvent): Step => ({ send: 'checkoutExtras', event }),
  receiptFlow: (event: ReceiptFlowEvent): Step => ({ send: 'receiptFlow', event }),
  depositStatus: (event: DepositStatusEvent): Step => ({ send: 'depositStatus', event }),
  sessionTimeout: (event: SessionTimeoutEvent): Step => ({ send: 'sessionTimeout', event }),
};

/** Waits, between two events, until a machine is in a state (e.g. the fees are known before submitting). */
export function reach(state: MachineState): Step {
  return { reach: state };
}

// ---------------------------------------------------------------- scenes

/** The delays of the machines; stories shorten the throttles and hold a state by making one endless. */
export interface StoryDelays {
  formSaveThrottle: number;
  searchThrottle: number;
  feeThrottle: number;
  feesTimeout: number;
  /** The session's idle limit (session-timeout.machine.ts): held unless a story shows its warning. */
  sessionWarn: number;
  sessionWarnFor: number;
  sessionEnd: number;
}

/** A delay that does not end while anyone looks at the story (and stays below setTimeout's limit). */
export const HOLD = 24 * 60 * 60 * 1000;

/** Throttles only spread requests out; a story need not wait them out. */
const STORY_DELAYS: StoryDelays = {
  formSaveThrottle: 10,
  searchThrottle: 10,
  feeThrottle: 10,
  feesTimeout: DELAYS.feesTimeout,
  sessionWarn: HOLD,
  sessionWarnFor: HOLD,
  sessionEnd: HOLD,
};

export interface Scene {
  /** The server's side: the form state it keeps, its language, what process_deposit answers. */
  server?: SandboxSetup;
  /** Calls whose answer differs from the fixture answer: never, a 500, no results. */
  variants?: Variant[];
  /** The route the page is opened at (the URL hash of §2); null is '/'. */
  route?: WizardRoute | null;
  /** A path outside the wizard the page is opened at ('/login'); wins over `route`. */
  path?: string;
  steps?: Step[];
  delays?: Partial<StoryDelays>;
  /**
   * 'http' (the default): the app's own actors and ky client, answered by the MSW handlers of
   * handlers.ts. 'fakes': `fromPromise` actors that call the same sandbox directly (several
   * machines on one page, where one set of MSW handlers cannot answer each differently).
   */
  via?: 'http' | 'fakes';
}

/** The parameters every screen story has: its state, and the scene that leads there. */
export interface DrivenParameters {
  machineState: MachineState;
  scene?: Scene;
}

// ---------------------------------------------------------------- actors

/** A failed call as src/api/client.ts reports it, so fakes fail exactly like HTTP calls. */
function failureOf(e: unknown): CallFailure {
  if (e instanceof SandboxError) {
    return { status: e.status, code: e.errors.form ?? 'ERROR.UNEXPECTED', errors: e.errors };
  }
  throw e;
}

const UNEXPECTED_500: CallFailure = { status: 500, code: 'ERROR.UNEXPECTED', errors: UNEXPECTED_BODY.errors };

type Impl = { [K in ApiCall]: (input: ActorIO[K]['input']) => Promise<ActorIO[K]['output']> };

function settle<T>(run: () => T): Promise<T> {
  try {
    return Promise.resolve(run());
  } catch (e) {
    return Promise.reject(failureOf(e));
  }
}

/** The sandbox's answers as plain functions, mirroring src/api/actors.ts call for call. */
function sandboxImpl(sandbox: Sandbox): Impl {
  return {
    loadFormState: () => settle(() => sandbox.stateAll()),
    saveFormState: ({ fields }) => settle(() => sandbox.stateSave(fields)),
    clearFormState: () => settle(() => sandbox.stateClear()),
    setLocale: ({ locale }) => settle(() => sandbox.setLocale(locale)),
    loadFacilityOptions: ({ country, region }) =>
      settle(() => ({
        countries: sandbox.countries().countries,
        regions: country ? sandbox.regions(country).states : [],
        facilities: country && region ? sandbox.facilityList(country, region).facilities : [],
      })),
    loadFacility: ({ facilityId }) => settle(() => sandbox.facility(facilityId).facility),
    searchInmates: ({ facilityId, query, page, mode, lastName }) =>
      settle(() => sandbox.searchInmates(facilityId, query, page, mode, lastName)),
    getFees: ({ facilityId, depositType, amount }) =>
      settle(() => sandbox.fees(facilityId, depositType as DepositType, amount)),
    tokenizeCard: (card) => settle(() => sandbox.tokenize(card)),
    processDeposit: ({ confirmDuplicate }) => settle(() => sandbox.processDeposit(confirmDuplicate)),
    signOut: () => settle(() => sandbox.signOut()),
    loadSavedCards: () => settle(() => sandbox.savedCards()),
    tokenizeSavedCard: (input) => settle(() => sandbox.tokenizeSaved(input)),
    loadDestinationAccounts: () => settle(() => sandbox.destAccounts()),
    checkDestinationFraud: ({ ani, country }) => settle(() => sandbox.destinationFraudFlag(ani, country)),
    register: (input) => settle(() => sandbox.register(input)),
    sendSmsReceipt: (input) => settle(() => sandbox.smsSend(input)),
    loadDepositStatus: ({ depositId }) => settle(() => sandbox.depositStatus(depositId)),
    cancelDeposit: ({ depositId }) => settle(() => sandbox.cancelDeposit(depositId)),
    preparePamDeposit: () => settle(() => sandbox.preparePam()),
    loadVoicemailOffers: () => settle(() => sandbox.voicemailOffers()),
    getCpaSettings: (input) => settle(() => sandbox.cpaSettings(input)),
    isApprovedDepositor: (input) => settle(() => sandbox.approvedDepositor(input)),
    getCnInmate: (input) => settle(() => sandbox.cnInmate(input)),
    getAllowedMinMax: (input) => settle(() => sandbox.allowedMinMax(input)),
  };
}

/** A promise that never settles: the loading states. */
function neverSettles(): Promise<never> {
  return new Promise<never>(() => undefined);
}

function withVariant(impl: Impl, v: Variant): Impl {
  const out: Record<string, unknown> = { ...impl };
  const base = impl[v.call] as (input: unknown) => Promise<unknown>;
  switch (v.answer) {
    case 'never': {
      let calls = 0;
      const after = v.after ?? 0;
      out[v.call] = (input: unknown) => {
        calls += 1;
        return calls <= after ? base(input) : neverSettles();
      };
      break;
    }
    case 'fail':
      out[v.call] = () => Promise.reject(UNEXPECTED_500);
      break;
    case 'empty':
      out[v.call] =
        v.call === 'searchInmates'
          ? (input: ActorIO['searchInmates']['input']) =>
              Promise.resolve({ inmates: [], total: 0, more: false, page: input.page, per_page: RESULTS_PER_PAGE })
          : async (input: unknown) => ({ ...((await base(input)) as object), facilities: [] });
      break;
  }
  return out as Impl;
}

/** Direct fakes: `fromPromise` actors over the sandbox, with the scene's variants. */
export function fakeActors(sandbox: Sandbox, variants: readonly Variant[] = []): Partial<ActorLogics> {
  const impl = variants.reduce(withVariant, sandboxImpl(sandbox));
  const logic = <K extends ApiCall>(k: K) =>
    fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>(({ input }) => impl[k](input));
  return {
    loadFormState: logic('loadFormState'),
    saveFormState: logic('saveFormState'),
    clearFormState: logic('clearFormState'),
    setLocale: logic('setLocale'),
    loadFacilityOptions: logic('loadFacilityOptions'),
    loadFacility: logic('loadFacility'),
    searchInmates: logic('searchInmates'),
    getFees: logic('getFees'),
    tokenizeCard: logic('tokenizeCard'),
    processDeposit: logic('processDeposit'),
    signOut: logic('signOut'),
    loadSavedCards: logic('loadSavedCards'),
    tokenizeSavedCard: logic('tokenizeSavedCard'),
    loadDestinationAccounts: logic('loadDestinationAccounts'),
    checkDestinationFraud: logic('checkDestinationFraud'),
    register: logic('register'),
    sendSmsReceipt: logic('sendSmsReceipt'),
    loadDepositStatus: logic('loadDepositStatus'),
    cancelDeposit: logic('cancelDeposit'),
    preparePamDeposit: logic('preparePamDeposit'),
    loadVoicemailOffers: logic('loadVoicemailOffers'),
    getCpaSettings: logic('getCpaSettings'),
    isApprovedDepositor: logic('isApprovedDepositor'),
    getCnInmate: logic('getCnInmate'),
    getAllowedMinMax: logic('getAllowedMinMax'),
  };
}

/** The composition root's actors (src/main.tsx): HTTP through the app's ky client. */
export function httpActors(): ActorLogics {
  return createActors(createApiClient({ baseUrl: `${window.location.origin}/` }));
}

/** The app machine with `actors` handed to it and to every machine it invokes, and the story's delays. */
function storyMachine(given: Partial<ActorLogics>, delays: StoryDelays) {
  // §2 pam variant: a story never leaves for the payment endpoint; it stays in postingPam.
  const actors: Partial<ActorLogics> = {
    ...given,
    postPamPayload: fromPromise<void, { payUrl: string; payload: string }>(() => neverSettles()),
  };
  // The CPA link's throttle is the form-save one (checkout-extras.machine.ts).
  const extras = provideMachine(checkoutExtrasMachine, actors).provide({
    delays: { formSaveThrottle: delays.formSaveThrottle },
  });
  const amount = provideMachine(checkoutAmountMachine, actors).provide({
    delays: { feeThrottle: delays.feeThrottle, feesTimeout: delays.feesTimeout },
  });
  const checkout = provideCheckout(actors).provide({
    actors: { checkoutExtrasMachine: extras, checkoutAmountMachine: amount },
  });
  const recipientSearch = provideRecipientSearch(actors).provide({
    delays: { searchThrottle: delays.searchThrottle },
  });
  const wizard = provideWizard(actors).provide({
    actors: { checkoutMachine: checkout, recipientSearchMachine: recipientSearch },
    delays: { formSaveThrottle: delays.formSaveThrottle },
  });
  // "Stay signed in" asks a server that stories do not have: it stays busy.
  const sessionTimeout = sessionTimeoutMachine
    .provide({ actors: { keepSessionAlive: fromPromise<{ signedIn: boolean }, void>(() => neverSettles()) } })
    .provide({
      delays: { sessionWarn: delays.sessionWarn, sessionWarnFor: delays.sessionWarnFor, sessionEnd: delays.sessionEnd },
    });
  return provideApp(actors).provide({ actors: { wizardMachine: wizard, sessionTimeoutMachine: sessionTimeout } });
}

// ---------------------------------------------------------------- driving

/** A request the story's app sent over HTTP, and the status of its answer once one came. */
export interface Exchange {
  method: string;
  path: string;
  /** The request's body, once read ('' for none). */
  body: string;
  status: number | null;
}

export interface Driven {
  state: MachineState;
  app: AppRef;
  /** The machine of `state` and the ones around it, as they are now. */
  actor(name: MachineName): AnyActorRef | undefined;
  /** What the app asked the MSW handlers, in order (none in a scene with fakes). */
  requests: readonly Exchange[];
  stop(): void;
}

/** Records the requests the worker sees and the status each is answered with; returns what stops it. */
function recordExchanges(msw: SetupWorker, into: Exchange[]): () => void {
  const byId = new Map<string, Exchange>();
  const onStart = ({ request, requestId }: { request: Request; requestId: string }) => {
    const exchange: Exchange = { method: request.method, path: new URL(request.url).pathname, body: '', status: null };
    into.push(exchange);
    byId.set(requestId, exchange);
    void request
      .clone()
      .text()
      .then((body) => {
        exchange.body = body;
      });
  };
  const onMocked = ({ response, requestId }: { response: Response; requestId: string }) => {
    const exchange = byId.get(requestId);
    if (exchange) exchange.status = response.status;
  };
  msw.events.on('request:start', onStart);
  msw.events.on('response:mocked', onMocked);
  return () => {
    msw.events.removeListener('request:start', onStart);
    msw.events.removeListener('response:mocked', onMocked);
  };
}

function childOf(parent: AnyActorRef | undefined, id: string): AnyActorRef | undefined {
  const children = parent?.getSnapshot().children as Record<string, AnyActorRef | undefined> | undefined;
  return children?.[id];
}

/** The checkout's children: each appears once the checkout runs. */
const CHECKOUT_KIDS: readonly MachineName[] = [
  'checkoutAmount',
  'checkoutPayment',
  'checkoutChoices',
  'checkoutSubmit',
  'checkoutExtras',
];

/** The actor of `name`: by its name in the app's system (machines/system.ts). */
function lookup(app: AppRef, name: MachineName): AnyActorRef | undefined {
  // The receipt's status tracker runs as the receipt flow's child.
  if (name === 'depositStatus') return childOf(app.system.get(SYSTEM.receiptFlow), DEPOSIT_STATUS_ID);
  return app.system.get(name) as AnyActorRef | undefined;
}

/** The actor of `name`, once it exists (a child appears when its parent enters the state that invokes it). */
async function actorOf(app: AppRef, name: MachineName): Promise<AnyActorRef> {
  if (name === 'app') return app;
  const parent =
    name === 'wizard' || name === 'sessionTimeout'
      ? app
      : await actorOf(
          app,
          CHECKOUT_KIDS.includes(name) ? 'checkout' : name === 'depositStatus' ? 'receiptFlow' : 'wizard',
        );
  await waitFor(parent, () => lookup(app, name) !== undefined, { timeout: TIMEOUT });
  return lookup(app, name) as AnyActorRef;
}

function split(state: MachineState): [MachineName, string] {
  const at = state.indexOf(':');
  return [state.slice(0, at) as MachineName, state.slice(at + 1)];
}

function describe(app: AppRef): string {
  const wizard = childOf(app, 'wizard');
  const value = (ref: AnyActorRef | undefined) => JSON.stringify((ref?.getSnapshot() as { value?: unknown })?.value);
  const kids = ['facilityPicker', 'recipientSearch', 'checkout']
    .filter((k) => childOf(wizard, k))
    .map((k) => `${k} ${value(childOf(wizard, k))}`);
  const checkout = childOf(wizard, 'checkout');
  for (const [name, id] of Object.entries(CHECKOUT_KIDS)) {
    if (childOf(checkout, id)) kids.push(`${name} ${value(childOf(checkout, id))}`);
  }
  return [`app ${value(app)}`, wizard ? `wizard ${value(wizard)}` : '', ...kids].filter(Boolean).join(', ');
}

async function reachState(app: AppRef, state: MachineState): Promise<void> {
  const [name, path] = split(state);
  try {
    const ref = await actorOf(app, name);
    await waitFor(ref, (s) => (s as { matches: (p: string) => boolean }).matches(path), { timeout: TIMEOUT });
  } catch (e) {
    throw new Error(`The story did not reach ${state}: ${describe(app)}`, { cause: e });
  }
}

export interface DriveOptions {
  lang?: Locale;
  /** The Storybook MSW worker (context.msw); needed for scenes that go through HTTP. */
  msw?: SetupWorker | undefined;
}

/** Starts the app for `scene`, runs its steps and resolves once the machine is in `state`. */
export async function driveTo(state: MachineState, scene: Scene = {}, options: DriveOptions = {}): Promise<Driven> {
  const sandbox = createSandbox(scene.server);
  const variants = scene.variants ?? [];
  let actors: Partial<ActorLogics>;
  const requests: Exchange[] = [];
  let stopRecording = () => {};
  if ((scene.via ?? 'http') === 'http') {
    if (!options.msw) throw new Error('an HTTP scene needs the MSW worker (context.msw)');
    stopRecording = recordExchanges(options.msw, requests);
    // In front of the preview's catch-all, which fails any API call that no story answers.
    options.msw.use(...variantHandlers(variants), ...fixtureHandlers(sandbox));
    actors = httpActors();
  } else {
    actors = fakeActors(sandbox, variants);
  }
  const app = createActor(storyMachine(actors, { ...STORY_DELAYS, ...scene.delays }), {
    systemId: SYSTEM.app,
    input: {
      lang: options.lang ?? 'en',
      route: scene.route ?? null,
      ...(scene.path ? { location: locationOf(scene.path) } : {}),
    },
  });
  app.start();
  const driven: Driven = {
    state,
    app,
    actor: (name) => lookup(app, name),
    requests,
    stop: () => {
      stopRecording();
      app.stop();
    },
  };
  try {
    for (const step of scene.steps ?? []) {
      if ('reach' in step) await reachState(app, step.reach);
      else (await actorOf(app, step.send)).send(step.event);
    }
    await reachState(app, state);
  } catch (e) {
    driven.stop();
    throw e;
  }
  return driven;
}

function localeOf(globals: Record<string, unknown>): Locale {
  const l = globals['locale'];
  return isLocale(l) ? l : 'en';
}

/**
 * The loader of the screen stories: drives `parameters.scene` to `parameters.machineState`, in the
 * language of the story. The story renders `loaded.driven`.
 */
export async function driveStory(context: Pick<StoryContext, 'parameters' | 'globals'>): Promise<{ driven: Driven }> {
  const { machineState, scene } = context.parameters as Partial<DrivenParameters>;
  if (!machineState) throw new Error('a driven story names its parameters.machineState');
  const msw = (context as { msw?: SetupWorker }).msw;
  return { driven: await driveTo(machineState, scene, { lang: localeOf(context.globals), msw }) };
}

/** beforeEach of the screen stories: whatever a story started stops when the story goes. */
export function stopDriven(context: Pick<StoryContext, 'loaded'>): () => void {
  const loaded = context.loaded as { driven?: Driven; all?: Driven[] };
  const mine = [...(loaded.driven ? [loaded.driven] : []), ...(loaded.all ?? [])];
  return () => {
    for (const d of mine) d.stop();
  };
}
