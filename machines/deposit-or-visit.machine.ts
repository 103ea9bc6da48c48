// deposit.deposit_or_schedule_visit (§2, login required, 20%): make a deposit, view my account, or
// schedule a visit (the configured external visit URL, hidden on mobile); the quick-deposit cards of
// §3/§9 (GET /pay/quick_deposits); the verification-failed warning when identity verification was
// rejected without a retry (§4: ?verificationRejected).
//
// Two regions: `cards` loads the quick-deposit cards; `action` starts a deposit. Both a quick deposit
// and "make a deposit" start a new deposit: the form state starts empty (a finished deposit's
// deposit_id would send the checkout to that receipt, §4). A quick deposit then holds the card's
// facility, type, recipient (or phone account) and amount, and the app opens the checkout step; a
// new deposit opens the facility step.
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { CHECKOUT_PRESETS, OTHER_PRESET_ID } from '../contract/constants.ts';
import type { FormFields } from '../contract/entities.ts';
import { type QuickDeposit, quickAmounts } from '../contract/quick-deposits.ts';
import { toCallFailure } from './actors.types.ts';
import { type PageInput, type PageToAppEvent, wizardPath } from './pages.ts';
import { calls } from './calls.ts';
import { startDepositMachine } from './start-deposit.machine.ts';

/** §2 deposit.checkout: where a quick deposit goes. */
export const QUICK_DEPOSIT_PATH = wizardPath('checkout');
/** §2 deposit.facility: where "make a deposit" goes. */
export const NEW_DEPOSIT_PATH = wizardPath('facility');

export const FRAUD_CONTROL_MESSAGE = 'ERROR.FRAUD_CONTROL_MESSAGE';
export const START_FAILED = 'DEPOSIT_OR_VISIT.START_FAILED';
export const QUICK_UNAVAILABLE = 'DEPOSIT_OR_VISIT.QUICK_UNAVAILABLE';

/** §9: deposit type labels vary by purse_reg (regulated and not regulated phone accounts). */
export function quickTypeKey(q: Pick<QuickDeposit, 'deposit_type' | 'purse_reg'>): string {
  switch (q.deposit_type) {
    case 'flex':
      return 'DEPOSIT_OR_VISIT.TYPE_FLEX';
    case 'trust':
      return 'DEPOSIT_OR_VISIT.TYPE_TRUST';
    case 'bail':
      return 'DEPOSIT_OR_VISIT.TYPE_BAIL';
    case 'dest':
      return q.purse_reg === 1 ? 'DEPOSIT_OR_VISIT.TYPE_DEST_REG' : 'DEPOSIT_OR_VISIT.TYPE_DEST_NRG';
  }
}

/** §4: rejected without a retry moves on with verificationRejected set (`?verificationRejected`). */
export function isVerificationRejected(query: Record<string, string>): boolean {
  const v = query['verificationRejected'];
  return v !== undefined && v !== 'false' && v !== '0';
}

/**
 * The form state of a quick deposit: the card's facility, type, recipient and, for dest, the phone
 * account; the amount as a checkout preset when it is one, else 'other' with the amount (§2 checkout
 * presets). The server fills the facility's country and state and the person's details from the ids.
 */
export function quickDepositFields(q: QuickDeposit, amount: number): Partial<FormFields> {
  const preset = (CHECKOUT_PRESETS as readonly number[]).includes(amount);
  const fields: Partial<FormFields> = {
    facility_id: q.facility_id,
    deposit_type: q.deposit_type,
    deposit_inmate_id: q.deposit_inmate_id,
    deposit_amount: amount,
    deposit_amount_id: preset ? String(amount) : OTHER_PRESET_ID,
  };
  if (q.deposit_type === 'dest' && q.deposit_phone_no !== null) {
    Object.assign(fields, {
      dest_account_id: q.dest_account_id,
      deposit_phone_no: q.deposit_phone_no,
      deposit_phone_no_label: q.deposit_phone_no_label ?? '',
      deposit_phone_country: q.deposit_phone_country ?? 'US',
    } satisfies Partial<FormFields>);
  }
  return fields;
}

/** The fields whose error means the deposit cannot start (an amount problem is fixed at checkout). */
const START_KEYS = ['facility_id', 'deposit_type', 'deposit_inmate_id', 'deposit_phone_no', 'dest_account_id'] as const;

/** i18n key of why the server refused the quick deposit's fields, or null when the checkout can take them. */
export function refusalOf(answer: StateSaveResponse): string | null {
  const found = START_KEYS.map((k) => answer.errors[k]).filter((v): v is string => Boolean(v));
  if (found.length === 0) return null;
  // §5/§8: a fraud-flagged recipient stops the deposit with its own message.
  return found.includes(FRAUD_CONTROL_MESSAGE) ? FRAUD_CONTROL_MESSAGE : QUICK_UNAVAILABLE;
}

