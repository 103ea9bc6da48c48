// /terms and /privacy (§2 login.terms, login.privacy; §7 legal text from a translated URL): each
// state of the legal machine with its screen, the texts those of the sandbox providers.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, type within } from 'storybook/test';
import { fromPromise } from 'xstate';
import { EMPTY_FORM, type Locale } from '../contract/entities.ts';
import { type LegalDocument, type LegalTextResponse, paragraphsOf } from '../contract/legal.ts';
import { NETWORK_FAILURE, pageInput } from '../fixtures/samples.ts';
import privacyEn from '../fixtures/legal/privacy.en.txt?raw';
import privacyEs from '../fixtures/legal/privacy.es.txt?raw';
import termsEn from '../fixtures/legal/terms.en.txt?raw';
import termsEs from '../fixtures/legal/terms.es.txt?raw';
import type { ActorIO, CallFailure } from '../machines/actors.types.ts';
import { legalMachine } from '../machines/legal.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { LegalPage } from '../src/screens/pages/legal-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Legal',
  render: renderPage(LegalPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const TEXTS: Record<LegalDocument, Record<Locale, string>> = {
  terms: { en: termsEn, es: termsEs },
  privacy: { en: privacyEn, es: privacyEs },
};

type IO = ActorIO['loadLegalText'];

/** The providers as the sandbox serves them: each document in the language asked for. */
const providers = fromPromise<IO['output'], IO['input']>(async ({ input }) => ({
  document: input.document,
  locale: input.locale,
  text: TEXTS[input.document][input.locale],
}));

/** The legal machine with the sandbox providers, or with one answer for every read. */
function legal(answer?: LegalTextResponse | 'never' | { fail: CallFailure }) {
  return provideMachine(legalMachine, {
    loadLegalText: answer === undefined ? providers : call<IO['output'], IO['input']>(answer),
  });
}

const input = (route: 'terms' | 'privacy', locale: Locale = 'en') =>
  pageInput(route, { fields: { ...EMPTY_FORM, locale } });

/** The page's own paragraphs, in order. */
const shownParagraphs = (canvas: ReturnType<typeof within>) =>
  [...canvas.getByRole('main').querySelectorAll('.legal-text p')].map((p) => p.textContent);

export const Loading: Story = {
  parameters: { machineState: 'legal:loading', page: { machine: legal('never'), input: input('terms') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.TERMS') })).toHaveFocus();
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'legal:failed',
    page: { machine: legal({ fail: NETWORK_FAILURE }), input: input('privacy') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.PRIVACY') })).toBeInTheDocument();
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** A provider that answers 404 (or any error of another site): the text is not available. */
export const Unavailable: Story = {
  parameters: {
    machineState: 'legal:failed',
    page: {
      machine: legal({ fail: { status: 404, code: 'ERROR.NOT_FOUND', errors: {} } }),
      input: input('terms'),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('LEGAL.UNAVAILABLE'));
  },
};

export const UnavailableSpanish: Story = {
  ...Unavailable,
  parameters: { ...Unavailable.parameters, page: { ...Unavailable.parameters.page, input: input('terms', 'es') } },
  globals: { locale: 'es' },
};

export const Terms: Story = {
  parameters: { machineState: 'legal:shown', page: { machine: legal(), input: input('terms') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.TERMS') })).toHaveFocus();
    await expect(shownParagraphs(canvas)).toEqual(paragraphsOf(termsEn));
  },
};

export const TermsSpanish: Story = {
  parameters: { machineState: 'legal:shown', page: { machine: legal(), input: input('terms', 'es') } },
  globals: { locale: 'es' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.TERMS') })).toHaveTextContent(
      'Términos y condiciones',
    );
    await expect(shownParagraphs(canvas)).toEqual(paragraphsOf(termsEs));
  },
};

export const Privacy: Story = {
  parameters: { machineState: 'legal:shown', page: { machine: legal(), input: input('privacy') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.PRIVACY') })).toHaveFocus();
    await expect(shownParagraphs(canvas)).toEqual(paragraphsOf(privacyEn));
  },
};

export const PrivacySpanish: Story = {
  parameters: { machineState: 'legal:shown', page: { machine: legal(), input: input('privacy', 'es') } },
  globals: { locale: 'es' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('PAGES.PRIVACY') })).toHaveTextContent(
      'Política de privacidad',
    );
    await expect(shownParagraphs(canvas)).toEqual(paragraphsOf(privacyEs));
  },
};

/**
 * The session still said English when the page started; the site shows Spanish: the screen tells the
 * machine, which reads the Spanish text.
 */
export const SwitchedToSpanish: Story = {
  parameters: { machineState: 'legal:shown', page: { machine: legal(), input: input('terms', 'en') } },
  globals: { locale: 'es' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(paragraphsOf(termsEs)[0] as string)).toBeInTheDocument();
    await expect(shownParagraphs(canvas)).toEqual(paragraphsOf(termsEs));
  },
};

/** The text is another site's: markup in it is shown as text, never run as HTML. */
export const MarkupShownAsText: Story = {
  parameters: {
    machineState: 'legal:shown',
    page: {
      machine: legal({
        document: 'terms',
        locale: 'en',
        text: 'Plain <img src=x onerror="document.title=1"> words.\n\n<b>Still</b> text.',
      }),
      input: input('terms'),
    },
  },
  play: async ({ canvas }) => {
    await expect(shownParagraphs(canvas)).toEqual([
      'Plain <img src=x onerror="document.title=1"> words.',
      '<b>Still</b> text.',
    ]);
    await expect(canvas.getByRole('main').querySelector('.legal-text img, .legal-text b')).toBeNull();
  },
};
