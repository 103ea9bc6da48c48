// The checkout (§2 checkout, §4, §5, §8): its own graph, with its children's reports as events; then the
// checkout with its real children (amount, payment, choices, submit, extras) and fake calls; coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type AnyStateMachine, type SnapshotFrom, SimulatedClock, createMachine } from 'xstate';
import { DELAYS } from '../../contract/constants.ts';
import { CHECKOUT_SERVICE_ERRORS } from '../../contract/checkout-services.ts';
import { FIELD_NO_TRUST } from '../../contract/errors.ts';
import type { FormFields } from '../../contract/entities.ts';
import { checkoutMachine, CHECKOUT_CHILDREN } from '../../machines/checkout.machine.ts';
import { FEES_PENDING, flowErrors } from '../../machines/checkout-rules.ts';
import type {
  AmountReport,
  CheckoutEvent,
  CheckoutInput,
  ChoiceFields,
  SubmitOutput,
} from '../../machines/checkout.types.ts';
import { provideCheckout } from '../../machines/provide-actors.ts';
import {
  COOK,
  FEES,
  HARRIS,
  MAXED_OUT_FIELDS,
  NETWORK_FAILURE,
  TOO_MANY_REQUESTS,
  RECEIPT,
  RECIPIENT_FIELDS,
  SAVED_CARDS,
  TOKEN,
  VALID_BILLING,
  VALID_CARD,
  depositSuccess,
  depositError,
  saveAnswer,
} from '../../fixtures/samples.ts';
import { VALID_VALUES } from './checkout-samples.ts';
import {
  type EventSamples,
  type ModelSpec,
  FakeCalls,
  allSamples,
  answerSave,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  withParent,
} from './harness.ts';
import { SYSTEM } from '../../machines/system.ts';
import type { StateSaveResponse } from '../../contract/api.ts';
import type { FormStateEvent } from '../../machines/wizard.types.ts';

type FormSave = Extract<FormStateEvent, { type: 'form.save' }>;

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

const input: CheckoutInput = { fields: RECIPIENT_FIELDS, facility: HARRIS };

const report = (over: Partial<AmountReport>): AmountReport => ({
  deposit_amount: 25,
  deposit_amount_id: '25',
  open: true,
  pending: false,
  error: null,
  roundups: [],
  ...over,
});
const PRICED = report({});
const PENDING = report({ pending: true, error: FEES_PENDING });
const REFUSED = report({ error: NETWORK_FAILURE.code });
const CLOSED = report({ open: false, error: null });
const ONE_TIME: ChoiceFields = {
  recurring_type: '',
  recurring_increment: null,
  roundups: false,
  selected_roundup: null,
  pamRecurring: false,
};

const samples = {
  'amount.preset': [{ type: 'amount.preset', id: '25' }],
  'amount.other': [{ type: 'amount.other', text: '30' }],
  'fees.retry': [{ type: 'fees.retry' }],
  'limits.retry': [{ type: 'limits.retry' }],
  'card.choose': [{ type: 'card.choose', savedCardId: 1 }],
  'savedCards.retry': [{ type: 'savedCards.retry' }],
  'recurring.type': [{ type: 'recurring.type', recurringType: 'monthly' }],
  'recurring.day': [{ type: 'recurring.day', day: 15 }],
  'roundup.pick': [{ type: 'roundup.pick', id: 1 }],
  'pam.recurring': [{ type: 'pam.recurring', biweekly: true }],
  'checkout.confirmDuplicate': [{ type: 'checkout.confirmDuplicate' }],
  'checkout.dismiss': [{ type: 'checkout.dismiss' }],
  'checkout.changeType': [{ type: 'checkout.changeType' }],
  'checkout.change': [{ type: 'checkout.change', fields: { billing_state: 'VA' } }],
  'checkout.edited': [{ type: 'checkout.edited', names: ['credit_card'] }],
  'checkout.submit': [{ type: 'checkout.submit', values: VALID_VALUES }],
  'checkout.invalid': [{ type: 'checkout.invalid' }],
  'amount.report': [
    { type: 'amount.report', report: PRICED },
    { type: 'amount.report', report: PENDING },
    { type: 'amount.report', report: REFUSED },
    { type: 'amount.report', report: CLOSED },
  ],
  'payment.report': [
    { type: 'payment.report', report: { saved_card_id: null, chosenIsValid: false, hasSavedCards: true } },
    { type: 'payment.report', report: { saved_card_id: 1, chosenIsValid: true, hasSavedCards: true } },
  ],
  'choices.report': [
    { type: 'choices.report', choice: ONE_TIME },
    { type: 'choices.report', choice: { ...ONE_TIME, recurring_type: 'monthly' } },
  ],
  'form.saved': [{ type: 'form.saved', answer: saveAnswer({ ...RECIPIENT_FIELDS, deposit_amount: 50 }) }],
  'checkout.toType': [{ type: 'checkout.toType' }],
} satisfies EventSamples<CheckoutEvent>;

