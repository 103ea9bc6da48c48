// identityVerify (§2 identity.verify, §4 outcomes and skip rule, §5): model-based paths, behaviour,
// coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  type IdentityVerifyEvent,
  identityVerifyMachine,
  pendingUsAccounts,
} from '../../machines/identity-verify.machine.ts';
import { DEST_ACCOUNTS, NETWORK_FAILURE, pageInput } from '../../fixtures/samples.ts';
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
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof identityVerifyMachine>;

const PENDING = { status: 'pending' as const, accounts: DEST_ACCOUNTS };
const NOTHING_TO_DO = { status: 'validated' as const, accounts: [] };
const VERIFIED = { success: true, validate_status: 'validated' as const, retryable: false };
const RETRY = { success: false, validate_status: 'rejected' as const, retryable: true };
const FINAL = { success: false, validate_status: 'rejected' as const, retryable: false };

/** The forms' values, valid (the forms check them: tests/ui/identity-verify-page.test.tsx). */
const AGREED = { agree_1: true, agree_2: true };
const PROFILE = { dob_month: '2', dob_day: '11', dob_year: '1979', ssn: '4321' };

const samples = {
  'identity.accept': [{ type: 'identity.accept', values: AGREED }],
  'identity.submit': [{ type: 'identity.submit', values: PROFILE }],
  'identity.retry': [{ type: 'identity.retry' }],
  'identity.verifyPhone': [{ type: 'identity.verifyPhone', id: 303 }],
  'identity.closePhone': [{ type: 'identity.closePhone' }],
  'identity.continue': [{ type: 'identity.continue' }],
  'phone.verified': [{ type: 'phone.verified', ani: '5125550103' }],
} satisfies EventSamples<IdentityVerifyEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(identityVerifyMachine, calls.all()),
  input: pageInput('identity_verify', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadIdentity: () => [PENDING, NOTHING_TO_DO, { status: 'validated' as const, accounts: DEST_ACCOUNTS }],
    verifyIdentity: () => [VERIFIED, RETRY, FINAL],
  },
  failures: { loadIdentity: [NETWORK_FAILURE], verifyIdentity: [NETWORK_FAILURE] },
  project: ({ context: c }) => [
    c.sent.agree_1 && c.sent.agree_2,
    c.sent.dob_year,
    c.sent.ssn !== '',
    c.failure,
    c.accounts.length,
    c.chosen?.id ?? null,
  ],
  limit: 30_000,
};

describe('identityVerify: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('identityVerify: behaviour', () => {
  function setup() {
    const calls = new FakeCalls();
    const { child, received } = withParent(
      provideMachine(identityVerifyMachine, calls.all()),
      pageInput('identity_verify', { signedIn: true }),
    );
    return { calls, child, received, snap: () => child.getSnapshot() as Snapshot };
  }

  it('§4: skipped for a validated or pending payer without pending US phone accounts', async () => {
    const t = setup();
    t.calls.resolve('loadIdentity', { status: 'pending', accounts: [] });
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.received).toContainEqual({ type: 'app.go', path: '/deposit_or_schedule_visit' });
  });

  it('the agreement, then the profile; retryable rejection asks again; success lists the accounts', async () => {
    const t = setup();
    t.calls.resolve('loadIdentity', PENDING);
    await settle();
    expect(t.snap().value).toBe('agreement');
    t.child.send({ type: 'identity.accept', values: AGREED });
    expect(t.snap().value).toBe('profile');
    t.child.send({ type: 'identity.submit', values: { ...PROFILE, ssn: '1234' } });
    expect(t.calls.inputs('verifyIdentity')).toEqual([{ ...AGREED, ...PROFILE, ssn: '1234' }]);
    t.calls.resolve('verifyIdentity', RETRY);
    await settle();
    expect(t.snap().value).toBe('profile');
    // The number is kept no longer than the call; the date of birth the form opens with stays.
    expect(t.snap().context).toMatchObject({ failure: 'IDENTITY.REJECTED', sent: { ssn: '', dob_year: '1979' } });
    t.child.send({ type: 'identity.submit', values: PROFILE });
    expect(t.snap().context.failure).toBeNull();
    t.calls.resolve('verifyIdentity', VERIFIED);
    await settle();
    expect(t.snap().value).toBe('accounts');
    expect(t.snap().context.accounts.map((a) => a.id)).toEqual(pendingUsAccounts(DEST_ACCOUNTS).map((a) => a.id));
    expect(t.snap().context.sent.ssn).toBe('');
  });

  it("a failed call is the page's message; the number is not kept", async () => {
    const t = setup();
    t.calls.resolve('loadIdentity', PENDING);
    await settle();
    t.child.send({ type: 'identity.accept', values: AGREED });
    t.child.send({ type: 'identity.submit', values: PROFILE });
    t.calls.reject('verifyIdentity', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('profile');
    expect(t.snap().context).toMatchObject({ failure: 'ERROR.NETWORK', sent: { ssn: '', dob_month: '2' } });
  });

  it('§4: rejected and not retryable goes on with verificationRejected', async () => {
    const t = setup();
    t.calls.resolve('loadIdentity', PENDING);
    await settle();
    t.child.send({ type: 'identity.accept', values: AGREED });
    t.child.send({ type: 'identity.submit', values: { ...PROFILE, ssn: '0000' } });
    t.calls.resolve('verifyIdentity', FINAL);
    await settle();
    expect(t.received).toContainEqual({ type: 'app.go', path: '/deposit_or_schedule_visit?verificationRejected=1' });
  });
});

describe('identityVerify: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(identityVerifyMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
