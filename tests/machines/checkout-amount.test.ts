// The checkout's amount and limits (§4 checkout amounts, §5, §7 fees, §9 throttle and timeout; unified
// wallet, docs/decisions/0016): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type EventObject, type SnapshotFrom, SimulatedClock } from 'xstate';
import { DEFAULT_DEPOSIT, DELAYS } from '../../contract/constants.ts';
import type { FormFields } from '../../contract/entities.ts';
import { checkoutAmountMachine } from '../../machines/checkout-amount.machine.ts';
import { FEES_PENDING, checkoutTotals } from '../../machines/checkout-rules.ts';
import type { AmountEvent, AmountReport, CheckoutInput } from '../../machines/checkout.types.ts';
import type { StateSaveResponse } from '../../contract/api.ts';
import type { FormReplyEvent, FormStateEvent } from '../../machines/wizard.types.ts';

type FormSave = Extract<FormStateEvent, { type: 'form.save' }>;
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  CN_FOUND,
  CN_FRAUD,
  CN_NOT_FOUND,
  COOK,
  DUPAGE,
  FEES,
  HARRIS,
  MAXED_OUT_FIELDS,
  NETWORK_FAILURE,
  RECIPIENT_FIELDS,
  TRAVIS,
  UW_TRUST_FIELDS,
  saveAnswer,
} from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof checkoutAmountMachine>;

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
  'fees.retry': [{ type: 'fees.retry' }],
  'limits.retry': [{ type: 'limits.retry' }],
} satisfies EventSamples<AmountEvent>;

const build = (calls: FakeCalls) => provideMachine(checkoutAmountMachine, calls.all());

/**
 * The wizard's answers to the amount's save (§4: the wizard's autosave is the one writer): the fields
 * as saved, `more` answers, and a failure.
 */
function saveReplies(snapshot: Snapshot, more: StateSaveResponse[] = []): FormReplyEvent[] {
  if (!snapshot.matches({ open: { pricing: 'saving' } })) return [];
  return [
    ...[saveAnswer(snapshot.context.fields), ...more].map((answer) => ({ type: 'form.saved' as const, answer })),
    { type: 'form.saveFailed', error: NETWORK_FAILURE },
  ];
}

const spec: ModelSpec<Snapshot> = {
  build,
  input,
  samples: (snapshot) => [
    ...allSamples(samples),
    ...saveReplies(snapshot, [saveAnswer(snapshot.context.fields, { deposit_amount: 'ERROR.DEPOSIT_MAX' })]),
  ],
  answers: {
    getFees: () => [FEES],
  },
  failures: { getFees: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.fields.deposit_amount_id, c.fields.deposit_amount, c.otherAmount, c.error],
};