/** Children that take events and do nothing: the checkout's graph is walked with their reports as events. */
const QUIET = createMachine({ id: 'quiet' });

function alone(calls: FakeCalls): AnyStateMachine {
  return checkoutMachine.provide({
    actors: {
      checkoutAmountMachine: QUIET,
      checkoutPaymentMachine: QUIET,
      checkoutChoicesMachine: QUIET,
      checkoutExtrasMachine: QUIET,
      checkoutSubmitMachine: calls.controlled<SubmitOutput, unknown>('submit'),
    } as never,
  });
}

const RETURNED: SubmitOutput = {
  kind: 'returned',
  fields: RECIPIENT_FIELDS,
  errors: { billing_zip: 'VALIDATION.INVALID_ZIPCODE' },
  outcome: { errorKey: 'ERROR.CARD_DECLINED', warningKey: null, duplicate: null },
  showErrors: true,
};
const DEPOSITED: SubmitOutput = {
  kind: 'deposited',
  fields: { ...RECIPIENT_FIELDS, cached_deposit_info: RECEIPT },
  receipt: RECEIPT,
};

const spec: ModelSpec<Snapshot> = {
  build: alone,
  input,
  samples: () => allSamples(samples),
  answers: { submit: () => [DEPOSITED, RETURNED] },
  failures: {},
  project: ({ context: c }) => [
    c.amount.open,
    c.amount.pending,
    c.amount.error,
    c.payment.saved_card_id,
    c.choice.recurring_type,
    c.showErrors,
    c.outcome.errorKey,
    c.submission !== null,
  ],
  limit: 50_000,
};

const pamGuestSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: { fields: RECIPIENT_FIELDS, facility: { ...HARRIS, id: 1201, pam_enabled: true } },
  samples: () => [...samples['checkout.submit'], ...samples['checkout.dismiss'], ...samples['amount.report']],
  answers: {},
};

