// The checkout's one-time, recurring or roundup choice (§4 recurring, §4 roundup, §9 days and free
// calls). A deposit is paid once, repeats (weekly or monthly, on a day), or is rounded up for free calls:
// roundups are for one-time payments only, so picking one clears any recurring setting, and picking
// recurring selects "No thanks". At a pam facility it is once or bi-weekly (§4 pam mode). The roundup
// options come from the amount's fees and whether saved cards exist from the payment method, both by the
// checkout; every change is reported to it (`choices.report`).
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import { NO_ROUNDUP_ID, RECURRING_DAYS } from '../contract/checkout-services-base.ts';
import type { CheckoutRecurringType } from '../contract/checkout-services.ts';
import type { Roundup } from '../contract/entities.ts';
import { offersPamRecurring, offersRecurring, roundupOffers, selectedOf } from './checkout-rules.ts';
import type {
  CheckoutEvent,
  ChoiceFields,
  ChoicesContext,
  ChoicesEvent,
  ChoicesInput,
  ChoicesNews,
} from './checkout.types.ts';
import { SYSTEM, tell } from './system.ts';

const ONE_TIME = { recurring_type: '', recurring_increment: null, roundups: false, selected_roundup: null } as const;

export const checkoutChoicesMachine = setup({
  types: {
    input: {} as ChoicesInput,
    context: {} as ChoicesContext,
    events: {} as ChoicesEvent | ChoicesNews,
  },
  guards: {
    isPam: ({ context }) => context.pam,
    wasRecurring: ({ context }) => context.choice.recurring_type !== '',
    wasRoundedUp: ({ context }) => context.choice.roundups && context.choice.selected_roundup !== null,
    /** §4: weekly or monthly, for a signed-in payer with saved cards (not bail). */
    canRecur: ({ context }, params: { type: CheckoutRecurringType }) => params.type !== '' && offersRecurring(context),
    isOneTime: (_, params: { type: CheckoutRecurringType }) => params.type === '',
    /** §9: weekly days 0 to 6, monthly days 1 to 28. */
    isRecurringDay: ({ context }, params: { day: number }) => {
      const type = context.choice.recurring_type;
      if (type === '' || !Number.isInteger(params.day)) return false;
      return params.day >= RECURRING_DAYS[type].min && params.day <= RECURRING_DAYS[type].max;
    },
    isNoThanks: (_, params: { id: number }) => params.id === NO_ROUNDUP_ID,
    isOffered: ({ context }, params: { id: number }) =>
      roundupOffers(context.options, context.choice).some((r) => r.id === params.id),
    /** A pick kept from before (a reload) stands only while its option is still offered. */
    isPickOffered: ({ context }, params: { options: Roundup[] }) =>
      params.options.some((r) => r.id === context.choice.selected_roundup?.id && r.id !== NO_ROUNDUP_ID),
    canGoBiweekly: ({ context }, params: { biweekly: boolean }) => params.biweekly && context.pamOffered,
    isOnce: (_, params: { biweekly: boolean }) => !params.biweekly,
  },
  actions: {
    assignOptions: assign((_, params: { options: Roundup[] }) => ({ options: params.options })),
    assignCards: assign((_, params: { available: boolean }) => ({ hasSavedCards: params.available })),
    // §4: picking weekly or monthly waits for its day and selects "No thanks"; one-time empties the increment.
    assignRecurring: assign(({ context }, params: { type: CheckoutRecurringType }) => ({
      choice: { ...context.choice, ...ONE_TIME, recurring_type: params.type },
    })),
    assignDay: assign(({ context }, params: { day: number }) => ({
      choice: { ...context.choice, recurring_increment: params.day },
    })),
    // §4: a roundup replaces amount, fees and total (the summary shows the option's) and clears recurring.
    assignRoundup: assign(({ context }, params: { id: number }) => {
      const option = context.options.find((r) => r.id === params.id);
      return option
        ? { choice: { ...context.choice, ...ONE_TIME, roundups: true, selected_roundup: selectedOf(option) } }
        : {};
    }),
    refreshRoundup: assign(({ context }, params: { options: Roundup[] }) => {
      const option = params.options.find((r) => r.id === context.choice.selected_roundup?.id);
      return option ? { choice: { ...context.choice, selected_roundup: selectedOf(option) } } : {};
    }),
    // §4: "No thanks" restores the originals.
    clearChoice: assign(({ context }) => ({ choice: { ...context.choice, ...ONE_TIME } })),
    assignPamRecurring: assign(({ context }, params: { biweekly: boolean }) => ({
      choice: { ...context.choice, pamRecurring: params.biweekly },
    })),
    report: enqueueActions(({ enqueue, context, system }) => {
      const event: CheckoutEvent = { type: 'choices.report', choice: context.choice };
      tell(enqueue, system, SYSTEM.checkout, event);
    }),
  },
}).createMachine({
  id: 'checkoutChoices',
  context: ({ input }) => ({
    choice: {
      recurring_type: input.fields.recurring_type,
      recurring_increment: input.fields.recurring_increment,
      roundups: input.fields.roundups,
      selected_roundup: input.fields.selected_roundup,
      pamRecurring: false,
    } satisfies ChoiceFields,
    signedIn: input.fields.logged_in,
    depositType: input.fields.deposit_type,
    options: [],
    hasSavedCards: false,
    pam: input.facility.pam_enabled,
    pamOffered: offersPamRecurring(input.facility, input.fields),
  }),
  initial: 'starting',
  on: {
    'roundups.offer': { actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.options }) } },
    'roundups.withdraw': { actions: { type: 'assignOptions', params: { options: [] } } },
    'cards.available': { actions: { type: 'assignCards', params: ({ event }) => ({ available: event.available }) } },
  },
  states: {
    /** The choice kept in the form state (a reload), or one time. */
    starting: {
      always: [
        { guard: 'isPam', target: 'pam' },
        { guard: 'wasRecurring', target: 'card.recurring' },
        { guard: 'wasRoundedUp', target: 'card.roundedUp' },
        { target: 'card.oneTime' },
      ],
    },
    card: {
      initial: 'oneTime',
      states: {
        oneTime: {
          entry: 'report',
          on: {
            'recurring.type': {
              guard: { type: 'canRecur', params: ({ event }) => ({ type: event.recurringType }) },
              target: 'recurring',
              actions: { type: 'assignRecurring', params: ({ event }) => ({ type: event.recurringType }) },
            },
            'roundup.pick': {
              guard: { type: 'isOffered', params: ({ event }) => ({ id: event.id }) },
              target: 'roundedUp',
              actions: { type: 'assignRoundup', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        /** Weekly or monthly: it needs its day (§9). */
        recurring: {
          entry: 'report',
          on: {
            'recurring.type': [
              {
                guard: { type: 'isOneTime', params: ({ event }) => ({ type: event.recurringType }) },
                target: 'oneTime',
                actions: 'clearChoice',
              },
              {
                guard: { type: 'canRecur', params: ({ event }) => ({ type: event.recurringType }) },
                target: 'recurring',
                reenter: true,
                actions: { type: 'assignRecurring', params: ({ event }) => ({ type: event.recurringType }) },
              },
            ],
            'recurring.day': {
              guard: { type: 'isRecurringDay', params: ({ event }) => ({ day: event.day }) },
              actions: [{ type: 'assignDay', params: ({ event }) => ({ day: event.day }) }, 'report'],
            },
          },
        },
        /** A roundup picked: its amount, fees and free calls replace the amount's (§4, §9). */
        roundedUp: {
          entry: 'report',
          on: {
            'roundup.pick': [
              {
                guard: { type: 'isNoThanks', params: ({ event }) => ({ id: event.id }) },
                target: 'oneTime',
                actions: 'clearChoice',
              },
              {
                guard: { type: 'isOffered', params: ({ event }) => ({ id: event.id }) },
                target: 'roundedUp',
                reenter: true,
                actions: { type: 'assignRoundup', params: ({ event }) => ({ id: event.id }) },
              },
            ],
            'recurring.type': {
              guard: { type: 'canRecur', params: ({ event }) => ({ type: event.recurringType }) },
              target: 'recurring',
              actions: { type: 'assignRecurring', params: ({ event }) => ({ type: event.recurringType }) },
            },
            // The amount's fees came (again): the pick stands while its option is offered.
            'roundups.offer': [
              {
                guard: { type: 'isPickOffered', params: ({ event }) => ({ options: event.options }) },
                actions: [
                  { type: 'assignOptions', params: ({ event }) => ({ options: event.options }) },
                  { type: 'refreshRoundup', params: ({ event }) => ({ options: event.options }) },
                  'report',
                ],
              },
              {
                target: 'oneTime',
                actions: [
                  { type: 'assignOptions', params: ({ event }) => ({ options: event.options }) },
                  'clearChoice',
                ],
              },
            ],
            // A new amount has new roundup options: the pick is undone until the payer picks again.
            'roundups.withdraw': {
              target: 'oneTime',
              actions: [{ type: 'assignOptions', params: { options: [] } }, 'clearChoice'],
            },
          },
        },
      },
    },
    /** §4 pam mode: once, or bi-weekly on the 1st and the 15th (the payment endpoint keeps the card). */
    pam: {
      initial: 'once',
      states: {
        once: {
          entry: [{ type: 'assignPamRecurring', params: { biweekly: false } }, 'report'],
          on: {
            'pam.recurring': {
              guard: { type: 'canGoBiweekly', params: ({ event }) => ({ biweekly: event.biweekly }) },
              target: 'biweekly',
            },
          },
        },
        biweekly: {
          entry: [{ type: 'assignPamRecurring', params: { biweekly: true } }, 'report'],
          on: {
            'pam.recurring': {
              guard: { type: 'isOnce', params: ({ event }) => ({ biweekly: event.biweekly }) },
              target: 'once',
            },
          },
        },
      },
    },
  },
});

export type CheckoutChoicesSnapshot = SnapshotFrom<typeof checkoutChoicesMachine>;
