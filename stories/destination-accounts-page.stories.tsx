// /account/destination_accounts (§2; §9 SNAP rows, order and low balance; §4 inactivity alerts and
// phone verification; §8 failed removal): each state of the destinationAccounts machine with its
// screen. The states of the verify-phone modal itself are in phone-verification-modal.stories.tsx.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type {
  ActionResponse,
  BreakageResponse,
  DestinationAccount,
  DestinationActivity,
} from '../contract/accounts.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import type { CheckCodeResponse, SendCodeResponse } from '../contract/phone-verification.ts';
import {
  ACCOUNT_ACTIVITY,
  CODE_CONFIRMED,
  CODE_SENT,
  DEST_ACCOUNTS,
  DEST_ACCOUNTS_COUSIN_VERIFIED,
  NETWORK_FAILURE,
  pageInput,
  saveAnswer,
} from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { destinationAccountsMachine } from '../machines/destination-accounts.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { DestinationAccountsPage } from '../src/screens/pages/destination-accounts-page.tsx';
import { money, t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Phone accounts',
  render: renderPage(DestinationAccountsPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

/** The rows of the page's own list (the account links are a list too). */
const rows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: t('PAGES.DESTINATION_ACCOUNTS') })).getAllByRole('listitem');

const input = pageInput('destination_accounts', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };

const named = (label: string, phone: string) => t('DEST_ACCOUNTS.NAMED', { label, phone });
const mom = () => named('Mom', '(512) 555-0101');

/**
 * The list as the first read gives it, then as every later read (after a verification) gives it;
 * counted per run of the story (per actor system).
 */
function reads(first: DestinationAccount[], later: Answer<DestinationAccount[]>) {
  const runs = new WeakSet<object>();
  return fromPromise<DestinationAccount[], void>(({ system }) => {
    if (!runs.has(system)) {
      runs.add(system);
      return Promise.resolve(first);
    }
    if (later === 'never') return new Promise<DestinationAccount[]>(() => {});
    return 'fail' in later ? Promise.reject(later.fail) : Promise.resolve(later);
  });
}

function accounts(
  calls: {
    load?: Answer<DestinationAccount[]>;
    /** What the list read after a verification answers (the first read answers `load`). */
    reload?: Answer<DestinationAccount[]>;
    activity?: Answer<DestinationActivity[]>;
    alerts?: Answer<BreakageResponse>;
    remove?: Answer<ActionResponse>;
    save?: Answer<StateSaveResponse>;
    sendCode?: Answer<SendCodeResponse>;
    confirmCode?: Answer<CheckCodeResponse>;
  } = {},
) {
  const load = calls.load ?? DEST_ACCOUNTS;
  return provideMachine(destinationAccountsMachine, {
    loadDestinationAccounts:
      calls.reload !== undefined && Array.isArray(load)
        ? reads(load, calls.reload)
        : call<DestinationAccount[], void>(load),
    sendVerificationCode: call(calls.sendCode ?? CODE_SENT),
    confirmPhoneCode: call(calls.confirmCode ?? CODE_CONFIRMED),
    loadAccountActivity: call(calls.activity ?? ACCOUNT_ACTIVITY),
    updateInactivityAlerts: call(calls.alerts ?? { success: true, errors: {}, breakage: { sms: 1, email: 3 } }),
    removeDestinationAccount: call(calls.remove ?? { success: true, errors: {} }),
    saveFormState: call(calls.save ?? saveAnswer(EMPTY_FORM)),
  });
}

const OPEN_ACTIVITY = [{ type: 'activity.open', id: 301 }];
// Cousin's account (pending, no alerts yet): enrol by text.
const OPEN_ALERTS = [{ type: 'alerts.open', id: 303 }];
// What the dialog's form sends once by text is ticked (the form's own story below ticks it).
const ENROL_BY_TEXT = [...OPEN_ALERTS, { type: 'alerts.submit', values: { sms: true, email: false } }];
const ASK_DELETE = [{ type: 'delete.ask', id: 302 }];

