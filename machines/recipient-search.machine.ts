// deposit.recipient name search (§2, §5, §7): throttled, and a newer search cancels an older one.
// Invoked by the wizard's recipient step, which owns the choice of a result (recipient.select).
// The step's search form (docs/decisions/0041) holds what is typed and checks it with the contract's
// rules (searchFormSchema); each valid search it sends here with search.submit, and search.clear when
// there is none (an empty field, or one still to be corrected).
import { assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import { DELAYS, RESULTS_PER_PAGE } from '../contract/constants.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import type {
  RecipientSearchContext,
  RecipientSearchEvent,
  RecipientSearchInput,
  SearchCriteria,
} from './wizard.types.ts';
import { calls } from './calls.ts';

type Search = ActorIO['searchInmates'];

/** Pages of the last answer (§9 six results per page). */
export function pageCount(context: Pick<RecipientSearchContext, 'total' | 'perPage'>): number {
  return context.perPage > 0 ? Math.ceil(context.total / context.perPage) : 0;
}

export const recipientSearchMachine = setup({
  types: {
    input: {} as RecipientSearchInput,
    context: {} as RecipientSearchContext,
    events: {} as RecipientSearchEvent,
  },
  actors: {
    ...calls('searchInmates'),
  },
  delays: {
    searchThrottle: DELAYS.searchThrottle,
  },
  guards: {
    hasPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context),
    hasResults: (_, params: { answer: Search['output'] }) => params.answer.inmates.length > 0,
  },
  actions: {
    assignSent: assign((_, params: { values: SearchCriteria }) => ({
      sent: { query: params.values.query.trim(), lastName: params.values.lastName.trim() },
      page: 1,
    })),
    clearSent: assign({ sent: null, page: 1 }),
    clearResults: assign({ results: [], total: 0, more: false }),
    assignPage: assign((_, params: { page: number }) => ({ page: params.page })),
    assignResults: assign((_, params: { answer: Search['output'] }) => ({
      results: params.answer.inmates,
      total: params.answer.total,
      // docs/decisions/0023: the server counted no further than its cap.
      more: params.answer.more === true,
      page: params.answer.page,
      perPage: params.answer.per_page > 0 ? params.answer.per_page : RESULTS_PER_PAGE,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'recipientSearch',
  context: ({ input }) => ({
    facilityId: input.facilityId,
    minLength: input.minLength,
    mode: input.mode,
    sent: null,
    page: 1,
    results: [],
    total: 0,
    more: false,
    perPage: RESULTS_PER_PAGE,
    failure: null,
  }),
  initial: 'idle',
  // Handled in every state. Entering `waiting` again restarts the throttle and leaves
  // `searching`, which stops the older request: its answer never lands (§7).
  on: {
    'search.submit': {
      target: '.waiting',
      actions: { type: 'assignSent', params: ({ event }) => ({ values: event.values }) },
    },
    // Nothing to search (the form is empty or has a field to correct): the older results go.
    'search.clear': { target: '.idle', actions: ['clearSent', 'clearResults'] },
  },
  states: {
    /** Nothing searched yet, or the search form has nothing valid to search. */
    idle: {
      tags: ['editing'],
    },
    waiting: {
      tags: ['busy'],
      after: { searchThrottle: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'searchInmates',
        src: 'searchInmates',
        input: ({ context }) => ({
          facilityId: context.facilityId,
          query: context.sent?.query ?? '',
          page: context.page,
          mode: context.mode,
          lastName: context.sent?.lastName ?? '',
        }),
        onDone: [
          {
            guard: { type: 'hasResults', params: ({ event }) => ({ answer: event.output }) },
            target: 'results',
            actions: { type: 'assignResults', params: ({ event }) => ({ answer: event.output }) },
          },
          {
            target: 'empty',
            actions: { type: 'assignResults', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    results: {
      tags: ['editing', 'found'],
      on: {
        'search.page': {
          guard: { type: 'hasPage', params: ({ event }) => ({ page: event.page }) },
          target: 'searching',
          actions: { type: 'assignPage', params: ({ event }) => ({ page: event.page }) },
        },
      },
    },
    /** No match: the screen shows DEPOSIT.SEARCH_NOT_FOUND (§8). */
    empty: {
      tags: ['editing', 'empty'],
    },
    failed: {
      tags: ['error'],
      on: {
        'search.retry': { target: 'searching', actions: 'clearFailure' },
      },
    },
  },
});
