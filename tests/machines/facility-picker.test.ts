// facilityPicker (§2 deposit.facility, §9): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { allowedCountries, facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { provideFacilityPicker } from '../../machines/provide-actors.ts';
import type { FacilityPickerEvent } from '../../machines/wizard.types.ts';
import { COUNTRIES, FACILITY_OPTIONS, HARRIS, NETWORK_FAILURE } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof facilityPickerMachine>;

const UNLISTED = 999_999;

const samples = {
  'facility.country': [
    { type: 'facility.country', country: 'US' },
    { type: 'facility.country', country: 'CA' },
  ],
  'facility.region': [{ type: 'facility.region', region: 'TX' }],
  'facility.select': [
    { type: 'facility.select', facilityId: HARRIS.id },
    { type: 'facility.select', facilityId: UNLISTED },
  ],
  'facility.retry': [{ type: 'facility.retry' }],
} satisfies EventSamples<FacilityPickerEvent>;

const input = { country: 'US', region: '', facilityId: null };

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideFacilityPicker(calls.all()),
  input,
  samples: () => allSamples(samples),
  answers: {
    loadFacilityOptions: (s) => [
      { ...FACILITY_OPTIONS, facilities: s.context.region ? FACILITY_OPTIONS.facilities : [] },
    ],
  },
  failures: { loadFacilityOptions: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.country, c.region, c.facilityId, c.facilities.length, c.countries.length, c.failure],
};

describe('facilityPicker: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('facilityPicker: behaviour', () => {
  it('§9: never offers SD, CU, IR, SY, KP, whatever the server lists', async () => {
    const calls = new FakeCalls();
    const actor = start(provideFacilityPicker(calls.all()), input);
    expect(calls.inputs('loadFacilityOptions')).toEqual([{ country: 'US', region: '' }]);
    calls.resolve('loadFacilityOptions', FACILITY_OPTIONS);
    await settle();
    const codes = actor.getSnapshot().context.countries.map((c) => c.code);
    expect(COUNTRIES.map((c) => c.code)).toEqual(expect.arrayContaining(['CU', 'IR']));
    expect(codes).not.toContain('CU');
    expect(codes).not.toContain('IR');
    const sanctioned = ['SD', 'CU', 'IR', 'SY', 'kp'].map((code) => ({ ...COUNTRIES[0]!, code }));
    expect(allowedCountries(sanctioned)).toEqual([]);
  });

  it('a change while loading restarts the load with it: typing is never lost', async () => {
    const calls = new FakeCalls();
    const { child, received } = withParent(provideFacilityPicker(calls.all()), input, undefined, {
      parent: SYSTEM.wizard,
    });
    child.send({ type: 'facility.region', region: 'TX' });
    expect(child.getSnapshot().value).toBe('loading');
    expect(calls.inputs('loadFacilityOptions')).toEqual([
      { country: 'US', region: '' },
      { country: 'US', region: 'TX' },
    ]);
    expect(received).toContainEqual({
      type: 'form.change',
      fields: { facility_id: null, facility_state: 'TX', facility_country: 'US' },
    });
    calls.resolve('loadFacilityOptions', FACILITY_OPTIONS);
    await settle();
    expect(child.getSnapshot().value).toBe('ready');
    expect(child.getSnapshot().context.region).toBe('TX');
  });

  it('choosing a listed facility tells the wizard (form.change with facility, state, country)', async () => {
    const calls = new FakeCalls();
    const { child, received } = withParent(provideFacilityPicker(calls.all()), { ...input, region: 'TX' }, undefined, {
      parent: SYSTEM.wizard,
    });
    calls.resolve('loadFacilityOptions', FACILITY_OPTIONS);
    await settle();
    child.send({ type: 'facility.select', facilityId: UNLISTED });
    expect(child.getSnapshot().context.facilityId).toBeNull();
    expect(received).toEqual([]);
    child.send({ type: 'facility.select', facilityId: HARRIS.id });
    expect(child.getSnapshot().context.facilityId).toBe(HARRIS.id);
    expect(received).toEqual([
      { type: 'form.change', fields: { facility_id: HARRIS.id, facility_state: 'TX', facility_country: 'US' } },
    ]);
  });

  it('a new country clears region, facility and lists', async () => {
    const calls = new FakeCalls();
    const actor = start(provideFacilityPicker(calls.all()), { country: 'US', region: 'TX', facilityId: HARRIS.id });
    calls.resolve('loadFacilityOptions', FACILITY_OPTIONS);
    await settle();
    actor.send({ type: 'facility.country', country: 'CA' });
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('loading');
    expect(context).toMatchObject({ country: 'CA', region: '', facilityId: null, facilities: [], regions: [] });
  });

  it('a failed load can be retried', async () => {
    const calls = new FakeCalls();
    const actor = start(provideFacilityPicker(calls.all()), input);
    calls.reject('loadFacilityOptions', NETWORK_FAILURE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('ERROR.NETWORK');
    actor.send({ type: 'facility.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
  });
});

describe('facilityPicker: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(facilityPickerMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
