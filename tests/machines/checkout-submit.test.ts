// The checkout's submission and outcomes (§4 card choice and outcomes, §8, §2 pam variant): model-based
// paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type SnapshotFrom } from 'xstate';
import { CHECKOUT_SERVICE_ERRORS } from '../../contract/checkout-services.ts';
import { FIELD_NO_TRUST } from '../../contract/errors.ts';
import type { FormFields } from '../../contract/entities.ts';
import { checkoutSubmitMachine } from '../../machines/checkout-submit.machine.ts';
import type { SubmitEvent, SubmitInput, SubmitOutput } from '../../machines/checkout.types.ts';
import type { StateSaveResponse } from '../../contract/api.ts';
import type { FormReplyEvent, FormStateEvent } from '../../machines/wizard.types.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  CARD_REJECTED,
  NETWORK_FAILURE,
  TOO_MANY_REQUESTS,
  TOKEN,
  VALID_CARD,
  depositError,
  depositSuccess,
  depositWarning,
  saveAnswer,
} from '../../fixtures/samples.ts';
import { SUBMITTED_FIELDS, VALID_VALUES, submitInput } from './checkout-samples.ts';
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

type FormSave = Extract<FormStateEvent, { type: 'form.save' }>;

type Snapshot = SnapshotFrom<typeof checkoutSubmitMachine>;

/** §4/§8 FIELD_NO_TRUST: the billing state may not make trust deposits. */
function trustMismatch(fields: FormFields) {
  return { ...depositError(fields), error: FIELD_NO_TRUST, errors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust } };
}

const samples = {
  'checkout.confirmDuplicate': [{ type: 'checkout.confirmDuplicate' }],
  'checkout.dismiss': [{ type: 'checkout.dismiss' }],
  'checkout.changeType': [{ type: 'checkout.changeType' }],
} satisfies EventSamples<SubmitEvent>;

const build = (calls: FakeCalls) => provideMachine(checkoutSubmitMachine, calls.all());

/** The wizard's answers to the submission's save (the wizard's autosave is the one writer), and a failure. */
function saveReplies(snapshot: Snapshot, more: StateSaveResponse[] = []): FormReplyEvent[] {
  if (!snapshot.matches('saving')) return [];
  return [
    ...[saveAnswer(snapshot.context.current), ...more].map((answer) => ({ type: 'form.saved' as const, answer })),
    { type: 'form.saveFailed', error: NETWORK_FAILURE },
  ];
}
const project = ({ context: c }: Snapshot) => [c.outcome, c.confirmDuplicate, c.errors, c.receipt !== null];

const spec: ModelSpec<Snapshot> = {
  build,
  input: submitInput(),
  samples: (snapshot) => [
    ...allSamples(samples),
    ...saveReplies(snapshot, [saveAnswer(snapshot.context.current, { billing_zip: 'VALIDATION.INVALID_ZIPCODE' })]),
  ],
  answers: {
    tokenizeCard: () => [TOKEN],
    processDeposit: ({ context }) => [
      depositSuccess(context.current),
      depositWarning(context.current),
      depositError(context.current),
      trustMismatch(context.current),
    ],
  },
  failures: {
    tokenizeCard: [CARD_REJECTED, NETWORK_FAILURE],
    processDeposit: [NETWORK_FAILURE],
  },
  project,
};

const SAVED_CARD_INPUT = submitInput({
  fields: { ...SUBMITTED_FIELDS, saved_card_id: 1 },
  values: { ...VALID_VALUES, saved_card_cvc: '321' },
});
const savedCardSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: SAVED_CARD_INPUT,
  samples: (snapshot) => saveReplies(snapshot).filter((e) => e.type === 'form.saved'),
  answers: {
    tokenizeSavedCard: () => [TOKEN],
    processDeposit: ({ context }) => [depositSuccess(context.current)],
  },
  failures: { tokenizeSavedCard: [CARD_REJECTED] },
};

const PAM_ANSWER = (fields: FormFields) => ({
  pam_payload: 'eyJ2IjoxfQ.c2ln',
  pay_url: '/sandbox/pam/pay',
  fields,
  errors: {},
});
const pamSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: submitInput({ pam: { recurring: false } }),
  samples: () => [],
  answers: { preparePamDeposit: ({ context }) => [PAM_ANSWER(context.current)] },
  failures: { preparePamDeposit: [NETWORK_FAILURE], postPamPayload: [NETWORK_FAILURE] },
};

