// checkout (§2 checkout, §4 amounts / card choice / outcomes, §5, §7, §8): model-based paths,
// behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type SnapshotFrom, SimulatedClock } from 'xstate';
import { DEFAULT_DEPOSIT, DELAYS, OTHER_PRESET_ID } from '../../contract/constants.ts';
import type { FormFields } from '../../contract/entities.ts';
import { collectErrors, newCardSchema } from '../../contract/schemas.ts';
import {
  EMPTY_CARD,
  FEES_PENDING,
  checkoutErrors,
  checkoutMachine,
  checkoutTotals,
  feesStateOf,
  limitsStateOf,
} from '../../machines/checkout.machine.ts';
import { provideCheckout } from '../../machines/provide-actors.ts';
import type { CheckoutEvent, CheckoutInput } from '../../machines/wizard.types.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import {
  CARD_REJECTED,
  CN_FOUND,
  CN_FRAUD,
  CN_NOT_FOUND,
  COOK,
  DUPAGE,
  MAXED_OUT_FIELDS,
  UW_TRUST_FIELDS,
  FEES,
  HARRIS,
  NETWORK_FAILURE,
  RECIPIENT_FIELDS,
  SAVED_CARDS,
  TOKEN,
  TRAVIS,
  VALID_BILLING,
  VALID_CARD,
  depositError,
  depositSuccess,
  depositWarning,
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
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/** §4/§8 FIELD_NO_TRUST: the billing state may not make trust deposits. */
function trustMismatch(fields: FormFields) {
  return { ...depositError(fields), error: 'FIELD_NO_TRUST', errors: { billing_state: 'ERROR.FIELD_NO_TRUST' } };
}

const input: CheckoutInput = { fields: RECIPIENT_FIELDS, facility: HARRIS };

const samples = {
  'amount.preset': [
    { type: 'amount.preset', id: '25' },
    { type: 'amount.preset', id: 'other' },
    { type: 'amount.preset', id: '300' },
  ],
  'amount.other': [
    { type: 'amount.other', text: '' },
    { type: 'amount.other', text: '5' },
    { type: 'amount.other', text: '30' },
  ],
  'checkout.change': [
    { type: 'checkout.change', fields: VALID_BILLING },
    { type: 'checkout.change', fields: { terms_1: false } },
  ],
  'card.change': [{ type: 'card.change', card: VALID_CARD }],
  'checkout.submit': [{ type: 'checkout.submit' }],
  'checkout.confirmDuplicate': [{ type: 'checkout.confirmDuplicate' }],
  'checkout.dismiss': [{ type: 'checkout.dismiss' }],
  'checkout.changeType': [{ type: 'checkout.changeType' }],
  'checkout.acknowledgeFees': [
    { type: 'checkout.acknowledgeFees', value: true },
    { type: 'checkout.acknowledgeFees', value: false },
  ],
  'pam.recurring': [
    { type: 'pam.recurring', biweekly: true },
    { type: 'pam.recurring', biweekly: false },
  ],
  'fees.retry': [{ type: 'fees.retry' }],
  'limits.retry': [{ type: 'limits.retry' }],
  'card.choose': [
    { type: 'card.choose', savedCardId: 1 },
    { type: 'card.choose', savedCardId: null },
  ],
  'card.savedCvc': [{ type: 'card.savedCvc', cvc: '123' }],
  'savedCards.retry': [{ type: 'savedCards.retry' }],
  'recurring.type': [
    { type: 'recurring.type', recurringType: 'monthly' },
    { type: 'recurring.type', recurringType: '' },
  ],
  'recurring.day': [{ type: 'recurring.day', day: 15 }],
  'roundup.pick': [
    { type: 'roundup.pick', id: 1 },
    { type: 'roundup.pick', id: -1 },
  ],
} satisfies EventSamples<CheckoutEvent>;

/** The events of a signed-in payer's choices (§4 card choice, recurring, roundup). */
const CHOICE_EVENTS: readonly string[] = [
  'checkout.acknowledgeFees',
  'pam.recurring',
  'card.choose',
  'card.savedCvc',
  'savedCards.retry',
  'recurring.type',
  'recurring.day',
  'roundup.pick',
];

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input,
  // A guest: the choices of a signed-in payer are covered by signedInSpec below.
  samples: () => allSamples(samples).filter((e) => !CHOICE_EVENTS.includes(e.type)),
  answers: {
    saveAmount: ({ context }) => [
      saveAnswer(context.fields),
      saveAnswer(context.fields, { deposit_amount: 'ERROR.DEPOSIT_MAX' }),
    ],
    getFees: () => [FEES],
    tokenizeCard: () => [TOKEN],
    saveCheckout: ({ context }) => [
      saveAnswer(context.fields),
      saveAnswer(context.fields, { billing_zip: 'VALIDATION.INVALID_ZIPCODE' }),
    ],
    processDeposit: ({ context }) => [
      depositSuccess(context.fields),
      depositWarning(context.fields),
      depositError(context.fields),
      trustMismatch(context.fields),
    ],
  },
  failures: {
    saveAmount: [NETWORK_FAILURE],
    getFees: [NETWORK_FAILURE],
    tokenizeCard: [CARD_REJECTED, NETWORK_FAILURE],
    saveCheckout: [NETWORK_FAILURE],
    processDeposit: [NETWORK_FAILURE],
  },
  // What the guards read: the amount, whether fees are known, whether card, billing, contact and
  // terms validate; and the outcome flags the screen shows.
  project: ({ context: c }) => [
    c.fields.deposit_amount_id,
    c.fields.deposit_amount,
    c.otherAmount,
    c.fee !== null,
    // One flag per sample that fixes a part: merging them would drop the snapshot that carries it.
    !Object.keys(checkoutErrors(c)).some((k) => k.startsWith('credit_card')),
    !Object.keys(checkoutErrors(c)).some((k) => k !== 'deposit_amount' && !k.startsWith('credit_card')),
    c.showErrors,
    c.outcome.errorKey !== null,
    c.outcome.warningKey !== null,
    c.confirmDuplicate,
  ],
  limit: 50_000,
};

