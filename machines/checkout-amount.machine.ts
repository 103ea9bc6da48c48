// The checkout's amount and its limits (§4 checkout amounts, §5 currency and unified-wallet trust, §7
// fees, §9 fee throttle and timeout). Which amounts the payer may choose is settled first
// (machines/checkout-limits.ts); then each amount chosen is checked, saved (by the wizard's autosave, the
// one writer of the form state, which answers here), and priced with its fees and roundups. Every change
// is reported to the checkout (`amount.report`). A preset (the §9 default included) is priced at once, a
// typed amount 250 ms after the last key; the save and the fees request go out together, and the amount
// is priced once both have answered (docs/decisions/0063).
import { type SnapshotFrom, and, assign, enqueueActions, or, stateIn } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { FeesAndRoundupsResponse, StateSaveResponse } from '../contract/api.ts';
import { DEFAULT_DEPOSIT, DELAYS } from '../contract/constants.ts';
import { SERVER_OWNED_FIELDS, type FormFields } from '../contract/entities.ts';
import { CLIENT_ERRORS } from '../contract/errors.ts';
import { amountError, effectiveLimits } from '../contract/schemas-base.ts';
import { isUnifiedWalletTrust } from '../contract/unified-wallet-base.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';
import { LIMITS_REFUSALS, isCnFound, isMaxedOutByFacility, serviceLimits } from './checkout-limits.ts';
import {
  type AmountChoice,
  FEES_PENDING,
  PRESET_IDS,
  otherChoice,
  presetChoice,
  savedOtherAmount,
} from './checkout-rules.ts';
import type {
  AmountContext,
  AmountMachineEvent,
  AmountReport,
  CheckoutEvent,
  CheckoutInput,
} from './checkout.types.ts';
import { pick } from './form-fields.ts';
import { SYSTEM, tell } from './system.ts';
import type { WizardEvent } from './wizard.types.ts';

type IO = ActorIO;

const AMOUNT_KEYS = ['deposit_amount', 'deposit_amount_id'] as const satisfies readonly (keyof FormFields)[];

/** Where the amount stands, for the report (each state says which it is). */
type Standing = 'closed' | 'empty' | 'pending' | 'priced' | 'refused';

function reportOf(context: AmountContext, standing: Standing): AmountReport {
  const { deposit_amount, deposit_amount_id } = context.fields;
  const rule = standing === 'closed' ? null : amountError(deposit_amount, context.limits);
  return {
    deposit_amount,
    deposit_amount_id,
    open: standing !== 'closed',
    pending: standing === 'pending',
    error: standing === 'priced' ? null : (rule ?? context.error ?? context.feeFailure ?? FEES_PENDING),
    roundups: standing === 'priced' ? context.roundups : [],
  };
}

/** A fees answer, as the amount's context holds it. */
function pricedBy(context: AmountContext, answer: FeesAndRoundupsResponse): Partial<AmountContext> {
  return {
    quote: answer.original_deposit_best_fee,
    roundups: answer.roundups,
    // Every answer prices the presets too (docs/decisions/0052): no call per preset. Those the limits
    // here refuse (a unified-wallet service's own, §5) have no fee to show.
    presetFees: answer.presets.filter((p) => amountError(p.amount, context.limits) === null),
    feeFailure: null,
  };
}

