// legal (§2 /terms and /privacy, §7 legal text from a translated URL): model-based paths, behaviour,
// coverage; and the /develop/raise page that only development builds offer.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { CallFailure } from '../../machines/actors.types.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { paragraphsOf } from '../../contract/legal.ts';
import { developRaiseMachine } from '../../machines/develop-raise.machine.ts';
import { type LegalEvent, documentOf, legalFailure, legalMachine } from '../../machines/legal.machine.ts';
import { PAGE_MACHINES } from '../../machines/page-machines.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, SITE, legalTextAnswer, pageInput } from '../../fixtures/samples.ts';
import {
  type EventSamples,
  type ModelSpec,
  FakeCalls,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  start,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof legalMachine>;

const NOT_FOUND: CallFailure = { status: 404, code: 'ERROR.NOT_FOUND', errors: { form: 'ERROR.NOT_FOUND' } };

const samples = {
  'legal.language': [
    { type: 'legal.language', lang: 'es' },
    { type: 'legal.language', lang: 'en' },
  ],
  'legal.retry': [{ type: 'legal.retry' }],
} satisfies EventSamples<LegalEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(legalMachine, calls.all()),
  input: pageInput('terms'),
  samples: () => allSamples(samples),
  answers: {
    loadLegalText: ({ context }) => [
      legalTextAnswer(context.document, context.lang),
      // A provider that answers no text at all.
      { document: context.document, locale: context.lang, text: ' \n\n ' },
    ],
  },
  failures: { loadLegalText: [NETWORK_FAILURE, NOT_FOUND] },
  project: ({ context: c }) => [c.lang, c.paragraphs.length, c.failure],
};

