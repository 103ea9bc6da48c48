// wizard (§2, §4): model-based paths, the routing guards, Continue, autosave, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type SnapshotFrom, SimulatedClock, createMachine } from 'xstate';
import { DELAYS } from '../../contract/constants.ts';
import { EMPTY_FORM, type FieldErrors, type FormFields } from '../../contract/entities.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import type { checkoutMachine } from '../../machines/checkout.machine.ts';
import type { facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { provideWizard } from '../../machines/provide-actors.ts';
import type { receiptFlowMachine } from '../../machines/receipt.machine.ts';
import type { recipientSearchMachine } from '../../machines/recipient-search.machine.ts';
import { progressOf, routeOf, stepOf } from '../../machines/wizard-route.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import type { CheckoutInput, CheckoutOutput } from '../../machines/checkout.types.ts';
import { VALID_VALUES } from './checkout-samples.ts';
import type { WizardEvent, WizardInput, WizardRoute } from '../../machines/wizard.types.ts';
import {
  DEST_ACCOUNTS,
  FACILITY_OPTIONS,
  FEES,
  FRAUD_INMATE,
  HARRIS,
  INMATE,
  NETWORK_FAILURE,
  NON_STANDARD,
  RECEIPT,
  RECIPIENT_FIELDS,
  TOKEN,
  VALID_BILLING,
  deepContactFields,
  depositSuccess,
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
  start,
} from './harness.ts';
import { SYSTEM } from '../../machines/system.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

const FRAUD = 'ERROR.FRAUD_CONTROL_MESSAGE';
const NOT_FOUND: CallFailure = { status: 404, code: 'ERROR.FACILITY_NOT_FOUND', errors: {} };
const FACILITY_FIELDS: Partial<FormFields> = { facility_id: HARRIS.id, facility_state: 'TX', facility_country: 'US' };
const AMOUNT_25: Partial<FormFields> = { deposit_amount: 25, deposit_amount_id: '25' };

// The children are stubs in the model: their own tests cover them. The checkout stub is a call
// the path answers (its output) or fails.
const inert = createMachine({ id: 'inertChild' });
function withStubs(calls: FakeCalls) {
  const actors = calls.all();
  return wizardMachine.provide({
    actors: {
      saveFormState: actors.saveFormState,
      loadFacility: actors.loadFacility,
      clearFormState: actors.clearFormState,
      loadDestinationAccounts: actors.loadDestinationAccounts,
      checkDestinationFraud: actors.checkDestinationFraud,
      facilityPickerMachine: inert as unknown as typeof facilityPickerMachine,
      recipientSearchMachine: inert as unknown as typeof recipientSearchMachine,
      receiptFlowMachine: inert as unknown as typeof receiptFlowMachine,
      checkoutMachine: calls.controlled<CheckoutOutput, CheckoutInput>('checkout') as unknown as typeof checkoutMachine,
    },
  });
}

const ROUTES: (WizardRoute | null)[] = ['facility', 'type', 'number', 'recipient', 'checkout', 'receipt', null];

const samples = {
  'form.change': [
    { type: 'form.change', fields: FACILITY_FIELDS },
    { type: 'form.change', fields: { billing_first_name: 'Ann' } },
  ],
  'wizard.continue': [{ type: 'wizard.continue' }],
  'wizard.back': [{ type: 'wizard.back' }],
  'wizard.navigate': [
    { type: 'wizard.navigate', route: 'facility' },
    // §2 /deposit_facility/CA: the address names a country.
    { type: 'wizard.navigate', route: 'facility', country: 'CA' },
    ...ROUTES.slice(1).map((route) => ({ type: 'wizard.navigate' as const, route })),
  ],
  'wizard.cannotContinue': [{ type: 'wizard.cannotContinue' }],
  'wizard.retry': [{ type: 'wizard.retry' }],
  'wizard.another': [{ type: 'wizard.another' }],
  'type.select': [
    { type: 'type.select', depositType: 'flex' },
    { type: 'type.select', depositType: 'dest' },
    { type: 'type.select', depositType: 'bail' },
    { type: 'type.select', depositType: 'trust' },
  ],
  'type.dismiss': [{ type: 'type.dismiss' }],
  'receipt.accountCreated': [{ type: 'receipt.accountCreated' }],
  'number.account': [
    { type: 'number.account', accountId: 301 },
    { type: 'number.account', accountId: 304 },
    { type: 'number.account', accountId: null },
  ],
  // The number step's form sends a new number once its schema passes (tests/ui/number-step.test.tsx):
  // a US one (checked for a fraud flag) and one with the international prefix (not checked).
  'number.submit': [
    { type: 'number.submit', values: { deposit_phone_country: 'US', deposit_phone_no: '(512) 555-0199' } },
    { type: 'number.submit', values: { deposit_phone_country: 'CA', deposit_phone_no: '0114165550106' } },
  ],
  'recipient.select': [
    { type: 'recipient.select', inmate: INMATE },
    { type: 'recipient.select', inmate: FRAUD_INMATE },
  ],
  // The checkout's amount asks for a save now; the deposit call's answer holds the form state.
  'form.save': [{ type: 'form.save', fields: AMOUNT_25, replyTo: SYSTEM.checkoutAmount }],
  'form.answered': [{ type: 'form.answered', answer: saveAnswer({ ...RECIPIENT_FIELDS, ...AMOUNT_25 }) }],
  // The autosave's answers to a step's own save (raised by the wizard itself).
  'form.saved': [{ type: 'form.saved', answer: saveAnswer({ ...EMPTY_FORM, ...FACILITY_FIELDS }) }],
  'form.saveFailed': [{ type: 'form.saveFailed', error: NETWORK_FAILURE }],
} satisfies EventSamples<WizardEvent>;

/** Events the model leaves out: other steps' (numberSpec), and the replies the wizard raises itself. */
const NOT_IN_MODEL: readonly string[] = [
  'number.account',
  'number.submit',
  'form.save',
  'form.answered',
  'form.saved',
  'form.saveFailed',
];

/**
 * The autosave's answers (the one writer of the form state): the fields as saved; to a step's
 * Continue (the wizard waits for it), also with each of `stepErrors`.
 */
function autosaveAnswers(...stepErrors: FieldErrors[]) {
  return ({ context }: Snapshot) => {
    const fields = { ...context.fields, ...context.inFlight };
    const step = context.answering.includes(SYSTEM.wizard) ? stepErrors.map((e) => saveAnswer(fields, e)) : [];
    return [saveAnswer(fields), ...step];
  };
}

const input: WizardInput = { fields: EMPTY_FORM, errors: {}, route: null };

const spec: ModelSpec<Snapshot> = {
  build: withStubs,
  input,
  // The number step's choices are walked by numberSpec below.
  samples: () => allSamples(samples).filter((e) => !NOT_IN_MODEL.includes(e.type)),
  answers: {
    // The server's answer to a save echoes the fields; one variant reports a fraud flag.
    autosave: autosaveAnswers({ deposit_inmate_id: FRAUD }),
    loadFacility: () => [HARRIS],
    clearFormState: () => [saveAnswer(EMPTY_FORM)],
    checkout: ({ context }) => [
      { fields: { ...context.fields, deposit_id: RECEIPT.deposit_id, cached_deposit_info: RECEIPT }, receipt: RECEIPT },
    ],
  },
  failures: {
    autosave: [NETWORK_FAILURE],
    loadFacility: [NOT_FOUND],
    clearFormState: [NETWORK_FAILURE],
    checkout: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.requested,
    c.fields.facility_id,
    c.fields.deposit_type,
    c.fields.deposit_inmate_id !== '',
    c.fields.deposit_id !== '',
    c.facility?.id ?? null,
    c.showErrors,
    Object.keys(c.dirty).length > 0,
    Object.keys(c.inFlight).length > 0,
    c.waiters,
    c.answering,
    c.failure !== null,
  ],
  limit: 100_000,
};

/** §2 number step (dest) of a signed-in payer: phone accounts, a new number, the fraud check, the save. */
const NEW_NUMBER: WizardEvent = { type: 'form.change', fields: { deposit_phone_no: '(512) 555-0199' } };
const numberSpec: ModelSpec<Snapshot> = {
  build: withStubs,
  input: {
    fields: { ...EMPTY_FORM, ...FACILITY_FIELDS, deposit_type: 'dest', logged_in: true },
    errors: {},
    route: 'number',
  } satisfies WizardInput,
  samples: () => [
    ...samples['number.account'],
    ...samples['number.submit'],
    NEW_NUMBER,
    { type: 'wizard.continue' },
    { type: 'wizard.back' },
  ],
  answers: {
    loadFacility: () => [HARRIS],
    loadDestinationAccounts: () => [DEST_ACCOUNTS],
    checkDestinationFraud: () => [{ fraud_flag: 0 }, { fraud_flag: 1 }],
    autosave: autosaveAnswers({ deposit_phone_no: 'VALIDATION.INVALID_PHONE' }),
    checkout: () => [],
  },
  failures: {
    loadDestinationAccounts: [NETWORK_FAILURE],
    checkDestinationFraud: [NETWORK_FAILURE],
    autosave: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.requested,
    c.fields.dest_account_id,
    c.fields.deposit_phone_no !== '',
    c.destAccounts === null,
    c.errors.deposit_phone_no ?? null,
    c.showErrors,
    Object.keys(c.dirty).length > 0,
    Object.keys(c.inFlight).length > 0,
    c.waiters,
    c.answering,
    c.failure !== null,
  ],
  limit: 50_000,
};

describe('wizard (number step): paths of the model', () => {
  const graph = modelPaths(numberSpec);
  it('has a graph to walk', () => {
    console.info(`wizard number graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
    expect(graph.paths.length).toBeGreaterThan(5);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(numberSpec, graph, path);
  });
});

describe('wizard: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    console.info(`wizard graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
    expect(graph.paths.length).toBeGreaterThan(50);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

// ---------------------------------------------------------------- behaviour

function setup(
  fields: FormFields = EMPTY_FORM,
  route: WizardRoute | null = null,
  errors: FieldErrors = {},
  country: string | null = null,
) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const wizard = start(withStubs(calls), { fields, errors, route, country } satisfies WizardInput, clock);
  const snap = () => wizard.getSnapshot() as Snapshot;
  return { calls, clock, wizard: wizard as AnyActorRef, snap };
}

/** Lets a pending loadFacility answer (with Harris County) land, if the routing asked for it. */
async function loadFacility(t: ReturnType<typeof setup>) {
  if (t.calls.isPending('loadFacility')) {
    t.calls.resolve('loadFacility', HARRIS);
    await settle();
  }
}

const withFacility: FormFields = { ...EMPTY_FORM, ...FACILITY_FIELDS };
const withDeposit: FormFields = { ...RECIPIENT_FIELDS, deposit_id: RECEIPT.deposit_id, cached_deposit_info: RECEIPT };

describe('wizard: §4 routing guards', () => {
  const rows: [string, WizardRoute | null, FormFields, WizardRoute][] = [
    ['receipt with a deposit_id', 'receipt', withDeposit, 'receipt'],
    ['receipt without a deposit_id -> "/" (facility)', 'receipt', RECIPIENT_FIELDS, 'facility'],
    ['checkout with a deposit_id -> receipt', 'checkout', withDeposit, 'receipt'],
    ['checkout without a facility -> facility', 'checkout', EMPTY_FORM, 'facility'],
    ['checkout without a recipient -> type', 'checkout', { ...withFacility, deposit_type: 'flex' }, 'type'],
    ['checkout with everything', 'checkout', RECIPIENT_FIELDS, 'checkout'],
    ['recipient without a facility -> facility', 'recipient', EMPTY_FORM, 'facility'],
    ['recipient for dest -> type', 'recipient', { ...withFacility, deposit_type: 'dest' }, 'type'],
    ['recipient without a type -> type', 'recipient', withFacility, 'type'],
    ['recipient for flex', 'recipient', { ...withFacility, deposit_type: 'flex' }, 'recipient'],
    ['recipient for trust', 'recipient', { ...withFacility, deposit_type: 'trust' }, 'recipient'],
    ['recipient for bail', 'recipient', { ...withFacility, deposit_type: 'bail' }, 'recipient'],
    ['type without a facility -> facility', 'type', EMPTY_FORM, 'facility'],
    ['type with a facility', 'type', withFacility, 'type'],
    ['facility', 'facility', RECIPIENT_FIELDS, 'facility'],
    ['no route, with a deposit_id -> receipt', null, withDeposit, 'receipt'],
    ['no route -> facility', null, RECIPIENT_FIELDS, 'facility'],
  ];
  it.each(rows)('%s', async (_name, route, fields, expected) => {
    const t = setup(fields, route);
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe(expected);
  });

  it('a step that needs the facility details loads them first (needsFacilityDetails)', async () => {
    const t = setup(RECIPIENT_FIELDS, 'checkout');
    expect(stepOf(t.snap())).toBe('loadingFacility');
    expect(routeOf(t.snap())).toBeNull();
    expect(t.calls.inputs('loadFacility')).toEqual([{ facilityId: HARRIS.id }]);
    await loadFacility(t);
    expect(t.snap().context.facility).toEqual(HARRIS);
    expect(t.calls.inputs('checkout')).toEqual([{ fields: RECIPIENT_FIELDS, facility: HARRIS }]);
  });

  it('a failed facility load can be retried', async () => {
    const t = setup(RECIPIENT_FIELDS, 'type');
    t.calls.reject('loadFacility', NOT_FOUND);
    await settle();
    expect(stepOf(t.snap())).toBe('failed');
    expect(t.snap().context.failure).toBe(NOT_FOUND.code);
    t.wizard.send({ type: 'wizard.retry' });
    expect(stepOf(t.snap())).toBe('loadingFacility');
  });

  it('wizard.navigate asks; the guards decide; the same route again changes nothing', async () => {
    const t = setup(withFacility, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'wizard.navigate', route: 'checkout' });
    expect(routeOf(t.snap())).toBe('type');
    t.wizard.send({ type: 'wizard.navigate', route: 'facility' });
    expect(routeOf(t.snap())).toBe('facility');
    const picker = t.snap().children.facilityPicker;
    t.wizard.send({ type: 'wizard.navigate', route: 'facility' });
    expect(t.snap().children.facilityPicker).toBe(picker);
  });

  it('§2 /deposit_facility/:country: the address names the country; another than the saved one is a new choice, autosaved', async () => {
    const t = setup(withFacility, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'wizard.navigate', route: 'facility', country: 'CA' });
    expect(routeOf(t.snap())).toBe('facility');
    expect(t.snap().context.fields).toMatchObject({ facility_country: 'CA', facility_state: '', facility_id: null });
    expect(t.snap().context.askedCountry).toBeNull();
    const picker = t.snap().children.facilityPicker;
    // The same country again, or no country: no move.
    t.wizard.send({ type: 'wizard.navigate', route: 'facility', country: 'CA' });
    t.wizard.send({ type: 'wizard.navigate', route: 'facility' });
    expect(t.snap().children.facilityPicker).toBe(picker);
    // The other country on the same step starts the picker again on it.
    t.wizard.send({ type: 'wizard.navigate', route: 'facility', country: 'US' });
    expect(t.snap().children.facilityPicker).not.toBe(picker);
    expect(t.snap().context.fields.facility_country).toBe('US');
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('saveFormState')).toEqual([
      { fields: { facility_country: 'US', facility_state: '', facility_id: null } },
    ]);
  });

  it('§2: a page opened at /deposit_facility/US shows the US, whatever country was saved', () => {
    const canada = { ...EMPTY_FORM, facility_country: 'CA', facility_state: 'ON' };
    const t = setup(canada, 'facility', {}, 'US');
    expect(routeOf(t.snap())).toBe('facility');
    expect(t.snap().context.fields).toMatchObject({ facility_country: 'US', facility_state: '' });
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('saveFormState')).toEqual([
      { fields: { facility_country: 'US', facility_state: '', facility_id: null } },
    ]);
    // Its own country: nothing to change, nothing saved.
    const same = setup(canada, 'facility', {}, 'CA');
    expect(same.snap().context.fields.facility_state).toBe('ON');
    same.clock.increment(DELAYS.formSaveThrottle);
    expect(same.calls.inputs('saveFormState')).toEqual([]);
  });

  it('§2 progress: one figure per route', () => {
    expect(['facility', 'type', 'recipient', 'checkout', 'receipt'].map((r) => progressOf(r as WizardRoute))).toEqual([
      30, 40, 60, 80, 100,
    ]);
  });
});

describe('wizard: Continue (§4)', () => {
  it('without a facility: cannot continue, the error shows, nothing is saved', () => {
    const t = setup();
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.snap().matches({ step: { facility: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { facility_id: 'VALIDATION.REQUIRED' } });
    expect(t.calls.inputs('saveFormState')).toEqual([]);
  });

  it('a save with errors on the step field fires cannotContinue and shows the errors', async () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'form.change', fields: { billing_first_name: 'Ann' } });
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: { billing_first_name: 'Ann', ...FACILITY_FIELDS } }]);
    t.calls.resolve('autosave', saveAnswer(withFacility, { facility_id: 'ERROR.FACILITY_NOT_FOUND' }));
    await settle();
    expect(t.snap().matches({ step: { facility: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' } });
  });

  it('a failed save: cannot continue, with the failure', async () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'wizard.continue' });
    t.calls.reject('autosave', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ step: { facility: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, failure: 'ERROR.NETWORK' });
  });

  it('a good save moves on: facility -> type, and entering the step hides the errors', async () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'wizard.cannotContinue' });
    expect(t.snap().context.showErrors).toBe(true);
    t.wizard.send({ type: 'wizard.continue' });
    t.calls.resolve('autosave', saveAnswer(withFacility));
    await settle();
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe('type');
    expect(t.snap().context.showErrors).toBe(false);
  });

  it('type: flex goes on to the recipient; dest to the number step; bail needs pam', async () => {
    const t = setup(withFacility, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.snap().context.errors.deposit_type).toBe('VALIDATION.SELECT_DEPOSIT_TYPE');

    t.wizard.send({ type: 'type.select', depositType: 'bail' });
    expect(t.snap().matches({ step: { type: 'editing' } })).toBe(true);
    expect(t.snap().context.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');

    t.wizard.send({ type: 'type.select', depositType: 'dest' });
    expect(t.calls.inputs('saveFormState').at(-1)).toEqual({ fields: { deposit_type: 'dest' } });
    t.calls.resolve('autosave', saveAnswer({ ...withFacility, deposit_type: 'dest' }));
    await settle();
    expect(routeOf(t.snap())).toBe('number');
    t.wizard.send({ type: 'wizard.back' });
    expect(routeOf(t.snap())).toBe('type');

    t.wizard.send({ type: 'type.select', depositType: 'flex' });
    t.calls.resolve('autosave', saveAnswer({ ...withFacility, deposit_type: 'flex' }));
    await settle();
    expect(routeOf(t.snap())).toBe('recipient');
  });

  it('§2/§5 number: a new 10-digit number is checked for a fraud flag, then saved; a flag of 1 blocks', async () => {
    const dest = { ...withFacility, deposit_type: 'dest' as const };
    const t = setup(dest, 'number');
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe('number');
    // A guest has no phone accounts to load.
    expect(t.calls.inputs('loadDestinationAccounts')).toEqual([]);
    // Continue without an account or a new number names the field.
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.snap().context.errors.deposit_phone_no).toBe('VALIDATION.REQUIRED');
    t.wizard.send({
      type: 'number.submit',
      values: { deposit_phone_country: 'US', deposit_phone_no: '(512) 555-0199' },
    });
    expect(t.snap().context.errors.deposit_phone_no).toBeUndefined();
    expect(t.calls.inputs('checkDestinationFraud')).toEqual([{ ani: '5125550199', country: 'US' }]);
    t.calls.resolve('checkDestinationFraud', { fraud_flag: 1 });
    await settle();
    expect(t.snap().matches({ step: { number: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { deposit_phone_no: FRAUD } });

    t.wizard.send({
      type: 'number.submit',
      values: { deposit_phone_country: 'US', deposit_phone_no: '(512) 555-0100' },
    });
    t.calls.resolve('checkDestinationFraud', { fraud_flag: 0 });
    await settle();
    expect(t.calls.inputs('saveFormState').at(-1)).toMatchObject({
      fields: { deposit_phone_no: '(512) 555-0100', dest_account_id: null },
    });
    t.calls.resolve('autosave', saveAnswer({ ...dest, deposit_phone_no: '5125550100' }));
    await settle();
    expect(routeOf(t.snap())).toBe('checkout');
  });

  it('§2 number: a signed-in payer picks a phone account; a fraud-flagged one is refused', async () => {
    const t = setup({ ...withFacility, deposit_type: 'dest', logged_in: true }, 'number');
    await loadFacility(t);
    expect(t.snap().matches({ step: { number: 'loadingAccounts' } })).toBe(true);
    t.calls.resolve('loadDestinationAccounts', DEST_ACCOUNTS);
    await settle();
    t.wizard.send({ type: 'number.account', accountId: 304 });
    expect(t.snap().context.errors.deposit_phone_no).toBe(FRAUD);
    t.wizard.send({ type: 'number.account', accountId: 301 });
    expect(t.snap().context.fields).toMatchObject({ dest_account_id: 301, deposit_phone_no: '5125550101' });
    expect(t.snap().context.errors.deposit_phone_no).toBeUndefined();
    t.wizard.send({ type: 'wizard.continue' });
    // A saved account is not checked again: it is saved at once.
    expect(t.calls.inputs('checkDestinationFraud')).toEqual([]);
    expect(t.snap().matches({ step: { number: 'saving' } })).toBe(true);
  });

  it('§4: trust while signed out opens the login-required modal, and saves nothing; signed in it goes on', async () => {
    const t = setup(withFacility, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(t.snap().matches({ step: { type: 'loginRequired' } })).toBe(true);
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    t.wizard.send({ type: 'type.dismiss' });
    expect(t.snap().matches({ step: { type: 'editing' } })).toBe(true);

    const signedIn = setup({ ...withFacility, logged_in: true }, 'type');
    await loadFacility(signedIn);
    signedIn.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(signedIn.calls.inputs('saveFormState').at(-1)).toEqual({ fields: { deposit_type: 'trust' } });
  });

  it('§5: trust is not offered for a non-US billing country; §6: nor where the configuration sends it elsewhere', async () => {
    const t = setup({ ...withFacility, logged_in: true, billing_country: 'CA' }, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(t.snap().context.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');

    const redirected = setup({ ...withFacility, logged_in: true }, 'type');
    redirected.calls.resolve('loadFacility', {
      ...HARRIS,
      rules: {
        trust_redirect_url: 'https://trust.example.com/deposit',
        trust_third_party: false,
        prepaid_to_trust: false,
      },
    });
    await settle();
    redirected.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(redirected.snap().context.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
    expect(redirected.calls.inputs('saveFormState')).toEqual([]);
  });

  it('§5/§8: a fraud-flagged inmate is blocked with FRAUD_CONTROL_MESSAGE', async () => {
    const t = setup({ ...withFacility, deposit_type: 'flex' }, 'recipient');
    await loadFacility(t);
    t.wizard.send({ type: 'recipient.select', inmate: FRAUD_INMATE });
    expect(t.snap().matches({ step: { recipient: 'editing' } })).toBe(true);
    expect(t.snap().context).toMatchObject({ showErrors: true, errors: { deposit_inmate_id: FRAUD } });
    expect(t.snap().context.fields.deposit_inmate_id).toBe('');
    expect(t.calls.inputs('saveFormState')).toEqual([]);
  });

  it('§4: a fraud flag in the save answer blocks continuing', async () => {
    const fields: FormFields = { ...withFacility, deposit_type: 'flex' };
    const t = setup(fields, 'recipient');
    await loadFacility(t);
    t.wizard.send({ type: 'recipient.select', inmate: INMATE });
    t.calls.resolve('autosave', saveAnswer(fields, { form: FRAUD }));
    await settle();
    expect(t.snap().matches({ step: { recipient: 'editing' } })).toBe(true);
    expect(t.snap().context.showErrors).toBe(true);
  });

  it('choosing an inmate saves the recipient and goes to checkout', async () => {
    const fields: FormFields = { ...withFacility, deposit_type: 'flex' };
    const t = setup(fields, 'recipient');
    await loadFacility(t);
    t.wizard.send({ type: 'recipient.select', inmate: INMATE });
    expect(t.calls.inputs('saveFormState')).toEqual([
      {
        fields: {
          deposit_inmate_id: INMATE.id,
          deposit_inmate_first_name: INMATE.first_name,
          deposit_inmate_last_name: INMATE.last_name,
          deposit_inmate_booking_code: INMATE.booking_code,
          deposit_inmate_booking_date: INMATE.book_date ?? '',
          deposit_inmate_dob: INMATE.date_of_birth ?? '',
          dep_principal_code: INMATE.principal_code,
        },
      },
    ]);
    t.calls.resolve('autosave', saveAnswer({ ...fields, deposit_inmate_id: INMATE.id }));
    await settle();
    expect(routeOf(t.snap())).toBe('checkout');
  });

  it('recipient without a choice: cannot continue', async () => {
    const t = setup({ ...withFacility, deposit_type: 'flex' }, 'recipient');
    await loadFacility(t);
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.snap().context.errors.deposit_inmate_id).toBe('VALIDATION.REQUIRED');
  });

  it('back: type -> facility, recipient -> type, checkout -> recipient; none in facility or receipt', async () => {
    const t = setup(RECIPIENT_FIELDS, 'checkout');
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe('checkout');
    t.wizard.send({ type: 'wizard.back' });
    expect(routeOf(t.snap())).toBe('recipient');
    t.wizard.send({ type: 'wizard.back' });
    expect(routeOf(t.snap())).toBe('type');
    t.wizard.send({ type: 'wizard.back' });
    expect(routeOf(t.snap())).toBe('facility');
    expect(t.snap().can({ type: 'wizard.back' })).toBe(false);
    const r = setup(withDeposit, 'receipt');
    expect(r.snap().can({ type: 'wizard.back' })).toBe(false);
  });
});

describe('wizard: autosave (§4, throttled 250 ms)', () => {
  it('three changes in 100 ms: one save, 250 ms after the first', () => {
    const t = setup();
    t.wizard.send({ type: 'form.change', fields: { facility_country: 'US' } });
    t.clock.increment(50);
    t.wizard.send({ type: 'form.change', fields: { facility_state: 'TX' } });
    t.clock.increment(50);
    t.wizard.send({ type: 'form.change', fields: { facility_id: HARRIS.id } });
    t.clock.increment(DELAYS.formSaveThrottle - 101);
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    t.clock.increment(1);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: FACILITY_FIELDS }]);
    expect(t.snap().context.fields).toMatchObject(FACILITY_FIELDS);
  });

  it('values typed during a save stay, and go in the next save', async () => {
    const t = setup();
    t.wizard.send({ type: 'form.change', fields: { billing_first_name: 'An' } });
    t.clock.increment(DELAYS.formSaveThrottle);
    t.wizard.send({ type: 'form.change', fields: { billing_first_name: 'Ann' } });
    t.calls.resolve(
      'autosave',
      saveAnswer({ ...EMPTY_FORM, billing_first_name: 'An' }, { billing_zip: 'VALIDATION.REQUIRED' }),
    );
    await settle();
    expect(t.snap().context.fields.billing_first_name).toBe('Ann');
    expect(t.snap().context.errors).toEqual({ billing_zip: 'VALIDATION.REQUIRED' });
    expect(t.snap().matches({ autosave: 'waiting' })).toBe(true);
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('saveFormState').at(-1)).toEqual({ fields: { billing_first_name: 'Ann' } });
  });

  it('a failed save keeps the typed values and sends them with the next change', async () => {
    const t = setup();
    t.wizard.send({ type: 'form.change', fields: { email: 'a@b.co' } });
    t.clock.increment(DELAYS.formSaveThrottle);
    t.calls.reject('autosave', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ autosave: 'idle' })).toBe(true);
    expect(t.snap().context).toMatchObject({ failure: 'ERROR.NETWORK', fields: { email: 'a@b.co' } });
    t.wizard.send({ type: 'form.change', fields: { phone_no: '7135550100' } });
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('saveFormState').at(-1)).toEqual({ fields: { email: 'a@b.co', phone_no: '7135550100' } });
  });

  it("a change clears that field's server error (§5)", () => {
    const t = setup(EMPTY_FORM, null, { email: 'VALIDATION.INVALID_EMAIL', phone_no: 'VALIDATION.REQUIRED' });
    t.wizard.send({ type: 'form.change', fields: { email: 'a@b.co' } });
    expect(t.snap().context.errors).toEqual({ phone_no: 'VALIDATION.REQUIRED' });
  });

  it('one writer: a save asked while another is in flight goes right after it, and who asked hears its answer', async () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'form.change', fields: { billing_first_name: 'Ann' } });
    t.clock.increment(DELAYS.formSaveThrottle);
    // Continue while the typed name is being saved: the step's fields wait for that request.
    t.wizard.send({ type: 'wizard.continue' });
    expect(t.snap().context.waiters).toEqual([SYSTEM.wizard]);
    t.calls.resolve('autosave', saveAnswer({ ...withFacility, billing_first_name: 'Ann' }));
    await settle();
    expect(t.snap().matches({ step: { facility: 'saving' } })).toBe(true);
    expect(t.calls.inputs('saveFormState')).toEqual([
      { fields: { billing_first_name: 'Ann' } },
      { fields: FACILITY_FIELDS },
    ]);
    t.calls.resolve('autosave', saveAnswer({ ...withFacility, billing_first_name: 'Ann' }));
    await settle();
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe('type');
  });

  it('a failed save before the one a step waits for: the step still gets its own answer', async () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'form.change', fields: { email: 'a@b.co' } });
    t.clock.increment(DELAYS.formSaveThrottle);
    t.wizard.send({ type: 'wizard.continue' });
    t.calls.reject('autosave', NETWORK_FAILURE);
    await settle();
    // The failed request's values go again with the step's fields.
    expect(t.calls.inputs('saveFormState').at(-1)).toEqual({ fields: { email: 'a@b.co', ...FACILITY_FIELDS } });
    t.calls.resolve('autosave', saveAnswer({ ...withFacility, email: 'a@b.co' }));
    await settle();
    await loadFacility(t);
    expect(routeOf(t.snap())).toBe('type');
    expect(t.snap().context.failure).toBeNull();
  });

  it('the form state another call answered with is applied by the same function, keeping what is typed', () => {
    const t = setup(withFacility, 'facility');
    t.wizard.send({ type: 'form.change', fields: { billing_city: 'Houston' } });
    t.wizard.send({
      type: 'form.answered',
      answer: saveAnswer({ ...withFacility, card_token: '' }, { billing_zip: 'VALIDATION.REQUIRED' }),
    });
    expect(t.snap().context.fields).toMatchObject({ billing_city: 'Houston', card_token: '' });
    expect(t.snap().context.errors).toEqual({ billing_zip: 'VALIDATION.REQUIRED' });
    expect(t.snap().context.dirty).toEqual({ billing_city: 'Houston' });
  });
});

