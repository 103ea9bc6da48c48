// pamReturn (§2 pam variant, contract/pam.ts): the page the payment endpoint returns the payer to.
// Model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { PAM_RESULT_PARAM } from '../../contract/pam.ts';
import { NETWORK_FAILURE, PAM_RESULT, PAM_RESULT_REFUSED, pageInput, pamCompleted } from '../../fixtures/samples.ts';
import { type PamReturnEvent, pamReturnMachine } from '../../machines/pam-return.machine.ts';
import { locationOf, wizardPath } from '../../machines/pages.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
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

type Snapshot = SnapshotFrom<typeof pamReturnMachine>;

const samples = {
  'pamReturn.retry': [{ type: 'pamReturn.retry' }],
  'pamReturn.toCheckout': [{ type: 'pamReturn.toCheckout' }],
} satisfies EventSamples<PamReturnEvent>;

const input = (result: string | null) =>
  pageInput('pam_return', { signedIn: true, query: result === null ? {} : { [PAM_RESULT_PARAM]: result } });

function spec(result: string | null): ModelSpec<Snapshot> {
  return {
    // In the model there is no app to tell where to go.
    build: (calls) =>
      provideMachine(pamReturnMachine, calls.all()).provide({ actions: { toReceipt: () => {}, toCheckout: () => {} } }),
    input: input(result),
    samples: () => allSamples(samples),
    answers: { completePamDeposit: () => [pamCompleted(EMPTY_FORM)] },
    failures: { completePamDeposit: [PAM_RESULT_REFUSED, NETWORK_FAILURE] },
    project: ({ context: c }) => [c.result !== '', c.failure, c.retryable],
  };
}

describe.each([PAM_RESULT, null])('pamReturn: paths of the model (result %s)', (result) => {
  const s = spec(result);
  const graph = modelPaths(s);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(result ? 4 : 1);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(s, graph, path);
  });
});

describe('pamReturn: behaviour', () => {
  function open(result: string | null) {
    const calls = new FakeCalls();
    const t = withParent(provideMachine(pamReturnMachine, calls.all()), input(result));
    return { ...t, calls, snap: () => t.child.getSnapshot() as Snapshot };
  }

  it('hands the result to the server, then the app opens the receipt step (§4 receipt needs deposit_id)', async () => {
    const t = open(PAM_RESULT);
    expect(t.snap().value).toBe('completing');
    expect(t.calls.inputs('completePamDeposit')).toEqual([{ pam_result: PAM_RESULT }]);
    t.calls.resolve('completePamDeposit', pamCompleted(EMPTY_FORM));
    await settle();
    expect(t.snap().value).toBe('leaving');
    expect(t.received).toEqual([{ type: 'app.go', path: wizardPath('receipt') }]);
    expect(locationOf(wizardPath('receipt'))).toEqual({ kind: 'wizard', route: 'receipt' });
  });

  it('a refused result says why; trying again is pointless, so only the way back to checkout is offered', async () => {
    const t = open(PAM_RESULT);
    t.calls.reject('completePamDeposit', PAM_RESULT_REFUSED);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('ERROR.PAM_INVALID_RESULT');
    expect(t.snap().can({ type: 'pamReturn.retry' })).toBe(false);
    t.child.send({ type: 'pamReturn.toCheckout' });
    expect(t.received).toEqual([{ type: 'app.go', path: wizardPath('checkout') }]);
  });

  it('a failed call can be tried again with the same result', async () => {
    const t = open(PAM_RESULT);
    t.calls.reject('completePamDeposit', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.child.send({ type: 'pamReturn.retry' });
    expect(t.snap().value).toBe('completing');
    expect(t.snap().context.failure).toBeNull();
    expect(t.calls.inputs('completePamDeposit')).toEqual([{ pam_result: PAM_RESULT }, { pam_result: PAM_RESULT }]);
  });

  it('an address without a result calls nothing and says the payment could not be confirmed', () => {
    const t = open(null);
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('ERROR.PAM_INVALID_RESULT');
    expect(t.calls.inputs('completePamDeposit')).toEqual([]);
    expect(t.snap().can({ type: 'pamReturn.retry' })).toBe(false);
  });
});

describe('pamReturn: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(pamReturnMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
