// deposit.recipient name search (§2, §5, §7): throttled, and a newer search cancels an older one.
// Invoked by the wizard's recipient step, which owns the choice of a result (recipient.select).
import { assign, setup } from 'xstate';
import { DELAYS, RESULTS_PER_PAGE, SEARCH_MIN } from '../contract/constants.ts';
import { MSG } from '../contract/schemas.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import type { RecipientSearchContext, RecipientSearchEvent, RecipientSearchInput, SearchMode } from './wizard.types.ts';
import { calls } from './calls.ts';

type Search = ActorIO['searchInmates'];

/** Pages of the last answer (§9 six results per page). */
export function pageCount(context: Pick<RecipientSearchContext, 'total' | 'perPage'>): number {
  return context.perPage > 0 ? Math.ceil(context.total / context.perPage) : 0;
}

interface Typed {
  query: string;
  lastName: string;
}

/** §5: the problems of a search as typed, per field; empty when it can be searched. */
export function searchProblems(
  mode: SearchMode,
  minLength: number,
  typed: Typed,
): { query?: string; lastName?: string } {
  const query = typed.query.trim();
  if (mode === 'name') return query.length >= minLength ? {} : { query: MSG.keepTyping };
  if (mode === 'booking') return query.length >= SEARCH_MIN.bookingCode ? {} : { query: MSG.keepTyping };
  // ICE: an A-number (an optional letter A, then digits) and the first 2 or 3 letters of the last name.
  const out: { query?: string; lastName?: string } = {};
  if (!/^[Aa]?\d*$/.test(query)) out.query = MSG.invalid;
  else if (query.replace(/^[Aa]/, '').length < SEARCH_MIN.aNumber) out.query = MSG.keepTyping;
  const last = typed.lastName.trim();
  if (!/^[\p{L}' -]*$/u.test(last)) out.lastName = MSG.invalid;
  else if (last.length < 2) out.lastName = MSG.keepTyping;
  else if (last.length > 3) out.lastName = MSG.tooMany;
  return out;
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
    isQueryEmpty: (_, params: Typed) => params.query.trim() === '' && params.lastName.trim() === '',
    // §5: name minimum 3 (standard facilities) or 2 (the other variant); booking code 2; ICE A-number 2
    // and 2 or 3 letters of the last name.
    isQueryValid: ({ context }, params: Typed) =>
      Object.keys(searchProblems(context.mode, context.minLength, params)).length === 0,
    hasPage: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= pageCount(context),
    hasResults: (_, params: { answer: Search['output'] }) => params.answer.inmates.length > 0,
  },
  actions: {
    assignQuery: assign((_, params: Typed) => ({
      query: params.query,
      lastName: params.lastName,
      page: 1,
      queryError: null,
      lastNameError: null,
    })),
    assignQueryError: assign(({ context }) => {
      const problems = searchProblems(context.mode, context.minLength, context);
      return { queryError: problems.query ?? null, lastNameError: problems.lastName ?? null };
    }),
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
    query: '',
    page: 1,
    results: [],
    total: 0,
    more: false,
    perPage: RESULTS_PER_PAGE,
    failure: null,
    queryError: null,
    mode: input.mode,
    lastName: '',
    lastNameError: null,
  }),
  initial: 'idle',
  // Handled in every state. Entering `waiting` again restarts the throttle and leaves
  // `searching`, which stops the older request: its answer never lands (§7).
  on: {
    'search.query': [
      {
        guard: {
          type: 'isQueryEmpty',
          params: ({ context, event }) => ({ query: event.query, lastName: context.lastName }),
        },
        target: '.idle',
        actions: [
          { type: 'assignQuery', params: ({ context, event }) => ({ query: event.query, lastName: context.lastName }) },
          'clearResults',
        ],
      },
      {
        guard: {
          type: 'isQueryValid',
          params: ({ context, event }) => ({ query: event.query, lastName: context.lastName }),
        },
        target: '.waiting',
        actions: {
          type: 'assignQuery',
          params: ({ context, event }) => ({ query: event.query, lastName: context.lastName }),
        },
      },
      {
        target: '.invalid',
        actions: [
          { type: 'assignQuery', params: ({ context, event }) => ({ query: event.query, lastName: context.lastName }) },
          'assignQueryError',
          'clearResults',
        ],
      },
    ],
    'search.lastName': [
      {
        guard: {
          type: 'isQueryEmpty',
          params: ({ context, event }) => ({ query: context.query, lastName: event.lastName }),
        },
        target: '.idle',
        actions: [
          { type: 'assignQuery', params: ({ context, event }) => ({ query: context.query, lastName: event.lastName }) },
          'clearResults',
        ],
      },
      {
        guard: {
          type: 'isQueryValid',
          params: ({ context, event }) => ({ query: context.query, lastName: event.lastName }),
        },
        target: '.waiting',
        actions: {
          type: 'assignQuery',
          params: ({ context, event }) => ({ query: context.query, lastName: event.lastName }),
        },
      },
      {
        target: '.invalid',
        actions: [
          { type: 'assignQuery', params: ({ context, event }) => ({ query: context.query, lastName: event.lastName }) },
          'assignQueryError',
          'clearResults',
        ],
      },
    ],
  },
  states: {
    idle: {
      tags: ['editing'],
    },
    /** The query is shorter than the minimum: VALIDATION.KEEP_TYPING. */
    invalid: {
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
          query: context.query.trim(),
          page: context.page,
          mode: context.mode,
          lastName: context.lastName.trim(),
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
