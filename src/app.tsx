// The app shell: renders the app machine's state; the wizard screen renders the wizard's, a page
// screen its page machine's. The URL hash follows the app's location and is an input to it (§2).
import { useSelector } from '@xstate/react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../contract/entities.ts';
import type { FacilityAnswers } from '../contract/first-screens.ts';
import { routeOf } from '../machines/wizard-route.ts';
import { SYSTEM } from '../machines/system.ts';
import { SessionTimeoutDialog } from './components/session-timeout-dialog.tsx';
import { PAGES, locationOf, pagePath } from '../machines/pages.ts';
import { Layout } from './components/layout.tsx';
import { ActorSystemProvider, type AppRef, systemActor, useSystemActor } from './machine-refs.ts';
import { NavScriptContext } from './components/site-nav.tsx';
import { EAGER_PAGE_SCREENS, PAGE_SCREENS } from './screens/page-screens.ts';
import { WizardSteps, wizardProgress } from './screens/wizard-screen.tsx';
import { pathOf } from './routes.ts';
import { FailureScreen, LoadingScreen } from './screens/status-screens.tsx';
import { SessionContext } from './session.tsx';
import { SiteContext } from './site.tsx';
import { type EarlyFacilityChoice, FirstScreen, firstScreenProgress } from './screens/first-screen.tsx';
import { isFirstScreen, markFirstScreen } from './first-screen.ts';
import { loadLanguage } from './language.ts';
import { APP_SCREENS } from './screens/app-screens.ts';
import { screenOf } from './screen-table.ts';

interface AppProps {
  app: AppRef;
  i18n: I18n;
  /** The facility step's lists that the page came with (docs/decisions/0057). */
  answers?: FacilityAnswers;
  /** The address the app was started at, when it was started from the page's address (src/main.tsx). */
  startHash?: string;
}

export function App(props: AppProps) {
  return (
    <ActorSystemProvider system={props.app.system}>
      <AppShell {...props} />
    </ActorSystemProvider>
  );
}

function AppShell({ app, i18n, answers, startHash }: AppProps) {
  const lang = useSelector(app, (s) => s.context.lang);
  const view = useSelector(app, (s) => screenOf(APP_SCREENS, 'app', s)?.view ?? 'loading');
  useEffect(() => {
    // The other language loads when it is chosen (docs/decisions/0032).
    if (i18n.language === lang) {
      document.documentElement.lang = lang;
      return;
    }
    let current = true;
    void loadLanguage(i18n, lang).then(() => {
      if (!current) return;
      void i18n.changeLanguage(lang);
      document.documentElement.lang = lang;
    });
    return () => {
      current = false;
    };
  }, [i18n, lang]);
  const wizard = useSystemActor('wizard');
  useHashInput(app, startHash);
  const onLanguage = (l: Locale) => app.send({ type: 'app.language', lang: l });
  const signedIn = useSelector(app, (s) => s.context.signedIn);
  const mobile = useSelector(app, (s) => s.context.mobile);
  const site = useSelector(app, (s) => s.context.site);
  const bootError = useSelector(app, (s) => s.context.bootError);
  const session = useMemo(
    () => ({ signedIn, mobile, signOut: () => app.send({ type: 'app.signOut' }) }),
    [app, signedIn, mobile],
  );
  // §2 global header: the navigation script's machine (loaded once per page load).
  const navHeader = useSystemActor('navHeader');
  const navLoaded = useSelector(navHeader, (s) => s?.hasTag('loaded') ?? false);
  const booting = useSelector(app, (s) => s.hasTag('booting'));
  const firstScreen = useSelector(app, (s) => isFirstScreen(s.context.location));
  const facilityCountry = useSelector(app, (s) =>
    s.context.location.kind === 'wizard' ? (s.context.location.country ?? '') : undefined,
  );
  // A country or state chosen on the painted facility step goes to the app's own picker (§2
  // deposit.facility), which loads its lists and tells the wizard's autosave.
  const handOverChoice = useCallback(
    (choice: EarlyFacilityChoice) => {
      const picker = systemActor(app.system, SYSTEM.facilityPicker);
      if (!picker) return;
      const now = picker.getSnapshot().context;
      if (choice.country !== now.country) picker.send({ type: 'facility.country', country: choice.country });
      if (choice.region !== '' && choice.region !== now.region) {
        picker.send({ type: 'facility.region', region: choice.region });
      }
    },
    [app],
  );
  const page = useSystemActor('page');
  const wizardStep = useSelector(wizard, (s) => (s ? routeOf(s) : null));
  const pageRoute = useSelector(app, (s) => (s.context.location.kind === 'page' ? s.context.location.route : null));
  // The session's idle limit: its warning shows over any screen (WCAG 2.2.1).
  const sessionTimer = useSystemActor('sessionTimeout');
  // The pre-rendered first screen stays until the app has a screen of its own to show in its place
  // (docs/decisions/0031): while the form state is read, and on the app's way to its first screen (the
  // language the payer keeps, a page's machine on its way), never a loading screen in between.
  const ownScreen = (view === 'wizard' && !!wizard) || (view === 'page' && !!page) || view === 'failed';
  const [tookOver, setTookOver] = useState(false);
  if (ownScreen && !tookOver) setTookOver(true);
  // The app's first screen is drawn and working (src/first-screen.ts; bench:web's opening ends here).
  const started = ownScreen || (!booting && !firstScreen);
  useEffect(() => {
    if (started) markFirstScreen();
  }, [started]);
  // One Layout for every view (§2 shared layout): when the drawn first screen gives way to the app's
  // own, or a page to the wizard, only what is inside <main> is drawn anew.
  let body;
  let progress: number | null = null;
  if (firstScreen && !tookOver && !ownScreen) {
    body = <FirstScreen facilityCountry={facilityCountry} answers={answers} onChoiceLeft={handOverChoice} />;
    progress = firstScreenProgress(facilityCountry);
  } else if (view === 'wizard' && wizard) {
    body = <WizardSteps wizard={wizard} lang={lang} />;
    progress = wizardProgress(wizardStep);
  } else if (view === 'page') {
    body = <PageScreen app={app} />;
    progress = pageRoute ? PAGES[pageRoute].progress : null;
  } else if (view === 'failed') {
    body = <FailureScreen messageKey={bootError} onRetry={() => app.send({ type: 'app.retry' })} />;
  } else {
    body = <LoadingScreen />;
  }
  return (
    <I18nextProvider i18n={i18n}>
      <SiteContext.Provider value={site}>
        <SessionContext.Provider value={session}>
          <NavScriptContext.Provider value={navLoaded}>
            <Layout lang={lang} onLanguage={onLanguage} progress={progress}>
              {body}
            </Layout>
            <SessionTimeoutDialog timer={sessionTimer} />
          </NavScriptContext.Provider>
        </SessionContext.Provider>
      </SiteContext.Provider>
    </I18nextProvider>
  );
}

