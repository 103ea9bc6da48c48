// /account/destination_accounts (§2, §3 prepaid destination account, §4 inactivity alert, §9): the
// payer's phone accounts with their balance, each one's activity per purse (pp prepaid, pr
// regulated), inactivity-alert enrolment by text or email, removal after a confirmation, a deposit
// to the account (the wizard's form state is saved first, then the app goes there), and phone
// verification of a pending account (§4: the phoneVerification machine runs while its modal is open).
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import { BREAKAGE_DECLINED, BREAKAGE_ENROLLED, SNAP_PREFIX } from '../contract/accounts-base.ts';
import type {
  BreakageRequest,
  BreakageStatus,
  DestinationAccount,
  DestinationActivity,
  Purse,
} from '../contract/accounts.ts';
import type { FormFields } from '../contract/entities.ts';
import { toCallFailure } from './actors.types.ts';
import { type PageInput, type PageToAppEvent, wizardPath } from './pages.ts';
import {
  type PhoneVerificationInput,
  type PhoneVerifiedEvent,
  phoneVerificationMachine,
} from './phone-verification.machine.ts';
import { calls } from './calls.ts';

/** §9: rows whose phone begins with SNAP are hidden; primary first, then balance descending (then id). */
export function visibleAccounts(list: readonly DestinationAccount[]): DestinationAccount[] {
  return list
    .filter((a) => !a.deposit_phone_no.toUpperCase().startsWith(SNAP_PREFIX))
    .sort((a, b) => Number(b.primary) - Number(a.primary) || b.prepaid_balance - a.prepaid_balance || a.id - b.id);
}

/** §3 breakage: 1 or 2 enrolled, 3 declined. */
export function isEnrolled(status: BreakageStatus): boolean {
  return status !== BREAKAGE_DECLINED;
}

/** §4: enrolling sets 1 (an enrolment already there is kept as it is); unenrolling sets 3. */
export function breakageStatus(current: BreakageStatus, enrolled: boolean): BreakageStatus {
  if (!enrolled) return BREAKAGE_DECLINED;
  return isEnrolled(current) ? current : BREAKAGE_ENROLLED;
}

/** The alert channels the payer has ticked in the dialog (the dialog's form, alertChoiceSchema). */
export interface AlertChoice {
  sms: boolean;
  email: boolean;
}

/** Declining the alerts (§4): both channels off, each saved as declined. */
export const NO_ALERTS: AlertChoice = { sms: false, email: false };

/** The account's enrolment as the dialog's form opens with it. */
export function enrolmentOf(account: DestinationAccount): AlertChoice {
  return { sms: isEnrolled(account.breakage.sms), email: isEnrolled(account.breakage.email) };
}

export function alertRequest(account: DestinationAccount, choice: AlertChoice): BreakageRequest {
  return {
    ani: account.deposit_phone_no,
    sms_status: breakageStatus(account.breakage.sms, choice.sms),
    email_status: breakageStatus(account.breakage.email, choice.email),
  };
}

/**
 * A phone deposit to this account: its facility, the dest type and the account go into the wizard's
 * form state (a recipient chosen earlier is cleared), and the wizard opens at the number step with the
 * account chosen (§2, §4 dest). An account without a facility starts at the facility step, in its
 * phone's country (§9 US or Canada).
 */
export function depositStart(account: DestinationAccount): { fields: Partial<FormFields>; path: string } {
  if (account.facility_id !== null) {
    return {
      fields: {
        facility_id: account.facility_id,
        deposit_type: 'dest',
        deposit_inmate_id: '',
        dest_account_id: account.id,
      },
      path: wizardPath('number'),
    };
  }
  const country = account.deposit_phone_country === 'CA' ? 'CA' : 'US';
  return {
    fields: { facility_country: country, facility_state: '', facility_id: null },
    path: wizardPath('facility', country),
  };
}