export const Loading: Story = {
  parameters: { machineState: 'destinationAccounts:loading', page: { machine: accounts({ load: 'never' }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:failed',
    page: { machine: accounts({ load: { fail: NETWORK_FAILURE } }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** §9: SNAP rows hidden; primary first, then balance descending; low balance under 25; pending shown. */
export const Accounts: Story = {
  parameters: { machineState: 'destinationAccounts:ready', page: { machine: accounts(), input } },
  play: async ({ canvas }) => {
    const items = rows(canvas);
    await expect(items.map((li) => li.querySelector('.item__title')?.textContent)).toEqual([
      mom(),
      named('Aunt (Toronto)', '(416) 555-0106'),
      named('Uncle', '(512) 555-0104'),
      named('Brother', '(512) 555-0102'),
      named('Cousin', '(512) 555-0103'),
    ]);
    const [first, , , brother, cousin] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    await expect(first).toHaveTextContent(t('DEST_ACCOUNTS.PRIMARY'));
    await expect(first).toHaveTextContent(t('DEST_ACCOUNTS.BALANCE', { amount: money(42.5) }));
    await expect(first).not.toHaveTextContent(t('DEST_ACCOUNTS.LOW_BALANCE'));
    await expect(first).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_BY_SMS'));
    await expect(brother).toHaveTextContent(t('DEST_ACCOUNTS.LOW_BALANCE'));
    await expect(brother).toHaveTextContent(t('DEST_ACCOUNTS.REGULATED_BALANCE', { amount: money(5) }));
    await expect(brother).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_BY_BOTH'));
    await expect(cousin).toHaveTextContent(t('DEST_ACCOUNTS.PENDING'));
    await expect(cousin).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_OFF'));
    await expect(
      within(first).getByRole('button', { name: t('DEST_ACCOUNTS.DEPOSIT_ITEM', { account: mom() }) }),
    ).toBeEnabled();
    await expect(
      within(first).getByRole('button', { name: t('DEST_ACCOUNTS.HISTORY_ITEM', { account: mom() }) }),
    ).toBeEnabled();
    await expect(
      within(first).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_ITEM', { account: mom() }) }),
    ).toBeEnabled();
    await expect(
      within(first).getByRole('button', { name: t('DEST_ACCOUNTS.DELETE_ITEM', { account: mom() }) }),
    ).toBeEnabled();
    await expect(canvas.queryByText(/SNAP/)).toBeNull();
    // §4: only the pending account can be verified.
    const cousinName = named('Cousin', '(512) 555-0103');
    await expect(
      within(cousin).getByRole('button', { name: t('PHONE_VERIFY.VERIFY_ITEM', { account: cousinName }) }),
    ).toBeEnabled();
    await expect(within(first).queryByRole('button', { name: new RegExp(`^${t('PHONE_VERIFY.VERIFY')}`) })).toBeNull();
  },
};

export const AccountsSpanish: Story = { ...Accounts, globals: { locale: 'es' } };

export const NoAccounts: Story = {
  parameters: { machineState: 'destinationAccounts:ready', page: { machine: accounts({ load: [] }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('DEST_ACCOUNTS.NONE'))).toBeInTheDocument();
  },
};

/** §5/§8: a fraud-flagged account cannot get a deposit. */
export const DepositRefused: Story = {
  parameters: {
    machineState: 'destinationAccounts:ready',
    page: { machine: accounts(), input, events: [{ type: 'deposit.start', id: 304 }] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.FRAUD_CONTROL_MESSAGE'));
  },
};

export const StartingDeposit: Story = {
  parameters: {
    machineState: 'destinationAccounts:startingDeposit',
    page: { machine: accounts({ save: 'never' }), input, events: [{ type: 'deposit.start', id: 301 }] },
  },
  play: async ({ canvas }) => {
    const first = rows(canvas)[0] as HTMLElement;
    await expect(within(first).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const ActivityLoading: Story = {
  parameters: {
    machineState: 'destinationAccounts:activity.loading',
    page: { machine: accounts({ activity: 'never' }), input, events: OPEN_ACTIVITY },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: t('DEST_ACCOUNTS.ACTIVITY_TITLE', { account: mom() }) });
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const Activity: Story = {
  parameters: {
    machineState: 'destinationAccounts:activity.shown',
    page: { machine: accounts(), input, events: OPEN_ACTIVITY },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: t('DEST_ACCOUNTS.ACTIVITY_TITLE', { account: mom() }) });
    await expect(within(dialog).getByRole('radio', { name: t('DEST_ACCOUNTS.PURSE_PP') })).toBeChecked();
    const table = within(dialog).getByRole('table');
    const body = within(table).getAllByRole('row').slice(1);
    await expect(body).toHaveLength(3);
    await expect(body[0]).toHaveTextContent(t('ACCOUNT.ACTIVITY_CALL'));
    await expect(body[0]).toHaveTextContent(money(-1.35));
    await expect(body[2]).toHaveTextContent(t('ACCOUNT.ACTIVITY_DEPOSIT'));
  },
};

export const ActivitySpanish: Story = { ...Activity, globals: { locale: 'es' } };

/** The regulated purse (pr) has no activity. */
export const ActivityEmpty: Story = {
  parameters: {
    machineState: 'destinationAccounts:activity.shown',
    page: {
      machine: accounts({ activity: [] }),
      input,
      events: [...OPEN_ACTIVITY, { type: 'activity.purse', purse: 'pr' }],
    },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('radio', { name: t('DEST_ACCOUNTS.PURSE_PR') })).toBeChecked();
    await expect(within(dialog).getByText(t('DEST_ACCOUNTS.ACTIVITY_NONE'))).toBeInTheDocument();
  },
};

export const ActivityFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:activity.failed',
    page: { machine: accounts({ activity: { fail: NETWORK_FAILURE } }), input, events: OPEN_ACTIVITY },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(within(dialog).getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const AlertsChoosing: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.choosing',
    page: { machine: accounts(), input, events: [{ type: 'alerts.open', id: 301 }] },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog', { name: t('DEST_ACCOUNTS.ALERTS_TITLE', { account: mom() }) });
    // Mom's alerts come by text (breakage sms 1), not by email (3).
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_SMS') })).toBeChecked();
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_EMAIL') })).not.toBeChecked();
    await expect(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_SAVE') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_DECLINE') })).toBeEnabled();
  },
};

export const AlertsChoosingSpanish: Story = { ...AlertsChoosing, globals: { locale: 'es' } };

/** The dialog's form: Cousin's account (no alerts yet) ticked by email and saved. */
export const AlertsTickedAndSaved: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.choosing',
    page: {
      machine: accounts({ alerts: { success: true, errors: {}, breakage: { sms: 3, email: 1 } } }),
      input,
      events: OPEN_ALERTS,
    },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = canvas.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_EMAIL') }));
    await userEvent.click(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_SAVE') }));
    await expect(await within(dialog).findByRole('status')).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_BY_EMAIL'));
  },
};

/** §4 declining unticks both channels; a failed save keeps them unticked, to save again. */
export const AlertsDeclineFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.choosing',
    page: {
      machine: accounts({ alerts: { fail: NETWORK_FAILURE } }),
      input,
      events: [{ type: 'alerts.open', id: 301 }],
    },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = canvas.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_DECLINE') }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_SMS') })).not.toBeChecked();
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_EMAIL') })).not.toBeChecked();
  },
};