/** A page's screen (the app shell draws the Layout around it, at the page's progress). */
function PageScreen({ app }: { app: AppRef }) {
  const { t } = useTranslation();
  const location = useSelector(app, (s) => s.context.location);
  const route = location.kind === 'page' ? location.route : null;
  const page = useSystemActor('page');
  const Screen = route ? (EAGER_PAGE_SCREENS[route] ?? PAGE_SCREENS[route]) : undefined;
  const path = location.kind === 'page' ? pagePath(location) : null;
  // The address shows the page the app chose (after a redirect to sign-in, for example).
  useEffect(() => {
    if (path && locationKey(window.location.hash) !== locationKey(`#${path}`)) {
      window.history.replaceState(null, '', `#${path}`);
    }
  }, [path]);
  useEffect(() => {
    if (route) document.title = `${t(PAGES[route].titleKey)} - ${t('LAYOUT.SITE_NAME')}`;
  }, [route, t]);
  return Screen && page ? (
    <Suspense fallback={<LoadingScreen />}>
      <Screen key={page.id + (path ?? '')} page={page} />
    </Suspense>
  ) : (
    <LoadingScreen />
  );
}

/** A hash as the app understands it, so '#/landing' and '#/landing/' count as the same. */
function locationKey(hash: string): string {
  return JSON.stringify(locationOf(hash));
}

/** The address is that of the page the app is on (the app wrote it, src/app.tsx PageScreen). */
function isAppsPage(app: AppRef, hash: string): boolean {
  const at = app.getSnapshot().context.location;
  return at.kind === 'page' && locationKey(hash) === locationKey(`#${pagePath(at)}`);
}

/** §2: a hashchange (back button, link, typed URL) asks the app to go there; its guards decide. */
function useHashInput(app: AppRef, startHash: string | undefined) {
  useEffect(() => {
    const onHash = (event?: HashChangeEvent) => {
      // The address the payer went to: the app may have written its own over it (a page's address,
      // a step's) between the move and this event, and the payer's latest address wins (§2).
      const location = locationOf(event ? new URL(event.newURL).hash : window.location.hash);
      // The wizard running now, by its name (read here: the listener outlives a wizard started anew).
      const wizard = systemActor(app.system, SYSTEM.wizard);
      const before = wizard ? routeOf(wizard.getSnapshot()) : null;
      // The same step is no move, unless the facility step's address names another country (§2).
      const otherCountry =
        location.kind === 'wizard' &&
        !!location.country &&
        location.country !== wizard?.getSnapshot().context.fields.facility_country;
      if (location.kind === 'wizard' && before !== null && location.route === before && !otherCountry) return;
      app.send({ type: 'app.navigate', location });
      // The wizard stayed where it was (an unknown path, or a guard that keeps this step): the
      // address shows the step again instead of the path that was refused.
      if (wizard && before && location.kind === 'wizard') {
        const after = wizard.getSnapshot();
        if (routeOf(after) === before) {
          window.history.replaceState(null, '', `#${pathOf(before, after.context.fields.facility_country)}`);
        }
      }
    };
    window.addEventListener('hashchange', onHash);
    // A link followed on the painted page while the scripts were still starting (a slow phone) moved
    // the address after the app read it and before this listener was there: it is taken now.
    // (Not the page's own address, which the app may have written already: that would read it again.)
    if (startHash !== undefined && window.location.hash !== startHash && !isAppsPage(app, window.location.hash)) {
      onHash();
    }
    return () => window.removeEventListener('hashchange', onHash);
  }, [app, startHash]);
}
