// Composition root (architecture §"How data flows"): creates the app actor and hands every
// invoked actor its HTTP implementation with .provide().
import { createRoot } from 'react-dom/client';
import { createActor, type InspectionEvent } from 'xstate';
import { provideApp } from '../machines/provide-actors.ts';
import { createActors } from './api/actors.ts';
import { createApiClient } from './api/client.ts';
import { logJsError } from './api/checkout.ts';
import { App } from './app.tsx';
import { i18n, storedLanguage, storeLanguage } from './i18n.ts';
import { locationOf } from '../machines/pages.ts';
import './styles.css';

async function start() {
  const inspect =
    import.meta.env.DEV && new URLSearchParams(window.location.search).has('inspect')
      ? await loadInspector()
      : undefined;
  let unauthorized = () => {};
  const api = createApiClient({ onUnauthorized: () => unauthorized() });
  const machine = provideApp(createActors(api)).provide({
    actions: {
      persistLanguage: ({ context }) => storeLanguage(context.lang),
      logUnauthorized: () => void logJsError(api, '401 answer: back to start').catch(() => undefined),
      logSignOutFailure: () => void logJsError(api, 'sign-out failed').catch(() => undefined),
    },
  });
  const actor = createActor(machine, {
    input: {
      lang: storedLanguage() ?? 'en',
      route: null,
      location: locationOf(window.location.hash),
      // §2: phones and tablets (a coarse pointer) do not get the schedule-a-visit link.
      mobile: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    },
    ...(inspect ? { inspect } : {}),
  });
  unauthorized = () => actor.send({ type: 'app.unauthorized' });
  actor.start();
  const root = document.getElementById('root');
  if (root) createRoot(root).render(<App app={actor} i18n={i18n} />);
}

/**
 * Development only (docs/decisions/0001): `?inspect` logs every event and snapshot of every actor
 * to the console, offline; `?inspect=stately` opens @statelyai/inspect's statechart inspector
 * (a hosted page, so it needs the internet). Both are loaded by dynamic import, never in production.
 */
async function loadInspector(): Promise<((e: InspectionEvent) => void) | undefined> {
  const mode = new URLSearchParams(window.location.search).get('inspect');
  if (mode === 'stately') {
    const { createBrowserInspector } = await import('@statelyai/inspect');
    const inspector = createBrowserInspector();
    return (e) => inspector.inspect.next?.(e);
  }
  return (e) => {
    if (e.type === '@xstate.event') console.debug('[inspect] event', e.actorRef.sessionId, e.event);
    if (e.type === '@xstate.snapshot')
      console.debug('[inspect] state', e.actorRef.sessionId, (e.snapshot as { value?: unknown }).value);
  };
}

void start();