export const AlertsSaving: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.saving',
    page: { machine: accounts({ alerts: 'never' }), input, events: ENROL_BY_TEXT },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_SMS') })).toBeDisabled();
  },
};

export const AlertsSaved: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.saved',
    page: { machine: accounts(), input, events: ENROL_BY_TEXT },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_SAVED'));
    await expect(within(dialog).getByRole('status')).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_BY_SMS'));
    // The list behind the dialog says so too.
    await expect(rows(canvas)[4]).toHaveTextContent(t('DEST_ACCOUNTS.ALERTS_BY_SMS'));
  },
};

/** §8: the message says why; what was ticked is kept. */
export const AlertsFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:alerts.failed',
    page: { machine: accounts({ alerts: { fail: NETWORK_FAILURE } }), input, events: ENROL_BY_TEXT },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(within(dialog).getByRole('checkbox', { name: t('DEST_ACCOUNTS.ALERTS_SMS') })).toBeChecked();
    await expect(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.ALERTS_SAVE') })).toBeEnabled();
  },
};

export const ConfirmingDelete: Story = {
  parameters: {
    machineState: 'destinationAccounts:confirmingDelete',
    page: { machine: accounts(), input, events: ASK_DELETE },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('alertdialog', { name: t('DEST_ACCOUNTS.CONFIRM_TITLE') });
    // The question names the account and describes the dialog; the account can be kept.
    await expect(dialog).toHaveAccessibleDescription(
      t('DEST_ACCOUNTS.CONFIRM_TEXT', { account: named('Brother', '(512) 555-0102') }),
    );
    await expect(within(dialog).getByRole('button', { name: t('DEST_ACCOUNTS.KEEP') })).toBeEnabled();
  },
};

export const ConfirmingDeleteSpanish: Story = { ...ConfirmingDelete, globals: { locale: 'es' } };

