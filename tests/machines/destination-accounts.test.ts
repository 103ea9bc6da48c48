// destinationAccounts (§2 /account/destination_accounts, §3 breakage, §4 inactivity alert, §8, §9 SNAP
// rows and order): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import type { BreakageRequest, BreakageResponse, DestinationAccount } from '../../contract/accounts.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import {
  type DestinationAccountsEvent,
  ALERTS_FAILED,
  NO_ALERTS,
  alertRequest,
  breakageStatus,
  depositStart,
  enrolmentOf,
  destinationAccountsMachine,
  visibleAccounts,
} from '../../machines/destination-accounts.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  ACCOUNT_ACTIVITY,
  CODE_CONFIRMED,
  CODE_SENT,
  DEST_ACCOUNTS,
  DEST_ACCOUNTS_COUSIN_VERIFIED,
  NETWORK_FAILURE,
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

type Snapshot = SnapshotFrom<typeof destinationAccountsMachine>;

const samples = {
  'accounts.retry': [{ type: 'accounts.retry' }],
  // 301 is Mom's (primary), 302 Brother's (alerts by both), 303 Cousin's (pending); 999 is nobody's.
  'activity.open': [
    { type: 'activity.open', id: 301 },
    { type: 'activity.open', id: 999 },
  ],
  'activity.purse': [
    { type: 'activity.purse', purse: 'pr' },
    { type: 'activity.purse', purse: 'pp' },
  ],
  'activity.retry': [{ type: 'activity.retry' }],
  'alerts.open': [{ type: 'alerts.open', id: 302 }],
  // What the dialog's form sends: by text only, and declined (both off).
  'alerts.submit': [
    { type: 'alerts.submit', values: { sms: true, email: false } },
    { type: 'alerts.submit', values: NO_ALERTS },
  ],
  'delete.ask': [{ type: 'delete.ask', id: 303 }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  // 304 is fraud-flagged; 306 has no facility on record.
  'deposit.start': [
    { type: 'deposit.start', id: 301 },
    { type: 'deposit.start', id: 304 },
  ],
  'dialog.close': [{ type: 'dialog.close' }],
  // §4: 303 is pending; 301 is validated already.
  'verify.open': [
    { type: 'verify.open', id: 303 },
    { type: 'verify.open', id: 301 },
  ],
  'phone.verified': [{ type: 'phone.verified', ani: '5125550103' }],
} satisfies EventSamples<DestinationAccountsEvent>;

/** The server's answer to a breakage update: what was asked, now stored. */
function breakageAnswer(request: BreakageRequest): BreakageResponse {
  return { success: true, errors: {}, breakage: { sms: request.sms_status, email: request.email_status } };
}

function build(calls: FakeCalls) {
  // The app is the parent in the site; in the model there is none to tell.
  return provideMachine(destinationAccountsMachine, calls.all()).provide({ actions: { tellAppToDeposit: () => {} } });
}

const spec: ModelSpec<Snapshot> = {
  build,
  input: pageInput('destination_accounts', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadDestinationAccounts: (snapshot) => [
      snapshot.matches('verifying') ? DEST_ACCOUNTS_COUSIN_VERIFIED : DEST_ACCOUNTS,
    ],
    loadAccountActivity: () => [ACCOUNT_ACTIVITY, []],
    updateInactivityAlerts: ({ context: c }) =>
      c.chosen
        ? [
            breakageAnswer(alertRequest(c.chosen, c.sent ?? NO_ALERTS)),
            { success: false, errors: { form: 'ERROR.NOT_FOUND' }, breakage: c.chosen.breakage },
          ]
        : [],
    removeDestinationAccount: () => [
      { success: true, errors: {} },
      { success: false, errors: { form: 'ERROR.ERROR_DELETING_ACCOUNT' } },
    ],
    saveFormState: () => [saveAnswer(EMPTY_FORM)],
  },
  failures: {
    loadDestinationAccounts: [NETWORK_FAILURE],
    loadAccountActivity: [NETWORK_FAILURE],
    updateInactivityAlerts: [NETWORK_FAILURE],
    removeDestinationAccount: [NETWORK_FAILURE],
    saveFormState: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.accounts.map((a) => `${a.id}:${a.breakage.sms}${a.breakage.email}:${a.validate_status}`).join(),
    c.chosen?.id,
    c.purse,
    c.activity.length,
    c.sent?.sms,
    c.sent?.email,
    c.removed?.id,
    c.failure,
    c.dialogFailure,
  ],
  limit: 20_000,
};

describe('destinationAccounts: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('destinationAccounts: behaviour', () => {
  async function loaded(list: DestinationAccount[] = DEST_ACCOUNTS) {
    const calls = new FakeCalls();
    const t = withParent(
      provideMachine(destinationAccountsMachine, calls.all()),
      pageInput('destination_accounts', { signedIn: true }),
    );
    calls.resolve('loadDestinationAccounts', list);
    await settle();
    return { calls, ...t, snap: () => t.child.getSnapshot() as Snapshot };
  }

  it('§9: hides SNAP rows; primary first, then balance descending', async () => {
    const t = await loaded();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.accounts.map((a) => a.id)).toEqual([301, 306, 304, 302, 303]);
    expect(visibleAccounts([])).toEqual([]);
  });

  it('§7: shows the activity of the prepaid purse, then of the regulated one', async () => {
    const t = await loaded();
    t.child.send({ type: 'activity.open', id: 302 });
    expect(t.snap().value).toEqual({ activity: 'loading' });
    expect(t.calls.inputs('loadAccountActivity')).toEqual([{ destinationId: 'FNF-000302', purse: 'pp' }]);
    // A change of purse while loading asks again; the older call is stopped.
    t.child.send({ type: 'activity.purse', purse: 'pr' });
    t.child.send({ type: 'activity.purse', purse: 'pp' });
    expect(t.calls.inputs('loadAccountActivity').map((i) => (i as { purse: string }).purse)).toEqual([
      'pp',
      'pr',
      'pp',
    ]);
    t.calls.resolve('loadAccountActivity', ACCOUNT_ACTIVITY);
    await settle();
    expect(t.snap().value).toEqual({ activity: 'shown' });
    expect(t.snap().context.activity).toHaveLength(3);
    t.child.send({ type: 'activity.purse', purse: 'pr' });
    expect(t.snap().context.activity).toEqual([]);
    expect(t.calls.inputs('loadAccountActivity').at(-1)).toEqual({ destinationId: 'FNF-000302', purse: 'pr' });
    t.calls.reject('loadAccountActivity', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ activity: 'failed' });
    expect(t.snap().context.dialogFailure).toBe('ERROR.NETWORK');
    t.child.send({ type: 'dialog.close' });
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.chosen).toBeNull();
  });

  it('§4: enrolling by text sets 1, an enrolment already there is kept, unenrolling sets 3', async () => {
    expect(breakageStatus(3, true)).toBe(1);
    expect(breakageStatus(2, true)).toBe(2);
    expect(breakageStatus(1, false)).toBe(3);
    const t = await loaded();
    t.child.send({ type: 'alerts.open', id: 303 });
    expect(enrolmentOf(t.snap().context.chosen as DestinationAccount)).toEqual({ sms: false, email: false });
    t.child.send({ type: 'alerts.submit', values: { sms: true, email: false } });
    expect(t.calls.inputs('updateInactivityAlerts')).toEqual([{ ani: '5125550103', sms_status: 1, email_status: 3 }]);
    t.calls.resolve('updateInactivityAlerts', breakageAnswer({ ani: '5125550103', sms_status: 1, email_status: 3 }));
    await settle();
    expect(t.snap().value).toEqual({ alerts: 'saved' });
    expect(t.snap().context.accounts.find((a) => a.id === 303)?.breakage).toEqual({ sms: 1, email: 3 });
  });

  it('§4: declining sets both channels to 3; a failure keeps the choice to save again', async () => {
    const t = await loaded();
    t.child.send({ type: 'alerts.open', id: 302 });
    t.child.send({ type: 'alerts.submit', values: NO_ALERTS });
    expect(t.calls.inputs('updateInactivityAlerts')).toEqual([{ ani: '5125550102', sms_status: 3, email_status: 3 }]);
    t.calls.resolve('updateInactivityAlerts', { success: false, errors: {}, breakage: { sms: 2, email: 2 } });
    await settle();
    expect(t.snap().value).toEqual({ alerts: 'failed' });
    expect(t.snap().context.dialogFailure).toBe(ALERTS_FAILED);
    expect(t.snap().context.sent).toEqual(NO_ALERTS);
    expect(t.snap().context.accounts.find((a) => a.id === 302)?.breakage).toEqual({ sms: 2, email: 2 });
    t.child.send({ type: 'alerts.submit', values: NO_ALERTS });
    expect(t.snap().context.dialogFailure).toBeNull();
    t.calls.reject('updateInactivityAlerts', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context.dialogFailure).toBe('ERROR.NETWORK');
  });

  it('removes an account only after the confirmation; §8 a failed removal closes the dialog with the flag', async () => {
    const t = await loaded();
    t.child.send({ type: 'delete.ask', id: 302 });
    expect(t.snap().value).toBe('confirmingDelete');
    t.child.send({ type: 'dialog.close' });
    expect(t.calls.inputs('removeDestinationAccount')).toEqual([]);
    t.child.send({ type: 'delete.ask', id: 302 });
    t.child.send({ type: 'delete.confirm' });
    expect(t.calls.inputs('removeDestinationAccount')).toEqual([{ id: 302 }]);
    t.calls.reject('removeDestinationAccount', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failure).toBe('ERROR.ERROR_DELETING_ACCOUNT');
    expect(t.snap().context.accounts).toHaveLength(5);
    t.child.send({ type: 'delete.ask', id: 302 });
    expect(t.snap().context.failure).toBeNull();
    t.child.send({ type: 'delete.confirm' });
    t.calls.resolve('removeDestinationAccount', { success: true, errors: {} });
    await settle();
    expect(t.snap().context.accounts.map((a) => a.id)).toEqual([301, 306, 304, 303]);
    expect(t.snap().context.removed?.id).toBe(302);
  });

  it('a deposit to an account saves its facility and the dest type, then tells the app to open the type step', async () => {
    const t = await loaded();
    t.child.send({ type: 'deposit.start', id: 302 });
    expect(t.calls.inputs('saveFormState')).toEqual([
      { fields: { facility_id: 1002, deposit_type: 'dest', deposit_inmate_id: '', dest_account_id: 302 } },
    ]);
    t.calls.resolve('saveFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.received).toContainEqual({ type: 'app.go', path: '/deposit_number' });
  });

  it('an account without a facility starts at the facility step of its country', async () => {
    const aunt = DEST_ACCOUNTS.find((a) => a.id === 306) as DestinationAccount;
    expect(depositStart(aunt)).toEqual({
      fields: { facility_country: 'CA', facility_state: '', facility_id: null },
      path: '/deposit_facility/CA',
    });
    const t = await loaded();
    t.child.send({ type: 'deposit.start', id: 306 });
    t.calls.resolve('saveFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.received).toContainEqual({ type: 'app.go', path: '/deposit_facility/CA' });
  });

  it('§5/§8: a fraud-flagged account cannot get a deposit; a failed save stays on the page', async () => {
    const t = await loaded();
    t.child.send({ type: 'deposit.start', id: 304 });
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failure).toBe('ERROR.FRAUD_CONTROL_MESSAGE');
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    t.child.send({ type: 'deposit.start', id: 301 });
    t.calls.reject('saveFormState', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    expect(t.received.filter((e) => e.type === 'app.go')).toEqual([]);
  });

  it('§4: a pending account opens the verification modal; the verified account is read again', async () => {
    const t = await loaded();
    // A validated account has nothing to verify.
    t.child.send({ type: 'verify.open', id: 301 });
    expect(t.snap().value).toBe('ready');
    t.child.send({ type: 'verify.open', id: 303 });
    expect(t.snap().value).toEqual({ verifying: 'open' });
    const verification = () => t.snap().children['phoneVerification'] as AnyActorRef;
    expect(verification().getSnapshot().context).toMatchObject({ ani: '5125550103', country: 'US', label: 'Cousin' });
    verification().send({ type: 'phone.send', channel: 'sms' });
    t.calls.resolve('sendVerificationCode', CODE_SENT);
    await settle();
    verification().send({ type: 'phone.code.submit', values: { code: '123456' } });
    expect(t.calls.inputs('confirmPhoneCode')).toEqual([{ ani: '5125550103', code: '123456' }]);
    t.calls.resolve('confirmPhoneCode', CODE_CONFIRMED);
    await settle();
    // The list says so at once, and is read again behind the modal.
    expect(t.snap().value).toEqual({ verifying: 'reloading' });
    expect(t.snap().context.chosen?.validate_status).toBe('validated');
    expect(t.snap().can({ type: 'dialog.close' })).toBe(false);
    t.calls.resolve('loadDestinationAccounts', DEST_ACCOUNTS_COUSIN_VERIFIED);
    await settle();
    expect(t.snap().value).toEqual({ verifying: 'verified' });
    expect(t.snap().context.accounts.find((a) => a.id === 303)?.validate_status).toBe('validated');
    t.child.send({ type: 'dialog.close' });
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.chosen).toBeNull();
  });

  it('§4: closing the modal stops the verification; opening it again starts afresh', async () => {
    const t = await loaded();
    t.child.send({ type: 'verify.open', id: 303 });
    const first = t.snap().children['phoneVerification'] as AnyActorRef;
    first.send({ type: 'phone.send', channel: 'call' });
    t.calls.reject('sendVerificationCode', NETWORK_FAILURE);
    await settle();
    expect(first.getSnapshot().value).toBe('error');
    t.child.send({ type: 'dialog.close' });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(t.snap().children['phoneVerification']).toBeUndefined();
    t.child.send({ type: 'verify.open', id: 303 });
    const second = t.snap().children['phoneVerification'] as AnyActorRef;
    expect(second).not.toBe(first);
    expect(second.getSnapshot().value).toBe('unverified');
    expect(second.getSnapshot().context.failure).toBeNull();
  });

  it('§4: a failed reload after a verification keeps the account validated and says why', async () => {
    const t = await loaded();
    t.child.send({ type: 'verify.open', id: 303 });
    t.child.send({ type: 'phone.verified', ani: '5125550103' });
    t.calls.reject('loadDestinationAccounts', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ verifying: 'verified' });
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    expect(t.snap().context.accounts.find((a) => a.id === 303)?.validate_status).toBe('validated');
  });

  it('a failed load can be retried', async () => {
    const calls = new FakeCalls();
    const actor = start(provideMachine(destinationAccountsMachine, calls.all()), pageInput('destination_accounts'));
    calls.reject('loadDestinationAccounts', NETWORK_FAILURE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('ERROR.NETWORK');
    actor.send({ type: 'accounts.retry' });
    calls.resolve('loadDestinationAccounts', []);
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.accounts).toEqual([]);
  });
});

describe('destinationAccounts: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(destinationAccountsMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