/** §5 unified-wallet trust at 1402: depositor, inmate lookup, the service's limits, then amounts. */
const uwTrustSpec: ModelSpec<Snapshot> = {
  build,
  input: { fields: UW_TRUST_FIELDS, facility: DUPAGE } satisfies CheckoutInput,
  samples: (snapshot) => [{ type: 'limits.retry' }, { type: 'amount.preset', id: '25' }, ...saveReplies(snapshot)],
  answers: {
    isApprovedDepositor: () => [{ approvedDepositor: true }, { approvedDepositor: false }],
    getCnInmate: () => [CN_FOUND, CN_FRAUD, CN_NOT_FOUND],
    getAllowedMinMax: () => [
      { minAmount: 10, maxAmount: 100 },
      { minAmount: 10, maxAmount: 0 },
    ],
    getFees: () => [FEES],
  },
  failures: {
    isApprovedDepositor: [NETWORK_FAILURE],
    getCnInmate: [NETWORK_FAILURE],
    getAllowedMinMax: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [c.limitsRefusal, c.limits, c.fields.deposit_amount],
};

/** §4 maxed out at 1401 (unified wallet, limits 50 > 20): amounts do nothing. */
const maxedOutSpec: ModelSpec<Snapshot> = {
  build,
  input: { fields: MAXED_OUT_FIELDS, facility: COOK } satisfies CheckoutInput,
  samples: () => [
    { type: 'amount.preset', id: '25' },
    { type: 'amount.other', text: '30' },
  ],
  answers: {},
  failures: {},
  project: ({ context: c }) => [c.fields.deposit_amount, c.fields.deposit_amount_id],
};

describe('checkout amount: paths of the model', () => {
  for (const [name, model] of [
    ['standard', spec],
    ['unified-wallet trust', uwTrustSpec],
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

// ---------------------------------------------------------------- behaviour

function setup(custom: Partial<CheckoutInput> = {}) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const { actor, child, received } = withParent(build(calls), { ...input, ...custom }, clock, {
    parent: SYSTEM.checkout,
    child: SYSTEM.checkoutAmount,
  });
  const snap = () => child.getSnapshot() as Snapshot;
  const reports = () => received.filter((e): e is EventObject & { report: AmountReport } => e.type === 'amount.report');
  const saves = () => received.filter((e) => e.type === 'form.save').map((e) => ({ fields: (e as FormSave).fields }));
  const answer = (reply: StateSaveResponse | { error: unknown }) => answerSave(actor, received, reply);
  return {
    calls,
    clock,
    amount: child as AnyActorRef,
    received,
    snap,
    saves,
    answer,
    last: () => reports().at(-1)?.report,
  };
}

type Setup = ReturnType<typeof setup>;

/** A preset chosen and priced: the save answers first, then the fees. */
async function priced(t: Setup, id = '25') {
  t.amount.send({ type: 'amount.preset', id });
  t.answer(saveAnswer({ ...t.snap().context.fields }));
  await settle();
  t.calls.resolve('getFees', FEES);
  await settle();
  expect(t.snap().matches({ open: 'priced' })).toBe(true);
}

const totalsOf = (s: Snapshot) =>
  checkoutTotals(s.context.fields.deposit_amount, s.context.quote, s.context.roundups, null);

describe('checkout amount: the default deposit (§9)', () => {
  it('is chosen when the checkout opens with no amount, and saved and priced at once', () => {
    const t = setup();
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: DEFAULT_DEPOSIT, deposit_amount_id: '25' });
    // Decision 0063: a preset waits for no throttle; the save and the fees request go out together.
    expect(t.saves()).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
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

describe('checkout amount (§4, §5)', () => {
  it('§4: choosing a preset clears the custom amount', () => {
    const t = setup();
    t.amount.send({ type: 'amount.other', text: '30' });
    expect(t.snap().context.otherAmount).toBe('30');
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 30, deposit_amount_id: 'other' });
    t.amount.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().context.otherAmount).toBe('');
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 50, deposit_amount_id: '50' });
    t.amount.send({ type: 'amount.preset', id: 'other' });
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: null, deposit_amount_id: 'other' });
    expect(t.snap().matches({ open: 'idle' })).toBe(true);
    // An unknown preset changes nothing.
    t.amount.send({ type: 'amount.preset', id: '300' });
    expect(t.snap().context.fields.deposit_amount_id).toBe('other');
  });

  it('§5: the other amount keeps at most 6 characters', () => {
    const t = setup();
    t.amount.send({ type: 'amount.other', text: '12.50000' });
    expect(t.snap().context.otherAmount).toBe('12.500');
  });

  it('§4: out of bounds: the rule message, no roundups, total 0; reported to the checkout', async () => {
    const t = setup();
    await priced(t);
    expect(t.snap().context.roundups).toHaveLength(1);
    expect(t.last()).toEqual({
      deposit_amount: 25,
      deposit_amount_id: '25',
      open: true,
      pending: false,
      error: null,
      roundups: FEES.roundups,
    });
    t.amount.send({ type: 'amount.other', text: '5' });
    const s = t.snap();
    expect(s.matches({ open: 'outOfBounds' })).toBe(true);
    expect(s.context.error).toBe('VALIDATION.DEPOSIT_BELOW_MINIMUM');
    expect(s.context.roundups).toEqual([]);
    expect(totalsOf(s)).toEqual({ amount: 5, fee: null, tax: null, total: 0 });
    expect(t.last()).toMatchObject({ deposit_amount: 5, error: 'VALIDATION.DEPOSIT_BELOW_MINIMUM', roundups: [] });
    t.amount.send({ type: 'amount.other', text: 'abc' });
    expect(t.snap().context.error).toBe('VALIDATION.INVALID_DEPOSIT_AMOUNT');
  });

  it('§5: facility limits narrow the bounds (Travis: 20..100)', () => {
    const t = setup({ facility: TRAVIS });
    t.amount.send({ type: 'amount.preset', id: '150' });
    expect(t.snap().matches({ open: 'outOfBounds' })).toBe(true);
    expect(t.snap().context.error).toBe('VALIDATION.DEPOSIT_LIMIT_REACHED');
    t.amount.send({ type: 'amount.preset', id: '50' });
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.snap().context.error).toBeNull();
  });

  it('§4: the amount is saved and its fees fetched together, priced once both answered; the total is the server\u2019s', async () => {
    const t = setup();
    expect(t.last()).toMatchObject({ pending: true, error: FEES_PENDING });
    // The wizard's autosave saves it (the one writer): the amount asked it, once, beside the fees.
    expect(t.saves()).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    expect(t.calls.inputs('getFees')).toEqual([{ facilityId: HARRIS.id, depositType: 'flex', amount: 25 }]);
    // The fees answer first: nothing is priced until the save has answered.
    t.calls.resolve('getFees', FEES);
    await settle();
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.snap().hasTag('calculating')).toBe(true);
    expect(t.snap().context.quote).toBeNull();
    t.answer(saveAnswer({ ...t.snap().context.fields }));
    await settle();
    expect(t.snap().matches({ open: 'priced' })).toBe(true);
    expect(totalsOf(t.snap())).toEqual({ amount: 25, fee: 2.95, tax: 0.3, total: 28.25 });
    expect(t.snap().context.pendingFees).toBeNull();
  });

  it('§4: a save that refuses the amount wins over fees that answered first', async () => {
    const t = setup();
    t.calls.resolve('getFees', FEES);
    await settle();
    t.answer(saveAnswer({ ...t.snap().context.fields }, { deposit_amount: 'ERROR.DEPOSIT_MAX' }));
    await settle();
    expect(t.snap().matches({ open: 'outOfBounds' })).toBe(true);
    expect(t.snap().context.quote).toBeNull();
    expect(t.last()).toMatchObject({ error: 'ERROR.DEPOSIT_MAX', roundups: [] });
  });

  it('§9 presets: one fees answer prices them all; kept while another amount is chosen and priced (decision 0052)', async () => {
    const t = setup();
    expect(t.snap().context.presetFees).toEqual([]);
    await priced(t, '25');
    expect(t.snap().context.presetFees).toEqual(FEES.presets);
    // The preset chosen again while it was priced changed nothing: one request.
    expect(t.calls.inputs('getFees')).toHaveLength(1);
    t.amount.send({ type: 'amount.other', text: '30' });
    expect(t.snap().context.quote).toBeNull();
    expect(t.snap().context.presetFees).toEqual(FEES.presets);
    t.amount.send({ type: 'amount.other', text: '5' });
    expect(t.snap().matches({ open: 'outOfBounds' })).toBe(true);
    expect(t.snap().context.presetFees).toEqual(FEES.presets);
  });

  it('§5 presets: those the limits here refuse have no fee to show (Travis: 20..100)', async () => {
    const t = setup({ facility: TRAVIS });
    await priced(t, '50');
    expect(t.snap().context.presetFees.map((p) => p.amount)).toEqual([25, 50, 75, 100]);
  });

  it('§9: a typed amount waits for the fee throttle, which restarts on each key: one save, of the last amount', () => {
    const t = setup();
    const before = t.saves().length;
    t.amount.send({ type: 'amount.other', text: '3' });
    t.amount.send({ type: 'amount.other', text: '30' });
    t.clock.increment(200);
    t.amount.send({ type: 'amount.other', text: '35' });
    t.clock.increment(200);
    expect(t.snap().matches({ open: 'waiting' })).toBe(true);
    expect(t.saves()).toHaveLength(before);
    t.clock.increment(50);
    expect(t.saves().slice(before)).toEqual([{ fields: { deposit_amount: 35, deposit_amount_id: 'other' } }]);
  });

  it('§7: a fees request over 30 s is reported as a timeout, and can be retried', async () => {
    const t = setup();
    t.answer(saveAnswer({ ...t.snap().context.fields }));
    await settle();
    t.clock.increment(DELAYS.feesTimeout - 1);
    expect(t.snap().matches({ open: { pricing: 'fetching' } })).toBe(true);
    t.clock.increment(1);
    expect(t.snap().matches({ open: 'timedOut' })).toBe(true);
    expect(t.snap().context.feeFailure).toBe('ERROR.FEES_TIMEOUT');
    expect(t.last()).toMatchObject({ pending: false, error: 'ERROR.FEES_TIMEOUT' });
    t.amount.send({ type: 'fees.retry' });
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.snap().context.feeFailure).toBeNull();
  });

  it('a saved valid amount is priced at once; a saved other amount is shown as typed', () => {
    const t = setup({ fields: { ...RECIPIENT_FIELDS, deposit_amount: 42.5, deposit_amount_id: 'other' } });
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.calls.inputs('getFees')).toEqual([{ facilityId: HARRIS.id, depositType: 'flex', amount: 42.5 }]);
    expect(t.snap().context.otherAmount).toBe('42.5');
  });

  it('the server can refuse a saved amount (out of bounds with its message)', async () => {
    const t = setup();
    t.amount.send({ type: 'amount.preset', id: '100' });
    t.answer(saveAnswer({ ...t.snap().context.fields }, { deposit_amount: 'ERROR.DEPOSIT_MAX' }));
    await settle();
    expect(t.snap().matches({ open: 'outOfBounds' })).toBe(true);
    expect(t.snap().context.error).toBe('ERROR.DEPOSIT_MAX');
    expect(t.last()).toMatchObject({ error: 'ERROR.DEPOSIT_MAX' });
  });

  it('fees that cannot be had are reported with the failure', async () => {
    const t = setup();
    t.amount.send({ type: 'amount.preset', id: '25' });
    t.answer({ error: NETWORK_FAILURE });
    await settle();
    expect(t.snap().matches({ open: 'failed' })).toBe(true);
    expect(t.last()).toMatchObject({ pending: false, error: NETWORK_FAILURE.code });
  });
});