describe('wizard: with its real children', () => {
  function real() {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const wizard = start(
      provideWizard(calls.all()),
      { fields: EMPTY_FORM, errors: {}, route: null },
      clock,
      SYSTEM.wizard,
    );
    return { calls, clock, wizard, snap: () => wizard.getSnapshot() as Snapshot };
  }

  it('the facility picker reports a choice, which the wizard autosaves', async () => {
    const t = real();
    const picker = t.snap().children.facilityPicker as AnyActorRef;
    picker.send({ type: 'facility.region', region: 'TX' });
    t.calls.resolve('loadFacilityOptions', FACILITY_OPTIONS);
    await settle();
    picker.send({ type: 'facility.select', facilityId: HARRIS.id });
    expect(t.snap().context.fields).toMatchObject(FACILITY_FIELDS);
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('saveFormState').at(-1)).toEqual({ fields: FACILITY_FIELDS });
  });

  it('§5: the recipient search asks 3 characters at a standard facility, 2 elsewhere', async () => {
    const fields = { ...RECIPIENT_FIELDS, deposit_inmate_id: '' };
    for (const [facility, min] of [
      [HARRIS, 3],
      [NON_STANDARD, 2],
    ] as const) {
      const calls = new FakeCalls();
      const wizard = start(provideWizard(calls.all()), {
        fields: { ...fields, facility_id: facility.id },
        errors: {},
        route: 'recipient',
      } satisfies WizardInput);
      calls.resolve('loadFacility', facility);
      await settle();
      const search = wizard.getSnapshot().children.recipientSearch as AnyActorRef;
      expect(search.getSnapshot().context).toMatchObject({ facilityId: facility.id, minLength: min });
      wizard.stop();
    }
  });

  /** The wizard with its real children, at the checkout of a recipient at Harris County. */
  async function atCheckout() {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const wizard = start(
      provideWizard(calls.all()),
      { fields: RECIPIENT_FIELDS, errors: {}, route: 'checkout' },
      clock,
      SYSTEM.wizard,
    );
    calls.resolve('loadFacility', HARRIS);
    await settle();
    const checkout = wizard.getSnapshot().children.checkout as AnyActorRef;
    return { calls, clock, wizard, checkout };
  }

  it('one writer (§4): the amount\u2019s save goes out at once; billing typed meanwhile stays to save next', async () => {
    const { calls, clock, wizard, checkout } = await atCheckout();
    const amount = (checkout.getSnapshot() as { children: Record<string, AnyActorRef> }).children['amount'];
    // The default amount (§9) is saved at once (decision 0063); a name typed meanwhile waits for its answer.
    expect(calls.inputs('saveFormState')).toEqual([{ fields: { deposit_amount: 25, deposit_amount_id: '25' } }]);
    checkout.send({ type: 'checkout.change', fields: { billing_first_name: 'Ana' } });
    calls.resolve('autosave', saveAnswer({ ...RECIPIENT_FIELDS, deposit_amount: 25, deposit_amount_id: '25' }));
    await settle();
    // The amount heard the answer and waits for its fees; the checkout shows the wizard's copy.
    expect(amount?.getSnapshot().matches({ open: { pricing: 'fetching' } })).toBe(true);
    expect((checkout.getSnapshot() as { context: { fields: FormFields } }).context.fields).toMatchObject({
      deposit_amount: 25,
      billing_first_name: 'Ana',
    });
    expect((wizard.getSnapshot() as Snapshot).context.dirty).toEqual({ billing_first_name: 'Ana' });
    clock.increment(DELAYS.formSaveThrottle);
    expect(calls.inputs('saveFormState').at(-1)).toEqual({ fields: { billing_first_name: 'Ana' } });
    wizard.stop();
  });

  it('a successful checkout lands on the receipt with the receipt information; make another clears', async () => {
    const { calls, wizard, checkout } = await atCheckout();
    // The §9 default amount is being saved and priced.
    calls.resolve('autosave', saveAnswer({ ...RECIPIENT_FIELDS, deposit_amount: 25, deposit_amount_id: '25' }));
    await settle();
    expect(wizard.getSnapshot().context.fields.deposit_amount).toBe(25);
    calls.resolve('getFees', FEES);
    await settle();
    checkout.send({ type: 'checkout.submit', values: VALID_VALUES });
    calls.resolve('tokenizeCard', TOKEN);
    await settle();
    const saved = {
      ...RECIPIENT_FIELDS,
      ...VALID_BILLING,
      deposit_amount: 25,
      deposit_amount_id: '25',
      card_token: TOKEN.token,
    };
    calls.resolve('autosave', saveAnswer(saved));
    await settle();
    calls.resolve('processDeposit', depositSuccess(saved));
    await settle();
    const s = wizard.getSnapshot() as Snapshot;
    expect(routeOf(s)).toBe('receipt');
    expect(s.context.fields.cached_deposit_info).toEqual(RECEIPT);
    expect(s.context.fields.deposit_id).toBe(RECEIPT.deposit_id);

    wizard.send({ type: 'wizard.another' });
    expect(s.can({ type: 'wizard.another' })).toBe(true);
    calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    const after = wizard.getSnapshot() as Snapshot;
    expect(routeOf(after)).toBe('facility');
    expect(after.context).toMatchObject({ fields: EMPTY_FORM, facility: null, dirty: {} });
  });
});

