// depositHistory (§2 /account/deposit_history: 20 per page, wrapping pager, repeat deposit; §4 checkout
// guards): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { DepositHistoryItem } from '../../contract/accounts.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import {
  DEPOSIT_HISTORY,
  NETWORK_FAILURE,
  TOO_MANY_REQUESTS,
  depositCancelAnswer,
  depositHistoryPage,
  pageInput,
  sampleDepositStatus,
  saveAnswer,
} from '../../fixtures/samples.ts';
import {
  CHECKOUT_PATH,
  type DepositHistoryEvent,
  depositHistoryMachine,
  nextPage,
  previousPage,
  repeatBlock,
  repeatFields,
} from '../../machines/deposit-history.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import type { StartDepositInput, StartDepositOutput } from '../../machines/start-deposit.machine.ts';
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

type Snapshot = SnapshotFrom<typeof depositHistoryMachine>;

const row = (id: string): DepositHistoryItem => {
  const found = DEPOSIT_HISTORY.find((d) => d.id === id);
  if (!found) throw new Error(`no sample deposit ${id}`);
  return found;
};
const FLEX = row('hist-sample-01');
const PHONE = row('hist-sample-02');
const CLOSED = row('hist-sample-03');
const NOT_HELD = row('hist-sample-04');
const NO_FLEX = row('hist-sample-05');
const FORTY = row('hist-sample-06');
/** A deposit of the second page. */
const LATER = row('hist-sample-21');