describe('checkout amount: unified wallet (§4 maxed out, §5 trust, §7 fees)', () => {
  it('not in unified-wallet mode the limits are ready at once, from the facility', () => {
    const t = setup();
    expect(t.snap().matches('open')).toBe(true);
    expect(t.calls.inputs('isApprovedDepositor')).toEqual([]);
    // §9: the default deposit is chosen at once, and priced.
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.last()).toMatchObject({ open: true, pending: true, deposit_amount: 25 });
  });

  it('§4: maxed out at 1401: presets cleared, amount 0, no fees; amounts do nothing', () => {
    const t = setup({ fields: { ...MAXED_OUT_FIELDS, deposit_amount: 25, deposit_amount_id: '25' }, facility: COOK });
    expect(t.snap().matches('maxedOut')).toBe(true);
    expect(t.snap().context.fields).toMatchObject({ deposit_amount: 0, deposit_amount_id: '' });
    expect(t.last()).toMatchObject({ open: false, deposit_amount: 0 });
    t.amount.send({ type: 'amount.preset', id: '25' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.snap().context.fields.deposit_amount).toBe(0);
    expect(t.saves()).toEqual([]);
  });

  it('§5: unified-wallet trust: depositor, inmate, then the service min and max are the limits', async () => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    expect(t.snap().matches('checkingDepositor')).toBe(true);
    expect(t.snap().hasTag('busy')).toBe(true);
    // No amount is taken while the checks run.
    t.amount.send({ type: 'amount.preset', id: '25' });
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
    // The default deposit (§9) is within the service's limits: chosen.
    expect(t.snap().matches({ open: { pricing: 'saving' } })).toBe(true);
    expect(t.snap().context.limits).toEqual({ min: 10, max: 100 });
    t.amount.send({ type: 'amount.preset', id: '150' });
    expect(t.snap().matches({ open: 'outOfBounds' })).toBe(true);
    t.amount.send({ type: 'amount.preset', id: '50' });
    // §7: the fees are asked with the unified-wallet flag and the wallet's id.
    expect(t.calls.inputs('getFees').slice(-1)).toEqual([
      { facilityId: 1402, depositType: 'trust', amount: 50, unifiedWallet: true, ocFacilityId: 'OC-1402' },
    ]);
  });

  it.each([
    ['not approved', { approvedDepositor: false }, null, 'ERROR.NOT_APPROVED_DEPOSITOR_MSG'],
    ['fraud-flagged', { approvedDepositor: true }, CN_FRAUD, 'ERROR.FRAUD_CONTROL_MESSAGE'],
    ['not found', { approvedDepositor: true }, CN_NOT_FOUND, 'UW.LOOKUP_FAILED'],
  ] as const)('§5: %s is refused with its message', async (_n, approved, cn, key) => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    t.calls.resolve('isApprovedDepositor', approved);
    await settle();
    if (cn) {
      t.calls.resolve('getCnInmate', cn);
      await settle();
    }
    expect(t.snap().matches('refused')).toBe(true);
    expect(t.snap().context.limitsRefusal).toBe(key);
    expect(t.last()).toMatchObject({ open: false });
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
    expect(t.snap().matches('maxedOut')).toBe(true);
    expect(t.snap().context.fields.deposit_amount).toBe(0);
  });

  it('a failed check shows its message and can be retried from the start', async () => {
    const t = setup({ fields: UW_TRUST_FIELDS, facility: DUPAGE });
    t.calls.reject('isApprovedDepositor', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches('failed')).toBe(true);
    expect(t.snap().context.limitsRefusal).toBe(NETWORK_FAILURE.code);
    t.amount.send({ type: 'limits.retry' });
    expect(t.snap().matches('checkingDepositor')).toBe(true);
    expect(t.snap().context.limitsRefusal).toBeNull();
    expect(t.calls.inputs('isApprovedDepositor')).toHaveLength(2);
  });

  it('§8: without a como service id the unified-wallet trust checks do not apply (only logged by the server)', () => {
    const t = setup({ fields: { ...UW_TRUST_FIELDS, como_service_id: '' } as FormFields, facility: DUPAGE });
    expect(t.snap().matches('open')).toBe(true);
    expect(t.calls.inputs('isApprovedDepositor')).toEqual([]);
  });
});

describe('checkout amount: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutAmountMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