export interface DestinationAccountsContext {
  accounts: DestinationAccount[];
  /** The account the open dialog is about. */
  chosen: DestinationAccount | null;
  /** The purse whose activity the activity dialog shows. */
  purse: Purse;
  activity: DestinationActivity[];
  /** The alerts the dialog's form sent to be saved (the call's input), or null. */
  sent: AlertChoice | null;
  /** The account just removed (a status message says so). */
  removed: DestinationAccount | null;
  /** i18n key of a failure shown on the page (load, removal, deposit, fraud flag), or null. */
  failure: string | null;
  /** i18n key of a failure shown in the open dialog, or null. */
  dialogFailure: string | null;
}

export type DestinationAccountsEvent =
  | { type: 'accounts.retry' }
  | { type: 'activity.open'; id: number }
  | { type: 'activity.purse'; purse: Purse }
  | { type: 'activity.retry' }
  | { type: 'alerts.open'; id: number }
  | { type: 'alerts.submit'; values: AlertChoice }
  | { type: 'delete.ask'; id: number }
  | { type: 'delete.confirm' }
  | { type: 'deposit.start'; id: number }
  | { type: 'verify.open'; id: number }
  | PhoneVerifiedEvent
  | { type: 'dialog.close' };

export const ALERTS_FAILED = 'DEST_ACCOUNTS.ALERTS_FAILED';
export const ERROR_DELETING_ACCOUNT = 'ERROR.ERROR_DELETING_ACCOUNT';
export const FRAUD_CONTROL_MESSAGE = 'ERROR.FRAUD_CONTROL_MESSAGE';

const chosenAccount = (context: DestinationAccountsContext) => context.chosen as DestinationAccount;

/** §3/§4: a pending account can be verified by text or call. */
export function canVerify(account: DestinationAccount): boolean {
  return account.validate_status === 'pending';
}

/** What the phoneVerification machine verifies. */
export function verificationInput(account: DestinationAccount): PhoneVerificationInput {
  return {
    ani: account.deposit_phone_no,
    country: account.deposit_phone_country,
    label: account.deposit_phone_no_label,
  };
}

