// updateProfile (§2 update profile, §7 account notification status): model-based paths, behaviour,
// coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../machines/actors.types.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { type UpdateProfileEvent, updateProfileMachine } from '../../machines/update-profile.machine.ts';
import { NETWORK_FAILURE, pageInput } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof updateProfileMachine>;

const PROFILE = { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0110', email: 'ben@example.com' };
const UNCHOSEN = { notificationNeedsExecuted: true, sms: false, email: false };
const LOADED = { profile: PROFILE, notifications: UNCHOSEN };
const SAVED = { profile: PROFILE, notifications: { notificationNeedsExecuted: false, sms: true, email: false } };
const BAD_PHONE: CallFailure = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  errors: { phone: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' } as CallFailure['errors'],
};

/** The form's values, valid (the form checks them with profileSchema: tests/ui/update-profile-page.test.tsx). */
const VALUES = { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0110', sms: false, email: false };
const CHANGED = { ...VALUES, first_name: 'Benjamin', sms: true };

const samples = {
  'profile.submit': [
    { type: 'profile.submit', values: VALUES },
    { type: 'profile.submit', values: CHANGED },
  ],
  'profile.retry': [{ type: 'profile.retry' }],
} satisfies EventSamples<UpdateProfileEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(updateProfileMachine, calls.all()),
  input: pageInput('update_profile', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: { loadProfile: () => [LOADED], saveProfile: () => [SAVED] },
  failures: { loadProfile: [NETWORK_FAILURE], saveProfile: [BAD_PHONE, NETWORK_FAILURE] },
  project: ({ context: c }) => [
    c.sent?.first_name,
    c.sent?.sms,
    Object.keys(c.errors).join(),
    c.failure,
    c.saved,
    c.needsChoice,
  ],
};

describe('updateProfile: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(5);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('updateProfile: behaviour', () => {
  async function loaded() {
    const calls = new FakeCalls();
    const actor = start(provideMachine(updateProfileMachine, calls.all()), pageInput('update_profile'));
    calls.resolve('loadProfile', LOADED);
    await settle();
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('opens with the loaded profile; saves names, phone and the notification choice; a refused phone keeps what was sent', async () => {
    const t = await loaded();
    expect(t.snap().context).toMatchObject({ sent: { ...VALUES }, needsChoice: true, email: 'ben@example.com' });
    // A number the client takes (the phone rule of contract/phone.ts) that the server then refuses.
    t.actor.send({ type: 'profile.submit', values: { ...VALUES, phone: '(713) 555-0199', sms: true } });
    expect(t.calls.inputs('saveProfile')).toEqual([
      {
        profile: { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0199' },
        notifications: { sms: true, email: false },
      },
    ]);
    t.calls.reject('saveProfile', BAD_PHONE);
    await settle();
    expect(t.snap().value).toBe('editing');
    expect(t.snap().context).toMatchObject({
      sent: { phone: '(713) 555-0199', sms: true },
      errors: BAD_PHONE.errors,
      failure: null,
      saved: false,
    });
    t.actor.send({ type: 'profile.submit', values: { ...VALUES, sms: true } });
    expect(t.snap().context.errors).toEqual({});
    t.calls.resolve('saveProfile', SAVED);
    await settle();
    expect(t.snap().context).toMatchObject({ saved: true, needsChoice: false });
  });

  it("a failed save is the page's message, with what was sent kept", async () => {
    const t = await loaded();
    t.actor.send({ type: 'profile.submit', values: CHANGED });
    t.calls.reject('saveProfile', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context).toMatchObject({ sent: CHANGED, errors: {}, failure: 'ERROR.NETWORK', saved: false });
  });
});

describe('updateProfile: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(updateProfileMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
