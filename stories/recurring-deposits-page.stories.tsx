// /account/recurring_deposits (§2; §9 order; §8 failed cancellation): each state of the
// recurringDeposits machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ActionResponse, RecurringDeposit } from '../contract/accounts.ts';
import { NETWORK_FAILURE, RECURRING_DEPOSITS, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { recurringDepositsMachine } from '../machines/recurring-deposits.machine.ts';
import { RecurringDepositsPage } from '../src/screens/pages/recurring-deposits-page.tsx';
import { money, t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Recurring deposits',
  render: renderPage(RecurringDepositsPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

/** The rows of the page's own list (the account links are a list too). */
const rows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: t('PAGES.RECURRING_DEPOSITS') })).getAllByRole('listitem');

const input = pageInput('recurring_deposits', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };

function recurring(
  load: Answer<RecurringDeposit[]> = RECURRING_DEPOSITS,
  cancel: Answer<ActionResponse> = { success: true, errors: {} },
) {
  return provideMachine(recurringDepositsMachine, {
    loadRecurringDeposits: call(load),
    cancelRecurringDeposit: call(cancel),
  });
}
const CANCEL_PAM = [{ type: 'recurring.cancel', id: 9001, isPam: true }];
const item = (amount: number, name: string) => t('RECURRING.ITEM', { amount: money(amount), recipient: name });

export const Loading: Story = {
  parameters: { machineState: 'recurringDeposits:loading', page: { machine: recurring('never'), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'recurringDeposits:failed',
    page: { machine: recurring({ fail: NETWORK_FAILURE }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
  },
};

/** §9: largest amount first; the pam one is bi-weekly on the 1st and 15th. */
export const Deposits: Story = {
  parameters: { machineState: 'recurringDeposits:ready', page: { machine: recurring(), input } },
  play: async ({ canvas }) => {
    const items = rows(canvas);
    await expect(items.map((li) => li.querySelector('.item__title')?.textContent)).toEqual([
      item(75, 'Maria Garcia'),
      item(50, 'John Smith'),
      item(25, '(512) 555-0100'),
    ]);
    await expect(items[0]).toHaveTextContent(t('RECURRING.BIWEEKLY'));
  },
};

export const DepositsSpanish: Story = { ...Deposits, globals: { locale: 'es' } };

export const NoDeposits: Story = {
  parameters: { machineState: 'recurringDeposits:ready', page: { machine: recurring([]), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECURRING.NONE'))).toBeInTheDocument();
  },
};

export const Confirming: Story = {
  parameters: {
    machineState: 'recurringDeposits:confirming',
    page: { machine: recurring(), input, events: CANCEL_PAM },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('alertdialog', { name: t('RECURRING.CONFIRM_TITLE') });
    await expect(dialog).toHaveTextContent(item(75, 'Maria Garcia'));
    // The question describes the dialog; the deposit can be kept.
    await expect(dialog).toHaveAccessibleDescription(expect.stringContaining(item(75, 'Maria Garcia')));
    await expect(within(dialog).getByRole('button', { name: t('RECURRING.KEEP') })).toBeEnabled();
  },
};

export const Cancelling: Story = {
  parameters: {
    machineState: 'recurringDeposits:cancelling',
    page: { machine: recurring(undefined, 'never'), input, events: [...CANCEL_PAM, { type: 'recurring.confirm' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const Cancelled: Story = {
  parameters: {
    machineState: 'recurringDeposits:ready',
    page: { machine: recurring(), input, events: [...CANCEL_PAM, { type: 'recurring.confirm' }] },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(t('RECURRING.CANCELLED', { deposit: item(75, 'Maria Garcia') })),
    ).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(2);
  },
};

/** §8: the dialog closes and ERROR_DELETING_DEPOSIT shows; the deposit stays. */
export const CancelFailed: Story = {
  parameters: {
    machineState: 'recurringDeposits:ready',
    page: {
      machine: recurring(undefined, { fail: NETWORK_FAILURE }),
      input,
      events: [...CANCEL_PAM, { type: 'recurring.confirm' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ERROR_DELETING_DEPOSIT'));
    await expect(rows(canvas)).toHaveLength(3);
  },
};
