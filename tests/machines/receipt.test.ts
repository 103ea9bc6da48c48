// receiptFlow (§2 receipt: create-account modal for guests, then the SMS receipt modal for US billing;
// §8 failures keep what was sent): model-based paths, behaviour, coverage. The modals' field rules (§5)
// are their forms' (tests/ui/receipt-modals.test.tsx): the submits here carry valid values, some of which
// the server refuses.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { FormFields } from '../../contract/entities.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { type ReceiptFlowEvent, type ReceiptFlowInput, receiptFlowMachine } from '../../machines/receipt.machine.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import { NETWORK_FAILURE, RECEIPT, RECIPIENT_FIELDS, SIGNED_IN_ANSWER, VALID_BILLING } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof receiptFlowMachine>;

/** A guest's finished deposit, billed in the US. */
const GUEST: FormFields = {
  ...RECIPIENT_FIELDS,
  ...VALID_BILLING,
  deposit_id: RECEIPT.deposit_id,
  cached_deposit_info: RECEIPT,
};
const input: ReceiptFlowInput = { fields: GUEST };
const GOOD_ACCOUNT = { password: 'secret1', password_again: 'secret1', pin: '123456', pin_again: '123456' };
const EMAIL_TAKEN: CallFailure = { status: 400, code: 'ERROR.UNEXPECTED', errors: { email: 'ERROR.EMAIL_EXISTS' } };
const SMS_REFUSED: CallFailure = { status: 400, code: 'ERROR.UNEXPECTED', errors: { phone_no: 'ERROR.SMS_US_ONLY' } };

const OTHER_ACCOUNT = { password: 'another1', password_again: 'another1', pin: '654321', pin_again: '654321' };
const TEXT_TO = { phone_no: '(512) 555-0177', enroll: true };

const samples = {
  'account.submit': [
    { type: 'account.submit', values: GOOD_ACCOUNT },
    { type: 'account.submit', values: OTHER_ACCOUNT },
  ],
  'account.skip': [{ type: 'account.skip' }],
  'sms.submit': [
    { type: 'sms.submit', values: TEXT_TO },
    { type: 'sms.submit', values: { phone_no: '5125550100', enroll: false } },
  ],
  'sms.skip': [{ type: 'sms.skip' }],
  'phone.verify': [{ type: 'phone.verify' }],
  'phone.close': [{ type: 'phone.close' }],
  'phone.verified': [{ type: 'phone.verified', ani: '5125550123' }],
} satisfies EventSamples<ReceiptFlowEvent>;

/** A signed-in payer's dest deposit to a new US number (§2: phone verification on the receipt). */
const DEST_PAID: FormFields = {
  ...GUEST,
  logged_in: true,
  deposit_type: 'dest',
  cached_deposit_info: {
    ...RECEIPT,
    deposit_type: 'dest',
    recipient_first_name: null,
    recipient_last_name: null,
    deposit_phone_no: '5125550123',
    deposit_phone_no_label: '(512) 555-0123',
    deposit_phone_country: 'US',
  },
};

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(receiptFlowMachine, calls.all()),
  input,
  samples: () => allSamples(samples).filter((e) => !e.type.startsWith('phone.')),
  answers: {
    register: () => [SIGNED_IN_ANSWER],
    sendSmsReceipt: () => [{ success: true, already_sent: false }],
  },
  failures: { register: [EMAIL_TAKEN, NETWORK_FAILURE], sendSmsReceipt: [SMS_REFUSED, NETWORK_FAILURE] },
  project: ({ context: c }) => [
    c.sentAccount?.pin ?? null,
    c.sentSms?.phone_no ?? null,
    c.sentSms?.enroll ?? null,
    c.failure,
    Object.keys(c.errors).sort().join(),
    c.accountCreated,
    c.smsSent,
  ],
  limit: 20_000,
};

const destSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: { fields: DEST_PAID } satisfies ReceiptFlowInput,
  samples: () => [
    { type: 'sms.skip' },
    { type: 'phone.verify' },
    { type: 'phone.close' },
    { type: 'phone.verified', ani: '5125550123' },
  ],
  project: ({ context: c }) => [c.phoneVerified],
};

describe('receiptFlow (dest): paths of the model', () => {
  const graph = modelPaths(destSpec);
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(destSpec, graph, path);
  });
});

