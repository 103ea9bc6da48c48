// /account/deposit_history (§2: 20 per page, wrapping pager, repeat deposit; docs/decisions/0049: cancel
// a deposit not yet sent): each state of the depositHistory machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import { expect, waitFor, within } from 'storybook/test';
import type { DepositHistoryItem, DepositHistoryResponse } from '../contract/accounts.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import type { DepositCancelResponse } from '../contract/deposit-status.ts';
import {
  DEPOSIT_HISTORY,
  NETWORK_FAILURE,
  depositCancelAnswer,
  depositHistoryPage,
  pageInput,
  sampleDepositStatus,
  saveAnswer,
} from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { depositHistoryMachine } from '../machines/deposit-history.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { formatDate } from '../contract/format.ts';
import { DepositHistoryPage } from '../src/screens/pages/deposit-history-page.tsx';
import { money, t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Deposit history',
  render: renderPage(DepositHistoryPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

/** The rows of the page's own list (the account links are a list too). */
const rows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: t('PAGES.DEPOSIT_HISTORY') })).getAllByRole('listitem');

const input = pageInput('deposit_history', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };

const first = (id: string): DepositHistoryItem => DEPOSIT_HISTORY.find((d) => d.id === id) as DepositHistoryItem;
/** The newest deposit: still held on the card, not sent, so it can be cancelled. */
const FLEX = first('hist-sample-01');
const CANCELLED = depositCancelAnswer(sampleDepositStatus(FLEX.id, FLEX.deposit_time, 'cancelled'));

/** The repeat button of a row, named by its amount, recipient and order number. */
const repeatName = (d: DepositHistoryItem) =>
  t('HISTORY.REPEAT_ITEM', { amount: money(d.amount), recipient: d.recipient, order: d.order_number });

/** The cancel button of a row, named by its amount, recipient and order number. */
const cancelName = (d: DepositHistoryItem) =>
  t('DEPOSIT_STATUS.CANCEL_ITEM', { amount: money(d.amount), recipient: d.recipient, order: d.order_number });
const cancelWords = (d: DepositHistoryItem) => ({
  amount: money(d.amount),
  recipient: d.recipient,
  order: d.order_number,
});

/** GET /account/deposit_history: the first page answers `firstPage`, any other `otherPage`. */
function pages(firstPage: Answer<DepositHistoryResponse>, otherPage: Answer<DepositHistoryResponse> | 'sample') {
  return fromPromise<DepositHistoryResponse, { page: number }>(({ input }) => {
    const a = input.page === 1 ? firstPage : otherPage === 'sample' ? depositHistoryPage(input.page) : otherPage;
    if (a === 'never') return new Promise<DepositHistoryResponse>(() => {});
    if ('fail' in a) return Promise.reject(a.fail);
    return Promise.resolve(a);
  });
}

/** The page's machine with its calls; other pages are those of the sample history unless told otherwise. */
function history({
  firstPage = depositHistoryPage(1) as Answer<DepositHistoryResponse>,
  otherPage = 'sample' as Answer<DepositHistoryResponse> | 'sample',
  clear = saveAnswer(EMPTY_FORM) as Answer<StateSaveResponse>,
  save = saveAnswer(EMPTY_FORM) as Answer<StateSaveResponse>,
  cancel = CANCELLED as Answer<DepositCancelResponse>,
} = {}) {
  return provideMachine(depositHistoryMachine, {
    loadDepositHistory: pages(firstPage, otherPage),
    clearFormState: call(clear),
    saveFormState: call(save),
    cancelDeposit: call(cancel),
  });
}
const REPEAT_FLEX = [{ type: 'history.repeat', id: FLEX.id }];