/**
 * A signed-in payer with saved cards: the saved-cards region, the saved card's vault call, recurring
 * and roundups. The new-card and outcome paths are the guest model's; here the card is saved.
 */
const signedInSpec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input: { ...input, fields: { ...RECIPIENT_FIELDS, logged_in: true, ...VALID_BILLING } },
  samples: () =>
    allSamples(samples).filter(
      (e) =>
        CHOICE_EVENTS.includes(e.type) ||
        e.type === 'checkout.submit' ||
        (e.type === 'amount.preset' && (e as { id?: string }).id === '25'),
    ),
  answers: {
    loadSavedCards: () => [{ credit_cards: SAVED_CARDS }],
    saveAmount: ({ context }) => [saveAnswer(context.fields)],
    getFees: () => [FEES],
    tokenizeSavedCard: () => [TOKEN],
    saveCheckout: ({ context }) => [saveAnswer(context.fields)],
    processDeposit: ({ context }) => [depositSuccess(context.fields)],
  },
  failures: {
    loadSavedCards: [NETWORK_FAILURE],
    tokenizeSavedCard: [CARD_REJECTED],
  },
  project: ({ context: c }) => [
    c.fields.deposit_amount,
    c.fee !== null,
    c.savedCards.length,
    c.fields.saved_card_id,
    c.savedCvc,
    c.fields.recurring_type,
    c.fields.recurring_increment,
    c.fields.selected_roundup?.id ?? null,
    c.showErrors,
  ],
  limit: 50_000,
};

/** §2 pam variant at Maricopa County (1201, pam_enabled): a guest is asked for an account. */
const PAM_FACILITY = { ...HARRIS, id: 1201, pam_enabled: true };
const PAM_ANSWER = (fields: FormFields) => ({
  pam_payload: 'eyJ2IjoxfQ.c2ln',
  pay_url: '/sandbox/pam/pay',
  fields,
  errors: {},
});
const pamGuestSpec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input: { fields: RECIPIENT_FIELDS, facility: PAM_FACILITY } satisfies CheckoutInput,
  samples: () => [{ type: 'checkout.submit' }, { type: 'checkout.dismiss' }],
  answers: {},
  failures: {},
  project: ({ context: c }) => [c.showErrors],
};
const pamSpec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input: { fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: PAM_FACILITY } satisfies CheckoutInput,
  samples: () => [
    { type: 'amount.preset', id: '25' },
    ...samples['checkout.acknowledgeFees'],
    ...samples['pam.recurring'],
    { type: 'checkout.submit' },
  ],
  answers: {
    loadSavedCards: () => [{ credit_cards: [] }],
    saveAmount: ({ context }) => [saveAnswer(context.fields)],
    getFees: () => [FEES],
    preparePamDeposit: ({ context }) => [PAM_ANSWER(context.fields)],
    postPamPayload: () => [],
  },
  failures: { getFees: [NETWORK_FAILURE], preparePamDeposit: [NETWORK_FAILURE], postPamPayload: [NETWORK_FAILURE] },
  project: ({ context: c }) => [
    c.fields.deposit_amount,
    c.fee !== null,
    c.feesAcknowledged,
    c.pamRecurring,
    c.showErrors,
    c.pam !== null,
  ],
};

describe('checkout (pam variant): paths of the model', () => {
  for (const [name, spec] of [
    ['guest', pamGuestSpec],
    ['signed in', pamSpec],
  ] as const) {
    const graph = modelPaths(spec);
    it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))(
      `${name} path %i: %s`,
      async (_i, _d, path) => {
        await replayPath(spec, graph, path);
      },
    );
  }

  it('Next only after the fees acknowledgement; then the signed payload to post', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: PAM_FACILITY });
    t.calls.resolve('loadSavedCards', { credit_cards: [] });
    await feesReady(t);
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors).toEqual({ fees_acknowledged: 'VALIDATION.AGREE_TERMS' });
    expect(t.calls.inputs('preparePamDeposit')).toEqual([]);
    t.checkout.send({ type: 'checkout.acknowledgeFees', value: true });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.calls.inputs('preparePamDeposit')).toEqual([{ fees_acknowledged: true, recurring_type: '' }]);
    // No card goes anywhere: the payment endpoint takes it.
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
    t.calls.resolve('preparePamDeposit', PAM_ANSWER(t.snap().context.fields));
    await settle();
    expect(t.snap().matches({ active: { form: 'postingPam' } })).toBe(true);
    expect(t.snap().context.pam).toEqual({ payload: 'eyJ2IjoxfQ.c2ln', payUrl: '/sandbox/pam/pay' });
    expect(t.calls.inputs('postPamPayload')).toEqual([{ payUrl: '/sandbox/pam/pay', payload: 'eyJ2IjoxfQ.c2ln' }]);
  });

  it('Next pressed while the fees of a new amount are being calculated goes on once they are known', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: PAM_FACILITY });
    t.calls.resolve('loadSavedCards', { credit_cards: [] });
    await feesReady(t);
    t.checkout.send({ type: 'checkout.acknowledgeFees', value: true });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'awaitingFees' } })).toBe(true);
    expect(t.calls.inputs('preparePamDeposit')).toEqual([]);
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.calls.inputs('preparePamDeposit')).toEqual([{ fees_acknowledged: true, recurring_type: '' }]);
    expect(t.snap().matches({ active: { form: 'preparingPam' } })).toBe(true);
  });

  it('§4 pam mode: bi-weekly on the 1st and the 15th goes with the payload; not for bail', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: PAM_FACILITY });
    t.calls.resolve('loadSavedCards', { credit_cards: [] });
    await feesReady(t);
    t.checkout.send({ type: 'pam.recurring', biweekly: true });
    expect(t.snap().context.pamRecurring).toBe(true);
    t.checkout.send({ type: 'checkout.acknowledgeFees', value: true });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.calls.inputs('preparePamDeposit')).toEqual([{ fees_acknowledged: true, recurring_type: 'biweekly' }]);
    // A server refusal of the choice lands on its field, with the choice kept.
    t.calls.reject('preparePamDeposit', {
      status: 400,
      code: 'ERROR.UNEXPECTED',
      errors: { recurring_type: 'ERROR.RECURRING_NOT_FOR_TYPE' },
    });
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context.errors).toMatchObject({ recurring_type: 'ERROR.RECURRING_NOT_FOR_TYPE' });
    expect(t.snap().context.pamRecurring).toBe(true);
    t.checkout.send({ type: 'pam.recurring', biweekly: false });
    expect(t.snap().context.errors).not.toHaveProperty('recurring_type');

    const bail = setup({
      fields: { ...RECIPIENT_FIELDS, logged_in: true, deposit_type: 'bail' },
      facility: PAM_FACILITY,
    });
    bail.checkout.send({ type: 'pam.recurring', biweekly: true });
    expect(bail.snap().context.pamRecurring).toBe(false);
    // Not at a facility without pam, where recurring needs a saved card.
    const card = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: HARRIS });
    card.checkout.send({ type: 'pam.recurring', biweekly: true });
    expect(card.snap().context.pamRecurring).toBe(false);
  });

  it('§6: a guest gets the pam-require-account modal', () => {
    const t = setup({ facility: PAM_FACILITY });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'pamNeedsAccount' } })).toBe(true);
    t.checkout.send({ type: 'checkout.dismiss' });
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
  });
});

