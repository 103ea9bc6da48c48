import type { Decorator, Preview } from '@storybook/react-vite';
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
import { I18nextProvider } from 'react-i18next';
import { configure } from 'storybook/test';
import { i18n, isLocale } from '../src/i18n.ts';
import { ACCESSIBILITY_STATEMENT } from '../contract/accessibility.ts';
import { ASYNC_TIMEOUT } from '../tests/wait.ts';
import type { Driven } from '../stories/support/drive.ts';
import { type InspectorFlow, StoryInspector } from '../stories/support/inspector.tsx';

// Play functions' findBy* and waitFor wait this long, not Testing Library's 1 s (tests/wait.ts).
configure({ asyncUtilTimeout: ASYNC_TIMEOUT });

/** Paths of the reference API (spec §7). A story that calls one must mock it with `parameters.msw`. */
const API_PATH = /^\/(state|pay|vault|development|auth|account|fusion)(\/|$)/;

/**
 * Initial handler, kept across stories (story handlers are put in front of it): an API call that no
 * story handler answers fails as a network error, so no story depends on a running server.
 */
const unmockedApi = http.all(
  ({ request }) => {
    const url = new URL(request.url);
    return url.origin === location.origin && API_PATH.test(url.pathname);
  },
  ({ request }) => {
    console.error(`[stories] no MSW handler for ${request.method} ${new URL(request.url).pathname}`);
    return HttpResponse.error();
  },
);

async function startWorker() {
  const worker = setupWorker(unmockedApi);
  // msw 3 name of the former `onUnhandledRequest` (the old key is silently ignored): whatever is not
  // the API (modules, fonts, Storybook's own requests) goes through untouched.
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' });
  return worker;
}

/** Stories render inside the app's i18n instance, in the language of the toolbar (or `globals.locale`). */
const withI18n: Decorator = (Story) => (
  <I18nextProvider i18n={i18n}>
    <Story />
  </I18nextProvider>
);

/** The statechart inspector beside a driven story, when the toolbar's Inspect is on. */
const withInspector: Decorator = (Story, context) => {
  const driven = (context.loaded as { driven?: Driven } | undefined)?.driven;
  if (context.globals['inspect'] !== 'on' || !driven) return <Story />;
  return (
    <>
      {/* What the inspector's replayed screens cover (src/inspector/inspector-panel.tsx LIVE_PAGE). */}
      <div data-inspected-page>
        <Story />
      </div>
      <StoryInspector
        root={driven.app}
        flow={(context.parameters as { inspectorFlow?: InspectorFlow }).inspectorFlow}
      />
    </>
  );
};

const preview: Preview = {
  parameters: {
    // axe violations fail the story when it runs as a test (npm run test:stories): axe's default rules,
    // which hold every rule of the standard the accessibility statement claims, and those of its rules
    // that axe leaves off unless asked (WCAG 2.2 target-size).
    a11y: {
      test: 'error',
      config: { rules: ACCESSIBILITY_STATEMENT.axeRulesOn.map((id) => ({ id, enabled: true })) },
    },
    controls: { expanded: true },
  },
  globalTypes: {
    locale: {
      description: 'Language of the site',
      toolbar: {
        icon: 'globe',
        items: [
          { value: 'en', title: 'English' },
          { value: 'es', title: 'Español' },
        ],
        dynamicTitle: true,
      },
    },
    inspect: {
      description: 'Statechart inspector beside the story',
      toolbar: {
        icon: 'eye',
        items: [
          { value: 'off', title: 'Inspector off' },
          { value: 'on', title: 'Inspector on' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en', inspect: 'off' },
  loaders: [mswLoader(startWorker)],
  async beforeEach({ globals }) {
    const lang = isLocale(globals['locale']) ? globals['locale'] : 'en';
    await i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  },
  decorators: [withI18n, withInspector],
};

export default preview;