export const Loading: Story = {
  parameters: {
    machineState: 'depositHistory:loading',
    page: { machine: history({ firstPage: 'never' }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'depositHistory:failed',
    page: { machine: history({ firstPage: { fail: NETWORK_FAILURE } }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/**
 * §9: 20 a page, newest first, "Page 1 of 3". §2: a deposit can be repeated unless its facility is
 * closed or the person's inmate_status is not 0; a type the facility stopped taking says why too. A
 * phone deposit is repeated to its number. Each row says where the deposit is.
 */
export const FirstPage: Story = {
  parameters: { machineState: 'depositHistory:ready.idle', page: { machine: history(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.DEPOSIT_HISTORY'));
    const items = rows(canvas);
    await expect(items).toHaveLength(20);
    const top = within(items[0] as HTMLElement);
    await expect(
      top.getByText(t('HISTORY.ITEM', { amount: money(25), recipient: FLEX.recipient })),
    ).toBeInTheDocument();
    for (const text of [formatDate(FLEX.deposit_time), t('HISTORY.TYPE_FLEX'), FLEX.facility_label, 'D80000001']) {
      await expect(top.getByText(text)).toBeInTheDocument();
    }
    await expect(top.getByRole('button', { name: repeatName(FLEX) })).toBeEnabled();
    await expect(within(items[1] as HTMLElement).getByRole('button')).toBeEnabled();
    const blocked: [number, string][] = [
      [2, t('HISTORY.BLOCKED_FACILITY_CLOSED')],
      [3, t('HISTORY.BLOCKED_INMATE_STATUS', { recipient: (DEPOSIT_HISTORY[3] as DepositHistoryItem).recipient })],
      [4, t('HISTORY.BLOCKED_TYPE_UNAVAILABLE')],
    ];
    for (const [i, reason] of blocked) {
      const button = within(items[i] as HTMLElement).getByRole('button');
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(reason);
    }
    await expect(within(items[5] as HTMLElement).getByRole('button', { name: /D80000006/ })).toBeEnabled();
    // Where each deposit is (docs/decisions/0048): submitted, posted, refused, refunded.
    const statuses: [number, string, string][] = [
      [0, 'submitted', t('DEPOSIT_STATUS.SUBMITTED')],
      [1, 'posted', t('DEPOSIT_STATUS.POSTED')],
      [4, 'refused', t('DEPOSIT_STATUS.REFUSED')],
      [5, 'refunded', t('DEPOSIT_STATUS.REFUNDED')],
    ];
    for (const [i, status, word] of statuses) {
      const line = within(items[i] as HTMLElement).getByTestId('deposit-status');
      await expect(line).toHaveAttribute('data-status', status);
      await expect(line).toHaveTextContent(word);
    }
    // Only the deposit not yet sent can be cancelled (docs/decisions/0049).
    await expect(top.getByRole('button', { name: cancelName(FLEX) })).toBeEnabled();
    await expect(canvas.getAllByRole('button', { name: new RegExp(t('DEPOSIT_STATUS.CANCEL')) })).toHaveLength(1);
    const pager = canvas.getByRole('navigation', { name: t('HISTORY.PAGES') });
    await expect(pager).toHaveTextContent(t('COMMON.PAGE_OF', { page: 1, pages: 3 }));
    await expect(within(pager).getByRole('button', { name: t('COMMON.PREVIOUS') })).toBeEnabled();
    await expect(within(pager).getByRole('button', { name: t('COMMON.NEXT') })).toBeEnabled();
  },
};

export const FirstPageSpanish: Story = { ...FirstPage, globals: { locale: 'es' } };

/** §2: Previous on the first page wraps to the last. */
export const WrappedToLast: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: { machine: history(), input, events: [{ type: 'history.previous' }] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('COMMON.PAGE_OF', { page: 3, pages: 3 }))).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(5);
  },
};

/** §2: Next on the last page wraps to the first. */
export const WrappedToFirst: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: {
      machine: history(),
      input,
      events: [{ type: 'history.previous' }, { type: 'history.next' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('COMMON.PAGE_OF', { page: 1, pages: 3 }))).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(20);
  },
};

export const NoDeposits: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: { machine: history({ firstPage: depositHistoryPage(1, []) }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('HISTORY.NONE'))).toBeInTheDocument();
    await expect(canvas.queryByRole('navigation', { name: t('HISTORY.PAGES') })).toBeNull();
  },
};

/** The shown page stays while the next one loads. */
export const Turning: Story = {
  parameters: {
    machineState: 'depositHistory:ready.turning',
    page: { machine: history({ otherPage: 'never' }), input, events: [{ type: 'history.next' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: t('PAGES.DEPOSIT_HISTORY') })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByText(t('COMMON.PAGE_OF', { page: 1, pages: 3 }))).toBeInTheDocument();
  },
};

export const PageFailed: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: {
      machine: history({ otherPage: { fail: NETWORK_FAILURE } }),
      input,
      events: [{ type: 'history.next' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('HISTORY.PAGE_FAILED'));
    await expect(canvas.getByRole('alert')).toHaveFocus();
    await expect(canvas.getByText(t('COMMON.PAGE_OF', { page: 1, pages: 3 }))).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(20);
  },
};

export const Clearing: Story = {
  parameters: {
    machineState: 'depositHistory:ready.repeating',
    page: { machine: history({ clear: 'never' }), input, events: REPEAT_FLEX },
  },
  play: async ({ canvas }) => {
    const items = rows(canvas);
    await expect(within(items[0] as HTMLElement).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(within(items[5] as HTMLElement).getByRole('button', { name: /D80000006/ })).toBeDisabled();
  },
};

export const Saving: Story = {
  parameters: {
    machineState: 'depositHistory:ready.repeating',
    page: { machine: history({ save: 'never' }), input, events: REPEAT_FLEX },
  },
  play: async ({ canvas }) => {
    await expect(
      within(rows(canvas)[0] as HTMLElement).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** The form state holds the deposit; the app is told to open the checkout step. */
export const Leaving: Story = {
  parameters: {
    machineState: 'depositHistory:ready.leaving',
    page: { machine: history(), input, events: REPEAT_FLEX },
  },
  play: async ({ canvas }) => {
    await expect(
      within(rows(canvas)[0] as HTMLElement).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') }),
    ).toBeDisabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** The server refused the recipient (moved, say): the page stays and says why. */
export const RepeatRefused: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: {
      machine: history({ save: saveAnswer(EMPTY_FORM, { deposit_inmate_id: 'VALIDATION.INVALID' }) }),
      input,
      events: REPEAT_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('HISTORY.REPEAT_UNAVAILABLE'));
    await expect(within(rows(canvas)[0] as HTMLElement).getByRole('button', { name: repeatName(FLEX) })).toBeEnabled();
  },
};

export const RepeatFailed: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: { machine: history({ save: { fail: NETWORK_FAILURE } }), input, events: REPEAT_FLEX },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('HISTORY.REPEAT_FAILED'));
    await expect(canvas.getByRole('alert')).toHaveFocus();
  },
};

export const RepeatFailedSpanish: Story = { ...RepeatFailed, globals: { locale: 'es' } };

// ---------------------------------------------------------------- cancelling a deposit not yet sent (docs/decisions/0049)

const CANCEL_FLEX = [{ type: 'history.cancel', id: FLEX.id }];
const CONFIRM_FLEX = [...CANCEL_FLEX, { type: 'history.cancelConfirm' }];
const cancelDialog = (canvas: ReturnType<typeof within>) =>
  canvas.getByRole('alertdialog', { name: t('DEPOSIT_STATUS.CANCEL_TITLE') });

/** The confirmation names the deposit, says nothing will be taken, and has the focus. */
export const CancelConfirming: Story = {
  parameters: {
    machineState: 'depositHistory:ready.cancel.confirming',
    page: { machine: history(), input, events: CANCEL_FLEX },
  },
  play: async ({ canvas }) => {
    const dialog = cancelDialog(canvas);
    await expect(dialog).toHaveAccessibleDescription(t('DEPOSIT_STATUS.CANCEL_TEXT', cancelWords(FLEX)));
    await waitFor(() => expect(within(dialog).getByRole('heading')).toHaveFocus());
    await expect(within(dialog).getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_CONFIRM') })).toBeEnabled();
  },
};
export const CancelConfirmingSpanish: Story = { ...CancelConfirming, globals: { locale: 'es' } };

export const CancelCancelling: Story = {
  parameters: {
    machineState: 'depositHistory:ready.cancel.cancelling',
    page: { machine: history({ cancel: 'never' }), input, events: CONFIRM_FLEX },
  },
  play: async ({ canvas }) => {
    const dialog = within(cancelDialog(canvas));
    await expect(dialog.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(dialog.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_KEEP') })).toBeDisabled();
  },
};
export const CancelCancellingSpanish: Story = { ...CancelCancelling, globals: { locale: 'es' } };

/** No answer: the dialog says the cancel may or may not have been done, and offers to try again. */
export const CancelFailed: Story = {
  parameters: {
    machineState: 'depositHistory:ready.cancel.failed',
    page: { machine: history({ cancel: { fail: NETWORK_FAILURE } }), input, events: CONFIRM_FLEX },
  },
  play: async ({ canvas }) => {
    const dialog = within(cancelDialog(canvas));
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('DEPOSIT_STATUS.CANCEL_NETWORK'));
    await expect(dialog.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_RETRY') })).toBeEnabled();
  },
};
export const CancelFailedSpanish: Story = { ...CancelFailed, globals: { locale: 'es' } };

/** Cancelled: the row says so, its Cancel button is gone, and the message has the focus. */
export const Cancelled: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: { machine: history(), input, events: CONFIRM_FLEX },
  },
  play: async ({ canvas }) => {
    const done = await canvas.findByText(t('DEPOSIT_STATUS.CANCEL_DONE', cancelWords(FLEX)));
    await waitFor(() => expect(done).toHaveFocus());
    const top = within(rows(canvas)[0] as HTMLElement);
    await expect(top.getByTestId('deposit-status')).toHaveAttribute('data-status', 'cancelled');
    await expect(top.queryByRole('button', { name: cancelName(FLEX) })).toBeNull();
  },
};
export const CancelledSpanish: Story = { ...Cancelled, globals: { locale: 'es' } };

/** Sent to the facility meanwhile: the cancel is refused and says why; the row shows the new status. */
export const CancelRefused: Story = {
  parameters: {
    machineState: 'depositHistory:ready.idle',
    page: {
      machine: history({ cancel: depositCancelAnswer({ ...FLEX.status, cancellable: false }, 'ALREADY_SENT') }),
      input,
      events: CONFIRM_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('DEPOSIT_STATUS.CANCEL_ALREADY_SENT'));
    await expect(canvas.getByRole('alert')).toHaveFocus();
    await expect(within(rows(canvas)[0] as HTMLElement).queryByRole('button', { name: cancelName(FLEX) })).toBeNull();
  },
};
export const CancelRefusedSpanish: Story = { ...CancelRefused, globals: { locale: 'es' } };

/** From the keyboard: Escape keeps the deposit and gives the focus back to the row's Cancel button. */
export const CancelKept: Story = {
  parameters: { machineState: 'depositHistory:ready.idle', page: { machine: history(), input } },
  play: async ({ canvas, userEvent }) => {
    const cancel = within(rows(canvas)[0] as HTMLElement).getByRole('button', { name: cancelName(FLEX) });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(cancelDialog(canvas)).getByRole('heading')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(cancel).toHaveFocus());
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
    await expect(within(rows(canvas)[0] as HTMLElement).getByTestId('deposit-status')).toHaveAttribute(
      'data-status',
      'submitted',
    );
  },
};
