// Composition root (architecture §"How data flows"): creates the app actor and hands every
// invoked actor its HTTP implementation with .provide().
import { type ReactNode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { type AnyActorRef, createActor, type InspectionEvent } from 'xstate';
import { provideApp } from '../machines/provide-actors.ts';
import { createActors } from './api/actors.ts';
import { createApiClient } from './api/client.ts';
import { sendErrorReport } from './api/error-reports.ts';
import { App } from './app.tsx';
import { ErrorBoundary } from './components/error-boundary.tsx';
import { createErrorReporter } from './error-reporter.ts';
import {
  createAppI18n,
  isLocale,
  loadLanguage,
  mirrorLanguageCookie,
  storedLanguage,
  storeLanguage,
} from './language.ts';
import { buildWaitingMachines } from '../machines/lazy-setup.ts';
import { startLocation } from '../machines/pages.ts';
import {
  PRERENDER_HIDDEN_CLASS,
  isDrawnFor,
  isFirstScreen,
  pageAnswers,
  startAddress,
  takeEarlyFormState,
} from './first-screen.ts';
import { PATHS } from '../contract/api.ts';
import { knowAnswers } from './api/facilities.ts';
import { SCREEN_ATTRIBUTE } from '../contract/first-screens.ts';
import { createDraftStore, draftKeeper, type SnapshotEventLike } from './form-draft.ts';
import './styles.css';
import { SYSTEM } from '../machines/system.ts';

async function start() {
  // §2: a first screen's path form leads to its hash route (docs/decisions/0057), before anything reads
  // the address: the API's paths are relative to the page's.
  const address = startAddress();
  let unauthorized = () => {};
  let answered = () => {};
  const api = createApiClient({
    onUnauthorized: () => unauthorized(),
    onAnswer: () => answered(),
    // The form state the page asked for as it arrived (src/prerender.tsx).
    early: { [PATHS.stateAll]: takeEarlyFormState() },
  });
  // §7/§8: from here on, errors of the page are reported (at most 4, one at a time).
  const reporter = createErrorReporter((report) => sendErrorReport(api, report));
  reporter.listen(window);
  // docs/decisions/0064: the scripts' evaluation, building the app's machines, its language, its start and
  // its first render are tasks of their own, so that the page can draw and answer a tap between them.
  await yieldToPage();
  // Development only (docs/decisions/0001): never evaluated, nor bundled, in a production build.
  const inspectMode = import.meta.env.DEV ? new URLSearchParams(window.location.search).get('inspect') : null;
  const inspect = import.meta.env.DEV && inspectMode === 'stately' ? await loadStatelyInspector() : undefined;
  // What the payer entered, kept in the tab until the server has it (docs/decisions/0046).
  const drafts = createDraftStore(sessionStorageOrNone());
  const keepDraft = draftKeeper(drafts);
  const machine = provideApp(createActors(api, drafts)).provide({
    actions: {
      persistLanguage: ({ context }) => storeLanguage(context.lang),
      logUnauthorized: () => reporter.report('401 answer: back to start'),
      logSignOutFailure: () => reporter.report('sign-out failed'),
      logNavScriptFailure: (_, params) => reporter.report(params.message),
    },
  });
  await yieldToPage();
  // §1: the payer's choice; before any, the page's, which the server chose by the browser's languages
  // (docs/decisions/0057).
  const page = document.documentElement;
  const stored = storedLanguage();
  const lang = stored ?? (isLocale(page.lang) ? page.lang : 'en');
  if (stored) mirrorLanguageCookie(stored);
  // The first screen's English is in this script; Spanish comes whole before the first render.
  const i18n = createAppI18n();
  if (lang !== 'en') {
    await loadLanguage(i18n, lang);
    await i18n.changeLanguage(lang);
  }
  // §2: the site root opens the welcome page (machines/pages.ts startLocation).
  const location = startLocation(address);
  // The facility step's lists that the page came with are those calls' answers.
  const answers = pageAnswers();
  if (answers) knowAnswers(api, answers);
  await yieldToPage();
  const actor = createActor(machine, {
    systemId: SYSTEM.app,
    input: {
      lang,
      route: null,
      location,
      // §2: phones and tablets (a coarse pointer) do not get the schedule-a-visit link.
      mobile: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    },
    inspect: (e: InspectionEvent) => {
      keepDraft(e as unknown as SnapshotEventLike);
      inspect?.(e);
    },
  });
  unauthorized = () => actor.send({ type: 'app.unauthorized' });
  // The session's idle limit counts from the server's last answer (docs/decisions/0045).
  answered = () => actor.send({ type: 'app.activity' });
  if (import.meta.env.DEV && inspectMode !== null && inspectMode !== 'stately') {
    const { openInspector } = await import('./inspector/open-inspector.tsx');
    // Time travel draws the app of a replayed moment as the page draws this one.
    openInspector(actor, {
      screen: (replayed) => (
        <I18nextProvider i18n={i18n}>
          <App app={replayed as typeof actor} i18n={i18n} />
        </I18nextProvider>
      ),
    });
  }
  const root = document.getElementById('root');
  // The page came with a first screen drawn (docs/decisions/0031, 0057): the app takes it over as it is
  // when it would draw the same (that address, that language); otherwise it draws its own.
  const hydrating =
    root?.firstElementChild != null &&
    isFirstScreen(location) &&
    isDrawnFor(location, page.getAttribute(SCREEN_ATTRIBUTE)) &&
    page.lang === lang;
  // Taking a drawn screen over, the app starts once React has (StartWhenDrawn): the screen was drawn from
  // the app's first snapshot, and a started app may move on (its form state answers) before React's first
  // render, which would then differ from the page and be thrown away.
  if (!hydrating) actor.start();
  // §8: an error while rendering shows the unexpected-error page, and is reported.
  if (!root) return;
  await yieldToPage();
  const app = <App app={actor} i18n={i18n} answers={answers} startHash={address} />;
  const tree = (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary onError={(error, componentStack) => reporter.report(error, componentStack)}>
        {hydrating ? <StartWhenDrawn actor={actor}>{app}</StartWhenDrawn> : app}
      </ErrorBoundary>
    </I18nextProvider>
  );
  if (hydrating) {
    // In a transition, React takes the page over in slices that let the browser answer a tap between them.
    startTransition(() => {
      hydrateRoot(root, tree, {
        onRecoverableError: (error) => reporter.report(error),
      });
    });
  } else {
    root.replaceChildren();
    document.documentElement.lang = lang;
    createRoot(root).render(tree);
  }
  document.documentElement.classList.remove(PRERENDER_HIDDEN_CLASS);
  buildMachinesWhenIdle();
}

/** Starts the app when React has taken the drawn screen over (its effects run after the first commit). */
function StartWhenDrawn({ actor, children }: { actor: AnyActorRef; children: ReactNode }) {
  useEffect(() => {
    actor.start();
  }, [actor]);
  return children;
}

/** A new task: what the page has to do (draw, answer a tap) goes first. */
function yieldToPage(): Promise<void> {
  return new Promise((resume) => setTimeout(resume, 0));
}

/**
 * The machines that the first screen did not build are built while the page is idle (docs/decisions/0064),
 * so that a step's machine is ready when the payer reaches it; where the browser cannot say when it is
 * idle, one machine per task.
 */
function buildMachinesWhenIdle(): void {
  const more = (left: boolean) => {
    if (left) schedule();
  };
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback((deadline) => more(buildWaitingMachines(() => deadline.timeRemaining() > 2)));
    } else {
      setTimeout(() => {
        let built = 0;
        more(buildWaitingMachines(() => built++ < 1));
      }, 20);
    }
  };
  schedule();
}

/** The tab's session storage; none where the browser refuses it (a sandboxed frame). */
function sessionStorageOrNone(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * `?inspect=stately` opens @statelyai/inspect's hosted statechart inspector, where the internet is
 * reachable; `?inspect` alone opens the offline panel of src/inspector/.
 */
async function loadStatelyInspector(): Promise<(e: InspectionEvent) => void> {
  const { createBrowserInspector } = await import('@statelyai/inspect');
  const inspector = createBrowserInspector();
  return (e) => inspector.inspect.next?.(e);
}

void start();