export const destinationAccountsMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as DestinationAccountsContext,
    events: {} as DestinationAccountsEvent,
  },
  actors: {
    ...calls(
      'loadDestinationAccounts',
      'loadAccountActivity',
      'updateInactivityAlerts',
      'removeDestinationAccount',
      'saveFormState',
    ),
    phoneVerificationMachine,
  },
  guards: {
    isListed: ({ context }, params: { id: number }) => context.accounts.some((a) => a.id === params.id),
    canVerify: ({ context }, params: { id: number }) =>
      context.accounts.some((a) => a.id === params.id && canVerify(a)),
    // §5/§8: a fraud-flagged account blocks a deposit.
    isFraudFlagged: ({ context }, params: { id: number }) =>
      context.accounts.some((a) => a.id === params.id && a.fraud_flag),
    isOtherPurse: ({ context }, params: { purse: Purse }) => params.purse !== context.purse,
    succeeded: (_, params: { success: boolean }) => params.success,
  },
  actions: {
    assignAccounts: assign((_, params: { accounts: DestinationAccount[] }) => ({
      accounts: visibleAccounts(params.accounts),
      failure: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    choose: assign(({ context }, params: { id: number }) => {
      const chosen = context.accounts.find((a) => a.id === params.id) ?? null;
      return {
        chosen,
        purse: 'pp' as Purse,
        activity: [],
        sent: null,
        removed: null,
        failure: null,
        dialogFailure: null,
      };
    }),
    closeDialog: assign({ chosen: null, activity: [], dialogFailure: null }),
    assignPurse: assign((_, params: { purse: Purse }) => ({ purse: params.purse, activity: [] })),
    assignActivity: assign((_, params: { activity: DestinationActivity[] }) => ({
      activity: params.activity,
      dialogFailure: null,
    })),
    assignDialogFailure: assign((_, params: { error: unknown }) => ({
      dialogFailure: toCallFailure(params.error).code,
    })),
    assignSent: assign((_, params: { values: AlertChoice }) => ({ sent: params.values, dialogFailure: null })),
    /** The server's answer is the account's enrolment now, in the list and in the dialog. */
    assignBreakage: assign(({ context }, params: { breakage: DestinationAccount['breakage'] }) => {
      const id = context.chosen?.id;
      const accounts = context.accounts.map((a) => (a.id === id ? { ...a, breakage: params.breakage } : a));
      return {
        accounts,
        chosen: accounts.find((a) => a.id === id) ?? null,
        dialogFailure: null,
      };
    }),
    flagAlertsFailure: assign({ dialogFailure: ALERTS_FAILED }),
    dropChosen: assign(({ context }) => ({
      accounts: context.accounts.filter((a) => a.id !== context.chosen?.id),
      removed: context.chosen,
      chosen: null,
    })),
    // §8: a failed removal closes the dialog and shows the error flag; the account stays.
    flagRemoveFailure: assign({ failure: ERROR_DELETING_ACCOUNT, chosen: null }),
    flagFraud: assign({ failure: FRAUD_CONTROL_MESSAGE, removed: null }),
    /** The server has validated the account: the list says so at once, before it is read again. */
    markChosenValidated: assign(({ context }) => {
      const id = context.chosen?.id;
      const accounts = context.accounts.map((a) =>
        a.id === id ? { ...a, validate_status: 'validated' as const, validated: true } : a,
      );
      return { accounts, chosen: accounts.find((a) => a.id === id) ?? null };
    }),
    /** The list read again after a verification; the dialog's account too. */
    assignReloadedAccounts: assign(({ context }, params: { accounts: DestinationAccount[] }) => {
      const accounts = visibleAccounts(params.accounts);
      return { accounts, chosen: accounts.find((a) => a.id === context.chosen?.id) ?? context.chosen, failure: null };
    }),
    assignDepositFailure: assign((_, params: { error: unknown }) => ({
      failure: toCallFailure(params.error).code,
      chosen: null,
    })),
    /** The app reads the form state again and opens the wizard there (decision 0007). */
    tellAppToDeposit: sendParent(({ context }) => {
      const event: PageToAppEvent = { type: 'app.go', path: depositStart(chosenAccount(context)).path };
      return event;
    }),
  },
}).createMachine({
  id: 'destinationAccounts',
  context: {
    accounts: [],
    chosen: null,
    purse: 'pp',
    activity: [],
    sent: null,
    removed: null,
    failure: null,
    dialogFailure: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadDestinationAccounts',
        src: 'loadDestinationAccounts',
        onDone: {
          target: 'ready',
          actions: { type: 'assignAccounts', params: ({ event }) => ({ accounts: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'accounts.retry': 'loading' },
    },
    ready: {
      tags: ['editing'],
      on: {
        'activity.open': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'activity',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'alerts.open': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'alerts',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'delete.ask': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirmingDelete',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'verify.open': {
          guard: { type: 'canVerify', params: ({ event }) => ({ id: event.id }) },
          target: 'verifying',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
        'deposit.start': [
          {
            guard: { type: 'isFraudFlagged', params: ({ event }) => ({ id: event.id }) },
            actions: 'flagFraud',
          },
          {
            guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
            target: 'startingDeposit',
            actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
          },
        ],
      },
    },
    activity: {
      tags: ['activity'],
      initial: 'loading',
      on: {
        'dialog.close': { target: 'ready', actions: 'closeDialog' },
        'activity.purse': {
          guard: { type: 'isOtherPurse', params: ({ event }) => ({ purse: event.purse }) },
          target: '.loading',
          actions: { type: 'assignPurse', params: ({ event }) => ({ purse: event.purse }) },
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            id: 'loadAccountActivity',
            src: 'loadAccountActivity',
            input: ({ context }) => ({ destinationId: chosenAccount(context).destination_id, purse: context.purse }),
            onDone: {
              target: 'shown',
              actions: { type: 'assignActivity', params: ({ event }) => ({ activity: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignDialogFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        shown: {
          tags: ['shown'],
        },
        failed: {
          tags: ['error'],
          on: { 'activity.retry': 'loading' },
        },
      },
    },
    alerts: {
      tags: ['alerts'],
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'alerts.submit': {
              target: 'saving',
              actions: { type: 'assignSent', params: ({ event }) => ({ values: event.values }) },
            },
            'dialog.close': { target: '#destinationAccounts.ready', actions: 'closeDialog' },
          },
        },
        // The dialog waits for the answer: it cannot be closed meanwhile.
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'updateInactivityAlerts',
            src: 'updateInactivityAlerts',
            input: ({ context }) => alertRequest(chosenAccount(context), context.sent ?? NO_ALERTS),
            onDone: [
              {
                guard: { type: 'succeeded', params: ({ event }) => ({ success: event.output.success }) },
                target: 'saved',
                actions: { type: 'assignBreakage', params: ({ event }) => ({ breakage: event.output.breakage }) },
              },
              { target: 'failed', actions: 'flagAlertsFailure' },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'assignDialogFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        saved: {
          tags: ['saved'],
          on: { 'dialog.close': { target: '#destinationAccounts.ready', actions: 'closeDialog' } },
        },
        // §8: the message says why; what was ticked stays in the dialog's form, to save again.
        failed: {
          tags: ['error'],
          on: {
            'alerts.submit': {
              target: 'saving',
              actions: { type: 'assignSent', params: ({ event }) => ({ values: event.values }) },
            },
            'dialog.close': { target: '#destinationAccounts.ready', actions: 'closeDialog' },
          },
        },
      },
    },
    confirmingDelete: {
      tags: ['deleting'],
      on: {
        'dialog.close': { target: 'ready', actions: 'closeDialog' },
        'delete.confirm': 'deleting',
      },
    },
    deleting: {
      tags: ['deleting', 'busy'],
      invoke: {
        id: 'removeDestinationAccount',
        src: 'removeDestinationAccount',
        input: ({ context }) => ({ id: chosenAccount(context).id }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ success: event.output.success }) },
            target: 'ready',
            actions: 'dropChosen',
          },
          { target: 'ready', actions: 'flagRemoveFailure' },
        ],
        onError: { target: 'ready', actions: 'flagRemoveFailure' },
      },
    },
    // §4: the verification machine starts when the modal opens and stops when it closes (leaving this
    // state), so every opening starts afresh.
    verifying: {
      tags: ['verifying'],
      invoke: {
        id: 'phoneVerification',
        src: 'phoneVerificationMachine',
        input: ({ context }) => verificationInput(chosenAccount(context)),
      },
      initial: 'open',
      states: {
        open: {
          on: {
            'phone.verified': { target: 'reloading', actions: 'markChosenValidated' },
            'dialog.close': { target: '#destinationAccounts.ready', actions: 'closeDialog' },
          },
        },
        // The modal says the account is verified; the list is read again behind it.
        reloading: {
          tags: ['busy'],
          invoke: {
            id: 'loadDestinationAccounts',
            src: 'loadDestinationAccounts',
            onDone: {
              target: 'verified',
              actions: { type: 'assignReloadedAccounts', params: ({ event }) => ({ accounts: event.output }) },
            },
            onError: {
              target: 'verified',
              actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        verified: {
          tags: ['saved'],
          on: { 'dialog.close': { target: '#destinationAccounts.ready', actions: 'closeDialog' } },
        },
      },
    },
    startingDeposit: {
      tags: ['busy', 'starting'],
      invoke: {
        id: 'saveFormState',
        src: 'saveFormState',
        input: ({ context }) => ({ fields: depositStart(chosenAccount(context)).fields }),
        onDone: { target: 'left', actions: 'tellAppToDeposit' },
        onError: {
          target: 'ready',
          actions: { type: 'assignDepositFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The app opens the wizard and stops this page. */
    left: { type: 'final' },
  },
});

export type DestinationAccountsSnapshot = SnapshotFrom<typeof destinationAccountsMachine>;