describe('checkout submit: paths of the model', () => {
  for (const [name, model] of [
    ['new card', spec],
    ['saved card', savedCardSpec],
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

function setup(input: SubmitInput = submitInput()) {
  const calls = new FakeCalls();
  const { actor, child, received } = withParent(build(calls), input, undefined, {
    parent: SYSTEM.checkout,
    child: SYSTEM.checkoutSubmit,
  });
  const snap = () => child.getSnapshot() as Snapshot;
  const saves = () => received.filter((e) => e.type === 'form.save').map((e) => ({ fields: (e as FormSave).fields }));
  const answer = (reply: StateSaveResponse | { error: unknown }) => answerSave(actor, received, reply);
  return {
    calls,
    submit: child as AnyActorRef,
    received,
    snap,
    saves,
    answer,
    output: () => snap().output as SubmitOutput,
  };
}

type Setup = ReturnType<typeof setup>;

async function atDeposit(t: Setup) {
  t.calls.resolve('tokenizeCard', TOKEN);
  await settle();
  t.answer(saveAnswer({ ...t.snap().context.current }));
  await settle();
  expect(t.snap().matches('submitting')).toBe(true);
}

describe('checkout submit (§4 card choice, outcomes, §8)', () => {
  it('success: the card to the vault only, the token saved, the deposit processed, the receipt handed over', async () => {
    const t = setup();
    expect(t.calls.inputs('tokenizeCard')).toEqual([VALID_CARD]);
    await atDeposit(t);
    const saved = t.saves().at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toEqual({
      ...SUBMITTED_FIELDS,
      card_token: TOKEN.token,
      credit_card_month: TOKEN.exp_month,
      credit_card_year: TOKEN.exp_year,
    });
    expect(JSON.stringify(saved)).not.toContain(VALID_CARD.credit_card);
    expect(JSON.stringify(t.received)).not.toContain(VALID_CARD.credit_card);
    // The wizard's autosave saves them (the one writer): the submission asked it, once; the checkout
    // hears its answer.
    expect(t.received.map((e) => e.type)).toEqual(['form.save', 'form.saved']);
    expect(t.calls.inputs('processDeposit')).toEqual([{ confirmDuplicate: false }]);
    const answer = depositSuccess(t.snap().context.current);
    t.calls.resolve('processDeposit', answer);
    await settle();
    expect(t.snap().status).toBe('done');
    expect(t.output()).toEqual({
      kind: 'deposited',
      fields: { ...answer.form_state, cached_deposit_info: answer.cached_deposit_info },
      receipt: answer.cached_deposit_info,
    });
  });

  it('§4/§8: a duplicate warning, then confirmDuplicate: processDeposit again with confirmDuplicate true', async () => {
    const t = setup();
    await atDeposit(t);
    const warning = depositWarning(t.snap().context.current);
    t.calls.resolve('processDeposit', warning);
    await settle();
    expect(t.snap().matches('warning')).toBe(true);
    expect(t.snap().context.outcome).toEqual({
      errorKey: null,
      warningKey: 'ERROR.DUPLICATE_TRANSACTION_WARNING',
      duplicate: warning.duplicate,
    });
    t.submit.send({ type: 'checkout.confirmDuplicate' });
    expect(t.calls.inputs('processDeposit')).toEqual([{ confirmDuplicate: false }, { confirmDuplicate: true }]);
  });

  it('a dismissed warning goes back to the form without a second deposit', async () => {
    const t = setup();
    await atDeposit(t);
    t.calls.resolve('processDeposit', depositWarning(t.snap().context.current));
    await settle();
    t.submit.send({ type: 'checkout.dismiss' });
    expect(t.output()).toMatchObject({ kind: 'returned', outcome: { warningKey: null }, showErrors: false });
    expect(t.calls.inputs('processDeposit')).toHaveLength(1);
  });

  it("§8: error text 'card declined' is ERROR.CARD_DECLINED; the form state is kept", async () => {
    const t = setup();
    await atDeposit(t);
    t.calls.resolve('processDeposit', depositError(t.snap().context.current, 'card declined'));
    await settle();
    expect(t.output()).toMatchObject({ kind: 'returned', outcome: { errorKey: 'ERROR.CARD_DECLINED' } });
    expect(t.output().fields.card_token).toBe('');
    // The deposit's answer cleared the token: the wizard applies that form state (and tells the checkout).
    expect(t.received.filter((e) => e.type === 'form.answered')).toMatchObject([
      { answer: { fields: { card_token: '' } } },
    ]);
  });

  it('a payment the processor could not confirm (nothing taken) is ERROR.PAYMENT_NOT_CONFIRMED; the form stays', async () => {
    const t = setup();
    await atDeposit(t);
    t.calls.resolve('processDeposit', depositError(t.snap().context.current, 'PAYMENT_NOT_CONFIRMED'));
    await settle();
    expect(t.output()).toMatchObject({ kind: 'returned', outcome: { errorKey: 'ERROR.PAYMENT_NOT_CONFIRMED' } });
  });

  it('§8: an error without text is ERROR.DEPOSIT_ERROR', async () => {
    const t = setup();
    await atDeposit(t);
    t.calls.resolve('processDeposit', depositError(t.snap().context.current, null));
    await settle();
    expect(t.output()).toMatchObject({ outcome: { errorKey: 'ERROR.DEPOSIT_ERROR' } });
  });

  it("the vault's 400 puts its field errors on the fields; a network failure is the banner", async () => {
    const rejected = setup();
    rejected.calls.reject('tokenizeCard', CARD_REJECTED);
    await settle();
    expect(rejected.output()).toMatchObject({
      errors: CARD_REJECTED.errors,
      showErrors: true,
      outcome: { errorKey: null },
    });
    const offline = setup();
    offline.calls.reject('tokenizeCard', NETWORK_FAILURE);
    await settle();
    expect(offline.output()).toMatchObject({ outcome: { errorKey: 'ERROR.NETWORK' } });
  });

  it('a form-level error alone (a 429 of the per-client limits) is the banner, on no field', async () => {
    const t = setup();
    t.calls.reject('tokenizeCard', TOO_MANY_REQUESTS);
    await settle();
    expect(t.output()).toMatchObject({ kind: 'returned', outcome: { errorKey: 'ERROR.TOO_MANY_REQUESTS' } });
    expect(Object.keys((t.output() as { errors: object }).errors)).toEqual([]);
  });

  it('a save answer with errors goes back to the form with the errors shown', async () => {
    const t = setup();
    t.calls.resolve('tokenizeCard', TOKEN);
    await settle();
    t.answer(saveAnswer(t.snap().context.current, { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust }));
    await settle();
    expect(t.output()).toMatchObject({ showErrors: true, errors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust } });
    expect(t.calls.inputs('processDeposit')).toEqual([]);
  });

  it('§4 trust block: the mismatch modal; "change type" asks for the type step; closing keeps the error', async () => {
    const t = setup();
    await atDeposit(t);
    t.calls.resolve('processDeposit', trustMismatch(t.snap().context.current));
    await settle();
    expect(t.snap().matches('trustMismatch')).toBe(true);
    t.submit.send({ type: 'checkout.changeType' });
    expect(t.received.at(-1)).toEqual({ type: 'checkout.toType' });
    t.submit.send({ type: 'checkout.dismiss' });
    expect(t.output()).toMatchObject({ errors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust }, showErrors: true });
  });

  it('pays with a saved card: its code goes to the vault only; card id and token are saved', async () => {
    const t = setup(SAVED_CARD_INPUT);
    expect(t.snap().matches('tokenizingSaved')).toBe(true);
    expect(t.calls.inputs('tokenizeSavedCard')).toEqual([{ saved_card_id: 1, credit_card_cvc: '321' }]);
    t.calls.resolve('tokenizeSavedCard', TOKEN);
    await settle();
    const saved = t.saves().at(-1) as { fields: Partial<FormFields> };
    expect(saved.fields).toMatchObject({ saved_card_id: 1, card_token: TOKEN.token, recurring_type: '' });
    expect(JSON.stringify(saved)).not.toContain('321');
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
  });

  it('a refused security code shows on the saved card field', async () => {
    const t = setup(SAVED_CARD_INPUT);
    t.calls.reject('tokenizeSavedCard', {
      status: 400,
      code: 'ERROR.UNEXPECTED',
      errors: { credit_card_cvc: 'VALIDATION.INVALID_CVC' },
    });
    await settle();
    expect(t.output()).toMatchObject({ errors: { saved_card_cvc: 'VALIDATION.INVALID_CVC' } });
  });

  it('§2 pam variant: the signed payload, then posted to the endpoint; bi-weekly goes with it', async () => {
    const t = setup(submitInput({ pam: { recurring: true } }));
    expect(t.calls.inputs('preparePamDeposit')).toEqual([{ fees_acknowledged: true, recurring_type: 'biweekly' }]);
    // No card goes anywhere: the payment endpoint takes it.
    expect(t.calls.inputs('tokenizeCard')).toEqual([]);
    t.calls.resolve('preparePamDeposit', PAM_ANSWER(t.snap().context.current));
    await settle();
    expect(t.snap().matches('postingPam')).toBe(true);
    expect(t.snap().context.pamPost).toEqual({ payload: 'eyJ2IjoxfQ.c2ln', payUrl: '/sandbox/pam/pay' });
    expect(t.calls.inputs('postPamPayload')).toEqual([{ payUrl: '/sandbox/pam/pay', payload: 'eyJ2IjoxfQ.c2ln' }]);
  });
});

describe('checkout submit: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutSubmitMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