describe('checkout (signed in): paths of the model', () => {
  const graph = modelPaths(signedInSpec);
  it('has a graph to walk', () => {
    console.info(
      `checkout signed-in graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`,
    );
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(signedInSpec, graph, path);
  });
});

describe('checkout: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    console.info(`checkout graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
    expect(graph.paths.length).toBeGreaterThan(50);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

// ---------------------------------------------------------------- behaviour

function setup(custom: Partial<CheckoutInput> = {}) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const { child, received } = withParent(provideCheckout(calls.all()), { ...input, ...custom }, clock);
  const snap = () => child.getSnapshot() as Snapshot;
  return { calls, clock, checkout: child as AnyActorRef, received, snap };
}

type Setup = ReturnType<typeof setup>;

/** Chooses an amount and lets the save and the fees answer land. */
async function feesReady(t: Setup, id = '25') {
  t.checkout.send({ type: 'amount.preset', id });
  t.clock.increment(DELAYS.feeThrottle);
  t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
  await settle();
  t.calls.resolve('getFees', FEES);
  await settle();
  expect(feesStateOf(t.snap())).toBe('ready');
}

/** A valid guest checkout, submitted, up to the processDeposit call. */
async function submitted(t: Setup) {
  await feesReady(t);
  t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
  t.checkout.send({ type: 'card.change', card: VALID_CARD });
  t.checkout.send({ type: 'checkout.submit' });
  expect(t.snap().matches({ active: { form: 'tokenizing' } })).toBe(true);
  t.calls.resolve('tokenizeCard', TOKEN);
  await settle();
  t.calls.resolve('saveCheckout', saveAnswer({ ...t.snap().context.fields }));
  await settle();
  expect(t.snap().matches({ active: { form: 'submitting' } })).toBe(true);
}

describe('checkout: amounts (§4, §5)', () => {
  it('§4: a preset other than "other" clears the custom amount', () => {
    const t = setup();
    t.checkout.send({ type: 'amount.other', text: '30' });
    expect(t.snap().context).toMatchObject({ otherAmount: '30' });
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 30, deposit_amount_id: 'other' });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().context.otherAmount).toBe('');
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 50, deposit_amount_id: '50' });
    t.checkout.send({ type: 'amount.preset', id: 'other' });
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: null, deposit_amount_id: 'other' });
    expect(feesStateOf(t.snap())).toBe('idle');
  });

  it('§5: the other amount keeps at most 6 characters', () => {
    const t = setup();
    t.checkout.send({ type: 'amount.other', text: '12.50000' });
    expect(t.snap().context.otherAmount).toBe('12.500');
  });

  it('§4: out of bounds: outOfBounds with the rule message, no roundups, total 0', async () => {
    const t = setup();
    await feesReady(t);
    expect(t.snap().context.roundups).toHaveLength(1);
    t.checkout.send({ type: 'amount.other', text: '5' });
    const s = t.snap();
    expect(feesStateOf(s)).toBe('outOfBounds');
    expect(s.context.errors.deposit_amount).toBe('VALIDATION.DEPOSIT_BELOW_MINIMUM');
    expect(s.context.roundups).toEqual([]);
    expect(checkoutTotals(s.context, feesStateOf(s))).toEqual({
      amount: 5,
      fee: null,
      tax: null,
      total: 0,
      calculating: false,
    });
    t.checkout.send({ type: 'amount.other', text: 'abc' });
    expect(t.snap().context.errors.deposit_amount).toBe('VALIDATION.INVALID_DEPOSIT_AMOUNT');
  });

  it('§5: facility limits narrow the bounds (Travis: 20..100)', () => {
    const t = setup({ facility: TRAVIS });
    t.checkout.send({ type: 'amount.preset', id: '150' });
    expect(feesStateOf(t.snap())).toBe('outOfBounds');
    expect(t.snap().context.errors.deposit_amount).toBe('VALIDATION.DEPOSIT_LIMIT_REACHED');
    t.checkout.send({ type: 'amount.preset', id: '50' });
    expect(feesStateOf(t.snap())).toBe('waiting');
    expect(t.snap().context.errors.deposit_amount).toBeUndefined();
  });

  it('§4: the amount is saved, then fees fetched; the total is amount + fee + tax', async () => {
    const t = setup();
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    expect(t.calls.inputs('getFees')).toEqual([]);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    expect(t.received.map((e) => e.type)).toEqual(['checkout.saved']);
    expect(t.calls.inputs('getFees')).toEqual([{ facilityId: HARRIS.id, depositType: 'flex', amount: 25 }]);
    const loading = t.snap();
    expect(checkoutTotals(loading.context, feesStateOf(loading))).toMatchObject({ total: 0, calculating: true });
    t.calls.resolve('getFees', FEES);
    await settle();
    const ready = t.snap();
    expect(checkoutTotals(ready.context, feesStateOf(ready))).toEqual({
      amount: 25,
      fee: 2.95,
      tax: 0.3,
      total: 28.25,
      calculating: false,
    });
  });

  it('§9: the fee throttle restarts on a newer amount: one save, of the last amount', () => {
    const t = setup();
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.clock.increment(200);
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.clock.increment(200);
    expect(feesStateOf(t.snap())).toBe('waiting');
    t.clock.increment(50);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: { deposit_amount: 50, deposit_amount_id: '50' } }]);
  });

  it('§7: a fees request over 30 s is reported as a timeout, and can be retried', async () => {
    const t = setup();
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.clock.increment(DELAYS.feesTimeout - 1);
    expect(feesStateOf(t.snap())).toBe('loading');
    t.clock.increment(1);
    expect(feesStateOf(t.snap())).toBe('timedOut');
    expect(t.snap().context.feeFailure).toBe('ERROR.FEES_TIMEOUT');
    t.checkout.send({ type: 'fees.retry' });
    expect(feesStateOf(t.snap())).toBe('waiting');
    expect(t.snap().context.feeFailure).toBeNull();
  });

  it('a saved valid amount starts fetching fees; a saved other amount is shown as typed', () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, deposit_amount: 42.5, deposit_amount_id: 'other' } });
    expect(feesStateOf(t.snap())).toBe('waiting');
    expect(t.snap().context.otherAmount).toBe('42.5');
  });

  it('the server can refuse a saved amount (outOfBounds with its message)', async () => {
    const t = setup();
    t.checkout.send({ type: 'amount.preset', id: '100' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }, { deposit_amount: 'ERROR.DEPOSIT_MAX' }));
    await settle();
    expect(feesStateOf(t.snap())).toBe('outOfBounds');
    expect(t.snap().context.errors.deposit_amount).toBe('ERROR.DEPOSIT_MAX');
  });
});