describe('legal: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(6);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('legal: behaviour', () => {
  function open(route: 'terms' | 'privacy', locale: 'en' | 'es' = 'en') {
    const calls = new FakeCalls();
    const actor = start(
      provideMachine(legalMachine, calls.all()),
      pageInput(route, { fields: { ...EMPTY_FORM, locale } }),
    );
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it("§2/§7: reads the route's document from its URL in the session's language", async () => {
    const t = open('privacy', 'es');
    expect(t.snap().value).toBe('loading');
    expect(t.calls.inputs('loadLegalText')).toEqual([
      { document: 'privacy', locale: 'es', url: '/sandbox/legal/privacy/es' },
    ]);
    t.calls.resolve('loadLegalText', legalTextAnswer('privacy', 'es'));
    await settle();
    expect(t.snap().value).toBe('shown');
    expect(t.snap().context.paragraphs).toEqual([
      'Política de privacidad de ejemplo.',
      'Al hacer un depósito, usted acepta estos términos.',
      'Podemos cambiar estos términos.',
    ]);
  });

  it('uses the URL the server configured for the document and language', () => {
    const calls = new FakeCalls();
    const site = {
      ...SITE,
      legal_urls: { ...SITE.legal_urls, terms: { en: 'https://terms.example.com/en', es: '/t/es' } },
    };
    start(provideMachine(legalMachine, calls.all()), pageInput('terms', { site }));
    expect(calls.inputs('loadLegalText')).toEqual([
      { document: 'terms', locale: 'en', url: 'https://terms.example.com/en' },
    ]);
  });

  it('§1: a new language reads the text again in that language; the same language does not', async () => {
    const t = open('terms');
    t.calls.resolve('loadLegalText', legalTextAnswer('terms', 'en'));
    await settle();
    t.actor.send({ type: 'legal.language', lang: 'en' });
    expect(t.snap().value).toBe('shown');
    expect(t.calls.inputs('loadLegalText')).toHaveLength(1);
    t.actor.send({ type: 'legal.language', lang: 'es' });
    expect(t.snap().value).toBe('loading');
    expect(t.calls.inputs('loadLegalText').at(-1)).toEqual({
      document: 'terms',
      locale: 'es',
      url: '/sandbox/legal/terms/es',
    });
    t.calls.resolve('loadLegalText', legalTextAnswer('terms', 'es'));
    await settle();
    expect(t.snap().context.lang).toBe('es');
    expect(t.snap().context.paragraphs[0]).toBe('Términos y condiciones de ejemplo.');
  });

  it('a language change while reading starts a new read in the new language', async () => {
    const t = open('terms');
    t.actor.send({ type: 'legal.language', lang: 'es' });
    expect(t.calls.inputs('loadLegalText').map((i) => (i as { locale: string }).locale)).toEqual(['en', 'es']);
    t.calls.resolve('loadLegalText', legalTextAnswer('terms', 'es'));
    await settle();
    expect(t.snap().value).toBe('shown');
    expect(t.snap().context.paragraphs[0]).toBe('Términos y condiciones de ejemplo.');
  });

  it('a failed read says why and can be retried, or read again in the other language', async () => {
    const t = open('terms');
    t.calls.reject('loadLegalText', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('ERROR.NETWORK');
    t.actor.send({ type: 'legal.retry' });
    expect(t.snap().value).toBe('loading');
    t.calls.reject('loadLegalText', NOT_FOUND);
    await settle();
    expect(t.snap().context.failure).toBe('LEGAL.UNAVAILABLE');
    t.actor.send({ type: 'legal.language', lang: 'es' });
    t.calls.resolve('loadLegalText', legalTextAnswer('terms', 'es'));
    await settle();
    expect(t.snap().value).toBe('shown');
    expect(t.snap().context.failure).toBeNull();
  });

  it('a provider answering no text is a failure, not an empty page', async () => {
    const t = open('terms');
    t.calls.resolve('loadLegalText', { document: 'terms', locale: 'en', text: '\n \n' });
    await settle();
    expect(t.snap().value).toBe('failed');
    expect(t.snap().context.failure).toBe('LEGAL.UNAVAILABLE');
  });

  it('without the site information there is no URL to read', () => {
    const calls = new FakeCalls();
    start(provideMachine(legalMachine, calls.all()), pageInput('privacy', { site: null }));
    expect(calls.inputs('loadLegalText')).toEqual([{ document: 'privacy', locale: 'en', url: '' }]);
  });

  it('knows the document of each route and the message of each failure', () => {
    expect(documentOf('terms')).toBe('terms');
    expect(documentOf('privacy')).toBe('privacy');
    expect(legalFailure(NETWORK_FAILURE)).toBe('ERROR.NETWORK');
    expect(legalFailure({ status: 0, code: 'ERROR.TIMEOUT', errors: {} })).toBe('ERROR.TIMEOUT');
    expect(legalFailure({ status: 500, code: 'Internal Server Error', errors: {} })).toBe('LEGAL.UNAVAILABLE');
    expect(legalFailure(new Error('boom'))).toBe('LEGAL.UNAVAILABLE');
  });

  it('splits a text into paragraphs at blank lines', () => {
    expect(paragraphsOf('One\nline.\r\n\r\nTwo.\n \n\n\nThree.  \n')).toEqual(['One line.', 'Two.', 'Three.']);
    expect(paragraphsOf('<b>Not</b> markup\n\n')).toEqual(['<b>Not</b> markup']);
    expect(paragraphsOf(' \n\t\n ')).toEqual([]);
  });
});

describe('/develop/raise', () => {
  it('§2: is offered in development builds (as the tests run), by a page that only raises', () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(PAGE_MACHINES.raise).toBe(developRaiseMachine);
    const actor = start(developRaiseMachine, pageInput('raise'));
    expect(actor.getSnapshot().value).toBe('raising');
  });

  it('§2: the legal routes share the legal machine', () => {
    expect(PAGE_MACHINES.terms).toBe(legalMachine);
    expect(PAGE_MACHINES.privacy).toBe(legalMachine);
  });
});

describe('legal: coverage', () => {
  it('reached every state node and took every transition', () => {
    for (const machine of [legalMachine, developRaiseMachine]) {
      const report = coverage.report(machine);
      console.info(formatReport(report));
      expect(report.missingStates).toEqual([]);
      expect(report.missingTransitions).toEqual([]);
    }
  });
});