// ---------------------------------------------------------------- deep contact (§4) and the 011 rule (§5)

/** The type step of a deposit started from a deep-contact link, for each kind of payer. */
function deepSpec(fields: FormFields): ModelSpec<Snapshot> {
  return {
    build: withStubs,
    input: { fields, errors: {}, route: 'type' } satisfies WizardInput,
    samples: () => [
      ...samples['type.select'],
      { type: 'type.dismiss' },
      { type: 'wizard.back' },
      { type: 'wizard.another' },
      { type: 'wizard.navigate', route: 'checkout' },
    ],
    answers: {
      loadFacility: () => [HARRIS],
      autosave: autosaveAnswers(),
      clearFormState: () => [saveAnswer(EMPTY_FORM)],
      checkout: () => [],
    },
    failures: { clearFormState: [NETWORK_FAILURE], autosave: [NETWORK_FAILURE] },
    project: ({ context: c }) => [
      c.requested,
      c.fields.deposit_type,
      c.fields.deep_contact,
      c.facility?.id ?? null,
      c.showErrors,
      c.answering,
      c.failure !== null,
    ],
    limit: 20_000,
  };
}

const DEEP_GUEST = deepContactFields();
const DEEP_ZUID = deepContactFields(INMATE, { deep_zuid: 'partner-42' });
const DEEP_SIGNED_IN = deepContactFields(INMATE, { logged_in: true, email: 'ana@example.com' });
const DEEP_FRAUD = deepContactFields(FRAUD_INMATE, { deep_zuid: 'partner-42' });