describe('checkout: the default deposit (§9)', () => {
  it('is chosen when the checkout opens with no amount, and its fees are fetched', async () => {
    const t = setup();
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: DEFAULT_DEPOSIT, deposit_amount_id: '25' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    expect(t.calls.inputs('getFees')).toEqual([{ facilityId: HARRIS.id, depositType: 'flex', amount: 25 }]);
  });

  it('leaves an amount the payer chose before as it is', () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, deposit_amount: 75, deposit_amount_id: '75' } });
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 75, deposit_amount_id: '75' });
  });

  it('is not chosen where the limits do not allow it', () => {
    const t = setup({ facility: { ...HARRIS, deposit_limits: { min: 30, max: 49 } } });
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: null, deposit_amount_id: '' });
  });
});

describe('checkout: fields', () => {
  it('§4/§5: changes autosave through the wizard and clear their server errors; card data stays here', () => {
    const t = setup();
    t.checkout.send({ type: 'checkout.change', fields: { billing_zip: '1' } });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors.billing_zip).toBe('VALIDATION.INVALID_ZIPCODE');
    expect(t.snap().context.errors.credit_card).toBe('VALIDATION.REQUIRED');
    t.checkout.send({ type: 'checkout.change', fields: { billing_zip: '77002', deposit_amount: 999 } });
    t.checkout.send({ type: 'card.change', card: { credit_card: VALID_CARD.credit_card } });
    const { context } = t.snap();
    expect(context.errors.billing_zip).toBeUndefined();
    expect(context.errors.credit_card).toBeUndefined();
    // The amount is the checkout's own choice (§9 default 25 here), never a checkout.change.
    expect(context.fields.deposit_amount).toBe(DEFAULT_DEPOSIT);
    expect(context.card).toEqual({ ...EMPTY_CARD, credit_card: VALID_CARD.credit_card });
    expect(t.received).toEqual([
      { type: 'form.change', fields: { billing_zip: '1' } },
      { type: 'form.change', fields: { billing_zip: '77002' } },
    ]);
  });
});

