// The checkout's one-time, recurring or roundup choice (§4 recurring, roundup, pam mode; §9 days): model-
// based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type EventObject, type SnapshotFrom } from 'xstate';
import type { FormFields, Roundup } from '../../contract/entities.ts';
import { checkoutChoicesMachine } from '../../machines/checkout-choices.machine.ts';
import type { ChoiceFields, ChoicesEvent, ChoicesInput, ChoicesNews } from '../../machines/checkout.types.ts';
import { FEES, HARRIS, RECIPIENT_FIELDS } from '../../fixtures/samples.ts';
import {
  type EventSamples,
  type ModelSpec,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  start,
  withParent,
} from './harness.ts';
import { SYSTEM } from '../../machines/system.ts';

type Snapshot = SnapshotFrom<typeof checkoutChoicesMachine>;

const OPTIONS: Roundup[] = [
  { id: -1, amount: 25, roundup_amount: 25, roundup_diff: 0, fee: 2.95, tax: 0.3, total: 28.25, free_calls: 0 },
  ...FEES.roundups,
];
const SIGNED_IN: FormFields = { ...RECIPIENT_FIELDS, logged_in: true, deposit_type: 'dest' };
const PAM = { ...HARRIS, id: 1201, pam_enabled: true };

const samples = {
  'recurring.type': [
    { type: 'recurring.type', recurringType: 'monthly' },
    { type: 'recurring.type', recurringType: 'weekly' },
    { type: 'recurring.type', recurringType: '' },
  ],
  'recurring.day': [
    { type: 'recurring.day', day: 15 },
    { type: 'recurring.day', day: 29 },
  ],
  'roundup.pick': [
    { type: 'roundup.pick', id: 1 },
    { type: 'roundup.pick', id: -1 },
    { type: 'roundup.pick', id: 7 },
  ],
  'pam.recurring': [
    { type: 'pam.recurring', biweekly: true },
    { type: 'pam.recurring', biweekly: false },
  ],
} satisfies EventSamples<ChoicesEvent>;

const news = {
  'roundups.offer': [
    { type: 'roundups.offer', options: OPTIONS },
    { type: 'roundups.offer', options: [] },
  ],
  'roundups.withdraw': [{ type: 'roundups.withdraw' }],
  'cards.available': [
    { type: 'cards.available', available: true },
    { type: 'cards.available', available: false },
  ],
} satisfies EventSamples<ChoicesNews>;

const project = ({ context: c }: Snapshot) => [c.choice, c.options.length, c.hasSavedCards];

const spec: ModelSpec<Snapshot> = {
  build: () => checkoutChoicesMachine,
  input: { fields: SIGNED_IN, facility: HARRIS } satisfies ChoicesInput,
  samples: () => [...allSamples(samples).filter((e) => e.type !== 'pam.recurring'), ...allSamples(news)],
  answers: {},
  failures: {},
  project,
};

/** A reload with a roundup picked before: it stands while offered. */
const keptSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: {
    fields: { ...SIGNED_IN, roundups: true, selected_roundup: { ...OPTIONS[1]!, total: undefined } as never },
    facility: HARRIS,
  } satisfies ChoicesInput,
  samples: () => allSamples(news),
};

/** A reload with a monthly recurring deposit chosen before. */
const recurringSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: {
    fields: { ...SIGNED_IN, recurring_type: 'monthly', recurring_increment: 15 },
    facility: HARRIS,
  } satisfies ChoicesInput,
  samples: () => [...samples['recurring.type'], ...news['cards.available']],
};

const pamSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: { fields: SIGNED_IN, facility: PAM } satisfies ChoicesInput,
  samples: () => samples['pam.recurring'],
};