export interface DepositOrVisitContext {
  quickDeposits: QuickDeposit[];
  /** i18n key of why the cards did not load. */
  loadFailure: string | null;
  /** The quick deposit being started, with its amount; null for "make a deposit". */
  chosen: { card: QuickDeposit; amount: number } | null;
  /** Where the app goes once the form state is ready. */
  destination: string | null;
  /** i18n key of why a deposit could not start. */
  failure: string | null;
  /** §4 ?verificationRejected: the verification-failed warning. */
  verificationRejected: boolean;
  /** §2: the external visit URL; null on mobile (hidden there) or when none is configured. */
  visitUrl: string | null;
}

export type DepositOrVisitEvent =
  { type: 'quick.choose'; id: string; amount: number } | { type: 'quick.retry' } | { type: 'deposit.new' };

const cardOf = (context: DepositOrVisitContext, id: string) => context.quickDeposits.find((q) => q.id === id);

export const depositOrVisitMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as DepositOrVisitContext,
    events: {} as DepositOrVisitEvent,
  },
  actors: {
    ...calls('loadQuickDeposits'),
    startDepositMachine,
  },
  guards: {
    /** A listed card, not blocked, and one of its amounts. */
    isChoosable: ({ context }, params: { id: string; amount: number }) => {
      const q = cardOf(context, params.id);
      return q !== undefined && !q.blocked && quickAmounts(q).includes(params.amount);
    },
    /** §6: blocked when the primary or chosen account (or the person) is fraud-flagged. */
    isBlocked: ({ context }, params: { id: string }) => cardOf(context, params.id)?.blocked === true,
    isRefused: (_, params: { answer: StateSaveResponse | null }) =>
      params.answer !== null && refusalOf(params.answer) !== null,
  },
  actions: {
    assignQuickDeposits: assign((_, params: { cards: QuickDeposit[] }) => ({
      quickDeposits: params.cards,
      loadFailure: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ loadFailure: toCallFailure(params.error).code })),
    chooseQuick: assign(({ context }, params: { id: string; amount: number }) => {
      const card = cardOf(context, params.id);
      return {
        chosen: card ? { card, amount: params.amount } : null,
        destination: QUICK_DEPOSIT_PATH,
        failure: null,
      };
    }),
    chooseNew: assign({ chosen: null, destination: NEW_DEPOSIT_PATH, failure: null }),
    flagFailure: assign((_, params: { failure: string }) => ({
      chosen: null,
      destination: null,
      failure: params.failure,
    })),
    /** The app reads the form state again and opens the checkout or facility step (decision 0007). */
    tellAppGo: sendParent(
      ({ context }) => ({ type: 'app.go', path: context.destination ?? NEW_DEPOSIT_PATH }) satisfies PageToAppEvent,
    ),
  },
}).createMachine({
  id: 'depositOrVisit',
  context: ({ input }) => ({
    quickDeposits: [],
    loadFailure: null,
    chosen: null,
    destination: null,
    failure: null,
    verificationRejected: isVerificationRejected(input.query),
    visitUrl: input.mobile ? null : input.site?.visit_url || null,
  }),
  type: 'parallel',
  states: {
    cards: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['cardsLoading'],
          invoke: {
            id: 'loadQuickDeposits',
            src: 'loadQuickDeposits',
            onDone: {
              target: 'ready',
              actions: { type: 'assignQuickDeposits', params: ({ event }) => ({ cards: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          tags: ['cardsFailed'],
          on: { 'quick.retry': 'loading' },
        },
        ready: {
          tags: ['cardsReady'],
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'quick.choose': [
              {
                guard: { type: 'isChoosable', params: ({ event }) => ({ id: event.id, amount: event.amount }) },
                target: 'starting',
                actions: { type: 'chooseQuick', params: ({ event }) => ({ id: event.id, amount: event.amount }) },
              },
              // §6/§8: a blocked card cannot start a deposit.
              {
                guard: { type: 'isBlocked', params: ({ event }) => ({ id: event.id }) },
                actions: { type: 'flagFailure', params: { failure: FRAUD_CONTROL_MESSAGE } },
              },
            ],
            'deposit.new': { target: 'starting', actions: 'chooseNew' },
          },
        },
        // A new deposit (machines/start-deposit.machine.ts): the form state starts empty, then holds the
        // quick deposit's fields; "make a deposit" saves nothing more.
        starting: {
          tags: ['busy'],
          invoke: {
            id: 'startDeposit',
            src: 'startDepositMachine',
            input: ({ context }) => ({
              fields: context.chosen ? quickDepositFields(context.chosen.card, context.chosen.amount) : null,
            }),
            onDone: [
              {
                guard: { type: 'isRefused', params: ({ event }) => ({ answer: event.output.answer }) },
                target: 'idle',
                actions: {
                  type: 'flagFailure',
                  params: ({ event }) => ({
                    failure: (event.output.answer && refusalOf(event.output.answer)) ?? QUICK_UNAVAILABLE,
                  }),
                },
              },
              { target: 'leaving' },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'flagFailure', params: { failure: START_FAILED } },
            },
          },
        },
        // The app takes over from here: it reads the form state and shows the step.
        leaving: {
          tags: ['busy'],
          entry: 'tellAppGo',
        },
      },
    },
  },
});

export type DepositOrVisitSnapshot = SnapshotFrom<typeof depositOrVisitMachine>;