describe('checkout: submit (§4 card choice, outcomes, §8)', () => {
  it('§4: an invalid submit stays in editing, shows the errors, calls nothing', () => {
    const t = setup();
    // 'Other' with nothing typed: no amount.
    t.checkout.send({ type: 'amount.preset', id: OTHER_PRESET_ID });
    t.checkout.send({ type: 'checkout.submit' });
    const s = t.snap();
    expect(s.matches({ active: { form: 'editing' } })).toBe(true);
    expect(s.context.showErrors).toBe(true);
    expect(s.context.errors).toMatchObject({
      deposit_amount: 'VALIDATION.INVALID_DEPOSIT_AMOUNT',
      credit_card: 'VALIDATION.REQUIRED',
      credit_card_cvc: 'VALIDATION.REQUIRED',
      billing_first_name: 'VALIDATION.REQUIRED',
      billing_address1: 'VALIDATION.REQUIRED',
      email: 'VALIDATION.REQUIRED',
      phone_no: 'VALIDATION.REQUIRED',
      terms_1: 'VALIDATION.AGREE_TERMS',
    });
    // Besides the voicemail offers, which the checkout extras load at once (checkout-extras.test.ts).
    expect(t.calls.log.map((c) => c.src).filter((src) => src !== 'loadVoicemailOffers')).toEqual([]);
  });

  it('a signed-in payer needs no guest contact fields', () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true } });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors.email).toBeUndefined();
    expect(t.snap().context.errors.phone_no).toBeUndefined();
  });

  it('a valid amount whose fees are not known yet holds the submit until they are', () => {
    const t = setup();
    t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
    t.checkout.send({ type: 'card.change', card: VALID_CARD });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    expect(checkoutErrors(t.snap().context)).toEqual({ deposit_amount: FEES_PENDING });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'awaitingFees' } })).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('success: card to the vault only, token saved, deposit processed, output for the receipt', async () => {
    const t = setup();
    await submitted(t);
    expect(t.calls.inputs('tokenizeCard')).toEqual([VALID_CARD]);
    const saved = t.calls.inputs('saveFormState').at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toMatchObject({ ...VALID_BILLING, card_token: TOKEN.token, deposit_amount: 25 });
    expect(JSON.stringify(saved)).not.toContain(VALID_CARD.credit_card);
    expect(JSON.stringify(t.received)).not.toContain(VALID_CARD.credit_card);
    expect(t.calls.inputs('processDeposit')).toEqual([{ confirmDuplicate: false }]);
    const answer = depositSuccess(t.snap().context.fields);
    t.calls.resolve('processDeposit', answer);
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({ fields: answer.form_state, receipt: answer.cached_deposit_info });
  });

  it('§4 double submit: a second submit while submitting does nothing', async () => {
    const t = setup();
    await submitted(t);
    expect(t.snap().can({ type: 'checkout.submit' })).toBe(false);
    expect(t.snap().can({ type: 'amount.preset', id: '50' })).toBe(false);
    t.checkout.send({ type: 'checkout.submit' });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.checkout.send({ type: 'amount.other', text: '60' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.snap().matches({ active: { form: 'submitting', fees: 'ready' } })).toBe(true);
    expect(t.calls.inputs('processDeposit')).toHaveLength(1);
    expect(t.calls.inputs('tokenizeCard')).toHaveLength(1);
  });

  it('§4/§8: a duplicate warning, then confirmDuplicate: processDeposit again with confirmDuplicate true', async () => {
    const t = setup();
    await submitted(t);
    const warning = depositWarning(t.snap().context.fields);
    t.calls.resolve('processDeposit', warning);
    await settle();
    expect(t.snap().matches({ active: { form: 'warning' } })).toBe(true);
    expect(t.snap().context.outcome).toEqual({
      errorKey: null,
      warningKey: 'ERROR.DUPLICATE_TRANSACTION_WARNING',
      duplicate: warning.duplicate,
    });
    t.checkout.send({ type: 'checkout.confirmDuplicate' });
    expect(t.calls.inputs('processDeposit')).toEqual([{ confirmDuplicate: false }, { confirmDuplicate: true }]);
  });

  it('a dismissed warning goes back to editing without a second deposit', async () => {
    const t = setup();
    await submitted(t);
    t.calls.resolve('processDeposit', depositWarning(t.snap().context.fields));
    await settle();
    t.checkout.send({ type: 'checkout.dismiss' });
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context.outcome.warningKey).toBeNull();
    expect(t.calls.inputs('processDeposit')).toHaveLength(1);
  });

  it("§8: error text 'card declined' is ERROR.CARD_DECLINED; the card as typed is kept", async () => {
    const t = setup();
    await submitted(t);
    t.calls.resolve('processDeposit', depositError(t.snap().context.fields, 'card declined'));
    await settle();
    const s = t.snap();
    expect(s.matches({ active: { form: 'editing' } })).toBe(true);
    expect(s.context.outcome.errorKey).toBe('ERROR.CARD_DECLINED');
    expect(s.context.card).toEqual(VALID_CARD);
    expect(s.context.fields.card_token).toBe('');
    expect(t.received.at(-1)).toMatchObject({ type: 'checkout.saved' });
  });

  it('§8: an error without text is ERROR.DEPOSIT_ERROR', async () => {
    const t = setup();
    await submitted(t);
    t.calls.resolve('processDeposit', depositError(t.snap().context.fields, null));
    await settle();
    expect(t.snap().context.outcome.errorKey).toBe('ERROR.DEPOSIT_ERROR');
  });

  it("the vault's 400 puts its field errors on the fields; a network failure is the banner", async () => {
    const t = setup();
    await feesReady(t);
    t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
    t.checkout.send({ type: 'card.change', card: VALID_CARD });
    t.checkout.send({ type: 'checkout.submit' });
    t.calls.reject('tokenizeCard', CARD_REJECTED);
    await settle();
    expect(t.snap().context).toMatchObject({
      errors: CARD_REJECTED.errors,
      showErrors: true,
      outcome: { errorKey: null },
    });
    t.checkout.send({ type: 'checkout.submit' });
    t.calls.reject('tokenizeCard', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context.outcome.errorKey).toBe('ERROR.NETWORK');
  });

  it('a 429 of the per-client limits is the banner, and the card and billing typed are kept', async () => {
    const t = setup();
    await feesReady(t);
    t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
    t.checkout.send({ type: 'card.change', card: VALID_CARD });
    t.checkout.send({ type: 'checkout.submit' });
    t.calls.reject('tokenizeCard', {
      status: 429,
      code: 'ERROR.TOO_MANY_REQUESTS',
      errors: { form: 'ERROR.TOO_MANY_REQUESTS' },
    } satisfies CallFailure);
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context.outcome.errorKey).toBe('ERROR.TOO_MANY_REQUESTS');
    expect(t.snap().context.errors).not.toHaveProperty('form');
    expect(t.snap().context.card).toEqual(VALID_CARD);
    expect(t.snap().context.fields).toMatchObject(VALID_BILLING);
  });

  it('a save answer with errors goes back to editing with the errors shown', async () => {
    const t = setup();
    await feesReady(t);
    t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
    t.checkout.send({ type: 'card.change', card: VALID_CARD });
    t.checkout.send({ type: 'checkout.submit' });
    t.calls.resolve('tokenizeCard', TOKEN);
    await settle();
    t.calls.resolve('saveCheckout', saveAnswer(t.snap().context.fields, { billing_state: 'ERROR.FIELD_NO_TRUST' }));
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { billing_state: 'ERROR.FIELD_NO_TRUST' } });
    expect(t.calls.inputs('processDeposit')).toEqual([]);
  });
});

