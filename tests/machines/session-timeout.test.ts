// The session's idle limit (WCAG 2.2.1; docs/decisions/0045): a signed-in payer is warned before the
// end and may stay signed in or sign out; a guest's session ends without a warning. Model-based paths,
// behaviour (with the real times of contract/session.ts), the app's part, coverage.
import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, type AnyActorRef, SimulatedClock, type SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { sessionTimes } from '../../contract/session.ts';
import { SESSION_TIMEOUT_ID } from '../../machines/app.machine.ts';
import { provideApp, provideMachine } from '../../machines/provide-actors.ts';
import { type SessionTimeoutEvent, isWarning, sessionTimeoutMachine } from '../../machines/session-timeout.machine.ts';
import { HARRIS, NETWORK_FAILURE, RECIPIENT_FIELDS, bootAnswer } from '../../fixtures/samples.ts';
import type { AppLocation } from '../../machines/pages.ts';
import { routeOf } from '../../machines/wizard-route.ts';
import type { wizardMachine } from '../../machines/wizard.machine.ts';
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
  withParent,
} from './harness.ts';
import { SYSTEM } from '../../machines/system.ts';

type Snapshot = SnapshotFrom<typeof sessionTimeoutMachine>;

/** Short delays for the model (the behaviour tests below use the real ones). */
const MODEL_DELAYS = { sessionWarn: 1000, sessionWarnFor: 500, sessionEnd: 1500 };

const samples = {
  'session.update': [
    { type: 'session.update', signedIn: true, idleSeconds: 900 },
    { type: 'session.update', signedIn: false, idleSeconds: null },
  ],
  'session.activity': [{ type: 'session.activity' }],
  'session.stay': [{ type: 'session.stay' }],
  'session.signOut': [{ type: 'session.signOut' }],
} satisfies EventSamples<SessionTimeoutEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(sessionTimeoutMachine, calls.all()).provide({ delays: MODEL_DELAYS }),
  input: undefined,
  samples: () => allSamples(samples),
  answers: { keepSessionAlive: () => [{ signedIn: true }, { signedIn: false }] },
  failures: { keepSessionAlive: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.idleSeconds, c.failure],
  delays: MODEL_DELAYS,
};

describe('session timeout: paths of the model', () => {
  const graph = modelPaths(spec);
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

const MINUTE = 60_000;

function signedIn(idleSeconds: number | null = 15 * 60) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const { child, received } = withParent(provideMachine(sessionTimeoutMachine, calls.all()), undefined, clock);
  child.send({ type: 'session.update', signedIn: true, idleSeconds });
  return { calls, clock, child, received, snap: () => child.getSnapshot() as Snapshot };
}

describe('session timeout: behaviour', () => {
  it('15 minutes: warned 12 minutes after the last answer, signed out 2 minutes later', () => {
    expect(sessionTimes(15 * 60)).toEqual({ warnAfterMs: 12 * MINUTE, warnForMs: 2 * MINUTE, endAfterMs: 14 * MINUTE });
    const t = signedIn();
    t.clock.increment(12 * MINUTE - 1);
    expect(isWarning(t.snap())).toBe(false);
    t.clock.increment(1);
    expect(isWarning(t.snap())).toBe(true);
    t.clock.increment(2 * MINUTE);
    expect(t.received).toEqual([{ type: 'app.sessionEnded', signedIn: true }]);
    expect(t.snap().value).toBe('waiting');
  });

  it('every answer of the server starts the count again', () => {
    const t = signedIn();
    t.clock.increment(11 * MINUTE);
    t.child.send({ type: 'session.activity' });
    t.clock.increment(11 * MINUTE);
    expect(isWarning(t.snap())).toBe(false);
    t.clock.increment(MINUTE);
    expect(isWarning(t.snap())).toBe(true);
  });

  it('"Stay signed in": one request; signed in, the count starts again', async () => {
    const t = signedIn();
    t.clock.increment(12 * MINUTE);
    t.child.send({ type: 'session.stay' });
    expect(t.calls.inputs('keepSessionAlive')).toHaveLength(1);
    expect(isWarning(t.snap())).toBe(true);
    t.calls.resolve('keepSessionAlive', { signedIn: true });
    await settle();
    expect(t.snap().matches({ signedIn: 'active' })).toBe(true);
    t.clock.increment(12 * MINUTE - 1);
    expect(isWarning(t.snap())).toBe(false);
    expect(t.received).toEqual([]);
  });

  it('"Stay signed in" after the server ended the session: the end, as at the limit', async () => {
    const t = signedIn();
    t.clock.increment(12 * MINUTE);
    t.child.send({ type: 'session.stay' });
    t.calls.resolve('keepSessionAlive', { signedIn: false });
    await settle();
    expect(t.received).toEqual([{ type: 'app.sessionEnded', signedIn: true }]);
  });

  it('"Stay signed in" that cannot reach the server: the warning again, with the reason', async () => {
    const t = signedIn();
    t.clock.increment(12 * MINUTE);
    t.child.send({ type: 'session.stay' });
    t.calls.reject('keepSessionAlive', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ signedIn: 'warning' })).toBe(true);
    expect(t.snap().context.failure).toBe(NETWORK_FAILURE.code);
  });

  it('"Sign out": the app signs out', () => {
    const t = signedIn();
    t.clock.increment(12 * MINUTE);
    t.child.send({ type: 'session.signOut' });
    expect(t.received).toEqual([{ type: 'app.signOut' }]);
  });

  it('a guest is not warned; the session ends at the limit', () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const { child, received } = withParent(provideMachine(sessionTimeoutMachine, calls.all()), undefined, clock);
    child.send({ type: 'session.update', signedIn: false, idleSeconds: 20 * 60 });
    clock.increment(19 * MINUTE - 1);
    expect(isWarning(child.getSnapshot() as Snapshot)).toBe(false);
    expect(received).toEqual([]);
    clock.increment(1);
    expect(received).toEqual([{ type: 'app.sessionEnded', signedIn: false }]);
  });

  it('a limit shorter than the warning keeps half of it before the warning', () => {
    expect(sessionTimes(60)).toEqual({ warnAfterMs: 15_000, warnForMs: 15_000, endAfterMs: 30_000 });
    expect(sessionTimes(30 * 60)).toEqual({ warnAfterMs: 27 * MINUTE, warnForMs: 2 * MINUTE, endAfterMs: 29 * MINUTE });
  });
});

