// Checkout extras (docs/decisions/0015), run by the checkout beside its own regions (invoke id
// 'extras'):
// - voicemail: the free-voicemail offers of §7 GET /pay/get_voicemail_offers, loaded once; a failure
//   offers nothing (the checkout goes on without the line).
// - cpa: §9 cpastates and §2 "an optional external link for certain states": the CPA link for the
//   payer's billing state (the state of residence governs consumer protection), asked of
//   /pay/get_cpa_settings when the billing state or the language changes, throttled; a newer
//   question stops the older call, so the newest answer wins.
// The rules the screen shows (the voicemail line, the auto-pay note of §6) are the helpers below.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { CpaSettingsResponse, VoicemailOffer, VoicemailOffersResponse } from '../contract/checkout-services.ts';
import { DELAYS } from '../contract/constants.ts';
import type { Facility, FormFields, Locale } from '../contract/entities.ts';
import { calls } from './calls.ts';

export interface CheckoutExtrasInput {
  fields: FormFields;
}

export interface CheckoutExtrasContext {
  lang: Locale;
  /** The billing state (two letters) the CPA link is for; '' for none. */
  billingState: string;
  /** §9 voicemail tiers, ascending; empty until loaded or when the load failed. */
  offers: VoicemailOffer[];
  /** The CPA link in `lang` while the cpa region is `shown`. */
  cpa: { label: string; url: string } | null;
}

export type CheckoutExtrasEvent =
  /** The checkout forwards the payer's billing state as it changes. */
  | { type: 'extras.billingState'; state: string }
  /** The language the site shows (the screen tells it). */
  | { type: 'extras.language'; lang: Locale };

/** §9 "free calls and voicemails apply only to one-time payments"; decision 0015: to phone accounts. */
export const VOICEMAIL_DEPOSIT_TYPES: readonly FormFields['deposit_type'][] = ['dest'];

/** The amount the payment summary shows: a picked roundup replaces the chosen amount (§4). */
function depositAmountOf(fields: FormFields): number | null {
  if (fields.roundups && fields.selected_roundup) return fields.selected_roundup.roundup_amount;
  return fields.deposit_amount;
}

/**
 * The voicemail offer the chosen amount earns: the highest tier at or below it, or null when
 * nothing is offered (another deposit type, a recurring deposit, an amount below the first tier, or
 * offers that could not be loaded).
 */
export function voicemailOfferFor(offers: readonly VoicemailOffer[], fields: FormFields): VoicemailOffer | null {
  if (!VOICEMAIL_DEPOSIT_TYPES.includes(fields.deposit_type)) return null;
  if (fields.recurring_type !== '') return null;
  const amount = depositAmountOf(fields);
  if (amount === null || !(amount > 0)) return null;
  let best: VoicemailOffer | null = null;
  for (const offer of offers) {
    if (offer.voicemails > 0 && offer.tier <= amount && (best === null || offer.tier > best.tier)) best = offer;
  }
  return best;
}

/** Unified-wallet mode, read defensively: a form state without the field is not one. */
function isUnifiedWallet(fields: FormFields): boolean {
  return (fields as Partial<FormFields>).unified_wallet_enabled === true;
}

/** §6: "The auto-pay note is shown except for bail and unified-wallet dest deposits." */
export function showsAutoPayNote(context: { fields: FormFields; facility?: Facility }): boolean {
  const type = context.fields.deposit_type;
  if (type === 'bail') return false;
  return !(type === 'dest' && isUnifiedWallet(context.fields));
}

const TWO_LETTERS = /^[A-Za-z]{2}$/;

