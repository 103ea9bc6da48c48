// The first screen while the app reads the form state (app machine `booting`): the welcome page of §2
// (/landing: continue as new or sign in, the inactivity notice). The same markup is pre-rendered at
// build time (src/prerender.tsx) and hydrated, so it is painted before any script runs
// (docs/decisions/0031). Once the form state is known the app shows the same page with its own machine.
import { useState } from 'react';
import { createActor } from 'xstate';
import { EMPTY_FORM, type Locale } from '../../contract/entities.ts';
import { landingMachine } from '../../machines/landing.machine.ts';
import { Layout } from '../components/layout.tsx';
import { LandingPage } from './pages/landing-page.tsx';

/** A landing machine that is never started: its first snapshot is the page a guest sees. */
function idleLanding() {
  return createActor(landingMachine, {
    input: {
      route: 'landing',
      params: {},
      query: {},
      fields: EMPTY_FORM,
      site: null,
      signedIn: false,
      mobile: false,
    },
  });
}

export function FirstScreen({ lang, onLanguage }: { lang: Locale; onLanguage: (l: Locale) => void }) {
  const [landing] = useState(idleLanding);
  return (
    <Layout lang={lang} onLanguage={onLanguage}>
      <LandingPage page={landing} />
    </Layout>
  );
}
