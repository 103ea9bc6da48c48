// depositStatus (docs/decisions/0048, 0049: the receipt's status tracker): model-based paths, behaviour,
// coverage. It asks where the deposit is, asks again when the server says a step may have come, stops
// once the status is final, and keeps the last status known when a call fails. A deposit not yet sent
// can be cancelled after a confirmation; the answer's status is shown, a refusal says why, and a failed
// call can be tried again.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import type { DepositStatus, DepositStatusInfo } from '../../contract/deposit-status.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import {
  CANCEL_DONE,
  type DepositStatusEvent,
  STATUS_RETRY_MS,
  cancelFailureOf,
  cancelOutcomeOf,
  depositStatusMachine,
} from '../../machines/deposit-status.machine.ts';
import { DEPOSIT_STATUS_ID, receiptFlowMachine } from '../../machines/receipt.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  NETWORK_FAILURE,
  RECEIPT,
  TOO_MANY_REQUESTS,
  depositCancelAnswer,
  sampleDepositStatus,
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
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof depositStatusMachine>;

const ID = RECEIPT.deposit_id;
const AT = '2026-11-22T12:00:00.000Z';
const answer = (status: DepositStatus) => sampleDepositStatus(ID, AT, status);
const NOT_FOUND: CallFailure = { status: 404, code: 'ERROR.NOT_FOUND', errors: { form: 'ERROR.NOT_FOUND' } };
const UNEXPECTED: CallFailure = { status: 500, code: 'ERROR.UNEXPECTED', errors: { form: 'ERROR.UNEXPECTED' } };

/** Held on the card, not yet sent: the payer may cancel it. */
const HELD = answer('submitted');
/** Held and sent to the facility: too late to cancel. */
const SENT: DepositStatusInfo = { ...HELD, cancellable: false };
/** Taken at payment (pam) and refused: a refund is to come, so it is asked again. */
const REFUSED_TAKEN: DepositStatusInfo = {
  ...answer('refused'),
  charged: true,
  expected_at: '2026-11-22T12:10:00.000Z',
  check_again_seconds: 60,
};
const CANCELLED = depositCancelAnswer(answer('cancelled'));
const TOO_LATE_SENT = depositCancelAnswer(SENT, 'ALREADY_SENT');
const TOO_LATE_POSTED = depositCancelAnswer(answer('posted'), 'ALREADY_POSTED');
const TOO_LATE_ENDED = depositCancelAnswer(answer('refused'), 'ALREADY_ENDED');
/** An earlier request of the payer's cancelled it; its answer was lost. */
const CANCELLED_BEFORE = depositCancelAnswer(answer('cancelled'), 'ALREADY_ENDED');

const samples = {
  'status.check': [{ type: 'status.check' }],
  'status.cancel': [{ type: 'status.cancel' }],
  'status.cancelConfirm': [{ type: 'status.cancelConfirm' }],
  'status.cancelKeep': [{ type: 'status.cancelKeep' }],
} satisfies EventSamples<DepositStatusEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(depositStatusMachine, calls.all()),
  input: { depositId: ID },
  samples: () => allSamples(samples),
  answers: {
    loadDepositStatus: () => [HELD, SENT, answer('posted'), answer('refused'), REFUSED_TAKEN, answer('refunded')],
    cancelDeposit: () => [CANCELLED, TOO_LATE_SENT, TOO_LATE_POSTED, CANCELLED_BEFORE],
  },
  failures: {
    loadDepositStatus: [NETWORK_FAILURE, NOT_FOUND, UNEXPECTED],
    cancelDeposit: [NETWORK_FAILURE, TOO_MANY_REQUESTS],
  },
  project: ({ context: c }) => [
    c.info?.status ?? null,
    c.info?.cancellable ?? null,
    c.info?.charged ?? null,
    c.failure,
    c.cancelOutcome,
    c.cancelFailure,
  ],
  delays: { statusCheckAgain: 60_000, statusRetry: STATUS_RETRY_MS },
};