export const checkoutExtrasMachine = setup({
  types: {
    input: {} as CheckoutExtrasInput,
    context: {} as CheckoutExtrasContext,
    events: {} as CheckoutExtrasEvent,
  },
  actors: {
    ...calls('loadVoicemailOffers', 'getCpaSettings'),
  },
  delays: {
    // §9: form changes are throttled at 250 ms; a payer scrolling the state list asks once.
    formSaveThrottle: DELAYS.formSaveThrottle,
  },
  guards: {
    /** Only a two-letter state can be a CPA state (the contract's cpaSettingsSchema). */
    hasBillingState: ({ context }) => TWO_LETTERS.test(context.billingState),
    isNewBillingState: ({ context }, params: { state: string }) =>
      params.state.trim().toUpperCase() !== context.billingState,
    isNewLanguage: ({ context }, params: { lang: Locale }) => params.lang !== context.lang,
    isCpaState: (_, params: { answer: CpaSettingsResponse }) =>
      params.answer.isCPAState && params.answer.cpaUrl !== '' && params.answer.cpaLabel !== '',
  },
  actions: {
    assignOffers: assign((_, params: { answer: VoicemailOffersResponse }) => ({
      offers: [...params.answer.offers].sort((a, b) => a.tier - b.tier),
    })),
    clearOffers: assign({ offers: [] }),
    assignBillingState: assign((_, params: { state: string }) => ({ billingState: params.state.trim().toUpperCase() })),
    assignLanguage: assign((_, params: { lang: Locale }) => ({ lang: params.lang })),
    assignCpa: assign((_, params: { answer: CpaSettingsResponse }) => ({
      cpa: { label: params.answer.cpaLabel, url: params.answer.cpaUrl },
    })),
    clearCpa: assign({ cpa: null }),
  },
}).createMachine({
  id: 'checkoutExtras',
  context: ({ input }) => ({
    lang: input.fields.locale === 'es' ? 'es' : 'en',
    billingState: (input.fields.billing_state ?? '').trim().toUpperCase(),
    offers: [],
    cpa: null,
  }),
  type: 'parallel',
  states: {
    voicemail: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadVoicemailOffers',
            src: 'loadVoicemailOffers',
            onDone: {
              target: 'ready',
              actions: { type: 'assignOffers', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: { target: 'failed', actions: 'clearOffers' },
          },
        },
        ready: {},
        /** Shown as nothing offered: the checkout is complete without it. */
        failed: {},
      },
    },
    cpa: {
      initial: 'idle',
      on: {
        'extras.billingState': {
          guard: { type: 'isNewBillingState', params: ({ event }) => ({ state: event.state }) },
          target: '.idle',
          actions: { type: 'assignBillingState', params: ({ event }) => ({ state: event.state }) },
        },
        'extras.language': {
          guard: { type: 'isNewLanguage', params: ({ event }) => ({ lang: event.lang }) },
          target: '.idle',
          actions: { type: 'assignLanguage', params: ({ event }) => ({ lang: event.lang }) },
        },
      },
      states: {
        /** No billing state chosen: no link. With one, the question waits for the payer to settle. */
        idle: {
          entry: 'clearCpa',
          always: { guard: 'hasBillingState', target: 'waiting' },
        },
        waiting: {
          after: { formSaveThrottle: 'loading' },
        },
        loading: {
          invoke: {
            id: 'getCpaSettings',
            src: 'getCpaSettings',
            input: ({ context }) => ({ state: context.billingState, lang: context.lang }),
            onDone: [
              {
                guard: { type: 'isCpaState', params: ({ event }) => ({ answer: event.output }) },
                target: 'shown',
                actions: { type: 'assignCpa', params: ({ event }) => ({ answer: event.output }) },
              },
              { target: 'hidden' },
            ],
            onError: 'failed',
          },
        },
        /** The billing state is a CPA state: the link shows. */
        shown: { tags: ['cpaShown'] },
        /** Not a CPA state. */
        hidden: {},
        /** The link could not be asked for: none shows; the next change asks again. */
        failed: {},
      },
    },
  },
});

export type CheckoutExtrasSnapshot = SnapshotFrom<typeof checkoutExtrasMachine>;