describe('receiptFlow: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    console.info(`receiptFlow graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('receiptFlow: behaviour', () => {
  function run(fields: FormFields = GUEST) {
    const calls = new FakeCalls();
    const actor = start(provideMachine(receiptFlowMachine, calls.all()), { fields } satisfies ReceiptFlowInput);
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('creates the account with the deposit’s email and names, then offers the text receipt; the PIN is forgotten', async () => {
    const t = run();
    t.actor.send({ type: 'account.submit', values: GOOD_ACCOUNT });
    expect(t.calls.inputs('register')).toEqual([
      {
        ...GOOD_ACCOUNT,
        email: VALID_BILLING.email,
        first_name: VALID_BILLING.billing_first_name,
        last_name: VALID_BILLING.billing_last_name,
        phone_no: VALID_BILLING.phone_no,
      },
    ]);
    t.calls.resolve('register', SIGNED_IN_ANSWER);
    await settle();
    expect(t.snap().value).toBe('offeringSms');
    expect(t.snap().context).toMatchObject({ accountCreated: true, sentAccount: null });
    t.actor.send({ type: 'sms.submit', values: { phone_no: GUEST.phone_no, enroll: true } });
    expect(t.calls.inputs('sendSmsReceipt')).toEqual([
      { phone_no: GUEST.phone_no, receipt: RECEIPT.deposit_id, enroll: true },
    ]);
    t.calls.resolve('sendSmsReceipt', { success: true, already_sent: false });
    await settle();
    expect(t.snap().value).toBe('done');
    expect(t.snap().context.smsSent).toBe(true);
  });

  it('§8: a refused account keeps what was typed and shows the server’s reason', async () => {
    const t = run();
    t.actor.send({ type: 'account.submit', values: GOOD_ACCOUNT });
    t.calls.reject('register', EMAIL_TAKEN);
    await settle();
    expect(t.snap().value).toBe('offeringAccount');
    // What was sent is what the form opens with again.
    expect(t.snap().context).toMatchObject({ sentAccount: GOOD_ACCOUNT, errors: { email: 'ERROR.EMAIL_EXISTS' } });
  });

  it('§8: a refused text keeps the number sent and puts the server’s reason on its field; a skip clears it', async () => {
    const t = run({ ...GUEST, logged_in: true });
    t.actor.send({ type: 'sms.submit', values: TEXT_TO });
    t.calls.reject('sendSmsReceipt', SMS_REFUSED);
    await settle();
    expect(t.snap().value).toBe('offeringSms');
    expect(t.snap().context).toMatchObject({
      sentSms: TEXT_TO,
      errors: { phone_no: 'ERROR.SMS_US_ONLY' },
      failure: null,
    });
    t.actor.send({ type: 'sms.submit', values: TEXT_TO });
    t.calls.reject('sendSmsReceipt', NETWORK_FAILURE);
    await settle();
    expect(t.snap().context).toMatchObject({ errors: {}, failure: NETWORK_FAILURE.code });
    t.actor.send({ type: 'sms.skip' });
    expect(t.snap().value).toBe('done');
    expect(t.snap().context).toMatchObject({ errors: {}, failure: null, smsSent: false });
  });

  it('a signed-in payer goes straight to the text receipt; a non-US billing address gets neither modal', () => {
    expect(run({ ...GUEST, logged_in: true }).snap().value).toBe('offeringSms');
    const abroad = run({
      ...GUEST,
      logged_in: true,
      cached_deposit_info: { ...RECEIPT, billing_country: 'CA' },
    });
    expect(abroad.snap().value).toBe('done');
  });
});

describe('receiptFlow: phone verification of a dest deposit (§2)', () => {
  function run(fields: FormFields) {
    const calls = new FakeCalls();
    const actor = start(provideMachine(receiptFlowMachine, calls.all()), { fields } satisfies ReceiptFlowInput);
    return { actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('is offered to a signed-in payer for a US number only; once verified it is not offered again', () => {
    const t = run(DEST_PAID);
    t.actor.send({ type: 'sms.skip' });
    t.actor.send({ type: 'phone.verify' });
    expect(t.snap().value).toBe('verifyingPhone');
    expect(t.snap().children.phoneVerification).toBeDefined();
    t.actor.send({ type: 'phone.verified', ani: '5125550123' });
    expect(t.snap().value).toBe('done');
    t.actor.send({ type: 'phone.verify' });
    expect(t.snap().value).toBe('done');
    const guest = run({ ...DEST_PAID, logged_in: false });
    guest.actor.send({ type: 'account.skip' });
    guest.actor.send({ type: 'sms.skip' });
    guest.actor.send({ type: 'phone.verify' });
    expect(guest.snap().value).toBe('done');
  });
});

describe('receiptFlow: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(receiptFlowMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
