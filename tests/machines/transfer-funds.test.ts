// transferFunds (§2 /account/transfer_funds, §5 Transfer, §6 validated accounts only, §7
// bal_transfer_fees / bal_transfer, §8 transfer codes, §9 fee throttle 250 ms): model-based paths,
// behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type SnapshotFrom, SimulatedClock } from 'xstate';
import { DELAYS } from '../../contract/constants.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import {
  type TransferFundsEvent,
  amountError,
  refusalKey,
  transferFundsMachine,
  transferTotals,
} from '../../machines/transfer-funds.machine.ts';
import {
  NETWORK_FAILURE,
  ONE_TRANSFER_ACCOUNT,
  TRANSFER_ACCOUNTS,
  TRANSFER_ACCOUNTS_AFTER,
  TRANSFER_FEE,
  TRANSFER_QUOTE,
  pageInput,
  transferRefused,
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

type Snapshot = SnapshotFrom<typeof transferFundsMachine>;

const AUNT = '4165550106';
const BROTHER = '5125550102';
const input = pageInput('transfer_funds', { signedIn: true });

const samples = {
  'transfer.from': [{ type: 'transfer.from', ani: AUNT }],
  'transfer.to': [{ type: 'transfer.to', ani: BROTHER }],
  'transfer.amount': [
    { type: 'transfer.amount', text: '10' },
    { type: 'transfer.amount', text: '0' },
    { type: 'transfer.amount', text: 'abc' },
  ],
  'transfer.submit': [{ type: 'transfer.submit' }],
  'transfer.retry': [{ type: 'transfer.retry' }],
} satisfies EventSamples<TransferFundsEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(transferFundsMachine, calls.all()),
  input,
  samples: () => allSamples(samples),
  answers: {
    loadTransferAccounts: () => [TRANSFER_ACCOUNTS, ONE_TRANSFER_ACCOUNT],
    reloadTransferAccounts: () => [TRANSFER_ACCOUNTS_AFTER, ONE_TRANSFER_ACCOUNT],
    quoteTransferFee: () => [TRANSFER_QUOTE, transferRefused('INSUFFICIENT_FUNDS')],
    transferBalance: () => [
      { success: true, transfer_fee: TRANSFER_FEE, errors: {} },
      transferRefused('DST_DST_FRAUD'),
    ],
  },
  failures: {
    loadTransferAccounts: [NETWORK_FAILURE],
    reloadTransferAccounts: [NETWORK_FAILURE],
    quoteTransferFee: [NETWORK_FAILURE],
    transferBalance: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [c.accounts.length, c.fields, c.fee, c.refusal, c.failure, c.transferred !== null],
};

describe('transferFunds: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    console.info(`transferFunds graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`);
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('transferFunds: rules', () => {
  it('§5: the amount is a number of at least 0, with no message while empty', () => {
    const f = (amount: string) => amountError({ from: '', to: '', amount });
    expect(f('')).toBeNull();
    expect(f('0')).toBeNull();
    expect(f('12.50')).toBeNull();
    expect(f('abc')).toBe('VALIDATION.MUST_BE_NUMERIC');
    expect(f('-1')).toBe('VALIDATION.TOO_LOW');
    expect(f('1.005')).toBe('VALIDATION.INVALID_ENTRY');
  });

  it('§5: the total is amount plus fee, and 0 until both are known and the amount is above 0', () => {
    const fields = { from: AUNT, to: BROTHER, amount: '10' };
    expect(transferTotals({ fields, fee: null }).total).toBe(0);
    expect(transferTotals({ fields, fee: 1.5 })).toEqual({ amount: 10, fee: 1.5, total: 11.5 });
    expect(transferTotals({ fields: { ...fields, amount: '0' }, fee: 1.5 }).total).toBe(0);
    expect(transferTotals({ fields: { ...fields, amount: '0.1' }, fee: 0.2 }).total).toBe(0.3);
  });

  it('§8: a refusal without a known code is GENERIC_TRANSER_ERROR', () => {
    expect(refusalKey({ form: 'ERROR.SAME_SRC_DST' })).toBe('ERROR.SAME_SRC_DST');
    expect(refusalKey({ form: 'ERROR.SRC_DST_FRAUD' })).toBe('ERROR.SRC_DST_FRAUD');
    expect(refusalKey({ form: 'ERROR.SOMETHING_ELSE' })).toBe('ERROR.GENERIC_TRANSER_ERROR');
    expect(refusalKey({})).toBe('ERROR.GENERIC_TRANSER_ERROR');
  });
});

describe('transferFunds: behaviour', () => {
  async function loaded(accounts = TRANSFER_ACCOUNTS) {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const actor = start(provideMachine(transferFundsMachine, calls.all()), input, clock);
    calls.resolve('loadTransferAccounts', accounts);
    await settle();
    const snap = () => actor.getSnapshot() as Snapshot;
    return { calls, clock, actor, snap };
  }
  type Loaded = Awaited<ReturnType<typeof loaded>>;

  async function priced(t: Loaded, amount = '10') {
    t.actor.send({ type: 'transfer.from', ani: AUNT });
    t.actor.send({ type: 'transfer.to', ani: BROTHER });
    t.actor.send({ type: 'transfer.amount', text: amount });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('quoteTransferFee', TRANSFER_QUOTE);
    await settle();
    expect(t.snap().value).toEqual({ editing: 'priced' });
  }

  it('§6: offers only the validated accounts', async () => {
    const t = await loaded();
    expect(t.snap().context.accounts.map((a) => a.id)).toEqual([301, 306, 304, 302]);
  });

  it('§5: fewer than two validated accounts: nothing to transfer between', async () => {
    const t = await loaded(ONE_TRANSFER_ACCOUNT);
    expect(t.snap().value).toBe('notEnough');
    expect(t.snap().can({ type: 'transfer.from', ani: '5125550101' })).toBe(false);
  });

  it('§9: the fee is asked for 250 ms after the last change; a newer change restarts the wait', async () => {
    const t = await loaded();
    t.actor.send({ type: 'transfer.from', ani: AUNT });
    t.actor.send({ type: 'transfer.to', ani: BROTHER });
    t.actor.send({ type: 'transfer.amount', text: '1' });
    expect(t.snap().value).toEqual({ editing: 'waiting' });
    t.clock.increment(200);
    t.actor.send({ type: 'transfer.amount', text: '10' });
    t.clock.increment(200);
    expect(t.snap().value).toEqual({ editing: 'waiting' });
    expect(t.calls.inputs('quoteTransferFee')).toEqual([]);
    t.clock.increment(50);
    expect(t.snap().value).toEqual({ editing: 'pricing' });
    expect(t.calls.inputs('quoteTransferFee')).toEqual([{ amount: 10, src_ani: AUNT, dst_ani: BROTHER }]);
  });

  it('§9: a change while a quote is under way drops it and asks again for the new fields', async () => {
    const t = await loaded();
    await priced(t);
    t.actor.send({ type: 'transfer.amount', text: '20' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.snap().value).toEqual({ editing: 'pricing' });
    t.actor.send({ type: 'transfer.amount', text: '30' });
    expect(t.snap().context.fee).toBeNull();
    expect(t.snap().value).toEqual({ editing: 'waiting' });
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.calls.inputs('quoteTransferFee').at(-1)).toEqual({ amount: 30, src_ani: AUNT, dst_ani: BROTHER });
  });

  it('§5: no quote for an invalid amount, and no submit while the total is 0', async () => {
    const t = await loaded();
    t.actor.send({ type: 'transfer.from', ani: AUNT });
    t.actor.send({ type: 'transfer.to', ani: BROTHER });
    t.actor.send({ type: 'transfer.amount', text: 'abc' });
    t.clock.increment(DELAYS.feeThrottle * 4);
    expect(t.snap().value).toEqual({ editing: 'incomplete' });
    expect(t.calls.inputs('quoteTransferFee')).toEqual([]);
    await priced(t, '0');
    expect(transferTotals(t.snap().context).total).toBe(0);
    expect(t.snap().can({ type: 'transfer.submit' })).toBe(false);
  });

  it('§8: a refused quote shows its code, keeps the fields and leaves submit disabled', async () => {
    const t = await loaded();
    t.actor.send({ type: 'transfer.from', ani: AUNT });
    t.actor.send({ type: 'transfer.to', ani: BROTHER });
    t.actor.send({ type: 'transfer.amount', text: '500' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.resolve('quoteTransferFee', transferRefused('INSUFFICIENT_FUNDS'));
    await settle();
    expect(t.snap().value).toEqual({ editing: 'refused' });
    expect(t.snap().context.refusal).toBe('ERROR.INSUFFICIENT_FUNDS');
    expect(t.snap().context.fields).toEqual({ from: AUNT, to: BROTHER, amount: '500' });
    expect(t.snap().can({ type: 'transfer.submit' })).toBe(false);
  });

  it('a quote that cannot be fetched shows the failure and can be asked again', async () => {
    const t = await loaded();
    t.actor.send({ type: 'transfer.from', ani: AUNT });
    t.actor.send({ type: 'transfer.to', ani: BROTHER });
    t.actor.send({ type: 'transfer.amount', text: '10' });
    t.clock.increment(DELAYS.feeThrottle);
    t.calls.reject('quoteTransferFee', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ editing: 'feeFailed' });
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.actor.send({ type: 'transfer.retry' });
    expect(t.snap().context.failure).toBeNull();
    t.clock.increment(DELAYS.feeThrottle);
    expect(t.calls.inputs('quoteTransferFee')).toHaveLength(2);
  });

  it('transfers, reloads the balances, then shows them over an emptied form', async () => {
    const t = await loaded();
    await priced(t);
    t.actor.send({ type: 'transfer.submit' });
    expect(t.snap().value).toBe('submitting');
    expect(t.calls.inputs('transferBalance')).toEqual([{ amount: 10, src_ani: AUNT, dst_ani: BROTHER }]);
    t.calls.resolve('transferBalance', { success: true, transfer_fee: TRANSFER_FEE, errors: {} });
    await settle();
    expect(t.snap().value).toEqual({ done: 'reloading' });
    expect(t.snap().context.fields).toEqual({ from: '', to: '', amount: '' });
    t.calls.resolve('reloadTransferAccounts', TRANSFER_ACCOUNTS_AFTER);
    await settle();
    expect(t.snap().value).toEqual({ done: 'shown' });
    expect(t.snap().context.transferred).toEqual({ amount: 10, fee: TRANSFER_FEE, from: AUNT, to: BROTHER });
    const balance = (ani: string) => t.snap().context.accounts.find((a) => a.deposit_phone_no === ani)?.prepaid_balance;
    expect([balance(AUNT), balance(BROTHER)]).toEqual([68.5, 22]);
    t.actor.send({ type: 'transfer.amount', text: '5' });
    expect(t.snap().value).toEqual({ editing: 'incomplete' });
    expect(t.snap().context.transferred).toBeNull();
  });

  it('§8: a refused transfer shows its code with the fields kept', async () => {
    const t = await loaded();
    await priced(t);
    t.actor.send({ type: 'transfer.submit' });
    t.calls.resolve('transferBalance', transferRefused('SRC_DST_FRAUD'));
    await settle();
    expect(t.snap().value).toEqual({ editing: 'refused' });
    expect(t.snap().context.refusal).toBe('ERROR.SRC_DST_FRAUD');
    expect(t.snap().context.fields).toEqual({ from: AUNT, to: BROTHER, amount: '10' });
  });

  it('a transfer that cannot reach the server keeps the fee and may be sent again', async () => {
    const t = await loaded();
    await priced(t);
    t.actor.send({ type: 'transfer.submit' });
    t.calls.reject('transferBalance', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ editing: 'priced' });
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    expect(t.snap().can({ type: 'transfer.submit' })).toBe(true);
  });

  it('a failed reload after a transfer keeps the transfer, shown once a retry loads the balances', async () => {
    const t = await loaded();
    await priced(t);
    t.actor.send({ type: 'transfer.submit' });
    t.calls.resolve('transferBalance', { success: true, transfer_fee: TRANSFER_FEE, errors: {} });
    await settle();
    t.calls.reject('reloadTransferAccounts', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.transferred).not.toBeNull();
    t.actor.send({ type: 'transfer.retry' });
    t.calls.resolve('loadTransferAccounts', TRANSFER_ACCOUNTS_AFTER);
    await settle();
    expect(t.snap().value).toEqual({ done: 'shown' });
  });
});

describe('transferFunds: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(transferFundsMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