/** The answer of POST /state/save once the repeat's fields are stored (the server fills the rest). */
const SAVED = saveAnswer({ ...EMPTY_FORM, ...repeatFields(FLEX), facility_state: 'TX' });
const REFUSED = saveAnswer(EMPTY_FORM, { deposit_inmate_id: 'VALIDATION.INVALID' });
const FRAUD = saveAnswer(EMPTY_FORM, { deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' });
const AMOUNT_ERROR = saveAnswer(EMPTY_FORM, { deposit_amount: MSG.amountBelowMin });
/** Six deposits: one page, nothing to turn to. */
const ONE_PAGE = depositHistoryPage(1, DEPOSIT_HISTORY.slice(0, 6));
const NONE = depositHistoryPage(1, []);

/** The first row is still held on the card, not sent: it can be cancelled (docs/decisions/0049). */
const CANCELLED = depositCancelAnswer(sampleDepositStatus(FLEX.id, FLEX.deposit_time, 'cancelled'));
const TOO_LATE = depositCancelAnswer({ ...FLEX.status, cancellable: false }, 'ALREADY_SENT');

const samples = {
  'history.cancel': [
    { type: 'history.cancel', id: FLEX.id },
    { type: 'history.cancel', id: PHONE.id },
  ],
  'history.cancelConfirm': [{ type: 'history.cancelConfirm' }],
  'history.cancelKeep': [{ type: 'history.cancelKeep' }],
  'history.next': [{ type: 'history.next' }],
  'history.previous': [{ type: 'history.previous' }],
  'history.repeat': [
    { type: 'history.repeat', id: FLEX.id },
    { type: 'history.repeat', id: PHONE.id },
    { type: 'history.repeat', id: LATER.id },
  ],
  'history.retry': [{ type: 'history.retry' }],
} satisfies EventSamples<DepositHistoryEvent>;

function build(calls: FakeCalls) {
  // The app is the parent in the site; in the model there is none to tell. Starting the deposit is
  // one answer here (its own states are walked in start-deposit.test.ts).
  return provideMachine(depositHistoryMachine, calls.all()).provide({
    // A promise in the child machine's place (the same output and error), as checkout.test.ts does.
    actors: { startDepositMachine: calls.controlled<StartDepositOutput, StartDepositInput>('startDeposit') } as never,
    actions: { tellAppGoToCheckout: () => {} },
  });
}

const spec: ModelSpec<Snapshot> = {
  build,
  input: pageInput('deposit_history', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadDepositHistory: () => [depositHistoryPage(1), ONE_PAGE, NONE],
    loadOtherPage: (s) => [depositHistoryPage(s.context.requested)],
    startDeposit: () => [{ answer: SAVED }, { answer: REFUSED }, { answer: FRAUD }],
    cancelDeposit: () => [CANCELLED, TOO_LATE],
  },
  failures: {
    loadDepositHistory: [NETWORK_FAILURE],
    loadOtherPage: [NETWORK_FAILURE],
    startDeposit: [NETWORK_FAILURE],
    cancelDeposit: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.page,
    c.pages,
    c.requested,
    c.deposits.length,
    c.chosen?.id,
    c.failure,
    c.deposits.filter((d) => d.status.cancellable).map((d) => d.id),
    c.cancelling?.id,
    c.cancelFailure,
    c.cancelled?.id,
  ],
};

describe('depositHistory: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('depositHistory: rules', () => {
  it('§2: next and previous wrap from the last page to the first and back', () => {
    expect([nextPage(1, 3), nextPage(2, 3), nextPage(3, 3)]).toEqual([2, 3, 1]);
    expect([previousPage(3, 3), previousPage(2, 3), previousPage(1, 3)]).toEqual([2, 1, 3]);
  });

  it('§2: a closed facility, or a person whose inmate_status is not 0, cannot have the deposit repeated', () => {
    expect(repeatBlock(FLEX)).toBeNull();
    expect(repeatBlock(CLOSED)).toBe('FACILITY_CLOSED');
    expect(repeatBlock(NOT_HELD)).toBe('INMATE_STATUS');
    expect(repeatBlock({ ...FLEX, deposit_type: 'trust', inmate_status: 1 })).toBe('INMATE_STATUS');
    // A facility that no longer takes the type would refuse it at the type check.
    expect(repeatBlock(NO_FLEX)).toBe('TYPE_UNAVAILABLE');
  });

  it('§2: the inmate status does not matter for a dest deposit; it goes to its phone number', () => {
    expect(repeatBlock({ ...PHONE, inmate_status: 3 })).toBeNull();
    expect(repeatBlock({ ...PHONE, deposit_phone_no: null })).toBe('PHONE_ACCOUNT');
    expect(repeatFields(PHONE)).toMatchObject({
      deposit_type: 'dest',
      deposit_phone_no: PHONE.deposit_phone_no,
      deposit_phone_country: 'US',
    });
    expect(repeatBlock({ ...PHONE, facility_closed: true })).toBe('FACILITY_CLOSED');
    expect(repeatBlock({ ...PHONE, facility_fnf_prepaid_disabled: true })).toBe('TYPE_UNAVAILABLE');
  });

  it('repeats with the facility, type, recipient and amount; an amount that is no preset is "other"', () => {
    expect(repeatFields(FLEX)).toEqual({
      facility_id: 1001,
      deposit_type: 'flex',
      deposit_inmate_id: FLEX.deposit_inmate_id,
      deposit_amount: 25,
      deposit_amount_id: '25',
    });
    expect(repeatFields(FORTY)).toMatchObject({ facility_id: 1002, deposit_amount: 40, deposit_amount_id: 'other' });
  });
});

describe('depositHistory: behaviour', () => {
  async function loaded(answer = depositHistoryPage(1)) {
    const calls = new FakeCalls();
    const t = withParent(
      provideMachine(depositHistoryMachine, calls.all()),
      pageInput('deposit_history', { signedIn: true }),
    );
    const snap = () => t.child.getSnapshot() as Snapshot;
    expect(calls.inputs('loadDepositHistory')).toEqual([{ page: 1 }]);
    calls.resolve('loadDepositHistory', answer);
    await settle();
    return { calls, ...t, snap };
  }

  async function turn(t: Awaited<ReturnType<typeof loaded>>, type: 'history.next' | 'history.previous') {
    t.child.send({ type });
    expect(t.snap().value).toEqual({ ready: 'turning' });
    const page = (t.calls.inputs('loadDepositHistory').at(-1) as { page: number }).page;
    t.calls.resolve('loadOtherPage', depositHistoryPage(page));
    await settle();
    return t.snap().context.page;
  }

  it('§9: shows 20 deposits a page, newest first, and how many pages there are', async () => {
    const t = await loaded();
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(t.snap().context.deposits).toHaveLength(20);
    expect(t.snap().context.deposits[0]?.id).toBe('hist-sample-01');
    expect([t.snap().context.page, t.snap().context.pages, t.snap().context.total]).toEqual([1, 3, 45]);
  });

  it('§2: Next goes 1, 2, 3 and wraps to 1; Previous from 1 wraps to 3', async () => {
    const t = await loaded();
    expect(await turn(t, 'history.next')).toBe(2);
    expect(await turn(t, 'history.next')).toBe(3);
    expect(t.snap().context.deposits).toHaveLength(5);
    expect(await turn(t, 'history.next')).toBe(1);
    expect(await turn(t, 'history.previous')).toBe(3);
    expect(await turn(t, 'history.previous')).toBe(2);
    expect(t.calls.inputs('loadDepositHistory').slice(1)).toEqual([2, 3, 1, 3, 2].map((page) => ({ page })));
  });

  it('a page that does not load leaves the shown one and says so; the next turn asks again', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.next' });
    t.calls.reject('loadOtherPage', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(t.snap().context).toMatchObject({ page: 1, requested: 1, failure: 'HISTORY.PAGE_FAILED' });
    expect(t.snap().context.deposits[0]?.id).toBe('hist-sample-01');
    expect(await turn(t, 'history.next')).toBe(2);
    expect(t.snap().context.failure).toBeNull();
  });

  it('one page or none: Next and Previous do nothing', async () => {
    for (const answer of [ONE_PAGE, NONE]) {
      const t = await loaded(answer);
      t.child.send({ type: 'history.next' });
      t.child.send({ type: 'history.previous' });
      expect(t.snap().value).toEqual({ ready: 'idle' });
      expect(t.calls.inputs('loadDepositHistory')).toHaveLength(1);
    }
  });

  it('a failed first load offers a retry, which asks for the page again', async () => {
    const calls = new FakeCalls();
    const t = withParent(provideMachine(depositHistoryMachine, calls.all()), pageInput('deposit_history'));
    calls.reject('loadDepositHistory', NETWORK_FAILURE);
    await settle();
    expect(t.child.getSnapshot().value).toBe('failed');
    expect((t.child.getSnapshot() as Snapshot).context.failure).toBe('ERROR.NETWORK');
    t.child.send({ type: 'history.retry' });
    expect(calls.inputs('loadDepositHistory')).toEqual([{ page: 1 }, { page: 1 }]);
  });

  it('repeat: starts a new deposit with the row, then tells the app to open the checkout step (§4)', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.repeat', id: FLEX.id });
    expect(t.snap().value).toEqual({ ready: 'repeating' });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: repeatFields(FLEX) }]);
    expect(t.received).toEqual([]);
    t.calls.resolve('saveFormState', SAVED);
    await settle();
    expect(t.snap().value).toEqual({ ready: 'leaving' });
    expect(t.received).toEqual([{ type: 'app.go', path: CHECKOUT_PATH }]);
  });

  it('repeat of a deposit on another page', async () => {
    const t = await loaded();
    await turn(t, 'history.next');
    t.child.send({ type: 'history.repeat', id: LATER.id });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: repeatFields(LATER) }]);
  });

  it('§2: a deposit that cannot be repeated, or one not on the page, is not', async () => {
    const t = await loaded();
    for (const d of [CLOSED, NOT_HELD, NO_FLEX, LATER]) {
      t.child.send({ type: 'history.repeat', id: d.id });
      expect(t.snap().value).toEqual({ ready: 'idle' });
    }
    expect(t.calls.inputs('clearFormState')).toEqual([]);
  });

  it('a refused repeat stays on the page with why; an amount problem is left to the checkout step', async () => {
    const cases = [
      { answer: REFUSED, failure: 'HISTORY.REPEAT_UNAVAILABLE', value: { ready: 'idle' } },
      { answer: FRAUD, failure: 'ERROR.FRAUD_CONTROL_MESSAGE', value: { ready: 'idle' } },
      { answer: AMOUNT_ERROR, failure: null, value: { ready: 'leaving' } },
    ];
    for (const c of cases) {
      const t = await loaded();
      t.child.send({ type: 'history.repeat', id: FLEX.id });
      t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
      await settle();
      t.calls.resolve('saveFormState', c.answer);
      await settle();
      expect(t.snap().value).toEqual(c.value);
      expect(t.snap().context.failure).toBe(c.failure);
      expect(t.received.length).toBe(c.failure === null ? 1 : 0);
    }
  });

  it('a repeat whose calls fail stays on the page, with the list, and can be tried again', async () => {
    for (const failing of ['clearFormState', 'saveFormState'] as const) {
      const t = await loaded();
      t.child.send({ type: 'history.repeat', id: FLEX.id });
      if (failing === 'saveFormState') {
        t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
        await settle();
      }
      t.calls.reject(failing, NETWORK_FAILURE);
      await settle();
      expect(t.snap().value).toEqual({ ready: 'idle' });
      expect(t.snap().context).toMatchObject({ failure: 'HISTORY.REPEAT_FAILED', chosen: null });
      expect(t.snap().context.deposits).toHaveLength(20);
      expect(t.received).toEqual([]);
      t.child.send({ type: 'history.repeat', id: FLEX.id });
      expect(t.snap().value).toEqual({ ready: 'repeating' });
      expect(t.snap().context.failure).toBeNull();
    }
  });
});

