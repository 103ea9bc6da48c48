// depositStatus (docs/decisions/0048: the receipt's status tracker): model-based paths, behaviour,
// coverage. It asks where the deposit is, asks again when the server says a step may have come, stops
// once posted or refunded, and keeps the last status known when a call fails.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import type { DepositStatus } from '../../contract/deposit-status.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import {
  type DepositStatusEvent,
  STATUS_RETRY_MS,
  depositStatusMachine,
} from '../../machines/deposit-status.machine.ts';
import { DEPOSIT_STATUS_ID, receiptFlowMachine } from '../../machines/receipt.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, RECEIPT, sampleDepositStatus } from '../../fixtures/samples.ts';
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

const samples = {
  'status.check': [{ type: 'status.check' }],
} satisfies EventSamples<DepositStatusEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(depositStatusMachine, calls.all()),
  input: { depositId: ID },
  samples: () => allSamples(samples),
  answers: {
    loadDepositStatus: () => [answer('submitted'), answer('posted'), answer('refused'), answer('refunded')],
  },
  failures: { loadDepositStatus: [NETWORK_FAILURE, NOT_FOUND, UNEXPECTED] },
  project: ({ context: c }) => [c.info?.status ?? null, c.failure],
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
    t.calls.resolve('loadDepositStatus', { ...answer('refused'), check_again_seconds: 3_600 });
    await settle();
    t.clock.increment(60_000);
    expect(t.snap().value).toBe('loading');
  });

  it('asks at once when the payer asks; a refund ends the questions', async () => {
    const t = run();
    t.calls.resolve('loadDepositStatus', answer('refused'));
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

describe('depositStatus: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(depositStatusMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