describe('checkout: paths of the model', () => {
  for (const [name, model] of [
    ['checkout', spec],
    ['pam guest', pamGuestSpec],
  ] as const) {
    const graph = modelPaths(model);
    it(`${name}: has a graph to walk`, () => {
      console.info(`checkout ${name}: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
      expect(graph.paths.length).toBeGreaterThan(3);
    });
    it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))(
      `${name} path %i: %s`,
      async (_i, _d, path) => {
        await replayPath(model, graph, path);
      },
    );
  }
});

// ---------------------------------------------------------------- with its children

function setup(custom: Partial<CheckoutInput> = {}) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const { actor, child, received } = withParent(provideCheckout(calls.all()), { ...input, ...custom }, clock, {
    parent: SYSTEM.wizard,
    child: SYSTEM.checkout,
  });
  const snap = () => child.getSnapshot() as Snapshot;
  const kid = (id: string) => snap().children[id] as AnyActorRef | undefined;
  const saves = () => received.filter((e) => e.type === 'form.save').map((e) => ({ fields: (e as FormSave).fields }));
  const answer = (reply: StateSaveResponse | { error: unknown }) => answerSave(actor, received, reply);
  return { calls, clock, checkout: child as AnyActorRef, received, snap, kid, saves, answer };
}

type Setup = ReturnType<typeof setup>;

/** Chooses an amount (the §9 default 25 is being priced from the start) and lets its save and its fees land. */
async function priced(t: Setup, id = '25') {
  if (t.snap().context.amount.deposit_amount_id !== id) t.checkout.send({ type: 'amount.preset', id });
  t.answer(saveAnswer({ ...t.snap().context.fields, deposit_amount: Number(id) }));
  await settle();
  t.calls.resolve('getFees', FEES);
  await settle();
  expect(t.snap().context.amount).toMatchObject({ pending: false, error: null });
}

const TERMS = { terms_1: true, terms_2: true, terms_3: true, terms_4: true };

describe('checkout: the form and the wizard (§4, §5)', () => {
  it('changes autosave through the wizard and clear their server errors; card fields are never sent', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.calls.reject('tokenizeCard', {
      status: 400,
      code: 'ERROR.BAD_REQUEST',
      errors: { credit_card: 'VALIDATION.INVALID_CARD_NUMBER', billing_zip: 'VALIDATION.INVALID_ZIPCODE' },
    });
    await settle();
    expect(t.snap().context.errors).toMatchObject({ credit_card: 'VALIDATION.INVALID_CARD_NUMBER' });
    t.checkout.send({ type: 'checkout.change', fields: { billing_zip: '77002' } });
    t.checkout.send({ type: 'checkout.edited', names: ['credit_card'] });
    expect(t.snap().context.errors).toEqual({});
    expect(t.received.filter((e) => e.type === 'form.change')).toEqual([
      { type: 'form.change', fields: { billing_zip: '77002' } },
    ]);
    expect(JSON.stringify(t.received)).not.toContain(VALID_CARD.credit_card);
  });

  it('the amount\u2019s save keeps the wizard\u2019s copy of the form state true', async () => {
    const t = setup();
    await priced(t);
    // The wizard saved it (the one writer), asked once, and its answer is the checkout's copy.
    expect(t.saves()).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    expect(t.snap().context.fields.deposit_amount).toBe(25);
  });
});

describe('checkout: submit (§4 card choice, amounts, outcomes)', () => {
  it('§4: a submit without an amount shows the amount error and calls nothing', () => {
    const t = setup();
    // 'Other' with nothing typed: no amount (the §9 default 25 is chosen on opening).
    t.checkout.send({ type: 'amount.preset', id: 'other' });
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context).toMatchObject({
      showErrors: true,
      errors: { deposit_amount: 'VALIDATION.INVALID_DEPOSIT_AMOUNT' },
    });
    // Besides the voicemail offers, which the checkout extras load at once (checkout-extras.test.ts), and
    // the fees of the §9 default amount, asked on opening.
    expect(t.calls.log.map((c) => c.src).filter((src) => src !== 'loadVoicemailOffers')).toEqual(['getFees']);
  });

  it('the form found fields to correct: the checkout shows its own beside them', () => {
    const t = setup();
    t.checkout.send({ type: 'amount.preset', id: 'other' });
    t.checkout.send({ type: 'checkout.invalid' });
    expect(t.snap().context).toMatchObject({
      showErrors: true,
      errors: { deposit_amount: 'VALIDATION.INVALID_DEPOSIT_AMOUNT' },
    });
  });

  it('success: the form\u2019s card to the vault, the deposit made, the receipt handed to the wizard', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    expect(t.snap().hasTag('busy')).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([VALID_CARD]);
    t.calls.resolve('tokenizeCard', TOKEN);
    await settle();
    const saved = t.saves().at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toMatchObject({ ...VALID_BILLING, card_token: TOKEN.token, deposit_amount: 25 });
    t.answer(saveAnswer({ ...t.snap().context.fields }));
    await settle();
    const answer = depositSuccess(t.snap().context.fields);
    t.calls.resolve('processDeposit', answer);
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.snap().output).toEqual({
      fields: { ...answer.form_state, cached_deposit_info: answer.cached_deposit_info },
      receipt: answer.cached_deposit_info,
    });
  });

  it('§4 double submit: a second submit, or a new amount, while submitting does nothing', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    expect(t.snap().can({ type: 'checkout.submit', values: VALID_VALUES })).toBe(false);
    expect(t.snap().can({ type: 'amount.preset', id: '50' })).toBe(false);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.kid(CHECKOUT_CHILDREN.amount)?.getSnapshot().matches({ open: 'priced' })).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toHaveLength(1);
  });

  it('a declined card goes back to the form with the banner; the error is the server\u2019s', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.calls.resolve('tokenizeCard', TOKEN);
    await settle();
    t.answer(saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.calls.resolve('processDeposit', depositError(t.snap().context.fields, 'card declined'));
    await settle();
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context.outcome.errorKey).toBe('ERROR.CARD_DECLINED');
    expect(t.snap().context.fields.card_token).toBe('');
    // The amount is the payer's to change again.
    expect(t.snap().can({ type: 'amount.preset', id: '50' })).toBe(true);
  });

  it('a 429 of the per-client limits is the banner; nothing is saved or charged, the form is not reset', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.calls.reject('tokenizeCard', TOO_MANY_REQUESTS);
    await settle();
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context.outcome.errorKey).toBe('ERROR.TOO_MANY_REQUESTS');
    expect(t.snap().context.errors).not.toHaveProperty('form');
    expect(t.saves()).toHaveLength(1);
    expect(t.calls.inputs('processDeposit')).toEqual([]);
    // What was typed stays in the form (docs/decisions/0041); the payer may submit again once the limit's window has passed.
    expect(t.snap().can({ type: 'checkout.submit', values: VALID_VALUES })).toBe(true);
  });

  it('§4 trust mismatch: "change type" asks the wizard for the type step', async () => {
    const t = setup();
    await priced(t);
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.calls.resolve('tokenizeCard', TOKEN);
    await settle();
    t.answer(saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.calls.resolve('processDeposit', {
      ...depositError(t.snap().context.fields),
      error: FIELD_NO_TRUST,
      errors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust },
    });
    await settle();
    expect(t.kid(CHECKOUT_CHILDREN.submit)?.getSnapshot().hasTag('dialog')).toBe(true);
    t.checkout.send({ type: 'checkout.changeType' });
    expect(t.received.at(-1)).toEqual({ type: 'wizard.navigate', route: 'type' });
    t.checkout.send({ type: 'checkout.dismiss' });
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context.errors.billing_state).toBe(CHECKOUT_SERVICE_ERRORS.noTrust);
  });
});

describe('checkout: submit while the fees are calculated (§4 amounts)', () => {
  it('waits for the fees, with the amount fixed, then goes on to the card vault', async () => {
    const t = setup();
    // The §9 default 25 is being saved and priced.
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    expect(t.snap().matches('awaitingFees')).toBe(true);
    expect(t.snap().context.showErrors).toBe(false);
    // The amount cannot change while the deposit is under way.
    t.checkout.send({ type: 'amount.preset', id: '50' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.saves()).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    t.answer(saveAnswer({ ...t.snap().context.fields, deposit_amount: 25 }));
    await settle();
    expect(t.snap().matches('awaitingFees')).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.snap().matches('submitting')).toBe(true);
    expect(t.calls.inputs('tokenizeCard')).toEqual([VALID_CARD]);
  });

  it('fees that cannot be had show the amount error instead', async () => {
    const t = setup();
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.answer({ error: NETWORK_FAILURE });
    await settle();
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { deposit_amount: NETWORK_FAILURE.code } });
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('with a saved card, the code goes to the vault once the fees are known', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true, ...VALID_BILLING } });
    t.calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.checkout.send({ type: 'checkout.submit', values: { ...VALID_VALUES, saved_card_cvc: '321' } });
    expect(t.snap().matches('awaitingFees')).toBe(true);
    t.clock.increment(DELAYS.feeThrottle);
    t.answer(saveAnswer({ ...t.snap().context.fields, deposit_amount: 25 }));
    await settle();
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.calls.inputs('tokenizeSavedCard')).toEqual([{ saved_card_id: 1, credit_card_cvc: '321' }]);
  });
});

describe('checkout: saved card, recurring, roundup (§4)', () => {
  const signedIn = () => setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true, ...VALID_BILLING } });

  it('§4: recurring needs a saved card and a day; choosing the card clears its error', async () => {
    const t = signedIn();
    t.calls.resolve('loadSavedCards', { credit_cards: SAVED_CARDS });
    await settle();
    await priced(t);
    t.checkout.send({ type: 'recurring.type', recurringType: 'monthly' });
    t.checkout.send({ type: 'checkout.submit', values: { ...VALID_VALUES, ...TERMS } });
    expect(t.snap().context.errors).toMatchObject({
      recurring_type: 'ERROR.RECURRING_NEEDS_SAVED_CARD',
      recurring_increment: 'VALIDATION.REQUIRED',
    });
    t.checkout.send({ type: 'recurring.day', day: 28 });
    t.checkout.send({ type: 'card.choose', savedCardId: 1 });
    expect(t.snap().context.errors).toEqual({});
    expect(flowErrors(t.snap().context)).toEqual({});
    t.checkout.send({ type: 'checkout.submit', values: { ...VALID_VALUES, saved_card_cvc: '321' } });
    t.calls.resolve('tokenizeSavedCard', TOKEN);
    await settle();
    const saved = t.saves().at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toMatchObject({ saved_card_id: 1, recurring_type: 'monthly', recurring_increment: 28 });
  });

  it('§4 roundup: offered once priced; a new amount undoes the pick', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, deposit_type: 'dest' } });
    await priced(t);
    t.checkout.send({ type: 'roundup.pick', id: 1 });
    expect(t.snap().context.choice).toMatchObject({ roundups: true, selected_roundup: { id: 1 } });
    t.checkout.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().context.choice).toMatchObject({ roundups: false, selected_roundup: null });
  });
});

describe('checkout: pam variant and unified wallet (§2, §4, §6)', () => {
  const PAM = { ...HARRIS, id: 1201, pam_enabled: true };

  it('§6: a guest gets the pam-require-account modal', () => {
    const t = setup({ facility: PAM });
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    expect(t.snap().matches('pamNeedsAccount')).toBe(true);
    t.checkout.send({ type: 'checkout.dismiss' });
    expect(t.snap().matches('editing')).toBe(true);
  });

  it('a signed-in payer\u2019s Next prepares the payload, with bi-weekly when chosen', async () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, logged_in: true }, facility: PAM });
    await priced(t);
    t.checkout.send({ type: 'pam.recurring', biweekly: true });
    t.checkout.send({ type: 'checkout.submit', values: { ...VALID_VALUES, fees_acknowledged: true } });
    expect(t.calls.inputs('preparePamDeposit')).toEqual([{ fees_acknowledged: true, recurring_type: 'biweekly' }]);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('§4: maxed out at 1401: amounts and submit do nothing', () => {
    const t = setup({ fields: MAXED_OUT_FIELDS, facility: COOK });
    t.checkout.send({ type: 'amount.preset', id: '25' });
    t.checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    t.checkout.send({ type: 'checkout.invalid' });
    expect(t.snap().matches('editing')).toBe(true);
    expect(t.snap().context.showErrors).toBe(false);
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });
});

describe('checkout: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
