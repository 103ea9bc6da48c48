// The pre-rendered first screen (docs/decisions/0031): the build-time markup is the app's own, so the
// app hydrates it without a mismatch in both languages and goes on from it; the page's inline script
// hides it only where the app will show something else.
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createActor } from 'xstate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Locale } from '../../contract/entities.ts';
import { provideApp } from '../../machines/provide-actors.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/app.tsx';
import { ErrorBoundary } from '../../src/components/error-boundary.tsx';
import { PRERENDER_HIDDEN_CLASS, takeEarlyFormState } from '../../src/first-screen.ts';
import { createI18n } from '../../src/i18n.ts';
import { LANGUAGE_STORAGE_KEY } from '../../src/language.ts';
import { firstScreenScript, renderFirstScreen } from '../../src/prerender.tsx';
import { locationOf, startLocation } from '../../machines/pages.ts';
import { PATHS, type AllowedCountriesResponse, type StateListResponse } from '../../contract/api.ts';
import { LANDING_SCREEN, SCREEN_ATTRIBUTE, type FacilityAnswers } from '../../contract/first-screens.ts';
import { knowAnswers } from '../../src/api/facilities.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { type Harness, startServer } from './harness.tsx';
import { SYSTEM } from '../../machines/system.ts';

const T = { en, es } as const;
let h: Harness;
let root: Root | undefined;
let container: HTMLElement | undefined;

beforeAll(async () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  h = await startServer();
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  root = undefined;
  localStorage.clear();
  window.history.replaceState(null, '', '/');
  document.documentElement.className = '';
});

/** Hydrates the painted page with the app, every mismatch or render error noted in `mismatches`. */
function hydrate(
  target: HTMLElement,
  lang: Locale,
  app: Parameters<typeof App>[0]['app'],
  mismatches: unknown[],
  answers?: FacilityAnswers,
) {
  const i18n = createI18n(lang);
  return hydrateRoot(
    target,
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary onError={(error) => mismatches.push(error)}>
        <App app={app} i18n={i18n} {...(answers ? { answers } : {})} />
      </ErrorBoundary>
    </I18nextProvider>,
    { onRecoverableError: (error) => mismatches.push(error) },
  );
}

describe('the pre-rendered first screen', () => {
  for (const lang of ['en', 'es'] as const satisfies readonly Locale[]) {
    it(`is the welcome page (§2 /landing), and the app hydrates it without a mismatch (${lang})`, async () => {
      const t = T[lang];
      const page = renderFirstScreen(lang, LANDING_SCREEN);
      expect(page.title).toBe(`${t.PAGES.LANDING} - ${t.LAYOUT.SITE_NAME}`);
      container = document.createElement('div');
      container.innerHTML = page.html;
      document.body.append(container);
      const painted = within(container);
      expect(painted.getByRole('heading', { level: 1 }).textContent).toBe(t.PAGES.LANDING);
      expect(painted.getByRole('button', { name: t.LANDING.CONTINUE })).toBeTruthy();
      expect(painted.getByRole('button', { name: t.LANDING.SIGN_IN })).toBeTruthy();
      expect(painted.getByRole('region', { name: t.LANDING.NOTICE_TITLE })).toBeTruthy();

      const mismatches: unknown[] = [];
      const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.fetch });
      const app = createActor(provideApp(createActors(api)), {
        systemId: SYSTEM.app,
        input: { lang, route: null, location: startLocation('') },
      });
      app.start();
      const target = container;
      await act(async () => {
        root = hydrate(target, lang, app, mismatches);
      });
      // The app goes on from it: the form state is read, the welcome page is the app's own, and it
      // leads to the facility step.
      await act(async () => {
        await waitFor(() => expect(app.getSnapshot().matches({ ready: 'page' })).toBe(true));
      });
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t.PAGES.LANDING);
      await act(async () => screen.getByRole('button', { name: t.LANDING.CONTINUE }).click());
      expect(await screen.findByRole('option', { name: 'Texas' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t.FACILITY.HEADING);
      expect(mismatches).toEqual([]);
      app.stop();
    });
  }
});