describe('checkout: trust mismatch (§4 trust block, §8 FIELD_NO_TRUST)', () => {
  it('opens the mismatch modal; "change type" asks the wizard for the type step; closing goes back to editing', async () => {
    const t = setup();
    await submitted(t);
    t.calls.resolve('processDeposit', trustMismatch(t.snap().context.fields));
    await settle();
    expect(t.snap().matches({ active: { form: 'trustMismatch' } })).toBe(true);
    expect(t.snap().context.errors.billing_state).toBe('ERROR.FIELD_NO_TRUST');
    t.checkout.send({ type: 'checkout.changeType' });
    expect(t.received.at(-1)).toEqual({ type: 'wizard.navigate', route: 'type' });
    t.checkout.send({ type: 'checkout.dismiss' });
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    // The billing state keeps its error until it is changed.
    expect(t.snap().context.errors.billing_state).toBe('ERROR.FIELD_NO_TRUST');
  });
});

describe('checkout: saved card, recurring, roundup (§4)', () => {
  const signedIn = () => setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true, ...VALID_BILLING } });
  async function withCards(t: Setup) {
    expect(t.snap().matches({ active: { savedCards: 'loading' } })).toBe(true);
    t.calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    expect(t.snap().matches({ active: { savedCards: 'ready' } })).toBe(true);
  }

  it('a guest has no saved cards and cannot choose one; recurring is not offered', () => {
    const t = setup();
    expect(t.snap().matches({ active: { savedCards: 'none' } })).toBe(true);
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    t.checkout.send({ type: 'recurring.type', recurringType: 'monthly' });
    expect(t.snap().context.fields).toMatchObject({ saved_card_id: null, recurring_type: '' });
    // Besides the voicemail offers, which the checkout extras load at once (checkout-extras.test.ts).
    expect(t.calls.log.map((c) => c.src).filter((src) => src !== 'loadVoicemailOffers')).toEqual([]);
  });

  it('an expired saved card cannot be chosen; a good one needs its security code, not the new-card fields', async () => {
    const t = signedIn();
    await withCards(t);
    t.checkout.send({ type: 'card.choose', savedCardId: 2 });
    expect(t.snap().context.fields.saved_card_id).toBeNull();
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    await feesReady(t);
    t.checkout.send({
      type: 'checkout.change',
      fields: { terms_1: true, terms_2: true, terms_3: true, terms_4: true },
    });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors).toEqual({ saved_card_cvc: 'VALIDATION.REQUIRED' });
    t.checkout.send({ type: 'card.savedCvc', cvc: '12' });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors).toEqual({ saved_card_cvc: 'VALIDATION.INVALID_CVC' });
  });

  it('pays with a saved card: the code goes to the vault only; card id and token are saved', async () => {
    const t = signedIn();
    await withCards(t);
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    t.checkout.send({ type: 'card.savedCvc', cvc: '321' });
    await feesReady(t);
    t.checkout.send({
      type: 'checkout.change',
      fields: { terms_1: true, terms_2: true, terms_3: true, terms_4: true },
    });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'tokenizingSaved' } })).toBe(true);
    expect(t.calls.inputs('tokenizeSavedCard')).toEqual([{ saved_card_id: 1, credit_card_cvc: '321' }]);
    t.calls.resolve('tokenizeSavedCard', TOKEN);
    await settle();
    const saved = t.calls.inputs('saveFormState').at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toMatchObject({ saved_card_id: 1, card_token: TOKEN.token, recurring_type: '' });
    expect(JSON.stringify(saved)).not.toContain('321');
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('a refused security code shows on the saved card field', async () => {
    const t = signedIn();
    await withCards(t);
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    t.checkout.send({ type: 'card.savedCvc', cvc: '999' });
    await feesReady(t);
    t.checkout.send({
      type: 'checkout.change',
      fields: { terms_1: true, terms_2: true, terms_3: true, terms_4: true },
    });
    t.checkout.send({ type: 'checkout.submit' });
    t.calls.reject('tokenizeSavedCard', {
      status: 400,
      code: 'ERROR.UNEXPECTED',
      errors: { credit_card_cvc: 'VALIDATION.INVALID_CVC' },
    });
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context.errors).toMatchObject({ saved_card_cvc: 'VALIDATION.INVALID_CVC' });
  });

  it('saved cards that fail to load leave the new card; retry loads them again', async () => {
    const t = signedIn();
    t.calls.reject('loadSavedCards', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ active: { savedCards: 'failed' } })).toBe(true);
    expect(t.snap().context.savedCardsFailure).toBe('ERROR.NETWORK');
    t.checkout.send({ type: 'savedCards.retry' });
    expect(t.snap().matches({ active: { savedCards: 'loading' } })).toBe(true);
  });

  it('§4/§9 recurring: monthly needs a day 1-28 and a saved card; picking it selects "No thanks"', async () => {
    const t = signedIn();
    await withCards(t);
    await feesReady(t);
    t.checkout.send({ type: 'roundup.pick', id: 1 });
    expect(t.snap().context.fields.roundups).toBe(true);
    t.checkout.send({ type: 'recurring.type', recurringType: 'monthly' });
    expect(t.snap().context.fields).toMatchObject({
      recurring_type: 'monthly',
      recurring_increment: null,
      roundups: false,
      selected_roundup: null,
    });
    t.checkout.send({ type: 'recurring.day', day: 29 });
    t.checkout.send({ type: 'recurring.day', day: 0 });
    expect(t.snap().context.fields.recurring_increment).toBeNull();
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().context.errors).toMatchObject({
      recurring_type: 'ERROR.RECURRING_NEEDS_SAVED_CARD',
      recurring_increment: 'VALIDATION.REQUIRED',
    });
    t.checkout.send({ type: 'recurring.day', day: 28 });
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    expect(t.snap().context.errors.recurring_type).toBeUndefined();
    expect(t.snap().context.fields.recurring_increment).toBe(28);
    // §4: roundups are for one-time payments only.
    t.checkout.send({ type: 'roundup.pick', id: 1 });
    expect(t.snap().context.fields.roundups).toBe(false);
    // Clearing it empties the increment.
    t.checkout.send({ type: 'recurring.type', recurringType: '' });
    expect(t.snap().context.fields).toMatchObject({ recurring_type: '', recurring_increment: null });
  });

  it('§9 weekly days are 0-6', async () => {
    const t = signedIn();
    await withCards(t);
    t.checkout.send({ type: 'recurring.type', recurringType: 'weekly' });
    t.checkout.send({ type: 'recurring.day', day: 7 });
    expect(t.snap().context.fields.recurring_increment).toBeNull();
    t.checkout.send({ type: 'recurring.day', day: 0 });
    expect(t.snap().context.fields.recurring_increment).toBe(0);
  });

  it('§4 roundup: replaces amount, fees and total; "No thanks" restores them; a new amount undoes it', async () => {
    const t = setup();
    await feesReady(t);
    t.checkout.send({ type: 'roundup.pick', id: 7 });
    expect(t.snap().context.fields.roundups).toBe(false);
    t.checkout.send({ type: 'roundup.pick', id: 1 });
    const picked = t.snap();
    expect(picked.context.fields.selected_roundup).toMatchObject({ id: 1, roundup_amount: 30 });
    expect(checkoutTotals(picked.context, feesStateOf(picked))).toEqual({
      amount: 30,
      fee: 2.95,
      tax: 0.3,
      total: 33.25,
      calculating: false,
    });
    t.checkout.send({ type: 'roundup.pick', id: -1 });
    const restored = t.snap();
    expect(checkoutTotals(restored.context, feesStateOf(restored))).toMatchObject({ amount: 25, total: 28.25 });
    t.checkout.send({ type: 'roundup.pick', id: 1 });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().context.fields).toMatchObject({ roundups: false, selected_roundup: null });
    expect(t.snap().context.roundups).toEqual([]);
  });
});

