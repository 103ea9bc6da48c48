// The checkout's payment method (§4 card choice): a new card, or one of a signed-in payer's saved cards,
// which load with the checkout. Each choice is reported to the checkout (`payment.report`). The card's
// fields and a saved card's security code are the form's, and go to the card vault only.
import { type SnapshotFrom, assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { SavedCardsResponse } from '../contract/accounts.ts';
import { toCallFailure } from './actors.types.ts';
import { calls } from './calls.ts';
import { chosenSavedCard } from './checkout-rules.ts';
import type { CheckoutEvent, PaymentContext, PaymentEvent, PaymentInput } from './checkout.types.ts';
import { SYSTEM, tell } from './system.ts';

export const checkoutPaymentMachine = setup({
  types: {
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
  },
  actors: calls('loadSavedCards'),
  guards: {
    isSignedIn: ({ context }) => context.signedIn,
    /** §4 card choice: a new card (null), or one of the payer's saved cards that has not expired. */
    canChooseCard: ({ context }, params: { id: number | null }) =>
      params.id === null || chosenSavedCard(context.savedCards, params.id) !== null,
  },
  actions: {
    assignSavedCards: assign((_, params: { answer: SavedCardsResponse }) => ({
      savedCards: params.answer.credit_cards,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    chooseCard: assign((_, params: { id: number | null }) => ({ savedCardId: params.id })),
    report: enqueueActions(({ enqueue, context, system }) => {
      const event: CheckoutEvent = {
        type: 'payment.report',
        report: {
          saved_card_id: context.savedCardId,
          chosenIsValid: chosenSavedCard(context.savedCards, context.savedCardId) !== null,
          hasSavedCards: context.savedCards.length > 0,
        },
      };
      tell(enqueue, system, SYSTEM.checkout, event);
    }),
  },
}).createMachine({
  id: 'checkoutPayment',
  context: ({ input }) => ({
    signedIn: input.signedIn,
    savedCards: [],
    savedCardId: input.savedCardId,
    failure: null,
  }),
  initial: 'none',
  on: {
    'card.choose': {
      guard: { type: 'canChooseCard', params: ({ event }) => ({ id: event.savedCardId }) },
      actions: [{ type: 'chooseCard', params: ({ event }) => ({ id: event.savedCardId }) }, 'report'],
    },
  },
  states: {
    /** A guest: a new card only. A signed-in payer's cards load at once. */
    none: {
      entry: 'report',
      always: { guard: 'isSignedIn', target: 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadSavedCards',
        src: 'loadSavedCards',
        onDone: {
          target: 'ready',
          actions: [{ type: 'assignSavedCards', params: ({ event }) => ({ answer: event.output }) }, 'report'],
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    ready: {},
    /** A new card can still be used. */
    failed: { tags: ['error'], on: { 'savedCards.retry': 'loading' } },
  },
});

export type CheckoutPaymentSnapshot = SnapshotFrom<typeof checkoutPaymentMachine>;
