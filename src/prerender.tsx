// Build-time render of the first screen (docs/decisions/0031), with React's own server renderer: the app
// as it is before the form state arrives (app machine `booting`, at '/': the welcome page of §2), in one
// language. scripts/prerender.ts writes it into the built page; src/main.tsx hydrates
// it. The tree is the one main.tsx renders, so both sides draw the same markup.
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import type { Locale } from '../contract/entities.ts';
import { appMachine } from '../machines/app.machine.ts';
import { PAGES, startLocation } from '../machines/pages.ts';
import { App } from './app.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { PRERENDER_HIDDEN_CLASS } from './first-screen.ts';
import { createI18n } from './i18n.ts';
import { LANGUAGE_STORAGE_KEY } from './language.ts';
import { SYSTEM } from '../machines/system.ts';

export interface FirstScreenPage {
  /** The markup of the app's root element. */
  html: string;
  title: string;
  description: string;
}

export function renderFirstScreen(lang: Locale): FirstScreenPage {
  const i18n = createI18n(lang);
  // Never started: its first snapshot is all the render needs, and nothing is called.
  const app = createActor(appMachine, {
    systemId: SYSTEM.app,
    input: { lang, route: null, location: startLocation('') },
  });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary onError={() => {}}>
        <App app={app} i18n={i18n} />
      </ErrorBoundary>
    </I18nextProvider>,
  );
  return {
    html,
    title: `${i18n.t('PAGES.LANDING')} - ${i18n.t('LAYOUT.SITE_NAME')}`,
    description: i18n.t('LAYOUT.DESCRIPTION'),
  };
}

/** The test-site banner's HTML (docs/decisions/0050), for scripts/prerender.ts, which loads this module only. */
export { sandboxBannerMarkup } from './components/sandbox-banner.tsx';

/**
 * The page's one inline script, run before the first paint: when the address is not the first screen's
 * ('/' or /landing) or the payer chose the other language, the pre-rendered screen is hidden until the
 * app draws its own (src/main.tsx shows the page again). The server allows it by its hash.
 */
export function firstScreenScript(lang: Locale): string {
  const q = JSON.stringify;
  return (
    `(function(){var d=document.documentElement,l=null,` +
    `h=location.hash.replace(/^#/,'').split('?')[0].replace(/\\/+$/,'')||'/';` +
    `try{l=localStorage.getItem(${q(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
    `if((h!=='/'&&h!==${q(PAGES.landing.path)})||(l&&l!==${q(lang)}))` +
    `d.classList.add(${q(PRERENDER_HIDDEN_CLASS)})})()`
  );
}