// ---------------------------------------------------------------- unified wallet (§4 maxed out, §5 trust)

/** §5 unified-wallet trust at 1402: depositor, inmate lookup, the service's limits, then amounts. */
const uwTrustSpec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input: { fields: UW_TRUST_FIELDS, facility: DUPAGE } satisfies CheckoutInput,
  samples: () => [{ type: 'limits.retry' }, { type: 'amount.preset', id: '25' }, { type: 'checkout.submit' }],
  answers: {
    isApprovedDepositor: () => [{ approvedDepositor: true }, { approvedDepositor: false }],
    getCnInmate: () => [CN_FOUND, CN_FRAUD, CN_NOT_FOUND],
    getAllowedMinMax: () => [
      { minAmount: 10, maxAmount: 100 },
      { minAmount: 10, maxAmount: 0 },
    ],
    loadSavedCards: () => [{ credit_cards: [] }],
    saveAmount: ({ context }) => [saveAnswer(context.fields)],
    getFees: () => [FEES],
  },
  failures: {
    isApprovedDepositor: [NETWORK_FAILURE],
    getCnInmate: [NETWORK_FAILURE],
    getAllowedMinMax: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [c.limitsRefusal, c.limits, c.fields.deposit_amount, c.fee !== null, c.showErrors],
};

/** §4 maxed out at 1401 (unified wallet, limits 50 > 20): amounts and submit do nothing. */
const maxedOutSpec: ModelSpec<Snapshot> = {
  build: (calls) => provideCheckout(calls.all()),
  input: { fields: MAXED_OUT_FIELDS, facility: COOK } satisfies CheckoutInput,
  samples: () => [
    { type: 'amount.preset', id: '25' },
    { type: 'amount.other', text: '30' },
    { type: 'checkout.submit' },
  ],
  answers: {},
  failures: {},
  project: ({ context: c }) => [c.fields.deposit_amount, c.fields.deposit_amount_id, c.showErrors],
};

