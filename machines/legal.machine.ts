// /terms and /privacy (§2 login.terms and login.privacy: "the type comes from route data"; §7 "legal
// text by GET from a translated URL"): the text of the route's document, read from the URL the server
// configures for it in the payer's language (SiteInfo.legal_urls), and read again in the other
// language when the payer switches. A failed read can be retried; what the payer sees is the text only.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { Locale } from '../contract/entities.ts';
import { type LegalDocument, type LegalUrls, paragraphsOf } from '../contract/legal.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput, PageRoute } from './pages.ts';
import { calls } from './calls.ts';

/** §2: the route says which document the page shows. */
export function documentOf(route: PageRoute): LegalDocument {
  return route === 'privacy' ? 'privacy' : 'terms';
}

/**
 * What the page says when the text cannot be read: the network and timeout messages as the client
 * reports them; anything else a provider answers (another site's 404 or 500) is "not available".
 */
export function legalFailure(error: unknown): string {
  const { code } = toCallFailure(error);
  return code === 'ERROR.NETWORK' || code === 'ERROR.TIMEOUT' ? code : 'LEGAL.UNAVAILABLE';
}

export interface LegalContext {
  document: LegalDocument;
  /** The language of the text shown or being read. */
  lang: Locale;
  urls: LegalUrls | null;
  paragraphs: string[];
  failure: string | null;
}

export type LegalEvent =
  /** The payer's language (the screen tells the page what the app shows). */
  { type: 'legal.language'; lang: Locale } | { type: 'legal.retry' };

export const legalMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as LegalContext,
    events: {} as LegalEvent,
  },
  actors: {
    ...calls('loadLegalText'),
  },
  guards: {
    isOtherLanguage: ({ context }, params: { lang: Locale }) => params.lang !== context.lang,
    hasText: (_, params: { text: string }) => paragraphsOf(params.text).length > 0,
  },
  actions: {
    assignLanguage: assign((_, params: { lang: Locale }) => ({ lang: params.lang })),
    assignText: assign((_, params: { text: string }) => ({ paragraphs: paragraphsOf(params.text), failure: null })),
    assignFailure: assign((_, params: { error: unknown }) => ({ paragraphs: [], failure: legalFailure(params.error) })),
    flagEmptyText: assign({ paragraphs: [], failure: 'LEGAL.UNAVAILABLE' }),
  },
}).createMachine({
  id: 'legal',
  context: ({ input }) => ({
    document: documentOf(input.route),
    // The session's language until the screen says which one the app shows.
    lang: input.fields.locale === 'es' ? 'es' : 'en',
    urls: input.site?.legal_urls ?? null,
    paragraphs: [],
    failure: null,
  }),
  initial: 'loading',
  on: {
    // §1: a new language reads the text again, in that language.
    'legal.language': {
      guard: { type: 'isOtherLanguage', params: ({ event }) => ({ lang: event.lang }) },
      target: '.loading',
      reenter: true,
      actions: { type: 'assignLanguage', params: ({ event }) => ({ lang: event.lang }) },
    },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadLegalText',
        src: 'loadLegalText',
        input: ({ context }) => ({
          document: context.document,
          locale: context.lang,
          url: context.urls?.[context.document][context.lang] ?? '',
        }),
        onDone: [
          {
            guard: { type: 'hasText', params: ({ event }) => ({ text: event.output.text }) },
            target: 'shown',
            actions: { type: 'assignText', params: ({ event }) => ({ text: event.output.text }) },
          },
          { target: 'failed', actions: 'flagEmptyText' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'legal.retry': 'loading' },
    },
    shown: {
      tags: ['done'],
    },
  },
});

export type LegalSnapshot = SnapshotFrom<typeof legalMachine>;