describe('depositHistory: cancelling a deposit not yet sent (docs/decisions/0049)', () => {
  async function loaded() {
    const calls = new FakeCalls();
    const t = withParent(
      provideMachine(depositHistoryMachine, calls.all()),
      pageInput('deposit_history', { signedIn: true }),
    );
    calls.resolve('loadDepositHistory', depositHistoryPage(1));
    await settle();
    const snap = () => t.child.getSnapshot() as Snapshot;
    return { calls, ...t, snap };
  }
  const rowOf = (s: Snapshot, id: string) => s.context.deposits.find((d) => d.id === id);

  it('asks to confirm, then cancels the row’s deposit; the row shows the status answered', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.cancel', id: FLEX.id });
    expect(t.snap().value).toEqual({ ready: { cancel: 'confirming' } });
    expect(t.snap().context.cancelling?.id).toBe(FLEX.id);
    expect(t.calls.inputs('cancelDeposit')).toEqual([]);
    t.child.send({ type: 'history.cancelConfirm' });
    expect(t.snap().value).toEqual({ ready: { cancel: 'cancelling' } });
    expect(t.calls.inputs('cancelDeposit')).toEqual([{ depositId: FLEX.status.deposit_id }]);
    t.calls.resolve('cancelDeposit', CANCELLED);
    await settle();
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(rowOf(t.snap(), FLEX.id)?.status).toEqual(CANCELLED.status);
    expect(t.snap().context).toMatchObject({ cancelling: null, failure: null, cancelFailure: null });
    expect(t.snap().context.cancelled?.id).toBe(FLEX.id);
    expect(t.snap().context.cancelled?.status.status).toBe('cancelled');
    // Once cancelled, it cannot be cancelled again.
    t.child.send({ type: 'history.cancel', id: FLEX.id });
    expect(t.snap().value).toEqual({ ready: 'idle' });
    // The message goes with the next page turn.
    t.child.send({ type: 'history.next' });
    expect(t.snap().context.cancelled).toBeNull();
  });

  it('only a deposit the server says is cancellable; keeping it closes the dialog with nothing sent', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.cancel', id: PHONE.id });
    t.child.send({ type: 'history.cancel', id: 'no-such-deposit' });
    expect(t.snap().value).toEqual({ ready: 'idle' });
    t.child.send({ type: 'history.cancel', id: FLEX.id });
    t.child.send({ type: 'history.cancelKeep' });
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(t.snap().context.cancelling).toBeNull();
    expect(t.calls.inputs('cancelDeposit')).toEqual([]);
  });

  it('a refusal says why, and the row shows where the deposit is now', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.cancel', id: FLEX.id });
    t.child.send({ type: 'history.cancelConfirm' });
    t.calls.resolve('cancelDeposit', TOO_LATE);
    await settle();
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(t.snap().context.failure).toBe('DEPOSIT_STATUS.CANCEL_ALREADY_SENT');
    expect(t.snap().context.cancelled).toBeNull();
    expect(rowOf(t.snap(), FLEX.id)?.status.cancellable).toBe(false);
  });

  it('a failed call keeps the dialog open with why; trying again sends it again', async () => {
    const t = await loaded();
    t.child.send({ type: 'history.cancel', id: FLEX.id });
    t.child.send({ type: 'history.cancelConfirm' });
    t.calls.reject('cancelDeposit', TOO_MANY_REQUESTS);
    await settle();
    expect(t.snap().value).toEqual({ ready: { cancel: 'failed' } });
    expect(t.snap().context.cancelFailure).toBe('DEPOSIT_STATUS.CANCEL_TOO_MANY');
    expect(rowOf(t.snap(), FLEX.id)?.status).toEqual(FLEX.status);
    t.child.send({ type: 'history.cancelConfirm' });
    expect(t.snap().value).toEqual({ ready: { cancel: 'cancelling' } });
    expect(t.calls.inputs('cancelDeposit')).toHaveLength(2);
    t.calls.reject('cancelDeposit', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context.cancelFailure).toBe('DEPOSIT_STATUS.CANCEL_NETWORK');
    t.child.send({ type: 'history.cancelKeep' });
    expect(t.snap().value).toEqual({ ready: 'idle' });
    expect(t.snap().context).toMatchObject({ cancelling: null, cancelFailure: null });
  });
});

describe('depositHistory: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(depositHistoryMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