describe.each([
  ['a guest without deep_zuid', DEEP_GUEST],
  ['a guest with deep_zuid', DEEP_ZUID],
  ['a signed-in payer', DEEP_SIGNED_IN],
  ['a fraud-flagged person', DEEP_FRAUD],
])('wizard (deep contact, %s): paths of the model', (_name, fields) => {
  const model = deepSpec(fields);
  const graph = modelPaths(model);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(2);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(model, graph, path);
  });
});

describe('wizard: deep contact (§4)', () => {
  it('a signed-in payer goes from type straight to checkout for trust, and back to type', async () => {
    const t = setup(DEEP_SIGNED_IN, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(t.snap().matches({ step: { type: 'saving' } })).toBe(true);
    t.calls.resolve('autosave', saveAnswer({ ...DEEP_SIGNED_IN, deposit_type: 'trust' }));
    await settle();
    expect(routeOf(t.snap())).toBe('checkout');
    expect(t.calls.inputs('checkout')).toEqual([
      { fields: { ...DEEP_SIGNED_IN, deposit_type: 'trust' }, facility: HARRIS },
    ]);
    t.wizard.send({ type: 'wizard.back' });
    expect(routeOf(t.snap())).toBe('type');
  });

  it('flex goes straight to checkout too; dest still goes to the number step', async () => {
    const flex = setup(DEEP_ZUID, 'type');
    await loadFacility(flex);
    flex.wizard.send({ type: 'type.select', depositType: 'flex' });
    flex.calls.resolve('autosave', saveAnswer({ ...DEEP_ZUID, deposit_type: 'flex' }));
    await settle();
    expect(routeOf(flex.snap())).toBe('checkout');
    const dest = setup(DEEP_ZUID, 'type');
    await loadFacility(dest);
    dest.wizard.send({ type: 'type.select', depositType: 'dest' });
    dest.calls.resolve('autosave', saveAnswer({ ...DEEP_ZUID, deposit_type: 'dest' }));
    await settle();
    expect(routeOf(dest.snap())).toBe('number');
  });

  it('a guest without deep_zuid gets the login-required modal for flex too', async () => {
    const t = setup(DEEP_GUEST, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'flex' });
    expect(t.snap().matches({ step: { type: 'loginRequired' } })).toBe(true);
    expect(t.calls.inputs('saveFormState')).toEqual([]);
  });

  it('a fraud-flagged person blocks the type step; a new deposit clears the form state', async () => {
    const t = setup(DEEP_FRAUD, 'type');
    await loadFacility(t);
    expect(t.snap().matches({ step: { type: 'fraudBlocked' } })).toBe(true);
    t.wizard.send({ type: 'type.select', depositType: 'flex' });
    expect(t.snap().matches({ step: { type: 'fraudBlocked' } })).toBe(true);
    t.wizard.send({ type: 'wizard.another' });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(routeOf(t.snap())).toBe('facility');
    expect(t.snap().context.fields.deep_contact).toBe(false);
  });

  it('the checkout guard accepts the deep-contact recipient, not a fraud-flagged one', async () => {
    const ok = setup({ ...DEEP_SIGNED_IN, deposit_type: 'trust' }, 'checkout');
    await loadFacility(ok);
    expect(routeOf(ok.snap())).toBe('checkout');
    const fraud = setup({ ...DEEP_FRAUD, deposit_type: 'flex' }, 'checkout');
    await loadFacility(fraud);
    expect(routeOf(fraud.snap())).toBe('type');
  });
});

describe('wizard: §5 trust and bail for a primary number starting 011', () => {
  it('are not offered: choosing trust asks to reselect, without a save or the modal', async () => {
    const fields = { ...withFacility, logged_in: true, primary_no: '0114165550106' };
    const t = setup(fields, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(t.snap().matches({ step: { type: 'editing' } })).toBe(true);
    expect(t.snap().context.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
    expect(t.calls.inputs('saveFormState')).toEqual([]);
  });

  it('a US primary number changes nothing', async () => {
    const t = setup({ ...withFacility, logged_in: true, primary_no: '5125550101' }, 'type');
    await loadFacility(t);
    t.wizard.send({ type: 'type.select', depositType: 'trust' });
    expect(t.snap().matches({ step: { type: 'saving' } })).toBe(true);
  });
});

describe('wizard: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(wizardMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