describe('checkout (unified wallet): paths of the model', () => {
  for (const [name, model] of [
    ['trust', uwTrustSpec],
    ['maxed out', maxedOutSpec],
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

describe('checkout: unified wallet (§4 maxed out, §5 trust, §7 fees)', () => {
  it('not in unified-wallet mode the limits are ready at once, from the facility', () => {
    const t = setup();
    expect(limitsStateOf(t.snap())).toBe('ready');
    expect(t.calls.inputs('isApprovedDepositor')).toEqual([]);
  });

  it('§4: maxed out at 1401: presets cleared, amount 0, no fees; amounts and submit do nothing', () => {
    const t = setup({ fields: { ...MAXED_OUT_FIELDS, deposit_amount: 25, deposit_amount_id: '25' }, facility: COOK });
    expect(limitsStateOf(t.snap())).toBe('maxedOut');
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 0, deposit_amount_id: '' });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.checkout.send({ type: 'checkout.submit' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.snap().context.fields.deposit_amount).toBe(0);
    expect(feesStateOf(t.snap())).toBe('idle');
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context.showErrors).toBe(false);
    expect(t.calls.inputs('saveAmount')).toEqual([]);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('§5: unified-wallet trust: depositor, inmate, then the service min and max are the limits', async () => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    expect(limitsStateOf(t.snap())).toBe('checkingDepositor');
    // No amount is taken while the checks run.
    t.checkout.send({ type: 'amount.preset', id: '25' });
    expect(t.snap().context.fields.deposit_amount).toBeNull();
    expect(t.calls.inputs('isApprovedDepositor')).toEqual([{ como_facility_id: '1402', inmate_id: '100060' }]);
    t.calls.resolve('isApprovedDepositor', { approvedDepositor: true });
    await settle();
    expect(t.calls.inputs('getCnInmate')).toEqual([
      { como_facility_id: '1402', inmate_id: '100060', como_service_id: 'TRUST-1402' },
    ]);
    t.calls.resolve('getCnInmate', CN_FOUND);
    await settle();
    t.calls.resolve('getAllowedMinMax', { minAmount: 10, maxAmount: 100 });
    await settle();
    expect(limitsStateOf(t.snap())).toBe('ready');
    expect(t.snap().context.limits).toEqual({ min: 10, max: 100 });
    t.checkout.send({ type: 'amount.preset', id: '150' });
    expect(feesStateOf(t.snap())).toBe('outOfBounds');
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    // §7: the fees are asked with the unified-wallet flag and the wallet's id.
    expect(t.calls.inputs('getFees')).toEqual([
      { facilityId: 1402, depositType: 'trust', amount: 50, unifiedWallet: true, ocFacilityId: 'OC-1402' },
    ]);
  });

  it.each([
    ['not approved', { approvedDepositor: false }, null, 'ERROR.NOT_APPROVED_DEPOSITOR_MSG'],
    ['fraud-flagged', { approvedDepositor: true }, CN_FRAUD, 'ERROR.FRAUD_CONTROL_MESSAGE'],
    ['not found', { approvedDepositor: true }, CN_NOT_FOUND, 'UW.LOOKUP_FAILED'],
  ] as const)('§5: %s is refused with its message; nothing can be submitted', async (_n, approved, cn, key) => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    t.calls.resolve('isApprovedDepositor', approved);
    await settle();
    if (cn) {
      t.calls.resolve('getCnInmate', cn);
      await settle();
    }
    expect(limitsStateOf(t.snap())).toBe('refused');
    expect(t.snap().context.limitsRefusal).toBe(key);
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.calls.inputs('getAllowedMinMax')).toEqual([]);
  });

  it('§4: a service maximum of 0 (the daily maximum used up) is maxed out', async () => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    t.calls.resolve('isApprovedDepositor', { approvedDepositor: true });
    await settle();
    t.calls.resolve('getCnInmate', CN_FOUND);
    await settle();
    t.calls.resolve('getAllowedMinMax', { minAmount: 10, maxAmount: 0 });
    await settle();
    expect(limitsStateOf(t.snap())).toBe('maxedOut');
    expect(t.snap().context.fields.deposit_amount).toBe(0);
  });

  it('a failed check shows its message and can be retried from the start', async () => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    t.calls.reject('isApprovedDepositor', NETWORK_FAILURE);
    await settle();
    expect(limitsStateOf(t.snap())).toBe('failed');
    expect(t.snap().context.limitsRefusal).toBe(NETWORK_FAILURE.code);
    t.checkout.send({ type: 'limits.retry' });
    expect(limitsStateOf(t.snap())).toBe('checkingDepositor');
    expect(t.snap().context.limitsRefusal).toBeNull();
    expect(t.calls.inputs('isApprovedDepositor')).toHaveLength(2);
  });

  it('§8: without a como service id the unified-wallet trust checks do not apply (only logged by the server)', () => {
    const t = setup({ fields: { ...UW_TRUST_FIELDS, como_service_id: '' }, facility: DUPAGE });
    expect(limitsStateOf(t.snap())).toBe('ready');
    expect(t.calls.inputs('isApprovedDepositor')).toEqual([]);
  });
});

describe('checkout: submit while the fees are calculated (§4 amounts)', () => {
  /** A valid guest checkout whose amount has just been chosen: its fees are not known yet. */
  function validWhileCalculating() {
    const t = setup();
    t.checkout.send({ type: 'checkout.change', fields: VALID_BILLING });
    t.checkout.send({ type: 'card.change', card: VALID_CARD });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    expect(feesStateOf(t.snap())).toBe('waiting');
    return t;
  }

  it('waits for the fees, with the amount fixed, then goes on to the card vault', async () => {
    const t = validWhileCalculating();
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'awaitingFees' } })).toBe(true);
    expect(t.snap().context.showErrors).toBe(false);
    // The amount cannot change while the deposit is under way.
    t.checkout.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().context.fields.deposit_amount).toBe(25);
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    expect(t.snap().matches({ active: { form: 'awaitingFees' } })).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.snap().matches({ active: { form: 'tokenizing' } })).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([VALID_CARD]);
  });

  it('fees that cannot be had show the amount error instead', async () => {
    const t = validWhileCalculating();
    t.checkout.send({ type: 'checkout.submit' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.reject('saveAmount', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { deposit_amount: NETWORK_FAILURE.code } });
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('a field emptied while waiting is shown, not charged', async () => {
    const t = validWhileCalculating();
    t.checkout.send({ type: 'checkout.submit' });
    t.checkout.send({ type: 'checkout.change', fields: { terms_1: false } });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.snap().matches({ active: { form: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { terms_1: 'VALIDATION.AGREE_TERMS' } });
  });

  it('with a saved card, the code goes to the vault once the fees are known', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true, ...VALID_BILLING } });
    t.calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    t.checkout.send({ type: 'card.savedCvc', cvc: '321' });
    t.checkout.send({
      type: 'checkout.change',
      fields: { terms_1: true, terms_2: true, terms_3: true, terms_4: true },
    });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.checkout.send({ type: 'checkout.submit' });
    expect(t.snap().matches({ active: { form: 'awaitingFees' } })).toBe(true);
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('saveAmount', saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.snap().matches({ active: { form: 'tokenizingSaved' } })).toBe(true);
    expect(t.calls.inputs('tokenizeSavedCard')).toEqual([{ saved_card_id: 1, credit_card_cvc: '321' }]);
  });
});

describe('checkout: coverage', () => {
  it('the card schema the machine uses rejects the empty card (sanity of the fixtures)', () => {
    expect(collectErrors(newCardSchema, { ...EMPTY_CARD })).not.toEqual({});
    expect(collectErrors(newCardSchema, VALID_CARD)).toEqual({});
  });

  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
