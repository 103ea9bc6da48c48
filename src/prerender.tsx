// The first screens drawn with React's own server renderer (docs/decisions/0031, 0057): the app as it
// is before its form state arrives (app machine `booting`, never started) at a first screen's address,
// in one language. The build draws the welcome page into the built pages (scripts/prerender.ts); the
// server draws the facility step of the address asked for, with its country's states from the database
// (server/first-screens.ts, which loads this module built into dist/server/). src/main.tsx hydrates
// either. The tree is the one main.tsx renders, so both sides draw the same markup.
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { PATHS } from '../contract/api.ts';
import { FACILITY_COUNTRIES } from '../contract/constants.ts';
import type { Locale } from '../contract/entities.ts';
import {
  FIRST_ANSWERS_ID,
  SCREEN_ATTRIBUTE,
  type FacilityAnswers,
  type FirstScreen,
  type FirstScreenPageInput,
  firstScreenPath,
} from '../contract/first-screens.ts';
import { appMachine } from '../machines/app.machine.ts';
import { PAGES, locationOf, startLocation } from '../machines/pages.ts';
import { App } from './app.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { sandboxBannerMarkup } from './components/sandbox-banner.tsx';
import { EARLY_FORM_STATE, PRERENDER_HIDDEN_CLASS } from './first-screen.ts';
import { createI18n } from './i18n.ts';
import { LANGUAGE_STORAGE_KEY } from './language.ts';
import { SYSTEM } from '../machines/system.ts';

interface FirstScreenMarkup {
  /** The markup of the app's root element. */
  html: string;
  title: string;
  description: string;
}

export function renderFirstScreen(lang: Locale, screen: FirstScreen, answers?: FacilityAnswers): FirstScreenMarkup {
  const i18n = createI18n(lang);
  const location = screen.screen === 'landing' ? startLocation('') : locationOf(firstScreenPath(screen));
  // Never started: its first snapshot is all the render needs, and nothing is called.
  const app = createActor(appMachine, { systemId: SYSTEM.app, input: { lang, route: null, location } });
  const html = renderToString(
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary onError={() => {}}>
        <App app={app} i18n={i18n} answers={answers} />
      </ErrorBoundary>
    </I18nextProvider>,
  );
  // The titles the app gives these screens (src/app.tsx, src/screens/wizard-screen.tsx).
  const heading = screen.screen === 'landing' ? PAGES.landing.titleKey : 'FACILITY.HEADING';
  return {
    html,
    title: `${i18n.t(heading)} - ${i18n.t('LAYOUT.SITE_NAME')}`,
    description: i18n.t('LAYOUT.DESCRIPTION'),
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, pattern: RegExp, replacement: string | ((found: string) => string)): string {
  if (!pattern.test(html)) throw new Error(`the built page has no ${pattern}`);
  return html.replace(pattern, (found) => (typeof replacement === 'string' ? replacement : replacement(found)));
}

/**
 * The whole page of a first screen: the built page (`template`: its scripts, its styles inline, an empty
 * root) with the screen drawn into the root, the title, description and language of the screen, the
 * inline script, the address it was drawn for on <html> and, for the facility step, the answers it was
 * drawn from in a data block that the app reads (JSON, never run: the CSP has nothing to allow).
 */
export function renderPage(template: string, { lang, screen, answers, sandbox }: FirstScreenPageInput): string {
  const page = renderFirstScreen(lang, screen, answers);
  let html = template;
  html = replaceOnce(
    html,
    /<html lang="[^"]*">/,
    `<html lang="${lang}" ${SCREEN_ATTRIBUTE}="${escapeHtml(firstScreenPath(screen))}">`,
  );
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  // First in the head, before the scripts' tags: at a facility hash it leaves the page before the
  // browser asks for them (docs/decisions/0066).
  html = replaceOnce(
    html,
    /<head>(\s*<meta charset="[^"]*" \/>)?/,
    (opening) => `${opening}\n    <script>${firstScreenScript()}</script>`,
  );
  html = scriptsAtLowPriority(html);
  // '<' written as \u003c: the data cannot close its element, whatever a name in the database says.
  const data = answers
    ? `<script type="application/json" id="${FIRST_ANSWERS_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`
    : '';
  // docs/decisions/0050: the banner goes outside the root, so the app neither hydrates nor replaces it.
  return replaceOnce(
    html,
    /<div id="root"><\/div>/,
    `${sandbox ? sandboxBannerMarkup() : ''}<div id="root">${page.html}</div>${data}`,
  );
}

/**
 * The app's scripts are asked for at low priority (docs/decisions/0064): the screen is drawn in the page,
 * so its first paint waits for none of them. They still load at once, the page's only other requests.
 */
function scriptsAtLowPriority(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload")( crossorigin)?(?![^>]*fetchpriority)/g,
    (_, tag: string, crossorigin = '') => `<${tag}${crossorigin} fetchpriority="low"`,
  );
}

/**
 * The page's one inline script, run before the first paint, the same on every page (the CSP allows it
 * by its hash): when the address (the hash, or where there is none the path, as src/main.tsx reads it)
 * is not the one the page was drawn for, or the payer chose the other language, the painted screen is
 * hidden until the app draws its own (src/main.tsx shows the page again). '/' is the welcome page's.
 * It also asks for the form state, which the app reads first whatever the address (§7 GET /state/all),
 * so that the answer is on its way while the scripts load (the app takes it: EARLY_FORM_STATE).
 * At the site root with a facility step's hash (`/#/deposit_facility/US`, an address the app itself
 * writes, and so bookmarked), it goes to the step's path form instead, which the server answers with the
 * step drawn (docs/decisions/0057, 0066): the step is painted before any script rather than after all.
 */
export function firstScreenScript(): string {
  const q = JSON.stringify;
  const facility = firstScreenPath({ screen: 'facility', country: '' });
  return (
    `(function(){var d=document.documentElement,l=null,s=(d.getAttribute(${q(SCREEN_ATTRIBUTE)})||'').toLowerCase(),` +
    `f=location.pathname==='/'&&/^#(\\/[^?]*?)\\/?$/.exec(location.hash),` +
    `h=(location.hash.replace(/^#/,'')||location.pathname).split('?')[0].replace(/\\/+$/,'')||'/';` +
    `if(h==='/')h=${q(PAGES.landing.path)};` +
    `if(f&&h.toLowerCase()!==s){var c=f[1].slice(${facility.length}).toUpperCase();` +
    `if(f[1].slice(0,${facility.length}).toLowerCase()===${q(facility)}&&${q(FACILITY_COUNTRIES)}.indexOf(c)>=0){` +
    `d.classList.add(${q(PRERENDER_HIDDEN_CLASS)});location.replace(${q(facility)}+c+location.search);return}}` +
    `try{l=localStorage.getItem(${q(LANGUAGE_STORAGE_KEY)})}catch(e){}` +
    `if(h.toLowerCase()!==s||(l&&l!==d.lang))` +
    `d.classList.add(${q(PRERENDER_HIDDEN_CLASS)});` +
    `try{window[${q(EARLY_FORM_STATE)}]=fetch(${q(PATHS.stateAll)},{credentials:'same-origin',headers:{accept:'application/json'}})}catch(e){}})()`
  );
}