export const checkoutAmountMachine = setup({
  types: {
    input: {} as CheckoutInput,
    context: {} as AmountContext,
    events: {} as AmountMachineEvent,
  },
  actors: calls('getFees', 'isApprovedDepositor', 'getCnInmate', 'getAllowedMinMax'),
  delays: {
    feeThrottle: DELAYS.feeThrottle,
    feesTimeout: DELAYS.feesTimeout,
  },
  guards: {
    /** §5: unified-wallet trust is checked before any amount. */
    isUnifiedWalletTrust: ({ context }) => isUnifiedWalletTrust(context.fields),
    /** §4: unified wallet with the facility's limits unusable. */
    isMaxedOutByFacility: ({ context }) => isMaxedOutByFacility(context),
    isApproved: (_, params: { answer: IO['isApprovedDepositor']['output'] }) => params.answer.approvedDepositor,
    isCnFraud: (_, params: { answer: IO['getCnInmate']['output'] }) =>
      isCnFound(params.answer) && params.answer.fraud_flag,
    isCnFound: (_, params: { answer: IO['getCnInmate']['output'] }) => isCnFound(params.answer),
    areServiceLimitsUnusable: (_, params: { answer: IO['getAllowedMinMax']['output'] }) =>
      serviceLimits(params.answer) === null,
    isPresetId: (_, params: { id: string }) => PRESET_IDS.includes(params.id),
    isChosenPreset: ({ context, event }) =>
      event.type === 'amount.preset' && context.fields.deposit_amount_id === event.id,
    isPricingOrPriced: or([stateIn('#checkoutAmount.open.pricing'), stateIn('#checkoutAmount.open.priced')]),
    isAmountEmpty: ({ context }) => context.fields.deposit_amount === null,
    hasValidAmount: ({ context }) => amountError(context.fields.deposit_amount, context.limits) === null,
    hasAmountError: (_, params: { answer: StateSaveResponse }) => Boolean(params.answer.errors.deposit_amount),
    /** The fees answered while the amount's save was still on its way. */
    hasPendingFees: ({ context }) => context.pendingFees !== null,
    isAmountSaved: stateIn('#checkoutAmount.open.pricing.fetching'),
  },
  actions: {
    /** One amount chosen: its figure, its id, the typed text, and the §5 rule's message. */
    assignChoice: assign(({ context }, params: { choice: AmountChoice | null }) =>
      params.choice
        ? {
            fields: {
              ...context.fields,
              deposit_amount: params.choice.deposit_amount,
              deposit_amount_id: params.choice.deposit_amount_id,
            },
            otherAmount: params.choice.otherAmount,
            error: params.choice.error,
          }
        : {},
    ),
    // §4: out of bounds (or no amount): no fees, no roundups; the total is then 0.
    clearFees: assign({ quote: null, roundups: [] }),
    clearQuote: assign({ quote: null }),
    clearFeeFailure: assign({ feeFailure: null }),
    assignFeeFailure: assign((_, params: { error: unknown }) => ({ feeFailure: toCallFailure(params.error).code })),
    // §7: a fees request over 30 s is reported as a timeout.
    assignFeesTimeout: assign({ feeFailure: CLIENT_ERRORS.feesTimeout }),
    assignAmountAnswer: assign(({ context }, params: { answer: StateSaveResponse }) => ({
      fields: { ...context.fields, ...pick(params.answer.fields, [...AMOUNT_KEYS, ...SERVER_OWNED_FIELDS]) },
      error: params.answer.errors.deposit_amount ?? null,
    })),
    assignFees: assign(({ context }, params: { answer: FeesAndRoundupsResponse }) => pricedBy(context, params.answer)),
    /** The fees that answered before the save, now that the save has answered too. */
    assignPendingFees: assign(({ context }) => (context.pendingFees ? pricedBy(context, context.pendingFees) : {})),
    /** The fees' answer, kept until the amount's save has answered too. */
    keepPendingFees: assign((_, params: { answer: FeesAndRoundupsResponse }) => ({ pendingFees: params.answer })),
    clearPendingFees: assign({ pendingFees: null }),
    assignLimitsRefusal: assign((_, params: { key: string }) => ({ limitsRefusal: params.key })),
    assignLimitsFailure: assign((_, params: { error: unknown }) => ({
      limitsRefusal: toCallFailure(params.error).code,
    })),
    clearLimitsRefusal: assign({ limitsRefusal: null }),
    /** §9 default deposit 25: the preset, when nothing is chosen yet and the limits allow it. */
    chooseDefaultAmount: enqueueActions(({ context, enqueue }) => {
      if (context.fields.deposit_amount_id !== '' || context.fields.deposit_amount !== null) return;
      const id = String(DEFAULT_DEPOSIT);
      if (presetChoice(context.limits, context.otherAmount, id)?.status !== 'valid') return;
      enqueue.raise({ type: 'amount.preset', id });
    }),
    /** §5: the service's min and max become the limits. */
    assignServiceLimits: assign(({ context }, params: { answer: IO['getAllowedMinMax']['output'] }) => ({
      limits: serviceLimits(params.answer) ?? context.limits,
    })),
    // §4 maxed out: presets cleared, amount 0, no fees nor roundups.
    clearForMaxedOut: assign(({ context }) => ({
      fields: { ...context.fields, deposit_amount: 0, deposit_amount_id: '' },
      otherAmount: '',
      quote: null,
      roundups: [],
      error: null,
    })),
    report: enqueueActions(({ enqueue, context, system }, params: { standing: Standing }) => {
      const event: CheckoutEvent = { type: 'amount.report', report: reportOf(context, params.standing) };
      tell(enqueue, system, SYSTEM.checkout, event);
    }),
    /** §4: the amount is saved by the wizard's autosave (the one writer), which answers here. */
    askSave: enqueueActions(({ enqueue, context, system }) => {
      const save: WizardEvent = {
        type: 'form.save',
        fields: pick(context.fields, AMOUNT_KEYS),
        replyTo: SYSTEM.checkoutAmount,
      };
      tell(enqueue, system, SYSTEM.wizard, save);
    }),
  },
}).createMachine({
  id: 'checkoutAmount',
  context: ({ input }) => ({
    fields: input.fields,
    facility: input.facility,
    limits: effectiveLimits(input.facility),
    otherAmount: savedOtherAmount(input.fields),
    error: null,
    quote: null,
    roundups: [],
    presetFees: [],
    feeFailure: null,
    limitsRefusal: null,
    pendingFees: null,
  }),
  initial: 'resolving',
  states: {
    // §4/§5: which amounts the payer may choose is settled before any is taken (machines/checkout-limits.ts).
    resolving: {
      entry: ['clearLimitsRefusal', { type: 'report', params: { standing: 'closed' } }],
      always: [
        { guard: 'isUnifiedWalletTrust', target: 'checkingDepositor' },
        { guard: 'isMaxedOutByFacility', target: 'maxedOut' },
        { target: 'open' },
      ],
    },
    // §5: approved depositor first (NOT_APPROVED_DEPOSITOR_MSG).
    checkingDepositor: {
      tags: ['busy'],
      invoke: {
        id: 'isApprovedDepositor',
        src: 'isApprovedDepositor',
        input: ({ context }) => ({
          como_facility_id: context.fields.como_facility_id,
          inmate_id: context.fields.deposit_inmate_id,
        }),
        onDone: [
          {
            guard: { type: 'isApproved', params: ({ event }) => ({ answer: event.output }) },
            target: 'checkingInmate',
          },
          { target: 'refused', actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.notApproved } } },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // §5: the inmate lookup must answer returnCode 0 and no fraud flag.
    checkingInmate: {
      tags: ['busy'],
      invoke: {
        id: 'getCnInmate',
        src: 'getCnInmate',
        input: ({ context }) => ({
          como_facility_id: context.fields.como_facility_id,
          inmate_id: context.fields.deposit_inmate_id,
          como_service_id: context.fields.como_service_id,
        }),
        onDone: [
          {
            guard: { type: 'isCnFraud', params: ({ event }) => ({ answer: event.output }) },
            target: 'refused',
            actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.fraud } },
          },
          { guard: { type: 'isCnFound', params: ({ event }) => ({ answer: event.output }) }, target: 'loadingLimits' },
          {
            target: 'refused',
            actions: { type: 'assignLimitsRefusal', params: { key: LIMITS_REFUSALS.lookupFailed } },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // §5: min and max come from the service.
    loadingLimits: {
      tags: ['busy'],
      invoke: {
        id: 'getAllowedMinMax',
        src: 'getAllowedMinMax',
        input: ({ context }) => ({
          como_facility_id: context.fields.como_facility_id,
          inmate_id: context.fields.deposit_inmate_id,
          como_service_id: context.fields.como_service_id,
        }),
        onDone: [
          {
            guard: { type: 'areServiceLimitsUnusable', params: ({ event }) => ({ answer: event.output }) },
            target: 'maxedOut',
          },
          {
            target: 'open',
            actions: { type: 'assignServiceLimits', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignLimitsFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** §4 maxed out: no amount, no summary, a Back button; nothing can be submitted. */
    maxedOut: { tags: ['closed'], entry: ['clearForMaxedOut', { type: 'report', params: { standing: 'closed' } }] },
    /** §5: not approved, fraud-flagged or not found: the message, and Back. */
    refused: { tags: ['closed', 'error'], entry: { type: 'report', params: { standing: 'closed' } } },
    failed: {
      tags: ['closed', 'error'],
      entry: { type: 'report', params: { standing: 'closed' } },
      on: { 'limits.retry': 'resolving' },
    },
    /** The limits are known: the payer chooses an amount, which is saved and priced. */
    open: {
      initial: 'idle',
      // §9: the default deposit is chosen when no amount is yet (and the limits allow it).
      entry: 'chooseDefaultAmount',
      on: {
        // §4: choosing a preset other than 'other' clears the custom amount. A preset is a whole choice:
        // it is priced at once (docs/decisions/0063).
        'amount.preset': [
          // The preset being priced, or priced, chosen again (a second tap): nothing changes.
          {
            guard: and(['isChosenPreset', 'isPricingOrPriced']),
          },
          {
            guard: { type: 'isPresetId', params: ({ event }) => ({ id: event.id }) },
            target: '.chosen',
            actions: {
              type: 'assignChoice',
              params: ({ context, event }) => ({ choice: presetChoice(context.limits, context.otherAmount, event.id) }),
            },
          },
        ],
        // §5: the typed amount, at most 6 characters.
        'amount.other': {
          target: '.deciding',
          actions: {
            type: 'assignChoice',
            params: ({ context, event }) => ({ choice: otherChoice(context.limits, event.text) }),
          },
        },
      },
      states: {
        /** A preset chosen: no amount ('other'), one to price at once, or one out of bounds. */
        chosen: {
          entry: 'clearFees',
          always: [
            { guard: 'isAmountEmpty', target: 'idle' },
            { guard: 'hasValidAmount', target: 'pricing' },
            { target: 'outOfBounds' },
          ],
        },
        /** An amount typed: no amount yet, one to price once the typing pauses, or one out of bounds. */
        deciding: {
          entry: 'clearFees',
          always: [
            { guard: 'isAmountEmpty', target: 'idle' },
            { guard: 'hasValidAmount', target: 'waiting' },
            { target: 'outOfBounds' },
          ],
        },
        /** No amount chosen yet (or one kept from before that does not hold); a saved one is priced at once. */
        idle: {
          tags: ['editing'],
          entry: ['clearFees', { type: 'report', params: { standing: 'empty' } }],
          always: { guard: 'hasValidAmount', target: 'pricing' },
        },
        // §9: the fees of a typed amount are asked 250 ms after the last key.
        waiting: {
          tags: ['calculating'],
          entry: ['clearFeeFailure', { type: 'report', params: { standing: 'pending' } }],
          after: { feeThrottle: 'pricing' },
        },
        // §4: the amount is saved, and its fees and roundups fetched: both asked at once, and the amount
        // is priced once both have answered (a refused save wins over the fees).
        pricing: {
          tags: ['calculating'],
          initial: 'saving',
          entry: ['clearFeeFailure', 'clearPendingFees', { type: 'report', params: { standing: 'pending' } }],
          invoke: {
            id: 'getFees',
            src: 'getFees',
            input: ({ context }) => ({
              facilityId: context.facility.id,
              depositType: context.fields.deposit_type,
              amount: context.fields.deposit_amount ?? 0,
              // §7: unified_wallet_flag and oc_facility_id in unified-wallet mode (no roundups, §9).
              ...(context.fields.unified_wallet_enabled
                ? { unifiedWallet: true, ocFacilityId: context.fields.oc_facility_id }
                : {}),
            }),
            onDone: [
              {
                guard: 'isAmountSaved',
                target: 'priced',
                actions: { type: 'assignFees', params: ({ event }) => ({ answer: event.output }) },
              },
              { actions: { type: 'keepPendingFees', params: ({ event }) => ({ answer: event.output }) } },
            ],
            onError: {
              target: 'failed',
              actions: { type: 'assignFeeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          after: { feesTimeout: { target: 'timedOut', actions: 'assignFeesTimeout' } },
          states: {
            /** The amount's save is on its way (the fees may have answered already). */
            saving: {
              entry: 'askSave',
              on: {
                'form.saved': [
                  {
                    guard: { type: 'hasAmountError', params: ({ event }) => ({ answer: event.answer }) },
                    target: '#checkoutAmount.open.outOfBounds',
                    actions: { type: 'assignAmountAnswer', params: ({ event }) => ({ answer: event.answer }) },
                  },
                  {
                    guard: 'hasPendingFees',
                    target: '#checkoutAmount.open.priced',
                    actions: [
                      { type: 'assignAmountAnswer', params: ({ event }) => ({ answer: event.answer }) },
                      'assignPendingFees',
                    ],
                  },
                  {
                    target: 'fetching',
                    actions: { type: 'assignAmountAnswer', params: ({ event }) => ({ answer: event.answer }) },
                  },
                ],
                'form.saveFailed': {
                  target: '#checkoutAmount.open.failed',
                  actions: { type: 'assignFeeFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            /** The amount is saved; its fees are on their way. */
            fetching: {},
          },
        },
        /** Fees, tax and the server's total known: `quote` is set exactly while here. */
        priced: {
          tags: ['editing', 'priced'],
          entry: ['clearPendingFees', { type: 'report', params: { standing: 'priced' } }],
          exit: 'clearQuote',
        },
        // §4: amount out of bounds (by the rule or the server): no roundups, total 0.
        outOfBounds: {
          tags: ['editing'],
          entry: ['clearFees', { type: 'report', params: { standing: 'refused' } }],
        },
        failed: {
          tags: ['error'],
          entry: { type: 'report', params: { standing: 'refused' } },
          on: { 'fees.retry': 'pricing' },
        },
        timedOut: {
          tags: ['error'],
          entry: { type: 'report', params: { standing: 'refused' } },
          on: { 'fees.retry': 'pricing' },
        },
      },
    },
  },
});

export type CheckoutAmountSnapshot = SnapshotFrom<typeof checkoutAmountMachine>;