export const Deleting: Story = {
  parameters: {
    machineState: 'destinationAccounts:deleting',
    page: { machine: accounts({ remove: 'never' }), input, events: [...ASK_DELETE, { type: 'delete.confirm' }] },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('alertdialog');
    await expect(within(dialog).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const Deleted: Story = {
  parameters: {
    machineState: 'destinationAccounts:ready',
    page: { machine: accounts(), input, events: [...ASK_DELETE, { type: 'delete.confirm' }] },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(t('DEST_ACCOUNTS.REMOVED', { account: named('Brother', '(512) 555-0102') })),
    ).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(4);
  },
};

/** §8: the dialog closes and ERROR_DELETING_ACCOUNT shows; the account stays. */
export const DeleteFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:ready',
    page: {
      machine: accounts({ remove: { fail: NETWORK_FAILURE } }),
      input,
      events: [...ASK_DELETE, { type: 'delete.confirm' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ERROR_DELETING_ACCOUNT'));
    await expect(rows(canvas)).toHaveLength(5);
  },
};

// §4 phone verification of Cousin's pending account (303): the page's side of the modal.
const cousin = () => named('Cousin', '(512) 555-0103');
const OPEN_VERIFY = [{ type: 'verify.open', id: 303 }];
// What the modal's machine tells the page when the right code is confirmed.
const VERIFIED = [...OPEN_VERIFY, { type: 'phone.verified', ani: '5125550103' }];

export const VerifyOpen: Story = {
  parameters: {
    machineState: 'destinationAccounts:verifying.open',
    page: { machine: accounts(), input, events: OPEN_VERIFY },
  },
  play: async ({ canvas }) => {
    const title = t('PHONE_VERIFY.TITLE', { account: cousin() });
    const dialog = canvas.getByRole('dialog', { name: title });
    await expect(within(dialog).getByRole('heading', { name: title })).toHaveFocus();
    await expect(within(dialog).getByRole('button', { name: t('PHONE_VERIFY.SEND_TEXT') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('PHONE_VERIFY.SEND_CALL') })).toBeEnabled();
  },
};

export const VerifyOpenSpanish: Story = { ...VerifyOpen, globals: { locale: 'es' } };

/** The modal says the account is verified while the list is read again; it cannot be closed meanwhile. */
export const VerifyReloading: Story = {
  parameters: {
    machineState: 'destinationAccounts:verifying.reloading',
    page: { machine: accounts({ reload: 'never' }), input, events: VERIFIED },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      t('PHONE_VERIFY.VERIFIED', { account: cousin() }),
    );
    await expect(within(dialog).getByRole('button', { name: t('COMMON.CLOSE') })).toBeDisabled();
    // The list behind says so at once.
    await expect(rows(canvas)[4]).not.toHaveTextContent(t('DEST_ACCOUNTS.PENDING'));
  },
};

export const Verified: Story = {
  parameters: {
    machineState: 'destinationAccounts:verifying.verified',
    page: { machine: accounts({ reload: DEST_ACCOUNTS_COUSIN_VERIFIED }), input, events: VERIFIED },
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('dialog');
    await expect(within(dialog).getByRole('status')).toHaveTextContent(
      t('PHONE_VERIFY.VERIFIED', { account: cousin() }),
    );
    await expect(within(dialog).getByRole('button', { name: t('COMMON.CLOSE') })).toBeEnabled();
    await expect(rows(canvas)[4]).not.toHaveTextContent(t('DEST_ACCOUNTS.PENDING'));
    await expect(
      within(rows(canvas)[4] as HTMLElement).queryByRole('button', {
        name: t('PHONE_VERIFY.VERIFY_ITEM', { account: cousin() }),
      }),
    ).toBeNull();
  },
};

export const VerifiedSpanish: Story = { ...Verified, globals: { locale: 'es' } };

/** §8: the list could not be read again: the page says so behind the modal; the account shows verified. */
export const VerifiedReloadFailed: Story = {
  parameters: {
    machineState: 'destinationAccounts:verifying.verified',
    page: { machine: accounts({ reload: { fail: NETWORK_FAILURE } }), input, events: VERIFIED },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('dialog')).toHaveTextContent(t('PHONE_VERIFY.VERIFIED', { account: cousin() }));
    await expect(rows(canvas)[4]).not.toHaveTextContent(t('DEST_ACCOUNTS.PENDING'));
  },
};
