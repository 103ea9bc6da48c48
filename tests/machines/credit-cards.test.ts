// creditCards (§2 /account/credit_cards, §8 failed removal): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type CreditCardsEvent, creditCardsMachine } from '../../machines/credit-cards.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, SAVED_CARDS, pageInput } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof creditCardsMachine>;

const samples = {
  'cards.remove': [
    { type: 'cards.remove', id: 1 },
    { type: 'cards.remove', id: 99 },
  ],
  'cards.confirm': [{ type: 'cards.confirm' }],
  'cards.cancel': [{ type: 'cards.cancel' }],
  'cards.retry': [{ type: 'cards.retry' }],
} satisfies EventSamples<CreditCardsEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(creditCardsMachine, calls.all()),
  input: pageInput('credit_cards', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadSavedCards: () => [{ credit_cards: SAVED_CARDS }],
    removeSavedCard: () => [
      { success: true, errors: {} },
      { success: false, errors: { form: 'ERROR.ERROR_DELETING_CARD' } },
    ],
  },
  failures: { loadSavedCards: [NETWORK_FAILURE], removeSavedCard: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.cards.length, c.chosen?.id, c.removed?.id, c.failure],
};

describe('creditCards: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(5);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('creditCards: behaviour', () => {
  async function loaded() {
    const calls = new FakeCalls();
    const actor = start(provideMachine(creditCardsMachine, calls.all()), pageInput('credit_cards'));
    calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('removes a card only after the confirmation, by its id', async () => {
    const t = await loaded();
    t.actor.send({ type: 'cards.remove', id: 2 });
    expect(t.snap().value).toBe('confirming');
    expect(t.calls.inputs('removeSavedCard')).toEqual([]);
    t.actor.send({ type: 'cards.confirm' });
    expect(t.calls.inputs('removeSavedCard')).toEqual([{ id: 2 }]);
    t.calls.resolve('removeSavedCard', { success: true, errors: {} });
    await settle();
    expect(t.snap().context.cards.map((c) => c.id)).toEqual([1]);
    expect(t.snap().context.removed?.id).toBe(2);
  });

  it('§8: a refused or failed removal closes the dialog, keeps the card and shows the error flag', async () => {
    for (const answer of ['refused', 'failed'] as const) {
      const t = await loaded();
      t.actor.send({ type: 'cards.remove', id: 1 });
      t.actor.send({ type: 'cards.confirm' });
      if (answer === 'refused') t.calls.resolve('removeSavedCard', { success: false, errors: {} });
      else t.calls.reject('removeSavedCard', NETWORK_FAILURE);
      await settle();
      expect(t.snap().value).toBe('ready');
      expect(t.snap().context.chosen).toBeNull();
      expect(t.snap().context.cards).toHaveLength(2);
      expect(t.snap().context.failure).toBe('ERROR.ERROR_DELETING_CARD');
    }
  });
});

describe('creditCards: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(creditCardsMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
