// deepContact (#/deep_contact/:facilityId/:inmateId?zuid=, §4 deep contact): model-based paths,
// behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../machines/actors.types.ts';
import { DEEP_CONTACT_NEXT, type DeepContactEvent, deepContactMachine } from '../../machines/deep-contact.machine.ts';
import { PAGE_MACHINES } from '../../machines/page-machines.ts';
import { locationOf } from '../../machines/pages.ts';
import { provideApp, provideMachine } from '../../machines/provide-actors.ts';
import { routeOf } from '../../machines/wizard-route.ts';
import type { WizardSnapshot } from '../../machines/wizard.machine.ts';
import {
  HARRIS,
  INMATE,
  NETWORK_FAILURE,
  bootAnswer,
  deepContactFields,
  pageInput,
  saveAnswer,
} from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof deepContactMachine>;

const NOT_FOUND: CallFailure = { status: 404, code: 'ERROR.DEEP_CONTACT_NOT_FOUND', errors: {} };
const BAD_LINK: CallFailure = {
  status: 400,
  code: 'ERROR.BAD_REQUEST',
  errors: { facility_id: 'VALIDATION.MUST_BE_NUMERIC' },
};

const samples = {
  'deepContact.retry': [{ type: 'deepContact.retry' }],
} satisfies EventSamples<DeepContactEvent>;

const LINK = { params: { facilityId: '1001', inmateId: '100001' }, query: { zuid: 'partner-42' } };

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(deepContactMachine, calls.all()),
  input: pageInput('deep_contact', LINK),
  samples: () => allSamples(samples),
  answers: { startDeepContact: () => [saveAnswer(deepContactFields())] },
  failures: { startDeepContact: [NETWORK_FAILURE, NOT_FOUND, BAD_LINK] },
  project: ({ context: c }) => [c.failure],
};

describe('deepContact: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(3);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('deepContact: behaviour', () => {
  function open(over: Parameters<typeof pageInput>[1] = LINK) {
    const calls = new FakeCalls();
    const t = withParent(provideMachine(deepContactMachine, calls.all()), pageInput('deep_contact', over));
    const snap = () => t.child.getSnapshot() as Snapshot;
    return { calls, ...t, snap };
  }

  it('the link is a page route of its own, open to guests', () => {
    expect(locationOf('#/deep_contact/1001/100001?zuid=partner-42')).toEqual({
      kind: 'page',
      route: 'deep_contact',
      params: { facilityId: '1001', inmateId: '100001' },
      query: { zuid: 'partner-42' },
    });
    expect(PAGE_MACHINES.deep_contact).toBe(deepContactMachine);
  });

  it('starts the deposit with the ids and zuid of the link, then opens the type step', async () => {
    const t = open();
    expect(t.snap().value).toBe('starting');
    expect(t.calls.inputs('startDeepContact')).toEqual([
      { facility_id: '1001', inmate_id: '100001', deep_zuid: 'partner-42' },
    ]);
    t.calls.resolve('startDeepContact', saveAnswer(deepContactFields()));
    await settle();
    expect(t.received.filter((e) => e.type === 'app.go')).toEqual([{ type: 'app.go', path: DEEP_CONTACT_NEXT }]);
    expect(DEEP_CONTACT_NEXT).toBe('/deposit_type');
  });

  it('sends no zuid when the link has none', () => {
    const t = open({ params: { facilityId: '1001', inmateId: '100001' } });
    expect(t.calls.inputs('startDeepContact')).toEqual([{ facility_id: '1001', inmate_id: '100001' }]);
  });

  it.each([
    ['unknown', NOT_FOUND],
    ['malformed', BAD_LINK],
  ])('an %s link says so and goes nowhere', async (_name, failure) => {
    const t = open();
    t.calls.reject('startDeepContact', failure);
    await settle();
    expect(t.snap().value).toBe('notFound');
    expect(t.received).toEqual([]);
  });

  it('a failed call says why and can be tried again', async () => {
    const t = open();
    t.calls.reject('startDeepContact', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.child.send({ type: 'deepContact.retry' });
    expect(t.snap().value).toBe('starting');
    expect(t.snap().context.failure).toBeNull();
    expect(t.calls.inputs('startDeepContact')).toHaveLength(2);
  });
});

describe('deepContact in the app', () => {
  it('a link opens the wizard at the type step with the recipient known (the real app and wizard)', async () => {
    const calls = new FakeCalls();
    const app = start(
      provideApp(calls.all()),
      { lang: 'en', route: null, location: locationOf('#/deep_contact/1001/100001') },
      undefined,
      SYSTEM.app,
    );
    calls.resolve('loadFormState', bootAnswer());
    await settle();
    expect(app.getSnapshot().value).toEqual({ ready: 'page' });
    expect(calls.inputs('startDeepContact')).toEqual([{ facility_id: '1001', inmate_id: '100001' }]);
    const fields = deepContactFields();
    calls.resolve('startDeepContact', saveAnswer(fields));
    await settle();
    calls.resolve('reloadFormState', bootAnswer(fields));
    await settle();
    expect(app.getSnapshot().value).toEqual({ ready: 'wizard' });
    const wizard = app.getSnapshot().children['wizard'] as AnyActorRef;
    calls.resolve('loadFacility', HARRIS);
    await settle();
    const snap = wizard.getSnapshot() as WizardSnapshot;
    expect(routeOf(snap)).toBe('type');
    expect(snap.context.fields).toMatchObject({ deep_contact: true, deposit_inmate_id: INMATE.id });
  });
});

describe('deepContact: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(deepContactMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