describe('depositStatus: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(8);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('depositStatus: behaviour', () => {
  function run() {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const actor = start(provideMachine(depositStatusMachine, calls.all()), { depositId: ID }, clock);
    return { calls, clock, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('asks for the deposit of the receipt, and again when the server says the next step may have come', async () => {
    const t = run();
    expect(t.snap().value).toBe('loading');
    expect(t.calls.inputs('loadDepositStatus')).toEqual([{ depositId: ID }]);
    t.calls.resolve('loadDepositStatus', { ...answer('submitted'), check_again_seconds: 7 });
    await settle();
    expect(t.snap().value).toBe('waiting');
    t.clock.increment(6_999);
    expect(t.snap().value).toBe('waiting');
    t.clock.increment(1);
    expect(t.snap().value).toBe('loading');
    t.calls.resolve('loadDepositStatus', answer('posted'));
    await settle();
    expect(t.snap().value).toBe('settled');
    expect(t.snap().context.info?.status).toBe('posted');
    // Final: no more questions, however long the receipt stays open.
    t.clock.increment(24 * 3_600_000);
    expect(t.calls.inputs('loadDepositStatus')).toHaveLength(2);
  });

  it('waits at most a minute between two questions, whatever the server says', async () => {
    const t = run();
    t.calls.resolve('loadDepositStatus', { ...REFUSED_TAKEN, check_again_seconds: 3_600 });
    await settle();
    t.clock.increment(60_000);
    expect(t.snap().value).toBe('loading');
  });

  it('asks at once when the payer asks; a refund ends the questions', async () => {
    const t = run();
    t.calls.resolve('loadDepositStatus', REFUSED_TAKEN);
    await settle();
    t.actor.send({ type: 'status.check' });
    expect(t.snap().value).toBe('loading');
    t.calls.resolve('loadDepositStatus', answer('refunded'));
    await settle();
    expect(t.snap().value).toBe('settled');
    t.actor.send({ type: 'status.check' });
    expect(t.snap().value).toBe('settled');
  });

  it('keeps the last status known when a call fails, says so, and tries again by itself', async () => {
    const t = run();
    t.calls.resolve('loadDepositStatus', answer('submitted'));
    await settle();
    t.actor.send({ type: 'status.check' });
    t.calls.reject('loadDepositStatus', NOT_FOUND);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('DEPOSIT_STATUS.FAILED');
    expect(t.snap().context.info?.status).toBe('submitted');
    t.clock.increment(STATUS_RETRY_MS);
    expect(t.snap().value).toBe('loading');
    t.calls.resolve('loadDepositStatus', answer('posted'));
    await settle();
    expect(t.snap().context.failure).toBeNull();
  });

  it('a refusal with the hold released, and a cancelled deposit, are final: nothing more to ask', async () => {
    for (const status of ['refused', 'cancelled'] as const) {
      const t = run();
      t.calls.resolve('loadDepositStatus', answer(status));
      await settle();
      expect(t.snap().value).toBe('settled');
      t.clock.increment(24 * 3_600_000);
      expect(t.calls.inputs('loadDepositStatus')).toHaveLength(1);
    }
  });

  it('runs beside the receipt flow for the deposit on the receipt', () => {
    const calls = new FakeCalls();
    const flow = start(provideMachine(receiptFlowMachine, calls.all()), {
      fields: { cached_deposit_info: RECEIPT, logged_in: true },
    });
    const child = flow.getSnapshot().children[DEPOSIT_STATUS_ID];
    expect(child?.getSnapshot().value).toBe('loading');
    expect(calls.inputs('loadDepositStatus')).toEqual([{ depositId: ID }]);
  });
});

describe('depositStatus: cancelling (docs/decisions/0049)', () => {
  async function held(info: DepositStatusInfo = HELD) {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const actor = start(provideMachine(depositStatusMachine, calls.all()), { depositId: ID }, clock);
    calls.resolve('loadDepositStatus', info);
    await settle();
    return { calls, clock, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('asks to confirm first; the confirmation cancels the deposit on the receipt and shows the answer', async () => {
    const t = await held();
    t.actor.send({ type: 'status.cancel' });
    expect(t.snap().value).toBe('confirming');
    expect(t.snap().hasTag('dialog')).toBe(true);
    expect(t.calls.inputs('cancelDeposit')).toEqual([]);
    // No question while the dialog is open.
    t.clock.increment(3_600_000);
    expect(t.calls.inputs('loadDepositStatus')).toHaveLength(1);
    t.actor.send({ type: 'status.cancelConfirm' });
    expect(t.snap().value).toBe('cancelling');
    expect(t.calls.inputs('cancelDeposit')).toEqual([{ depositId: ID }]);
    t.calls.resolve('cancelDeposit', CANCELLED);
    await settle();
    expect(t.snap().value).toBe('settled');
    expect(t.snap().context).toMatchObject({ cancelOutcome: CANCEL_DONE, cancelFailure: null });
    expect(t.snap().context.info?.status).toBe('cancelled');
    expect(t.snap().can({ type: 'status.cancel' })).toBe(false);
  });

  it('keeping the deposit closes the dialog and asks where it is now', async () => {
    const t = await held();
    t.actor.send({ type: 'status.cancel' });
    t.actor.send({ type: 'status.cancelKeep' });
    expect(t.snap().value).toBe('loading');
    expect(t.calls.inputs('cancelDeposit')).toEqual([]);
    expect(t.calls.inputs('loadDepositStatus')).toHaveLength(2);
  });

  it('is offered only while the server says the deposit can be cancelled', async () => {
    for (const info of [SENT, answer('posted'), REFUSED_TAKEN]) {
      const t = await held(info);
      t.actor.send({ type: 'status.cancel' });
      expect(t.snap().value).not.toBe('confirming');
    }
    // While a question is under way, the last answer still holds.
    const t = await held();
    t.actor.send({ type: 'status.check' });
    expect(t.snap().value).toBe('loading');
    t.actor.send({ type: 'status.cancel' });
    expect(t.snap().value).toBe('confirming');
    // And after a failed question.
    const f = await held();
    f.actor.send({ type: 'status.check' });
    f.calls.reject('loadDepositStatus', NETWORK_FAILURE);
    await settle();
    f.actor.send({ type: 'status.cancel' });
    expect(f.snap().value).toBe('confirming');
  });

  it('a refusal says why and shows the status the server answered with', async () => {
    const cases = [
      { answer: TOO_LATE_SENT, outcome: 'DEPOSIT_STATUS.CANCEL_ALREADY_SENT', value: 'waiting' },
      { answer: TOO_LATE_POSTED, outcome: 'DEPOSIT_STATUS.CANCEL_ALREADY_POSTED', value: 'settled' },
      { answer: TOO_LATE_ENDED, outcome: 'DEPOSIT_STATUS.CANCEL_ALREADY_ENDED', value: 'settled' },
    ];
    for (const c of cases) {
      const t = await held();
      t.actor.send({ type: 'status.cancel' });
      t.actor.send({ type: 'status.cancelConfirm' });
      t.calls.resolve('cancelDeposit', c.answer);
      await settle();
      expect(t.snap().value).toBe(c.value);
      expect(t.snap().context.cancelOutcome).toBe(c.outcome);
      expect(t.snap().context.info).toEqual(c.answer.status);
    }
  });

  it('a failed call keeps the dialog, says why, and can be tried again; a lost answer is found cancelled', async () => {
    const t = await held();
    t.actor.send({ type: 'status.cancel' });
    t.actor.send({ type: 'status.cancelConfirm' });
    t.calls.reject('cancelDeposit', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('cancelFailed');
    expect(t.snap().hasTag('dialog')).toBe(true);
    expect(t.snap().context.cancelFailure).toBe('DEPOSIT_STATUS.CANCEL_NETWORK');
    // Nothing the tracker knew is lost.
    expect(t.snap().context.info).toEqual(HELD);
    t.actor.send({ type: 'status.cancelConfirm' });
    expect(t.snap().value).toBe('cancelling');
    // The first request had gone through: the server finds it cancelled already.
    t.calls.resolve('cancelDeposit', CANCELLED_BEFORE);
    await settle();
    expect(t.snap().value).toBe('settled');
    expect(t.snap().context.cancelOutcome).toBe(CANCEL_DONE);
  });

  it('too many attempts: the dialog says so; closing it asks where the deposit is', async () => {
    const t = await held();
    t.actor.send({ type: 'status.cancel' });
    t.actor.send({ type: 'status.cancelConfirm' });
    t.calls.reject('cancelDeposit', TOO_MANY_REQUESTS);
    await settle();
    expect(t.snap().context.cancelFailure).toBe('DEPOSIT_STATUS.CANCEL_TOO_MANY');
    t.actor.send({ type: 'status.cancelKeep' });
    expect(t.snap().value).toBe('loading');
    expect(t.snap().context.cancelFailure).toBeNull();
  });

  it('the words of each answer and failure', () => {
    expect(cancelOutcomeOf(CANCELLED)).toBe(CANCEL_DONE);
    expect(cancelOutcomeOf({ ...TOO_LATE_SENT, refusal: null })).toBe('DEPOSIT_STATUS.CANCEL_FAILED');
    expect(cancelFailureOf(NETWORK_FAILURE)).toBe('DEPOSIT_STATUS.CANCEL_NETWORK');
    expect(cancelFailureOf({ ...NETWORK_FAILURE, code: 'ERROR.TIMEOUT' })).toBe('DEPOSIT_STATUS.CANCEL_NETWORK');
    expect(cancelFailureOf(TOO_MANY_REQUESTS)).toBe('DEPOSIT_STATUS.CANCEL_TOO_MANY');
    expect(cancelFailureOf(NOT_FOUND)).toBe('DEPOSIT_STATUS.CANCEL_FAILED');
    expect(cancelFailureOf(new Error('boom'))).toBe('DEPOSIT_STATUS.CANCEL_FAILED');
  });
});

describe('depositStatus: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(depositStatusMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
