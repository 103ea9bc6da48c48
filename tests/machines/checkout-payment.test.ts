// The checkout's payment method (§4 card choice): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import { checkoutPaymentMachine } from '../../machines/checkout-payment.machine.ts';
import type { PaymentEvent, PaymentInput, PaymentReport } from '../../machines/checkout.types.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, SAVED_CARDS } from '../../fixtures/samples.ts';
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
import { SYSTEM } from '../../machines/system.ts';

type Snapshot = SnapshotFrom<typeof checkoutPaymentMachine>;

const samples = {
  'card.choose': [
    { type: 'card.choose', savedCardId: 1 },
    { type: 'card.choose', savedCardId: 2 },
    { type: 'card.choose', savedCardId: null },
  ],
  'savedCards.retry': [{ type: 'savedCards.retry' }],
} satisfies EventSamples<PaymentEvent>;

const build = (calls: FakeCalls) => provideMachine(checkoutPaymentMachine, calls.all());

const spec: ModelSpec<Snapshot> = {
  build,
  input: { signedIn: true, savedCardId: null } satisfies PaymentInput,
  samples: () => allSamples(samples),
  answers: { loadSavedCards: () => [{ credit_cards: SAVED_CARDS }, { credit_cards: [] }] },
  failures: { loadSavedCards: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.savedCards.length, c.savedCardId],
};

const guestSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: { signedIn: false, savedCardId: null } satisfies PaymentInput,
};

describe('checkout payment: paths of the model', () => {
  for (const [name, model] of [
    ['signed in', spec],
    ['guest', guestSpec],
  ] as const) {
    const graph = modelPaths(model);
    it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))(
      `${name} path %i: %s`,
      async (_i, _d, path) => {
        await replayPath(model, graph, path);
      },
    );
  }
});

function setup(input: PaymentInput) {
  const calls = new FakeCalls();
  const { child, received } = withParent(build(calls), input, undefined, { parent: SYSTEM.checkout });
  const snap = () => child.getSnapshot() as Snapshot;
  const report = () =>
    received.filter((e): e is EventObject & { report: PaymentReport } => e.type === 'payment.report').at(-1)?.report;
  return { calls, payment: child as AnyActorRef, snap, report };
}

describe('checkout payment (§4 card choice)', () => {
  it('a guest has no saved cards and cannot choose one', () => {
    const t = setup({ signedIn: false, savedCardId: null });
    expect(t.snap().matches('none')).toBe(true);
    t.payment.send({ type: 'card.choose', savedCardId: 1 });
    expect(t.report()).toEqual({ saved_card_id: null, chosenIsValid: false, hasSavedCards: false });
    expect(t.calls.log).toEqual([]);
  });

  it('a signed-in payer\u2019s cards load; an expired one cannot be chosen, a good one can', async () => {
    const t = setup({ signedIn: true, savedCardId: null });
    expect(t.snap().hasTag('busy')).toBe(true);
    t.calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    expect(t.report()).toMatchObject({ hasSavedCards: true });
    t.payment.send({ type: 'card.choose', savedCardId: 2 });
    expect(t.snap().context.savedCardId).toBeNull();
    t.payment.send({ type: 'card.choose', savedCardId: 1 });
    expect(t.report()).toEqual({ saved_card_id: 1, chosenIsValid: true, hasSavedCards: true });
    t.payment.send({ type: 'card.choose', savedCardId: null });
    expect(t.report()).toMatchObject({ saved_card_id: null });
  });

  it('saved cards that fail to load leave the new card; retry loads them again', async () => {
    const t = setup({ signedIn: true, savedCardId: null });
    t.calls.reject('loadSavedCards', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches('failed')).toBe(true);
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.payment.send({ type: 'savedCards.retry' });
    expect(t.snap().matches('loading')).toBe(true);
  });
});

describe('checkout payment: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutPaymentMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