describe('checkout choices: paths of the model', () => {
  for (const [name, model] of [
    ['card', spec],
    ['kept roundup', keptSpec],
    ['kept recurring', recurringSpec],
    ['pam', pamSpec],
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

// ---------------------------------------------------------------- behaviour

function setup(input: ChoicesInput = { fields: SIGNED_IN, facility: HARRIS }) {
  const { child, received } = withParent(checkoutChoicesMachine, input, undefined, { parent: SYSTEM.checkout });
  const snap = () => child.getSnapshot() as Snapshot;
  const choice = () =>
    received.filter((e): e is EventObject & { choice: ChoiceFields } => e.type === 'choices.report').at(-1)?.choice;
  return { choices: child as AnyActorRef, snap, choice };
}

describe('checkout choices (§4)', () => {
  it('a guest, or a payer without saved cards, is not offered recurring', () => {
    const guest = setup({ fields: RECIPIENT_FIELDS, facility: HARRIS });
    guest.choices.send({ type: 'cards.available', available: true });
    guest.choices.send({ type: 'recurring.type', recurringType: 'monthly' });
    expect(guest.choice()).toMatchObject({ recurring_type: '' });
    const noCards = setup();
    noCards.choices.send({ type: 'recurring.type', recurringType: 'monthly' });
    expect(noCards.snap().matches({ card: 'oneTime' })).toBe(true);
  });

  it('§4/§9 recurring: monthly needs a day 1-28; picking it selects "No thanks"; one-time empties it', () => {
    const t = setup();
    t.choices.send({ type: 'cards.available', available: true });
    t.choices.send({ type: 'roundups.offer', options: OPTIONS });
    t.choices.send({ type: 'roundup.pick', id: 1 });
    expect(t.choice()).toMatchObject({ roundups: true, selected_roundup: { id: 1, roundup_amount: 30 } });
    t.choices.send({ type: 'recurring.type', recurringType: 'monthly' });
    expect(t.choice()).toEqual({
      recurring_type: 'monthly',
      recurring_increment: null,
      roundups: false,
      selected_roundup: null,
      pamRecurring: false,
    });
    t.choices.send({ type: 'recurring.day', day: 29 });
    t.choices.send({ type: 'recurring.day', day: 0 });
    expect(t.choice()?.recurring_increment).toBeNull();
    t.choices.send({ type: 'recurring.day', day: 28 });
    expect(t.choice()?.recurring_increment).toBe(28);
    // §4: roundups are for one-time payments only.
    t.choices.send({ type: 'roundup.pick', id: 1 });
    expect(t.choice()?.roundups).toBe(false);
    t.choices.send({ type: 'recurring.type', recurringType: '' });
    expect(t.choice()).toMatchObject({ recurring_type: '', recurring_increment: null });
  });

  it('§9 weekly days are 0-6', () => {
    const t = setup();
    t.choices.send({ type: 'cards.available', available: true });
    t.choices.send({ type: 'recurring.type', recurringType: 'weekly' });
    t.choices.send({ type: 'recurring.day', day: 7 });
    expect(t.choice()?.recurring_increment).toBeNull();
    t.choices.send({ type: 'recurring.day', day: 0 });
    expect(t.choice()?.recurring_increment).toBe(0);
  });

  it('§4 roundup: an offered option is picked; "No thanks" restores; a new amount undoes it', () => {
    const t = setup();
    t.choices.send({ type: 'roundup.pick', id: 1 });
    expect(t.snap().matches({ card: 'oneTime' })).toBe(true);
    t.choices.send({ type: 'roundups.offer', options: OPTIONS });
    t.choices.send({ type: 'roundup.pick', id: 7 });
    expect(t.snap().matches({ card: 'oneTime' })).toBe(true);
    t.choices.send({ type: 'roundup.pick', id: 1 });
    expect(t.snap().matches({ card: 'roundedUp' })).toBe(true);
    t.choices.send({ type: 'roundup.pick', id: -1 });
    expect(t.choice()).toMatchObject({ roundups: false, selected_roundup: null });
    t.choices.send({ type: 'roundup.pick', id: 1 });
    t.choices.send({ type: 'roundups.withdraw' });
    expect(t.choice()).toMatchObject({ roundups: false, selected_roundup: null });
    expect(t.snap().context.options).toEqual([]);
  });

  it('a pick kept from before stands only while its option is still offered', () => {
    const kept = {
      ...SIGNED_IN,
      roundups: true,
      selected_roundup: { id: 1, amount: 25, roundup_amount: 30, roundup_diff: 5, fee: 2, tax: 0 },
    };
    const t = setup({ fields: kept, facility: HARRIS });
    expect(t.snap().matches({ card: 'roundedUp' })).toBe(true);
    t.choices.send({ type: 'roundups.offer', options: OPTIONS });
    expect(t.choice()?.selected_roundup).toMatchObject({ id: 1, fee: 2.95 });
    const gone = setup({ fields: kept, facility: HARRIS });
    gone.choices.send({ type: 'roundups.offer', options: [] });
    expect(gone.choice()).toMatchObject({ roundups: false, selected_roundup: null });
  });

  it('§4 pam mode: bi-weekly for a signed-in payer, not for bail', () => {
    const t = setup({ fields: SIGNED_IN, facility: PAM });
    t.choices.send({ type: 'pam.recurring', biweekly: true });
    expect(t.choice()?.pamRecurring).toBe(true);
    t.choices.send({ type: 'pam.recurring', biweekly: false });
    expect(t.choice()?.pamRecurring).toBe(false);
    const bail = setup({ fields: { ...SIGNED_IN, deposit_type: 'bail' }, facility: PAM });
    bail.choices.send({ type: 'pam.recurring', biweekly: true });
    expect(bail.choice()?.pamRecurring).toBe(false);
    // Not at a facility without pam.
    const card = start(checkoutChoicesMachine, { fields: SIGNED_IN, facility: HARRIS });
    card.send({ type: 'pam.recurring', biweekly: true });
    expect((card.getSnapshot() as Snapshot).context.choice.pamRecurring).toBe(false);
    card.stop();
  });
});

describe('checkout choices: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutChoicesMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
