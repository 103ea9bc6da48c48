// /account/transfer_funds (§2; §5 Transfer; §6 validated accounts only; §8 transfer codes; §9 fee
// throttle): each state of the transferFunds machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { DestinationAccount, TransferFeesResponse, TransferResponse } from '../contract/accounts.ts';
import {
  NETWORK_FAILURE,
  ONE_TRANSFER_ACCOUNT,
  TRANSFER_ACCOUNTS,
  TRANSFER_ACCOUNTS_AFTER,
  TRANSFER_FEE,
  TRANSFER_QUOTE,
  pageInput,
  transferRefused,
} from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { transferFundsMachine } from '../machines/transfer-funds.machine.ts';
import { TransferFundsPage } from '../src/screens/pages/transfer-funds-page.tsx';
import { money, optionValues, t } from './support/checks.ts';
import { HOLD } from './support/drive.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Transfer funds',
  render: renderPage(TransferFundsPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const input = pageInput('transfer_funds', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };
type Canvas = ReturnType<typeof within>;

function answer<O>(a: Answer<O>): Promise<O> {
  if (a === 'never') return new Promise<O>(() => {});
  if (typeof a === 'object' && a !== null && 'fail' in a) return Promise.reject(a.fail);
  return Promise.resolve(a as O);
}

const MADE: TransferResponse = { success: true, transfer_fee: TRANSFER_FEE, errors: {} };

interface Calls {
  load?: Answer<DestinationAccount[]>;
  /** The reload after a transfer (the same call, invoked as reloadTransferAccounts). */
  reload?: Answer<DestinationAccount[]>;
  quote?: Answer<TransferFeesResponse>;
  transfer?: Answer<TransferResponse>;
  /** Holds the fee throttle: the quote is never asked for. */
  hold?: boolean;
}

function transferFunds({
  load = TRANSFER_ACCOUNTS,
  reload = TRANSFER_ACCOUNTS_AFTER,
  quote = TRANSFER_QUOTE,
  transfer = MADE,
  hold = false,
}: Calls = {}) {
  const machine = provideMachine(transferFundsMachine, {
    loadTransferAccounts: fromPromise<DestinationAccount[], void>(({ self }) =>
      answer(self.id === 'reloadTransferAccounts' ? reload : load),
    ),
    quoteTransferFee: call(quote),
    transferBalance: call(transfer),
  });
  // The throttle only spreads quotes out: a story need not wait it out (a held one never ends).
  return machine.provide({ delays: { feeThrottle: hold ? HOLD : 1 } });
}

const AUNT = '4165550106';
const BROTHER = '5125550102';
const fill = (amount: string) => [
  { type: 'transfer.from', ani: AUNT },
  { type: 'transfer.to', ani: BROTHER },
  { type: 'transfer.amount', text: amount },
];
const SUBMIT = [...fill('10'), { type: 'transfer.submit' }];

const from = (canvas: Canvas) => canvas.getByLabelText(t('TRANSFER.FROM'));
const to = (canvas: Canvas) => canvas.getByLabelText(t('TRANSFER.TO'));
const amount = (canvas: Canvas) => canvas.getByLabelText(t('TRANSFER.AMOUNT'));
const submit = (canvas: Canvas) => canvas.getByRole('button', { name: t('TRANSFER.SUBMIT') });
/** The fee and total figures, in that order. */
const figures = (canvas: Canvas) => [...canvas.getByText(t('TRANSFER.FEE')).closest('dl')!.querySelectorAll('dd')];

async function fieldsKept(canvas: Canvas, typed = '10') {
  await expect(from(canvas)).toHaveValue(AUNT);
  await expect(to(canvas)).toHaveValue(BROTHER);
  await expect(amount(canvas)).toHaveValue(typed);
}

export const Loading: Story = {
  parameters: { machineState: 'transferFunds:loading', page: { machine: transferFunds({ load: 'never' }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'transferFunds:failed',
    page: { machine: transferFunds({ load: { fail: NETWORK_FAILURE } }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** §5: one validated account (and a pending one): nothing to transfer between. */
export const NotEnoughAccounts: Story = {
  parameters: {
    machineState: 'transferFunds:notEnough',
    page: { machine: transferFunds({ load: ONE_TRANSFER_ACCOUNT }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('TRANSFER.NOT_ENOUGH'))).toBeInTheDocument();
    await expect(canvas.queryByLabelText(t('TRANSFER.FROM'))).toBeNull();
  },
};

/** §6: only the validated accounts are offered, each with its phone and balance; submit is disabled. */
export const Empty: Story = {
  parameters: { machineState: 'transferFunds:editing.incomplete', page: { machine: transferFunds(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.TRANSFER_FUNDS'));
    await expect(optionValues(from(canvas))).toEqual(['5125550101', AUNT, '5125550104', BROTHER]);
    await expect(optionValues(to(canvas))).toHaveLength(4);
    await expect(
      within(from(canvas)).getByRole('option', {
        name: t('TRANSFER.OPTION', { account: 'Aunt (Toronto) (416) 555-0106', balance: money(80) }),
      }),
    ).toBeInTheDocument();
    await expect(submit(canvas)).toBeDisabled();
    await expect(figures(canvas)[0]).toHaveTextContent(t('TRANSFER.NOT_CALCULATED'));
  },
};

/** §5: the amount's message describes the field; no quote is asked for. */
export const InvalidAmount: Story = {
  parameters: {
    machineState: 'transferFunds:editing.incomplete',
    page: { machine: transferFunds(), input, events: fill('abc') },
  },
  play: async ({ canvas }) => {
    const field = amount(canvas);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(`${t('TRANSFER.AMOUNT_HINT')} ${t('VALIDATION.MUST_BE_NUMERIC')}`);
    await expect(submit(canvas)).toBeDisabled();
  },
};

/** §9: the fee is asked for 250 ms after the last change (held here). */
export const Waiting: Story = {
  parameters: {
    machineState: 'transferFunds:editing.waiting',
    page: { machine: transferFunds({ hold: true }), input, events: fill('10') },
  },
  play: async ({ canvas }) => {
    await expect(figures(canvas)[0]).toHaveTextContent(t('TRANSFER.CALCULATING'));
    await expect(submit(canvas)).toBeDisabled();
  },
};

export const Pricing: Story = {
  parameters: {
    machineState: 'transferFunds:editing.pricing',
    page: { machine: transferFunds({ quote: 'never' }), input, events: fill('10') },
  },
  play: async ({ canvas }) => {
    await expect(figures(canvas)[0]).toHaveTextContent(t('TRANSFER.CALCULATING'));
    await expect(figures(canvas)[0]?.closest('[aria-live]')).toHaveAttribute('aria-live', 'polite');
    await expect(submit(canvas)).toBeDisabled();
  },
};

export const Priced: Story = {
  parameters: {
    machineState: 'transferFunds:editing.priced',
    page: { machine: transferFunds(), input, events: fill('10') },
  },
  play: async ({ canvas }) => {
    const [fee, total] = figures(canvas);
    await expect(fee).toHaveTextContent(money(TRANSFER_FEE));
    await expect(total).toHaveTextContent(money(10 + TRANSFER_FEE));
    await expect(submit(canvas)).toBeEnabled();
  },
};

export const PricedSpanish: Story = { ...Priced, globals: { locale: 'es' } };

/** §5: an amount of 0 is valid and quoted, but the total is 0: submit stays disabled. */
export const PricedZero: Story = {
  parameters: {
    machineState: 'transferFunds:editing.priced',
    page: { machine: transferFunds(), input, events: fill('0') },
  },
  play: async ({ canvas }) => {
    const [fee, total] = figures(canvas);
    await expect(fee).toHaveTextContent(money(TRANSFER_FEE));
    await expect(total).toHaveTextContent(money(0));
    await expect(submit(canvas)).toBeDisabled();
  },
};

/** §8: the quote says the source cannot pay amount and fee; everything entered stays. */
export const Refused: Story = {
  parameters: {
    machineState: 'transferFunds:editing.refused',
    page: {
      machine: transferFunds({ quote: transferRefused('INSUFFICIENT_FUNDS') }),
      input,
      events: fill('500'),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.INSUFFICIENT_FUNDS'));
    await fieldsKept(canvas, '500');
    await expect(submit(canvas)).toBeDisabled();
  },
};

export const RefusedSpanish: Story = { ...Refused, globals: { locale: 'es' } };

/** §8: the transfer itself refused (the destination was flagged meanwhile). */
export const TransferRefused: Story = {
  parameters: {
    machineState: 'transferFunds:editing.refused',
    page: { machine: transferFunds({ transfer: transferRefused('DST_DST_FRAUD') }), input, events: SUBMIT },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.DST_DST_FRAUD'));
    await fieldsKept(canvas);
  },
};

/** §8: a refusal the page has no text for. */
export const RefusedUnknown: Story = {
  parameters: {
    machineState: 'transferFunds:editing.refused',
    page: { machine: transferFunds({ quote: transferRefused('SOMETHING_NEW') }), input, events: fill('10') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.GENERIC_TRANSER_ERROR'));
  },
};

export const FeeFailed: Story = {
  parameters: {
    machineState: 'transferFunds:editing.feeFailed',
    page: { machine: transferFunds({ quote: { fail: NETWORK_FAILURE } }), input, events: fill('10') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
    await fieldsKept(canvas);
    await expect(submit(canvas)).toBeDisabled();
  },
};

export const Submitting: Story = {
  parameters: {
    machineState: 'transferFunds:submitting',
    page: { machine: transferFunds({ transfer: 'never' }), input, events: SUBMIT },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(from(canvas)).toBeDisabled();
  },
};

/** The transfer did not reach the server: the message shows, the fee stays known, it may be sent again. */
export const SubmitFailed: Story = {
  parameters: {
    machineState: 'transferFunds:editing.priced',
    page: { machine: transferFunds({ transfer: { fail: NETWORK_FAILURE } }), input, events: SUBMIT },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await fieldsKept(canvas);
    await expect(submit(canvas)).toBeEnabled();
  },
};

export const Reloading: Story = {
  parameters: {
    machineState: 'transferFunds:done.reloading',
    page: { machine: transferFunds({ reload: 'never' }), input, events: SUBMIT },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('TRANSFER.UPDATING'));
    await expect(submit(canvas)).toBeDisabled();
  },
};

/** Both new balances in the message and in the emptied form's choices. */
export const Done: Story = {
  parameters: { machineState: 'transferFunds:done.shown', page: { machine: transferFunds(), input, events: SUBMIT } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t('TRANSFER.DONE', {
        amount: money(10),
        from: 'Aunt (Toronto) (416) 555-0106',
        fromBalance: money(68.5),
        to: 'Brother (512) 555-0102',
        toBalance: money(22),
      }),
    );
    await expect(from(canvas)).toHaveValue('');
    await expect(amount(canvas)).toHaveValue('');
    await expect(
      within(to(canvas)).getByRole('option', {
        name: t('TRANSFER.OPTION', { account: 'Brother (512) 555-0102', balance: money(22) }),
      }),
    ).toBeInTheDocument();
  },
};

export const DoneSpanish: Story = { ...Done, globals: { locale: 'es' } };

/** The transfer was made but its balances could not be loaded: the payer is told it was made. */
export const ReloadFailed: Story = {
  parameters: {
    machineState: 'transferFunds:failed',
    page: { machine: transferFunds({ reload: { fail: NETWORK_FAILURE } }), input, events: SUBMIT },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('status')).toHaveTextContent(
      t('TRANSFER.DONE_NO_BALANCES', {
        amount: money(10),
        from: 'Aunt (Toronto) (416) 555-0106',
        to: 'Brother (512) 555-0102',
      }),
    );
  },
};
