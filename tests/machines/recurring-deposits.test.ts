// recurringDeposits (§2 /account/recurring_deposits, §9 order, §8 failed cancellation): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type RecurringDepositsEvent, recurringDepositsMachine } from '../../machines/recurring-deposits.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, RECURRING_DEPOSITS, pageInput } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof recurringDepositsMachine>;

const samples = {
  'recurring.cancel': [
    { type: 'recurring.cancel', id: 9001, isPam: true },
    { type: 'recurring.cancel', id: 9001, isPam: false },
  ],
  'recurring.confirm': [{ type: 'recurring.confirm' }],
  'recurring.keep': [{ type: 'recurring.keep' }],
  'recurring.retry': [{ type: 'recurring.retry' }],
} satisfies EventSamples<RecurringDepositsEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(recurringDepositsMachine, calls.all()),
  input: pageInput('recurring_deposits', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadRecurringDeposits: () => [RECURRING_DEPOSITS],
    cancelRecurringDeposit: () => [
      { success: true, errors: {} },
      { success: false, errors: { form: 'ERROR.ERROR_DELETING_DEPOSIT' } },
    ],
  },
  failures: { loadRecurringDeposits: [NETWORK_FAILURE], cancelRecurringDeposit: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.deposits.length, c.chosen?.id, c.cancelled?.id, c.failure],
};

describe('recurringDeposits: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(5);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('recurringDeposits: behaviour', () => {
  async function loaded() {
    const calls = new FakeCalls();
    const actor = start(provideMachine(recurringDepositsMachine, calls.all()), pageInput('recurring_deposits'));
    calls.resolve('loadRecurringDeposits', RECURRING_DEPOSITS);
    await settle();
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('§9: lists pam and other recurring deposits together, by amount, largest first', async () => {
    const t = await loaded();
    expect(t.snap().context.deposits.map((d) => d.amount)).toEqual([75, 50, 25]);
  });

  it('cancels only after the confirmation, naming the pam deposit as pam', async () => {
    const t = await loaded();
    t.actor.send({ type: 'recurring.cancel', id: 9001, isPam: true });
    expect(t.snap().value).toBe('confirming');
    t.actor.send({ type: 'recurring.confirm' });
    expect(t.calls.inputs('cancelRecurringDeposit')).toEqual([{ deposit: RECURRING_DEPOSITS[2] }]);
    t.calls.resolve('cancelRecurringDeposit', { success: true, errors: {} });
    await settle();
    expect(t.snap().context.deposits.map((d) => d.id)).toEqual([601, 602]);
    expect(t.snap().context.cancelled?.id).toBe(9001);
  });

  it('§8: a failed cancellation closes the dialog and shows ERROR_DELETING_DEPOSIT', async () => {
    const t = await loaded();
    t.actor.send({ type: 'recurring.cancel', id: 601, isPam: false });
    t.actor.send({ type: 'recurring.confirm' });
    t.calls.reject('cancelRecurringDeposit', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.chosen).toBeNull();
    expect(t.snap().context.deposits).toHaveLength(3);
    expect(t.snap().context.failure).toBe('ERROR.ERROR_DELETING_DEPOSIT');
  });
});

describe('recurringDeposits: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(recurringDepositsMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