/** The lists the server paints the US facility step with (the calls' answers). */
async function usAnswers(api: ReturnType<typeof createApiClient>): Promise<FacilityAnswers> {
  return {
    country: 'US',
    countries: await api.get<AllowedCountriesResponse>(PATHS.allowedCountries),
    states: await api.get<StateListResponse>(PATHS.stateList, { country: 'US' }),
  };
}

describe('the facility step drawn at its path (docs/decisions/0057)', () => {
  for (const lang of ['en', 'es'] as const satisfies readonly Locale[]) {
    it(`is hydrated without a mismatch and goes on from the lists it came with (${lang})`, async () => {
      const t = T[lang];
      const asked: string[] = [];
      const fetch: typeof h.fetch = (input, init) => {
        asked.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
        return h.fetch(input, init);
      };
      const api = createApiClient({ baseUrl: 'http://localhost/', fetch });
      const answers = await usAnswers(api);
      asked.length = 0;
      const page = renderFirstScreen(lang, { screen: 'facility', country: 'US' }, answers);
      expect(page.title).toBe(`${t.FACILITY.HEADING} - ${t.LAYOUT.SITE_NAME}`);
      container = document.createElement('div');
      container.innerHTML = page.html;
      document.body.append(container);
      const painted = within(container);
      expect(painted.getByRole('heading', { level: 1 }).textContent).toBe(t.FACILITY.HEADING);
      expect(painted.getByRole('option', { name: 'Texas' })).toBeTruthy();

      knowAnswers(api, answers);
      const mismatches: unknown[] = [];
      const app = createActor(provideApp(createActors(api)), {
        systemId: SYSTEM.app,
        input: { lang, route: null, location: locationOf('/deposit_facility/US') },
      });
      app.start();
      const target = container;
      await act(async () => {
        root = hydrate(target, lang, app, mismatches, answers);
      });
      await act(async () => {
        await waitFor(() => expect(app.getSnapshot().matches({ ready: 'wizard' })).toBe(true));
      });
      expect(await screen.findByRole('option', { name: 'Texas' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(t.FACILITY.HEADING);
      expect(mismatches).toEqual([]);
      // The lists came with the page: the app asked only for the form state.
      expect(asked.filter((p) => p === PATHS.allowedCountries || p === PATHS.stateList)).toEqual([]);
      app.stop();
    });
  }
});

describe('a choice made on the painted facility step before the app runs it', () => {
  it('is shown at once and handed to the app: its list loads and the form state keeps it', async () => {
    // The form state's answer waits, as on a slow phone, while the payer picks a state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const fetch: typeof h.fetch = async (input, init) => {
      const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
      if (path === PATHS.stateAll) await held;
      return h.fetch(input, init);
    };
    const api = createApiClient({ baseUrl: 'http://localhost/', fetch });
    const answers = await usAnswers(api);
    const page = renderFirstScreen('en', { screen: 'facility', country: 'US' }, answers);
    container = document.createElement('div');
    container.innerHTML = page.html;
    document.body.append(container);
    knowAnswers(api, answers);
    const mismatches: unknown[] = [];
    const app = createActor(provideApp(createActors(api)), {
      systemId: SYSTEM.app,
      input: { lang: 'en', route: null, location: locationOf('/deposit_facility/US') },
    });
    app.start();
    const target = container;
    await act(async () => {
      root = hydrate(target, 'en', app, mismatches, answers);
    });
    expect(app.getSnapshot().value).toBe('booting');
    const state = screen.getByLabelText(en.FACILITY.STATE) as HTMLSelectElement;
    await act(async () => {
      fireEvent.change(state, { target: { value: 'TX' } });
    });
    expect((screen.getByLabelText(en.FACILITY.STATE) as HTMLSelectElement).value).toBe('TX');

    await act(async () => {
      release();
      await waitFor(() => expect(app.getSnapshot().matches({ ready: 'wizard' })).toBe(true));
    });
    expect(await screen.findByRole('option', { name: 'Harris County Jail' })).toBeTruthy();
    expect((screen.getByLabelText(en.FACILITY.STATE) as HTMLSelectElement).value).toBe('TX');
    const picker = app.system.get(SYSTEM.facilityPicker) as { getSnapshot(): { context: { region: string } } };
    expect(picker.getSnapshot().context.region).toBe('TX');
    // The wizard's autosave was told, as for a choice made on the app's own step (§4).
    await waitFor(async () => {
      const saved = await api.get<{ fields: { facility_state: string } }>(PATHS.stateAll);
      expect(saved.fields.facility_state).toBe('TX');
    });
    expect(mismatches).toEqual([]);
    app.stop();
  });
});

describe("the page's inline script", () => {
  /** What the script asked for (it asks for the form state as the page arrives). */
  let asked: string[] = [];
  beforeEach(() => {
    asked = [];
    vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
      asked.push(String(input));
      return Promise.resolve(new Response('{"early":true}', { headers: { 'content-type': 'application/json' } }));
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    takeEarlyFormState();
  });

  /** Runs the script at `address` on a page drawn for `drawnFor` in `lang`; whether it hid the page. */
  const run = (lang: Locale, address: string, stored?: Locale, drawnFor = '/landing') => {
    window.history.replaceState(null, '', address.startsWith('/') ? address : `/${address}`);
    if (stored) localStorage.setItem(LANGUAGE_STORAGE_KEY, stored);
    const html = document.documentElement;
    html.className = '';
    html.lang = lang;
    html.setAttribute(SCREEN_ATTRIBUTE, drawnFor);
    new Function(firstScreenScript())();
    return html.classList.contains(PRERENDER_HIDDEN_CLASS);
  };

  it("leaves the first screen shown at '/' and at /landing, in the page's language", () => {
    for (const hash of ['', '#', '#/', '#/landing', '#/landing/']) expect(run('en', hash), hash).toBe(false);
    expect(run('es', '#/landing', 'es')).toBe(false);
  });

  it('hides it at any other address, or when the payer chose the other language', () => {
    for (const hash of [
      '#/login',
      '#/checkout',
      '#/deposit_facility/US',
      '#/deposit_type',
      '#/account/deposit_history',
    ])
      expect(run('en', hash), hash).toBe(true);
    expect(run('en', '#/', 'es')).toBe(true);
    expect(run('es', '', 'en')).toBe(true);
  });

  it('asks for the form state at once; the client takes that answer for its first read only', async () => {
    run('en', '');
    expect(asked).toEqual([PATHS.stateAll]);
    const early = takeEarlyFormState();
    expect(early).toBeInstanceOf(Promise);
    expect(takeEarlyFormState()).toBeUndefined();
    const later: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1/',
      fetch: ((request: Request) => {
        later.push(new URL(request.url).pathname);
        return Promise.resolve(new Response('{"early":false}', { headers: { 'content-type': 'application/json' } }));
      }) as typeof fetch,
      early: { [PATHS.stateAll]: early },
    });
    expect(await api.get(PATHS.stateAll)).toEqual({ early: true });
    expect(later).toEqual([]);
    expect(await api.get(PATHS.stateAll)).toEqual({ early: false });
    expect(later).toEqual([PATHS.stateAll]);
  });

  it('a failed early request is asked again by the client', async () => {
    const later: string[] = [];
    const api = createApiClient({
      baseUrl: 'http://127.0.0.1/',
      fetch: ((request: Request) => {
        later.push(new URL(request.url).pathname);
        return Promise.resolve(new Response('{"again":true}', { headers: { 'content-type': 'application/json' } }));
      }) as typeof fetch,
      early: { [PATHS.stateAll]: Promise.reject(new TypeError('Failed to fetch')) },
    });
    expect(await api.get(PATHS.stateAll)).toEqual({ again: true });
    expect(later).toEqual([PATHS.stateAll]);
  });

  it('leaves the facility step shown at its path, with or without its hash, and hides it elsewhere', () => {
    const facility = '/deposit_facility/US';
    for (const address of [facility, '/deposit_facility/us/', `${facility}#${facility}`, `/#${facility}`])
      expect(run('en', address, undefined, facility), address).toBe(false);
    for (const address of [`${facility}#/login`, '/deposit_facility/CA', '/', '/landing'])
      expect(run('en', address, undefined, facility), address).toBe(true);
    expect(run('en', facility, 'es', facility)).toBe(true);
  });
});
