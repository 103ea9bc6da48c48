// The app shell: renders the app machine's state; the wizard screen renders the wizard's.
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import type { Locale } from '../contract/entities.ts';
import { Layout } from './components/layout.tsx';
import type { AppRef, WizardRef } from './machine-refs.ts';
import { WizardScreen } from './screens/wizard-screen.tsx';
import { FailureScreen, LoadingScreen } from './screens/status-screens.tsx';
import { SiteContext } from './site.tsx';

export function App({ app, i18n }: { app: AppRef; i18n: I18n }) {
  const snapshot = useSelector(app, (s) => s);
  const lang = snapshot.context.lang;
  useEffect(() => {
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [i18n, lang]);
  const onLanguage = (l: Locale) => app.send({ type: 'app.language', lang: l });
  const wizard = (snapshot.children as Record<string, unknown>).wizard as WizardRef | undefined;
  let body;
  if (snapshot.matches('ready') && wizard) {
    body = <WizardScreen wizard={wizard} lang={lang} onLanguage={onLanguage} />;
  } else if (snapshot.matches('bootFailed')) {
    body = (
      <Layout lang={lang} onLanguage={onLanguage}>
        <FailureScreen messageKey={snapshot.context.bootError} onRetry={() => app.send({ type: 'app.retry' })} />
      </Layout>
    );
  } else {
    body = (
      <Layout lang={lang} onLanguage={onLanguage}>
        <LoadingScreen />
      </Layout>
    );
  }
  return (
    <I18nextProvider i18n={i18n}>
      <SiteContext.Provider value={snapshot.context.site}>{body}</SiteContext.Provider>
    </I18nextProvider>
  );
}
