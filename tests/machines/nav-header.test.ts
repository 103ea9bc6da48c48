// §2 shared layout: the global header's navigation script, loaded once per page load from the form
// state's nav_script_url; a failure is reported to the app and never blocks it. Model-based paths,
// behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { NAV_PATHS } from '../../contract/nav-header.ts';
import { NAV_HEADER_ID } from '../../machines/app.machine.ts';
import { type NavHeaderEvent, navHeaderMachine } from '../../machines/nav-header.machine.ts';
import { provideApp, provideMachine } from '../../machines/provide-actors.ts';
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

type Snapshot = SnapshotFrom<typeof navHeaderMachine>;

const URL = NAV_PATHS.sandboxHeaderScript;
const LOAD_FAILED = new Error('the script could not be loaded');

const samples = {
  'nav.load': [
    { type: 'nav.load', url: URL },
    { type: 'nav.load', url: '' },
  ],
} satisfies EventSamples<NavHeaderEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(navHeaderMachine, calls.all()),
  input: undefined,
  samples: () => allSamples(samples),
  answers: { loadNavScript: () => [undefined] },
  failures: { loadNavScript: [LOAD_FAILED] },
  project: ({ context: c }) => [c.url, c.failure],
};

describe('nav header: paths of the model', () => {
  const graph = modelPaths(spec);
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('nav header: behaviour', () => {
  it('loads the script once; a later URL is ignored', async () => {
    const calls = new FakeCalls();
    const actor = start(provideMachine(navHeaderMachine, calls.all()), undefined);
    actor.send({ type: 'nav.load', url: ` ${URL} ` });
    actor.send({ type: 'nav.load', url: 'https://elsewhere.example/x.js' });
    expect(calls.inputs('loadNavScript')).toEqual([{ url: URL }]);
    calls.resolve('loadNavScript', undefined);
    await settle();
    expect(actor.getSnapshot().value).toBe('loaded');
    actor.send({ type: 'nav.load', url: URL });
    expect(calls.inputs('loadNavScript')).toHaveLength(1);
    actor.stop();
  });

  it('no configured script: the site header only, nothing loaded', () => {
    const calls = new FakeCalls();
    const actor = start(provideMachine(navHeaderMachine, calls.all()), undefined);
    actor.send({ type: 'nav.load', url: '' });
    expect(actor.getSnapshot().value).toBe('off');
    expect(calls.inputs('loadNavScript')).toEqual([]);
    actor.stop();
  });

  it('a failed load is reported to the parent, which goes on', async () => {
    const calls = new FakeCalls();
    const { child, received } = withParent(provideMachine(navHeaderMachine, calls.all()), undefined);
    child.send({ type: 'nav.load', url: URL });
    calls.reject('loadNavScript', LOAD_FAILED);
    await settle();
    expect((child.getSnapshot() as Snapshot).value).toBe('failed');
    expect(received).toContainEqual({
      type: 'app.navScriptFailed',
      message: `navigation script ${URL} did not load: the script could not be loaded`,
    });
  });

  it("the app asks for the form state's script once it has read it, and logs a failure", async () => {
    const calls = new FakeCalls();
    const logged: string[] = [];
    const app = provideApp(calls.all()).provide({
      actions: { logNavScriptFailure: (_, params) => logged.push(params.message) },
    });
    const actor = start(app, { lang: 'en', route: null }, undefined, SYSTEM.app);
    calls.resolve('loadFormState', {
      fields: { ...EMPTY_FORM, nav_script_url: URL },
      errors: {},
      locale: 'en',
      csrf_token: 'x',
    });
    await settle();
    expect(calls.inputs('loadNavScript')).toEqual([{ url: URL }]);
    calls.reject('loadNavScript', LOAD_FAILED);
    await settle();
    const nav = (actor.getSnapshot().children as Record<string, AnyActorRef>)[NAV_HEADER_ID];
    expect((nav?.getSnapshot() as Snapshot).value).toBe('failed');
    expect(logged).toEqual([`navigation script ${URL} did not load: the script could not be loaded`]);
    // The app went on to its first screen.
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    actor.stop();
  });
});

describe('nav header: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(navHeaderMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
