// /account/credit_cards (§2, §3 saved card, §8): the payer's saved cards, each removable after a
// confirmation. A failed removal closes the dialog and shows an error flag (§8).
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { SavedCard } from '../contract/accounts.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput } from './pages.ts';
import { calls } from './calls.ts';

export interface CreditCardsContext {
  cards: SavedCard[];
  /** The card the confirmation dialog asks about. */
  chosen: SavedCard | null;
  /** The card just removed (a status message says so). */
  removed: SavedCard | null;
  /** i18n key of the error flag after a failed removal, or of a failed load. */
  failure: string | null;
}

export type CreditCardsEvent =
  { type: 'cards.remove'; id: number } | { type: 'cards.confirm' } | { type: 'cards.cancel' } | { type: 'cards.retry' };

export const creditCardsMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as CreditCardsContext,
    events: {} as CreditCardsEvent,
  },
  actors: {
    ...calls('loadSavedCards', 'removeSavedCard'),
  },
  guards: {
    isListed: ({ context }, params: { id: number }) => context.cards.some((c) => c.id === params.id),
    wasRemoved: (_, params: { success: boolean }) => params.success,
  },
  actions: {
    assignCards: assign((_, params: { cards: SavedCard[] }) => ({ cards: params.cards, failure: null })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    choose: assign(({ context }, params: { id: number }) => ({
      chosen: context.cards.find((c) => c.id === params.id) ?? null,
      removed: null,
      failure: null,
    })),
    dropChosen: assign({ chosen: null }),
    removeChosen: assign(({ context }) => ({
      cards: context.cards.filter((c) => c.id !== context.chosen?.id),
      removed: context.chosen,
      chosen: null,
    })),
    flagRemoveFailure: assign({ failure: 'ERROR.ERROR_DELETING_CARD', chosen: null }),
  },
}).createMachine({
  id: 'creditCards',
  context: { cards: [], chosen: null, removed: null, failure: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadSavedCards',
        src: 'loadSavedCards',
        onDone: {
          target: 'ready',
          actions: { type: 'assignCards', params: ({ event }) => ({ cards: event.output.credit_cards }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'cards.retry': 'loading' },
    },
    ready: {
      tags: ['editing'],
      on: {
        'cards.remove': {
          guard: { type: 'isListed', params: ({ event }) => ({ id: event.id }) },
          target: 'confirming',
          actions: { type: 'choose', params: ({ event }) => ({ id: event.id }) },
        },
      },
    },
    confirming: {
      tags: ['dialog'],
      on: {
        'cards.cancel': { target: 'ready', actions: 'dropChosen' },
        'cards.confirm': 'removing',
      },
    },
    removing: {
      tags: ['dialog', 'busy'],
      invoke: {
        id: 'removeSavedCard',
        src: 'removeSavedCard',
        input: ({ context }) => ({ id: context.chosen?.id ?? 0 }),
        onDone: [
          {
            guard: { type: 'wasRemoved', params: ({ event }) => ({ success: event.output.success }) },
            target: 'ready',
            actions: 'removeChosen',
          },
          { target: 'ready', actions: 'flagRemoveFailure' },
        ],
        onError: { target: 'ready', actions: 'flagRemoveFailure' },
      },
    },
  },
});

export type CreditCardsSnapshot = SnapshotFrom<typeof creditCardsMachine>;