describe('session timeout: the app', () => {
  it('tells it who is signed in and the limit; the end signs the payer out to the welcome page, which says why', async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const actor = start(provideApp(calls.all()), { lang: 'en', route: null }, clock, SYSTEM.app);
    const answer = bootAnswer({ ...EMPTY_FORM, logged_in: true }, 'en');
    calls.resolve('loadFormState', { ...answer, site: { ...answer.site, session_idle_seconds: 600 } });
    await settle();
    const timer = (actor.getSnapshot().children as Record<string, AnyActorRef>)[SESSION_TIMEOUT_ID];
    expect((timer?.getSnapshot() as Snapshot).matches('signedIn')).toBe(true);
    expect((timer?.getSnapshot() as Snapshot).context.idleSeconds).toBe(600);
    actor.send({ type: 'app.activity' });
    clock.increment(sessionTimes(600).warnAfterMs);
    expect(isWarning(timer?.getSnapshot() as Snapshot)).toBe(true);
    clock.increment(sessionTimes(600).warnForMs);
    expect(actor.getSnapshot().matches({ ready: 'signingOutIdle' })).toBe(true);
    calls.resolve('signOutIdle', { success: true, redirect_to: '/' });
    await settle();
    expect(actor.getSnapshot().context.location).toEqual({
      kind: 'page',
      route: 'landing',
      params: {},
      query: { signedOut: 'idle' },
    });
    actor.stop();
  });
});

describe('session timeout: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(sessionTimeoutMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});

describe('session timeout: a guest in the app', () => {
  it("the end starts the guest's session anew on the step the payer was on", async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    // Opened at the facility step's address; the wizard itself went on to the checkout (Continue).
    const location: AppLocation = { kind: 'wizard', route: 'facility', country: 'US' };
    const actor = start(provideApp(calls.all()), { lang: 'en', route: null, location }, clock, SYSTEM.app);
    calls.resolve('loadFormState', bootAnswer(RECIPIENT_FIELDS, 'en'));
    await settle();
    const wizard = () => actor.system.get(SYSTEM.wizard) as ActorRefFrom<typeof wizardMachine>;
    wizard().send({ type: 'wizard.navigate', route: 'checkout' });
    calls.resolve('loadFacility', HARRIS);
    await settle();
    expect(routeOf(wizard().getSnapshot())).toBe('checkout');
    const timer = (actor.getSnapshot().children as Record<string, AnyActorRef>)[SESSION_TIMEOUT_ID];
    expect((timer?.getSnapshot() as Snapshot).value).toBe('guest');

    clock.increment(sessionTimes(15 * 60).endAfterMs);
    expect(actor.getSnapshot().matches({ ready: 'endingGuestSession' })).toBe(true);
    // Leaving the wizard drops its name before a transition's actions run: the route is read on the way out.
    expect(actor.getSnapshot().context.location).toEqual({ kind: 'wizard', route: 'checkout' });
    calls.resolve('endGuestSession', { success: true, redirect_to: '/' });
    await settle();
    // The new session, into which the page saved what it kept (src/form-draft.ts, decision 0046).
    calls.resolve('reloadFormState', bootAnswer(RECIPIENT_FIELDS, 'en'));
    await settle();
    expect(wizard().getSnapshot().context.requested).toBe('checkout');
    calls.resolve('loadFacility', HARRIS);
    await settle();
    expect(routeOf(wizard().getSnapshot())).toBe('checkout');
    actor.stop();
  });
});
