// landing (§2 /landing: signed-in users go on to deposit_or_schedule_visit; others continue as new or
// sign in; the inactivity notice with show more and show less): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { pageInput } from '../../fixtures/samples.ts';
import {
  DEPOSIT_OR_VISIT_PATH,
  type LandingEvent,
  NEW_DEPOSIT_PATH,
  SIGN_IN_PATH,
  landingMachine,
} from '../../machines/landing.machine.ts';
import { locationOf } from '../../machines/pages.ts';
import {
  type EventSamples,
  type ModelSpec,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof landingMachine>;

const samples = {
  'landing.continue': [{ type: 'landing.continue' }],
  'landing.signIn': [{ type: 'landing.signIn' }],
  'landing.more': [{ type: 'landing.more' }],
  'landing.less': [{ type: 'landing.less' }],
} satisfies EventSamples<LandingEvent>;

// The app is the parent in the site; in the model there is none to tell.
const build = () => landingMachine.provide({ actions: { tellAppGo: () => {} } });

function spec(signedIn: boolean): ModelSpec<Snapshot> {
  return {
    build,
    input: pageInput('landing', { signedIn }),
    samples: () => allSamples(samples),
    answers: {},
    failures: {},
    project: ({ context: c }) => [c.signedIn, c.destination],
  };
}

describe.each([false, true])('landing: paths of the model (signed in: %s)', (signedIn) => {
  const s = spec(signedIn);
  const graph = modelPaths(s);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(signedIn ? 1 : 4);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(s, graph, path);
  });
});

describe('landing: behaviour', () => {
  const open = (signedIn: boolean) => {
    const t = withParent(landingMachine, pageInput('landing', { signedIn }));
    return { ...t, snap: () => t.child.getSnapshot() as Snapshot };
  };

  it('§2: a signed-in payer is sent on to deposit_or_schedule_visit at once', () => {
    const t = open(true);
    expect(t.snap().value).toBe('leaving');
    expect(t.received).toEqual([{ type: 'app.go', path: DEPOSIT_OR_VISIT_PATH }]);
    expect(locationOf(DEPOSIT_OR_VISIT_PATH)).toMatchObject({ kind: 'page', route: 'deposit_or_schedule_visit' });
  });

  it('§2: a guest sees the page with the notice short, and nothing is told to the app', () => {
    const t = open(false);
    expect(t.snap().value).toEqual({ welcome: 'noticeCollapsed' });
    expect(t.received).toEqual([]);
  });

  it('§2: continue as new goes to the facility step (deposit.facility)', () => {
    const t = open(false);
    t.child.send({ type: 'landing.continue' });
    expect(t.snap().value).toBe('leaving');
    expect(t.received).toEqual([{ type: 'app.go', path: NEW_DEPOSIT_PATH }]);
    expect(locationOf(NEW_DEPOSIT_PATH)).toEqual({ kind: 'wizard', route: 'facility' });
    // Once on the way, another choice changes nothing.
    t.child.send({ type: 'landing.signIn' });
    expect(t.received).toHaveLength(1);
  });

  it('§2: sign in goes to the sign-in page', () => {
    const t = open(false);
    t.child.send({ type: 'landing.more' });
    t.child.send({ type: 'landing.signIn' });
    expect(t.received).toEqual([{ type: 'app.go', path: SIGN_IN_PATH }]);
    expect(locationOf(SIGN_IN_PATH)).toMatchObject({ kind: 'page', route: 'login' });
  });

  it('§2: the inactivity notice shows more, then less, as often as asked', () => {
    const t = open(false);
    t.child.send({ type: 'landing.less' });
    expect(t.snap().value).toEqual({ welcome: 'noticeCollapsed' });
    t.child.send({ type: 'landing.more' });
    expect(t.snap().value).toEqual({ welcome: 'noticeExpanded' });
    t.child.send({ type: 'landing.more' });
    expect(t.snap().value).toEqual({ welcome: 'noticeExpanded' });
    t.child.send({ type: 'landing.less' });
    expect(t.snap().value).toEqual({ welcome: 'noticeCollapsed' });
    expect(t.received).toEqual([]);
  });
});

describe('landing: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(landingMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
