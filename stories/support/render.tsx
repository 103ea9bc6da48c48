// How the screen stories render a driven machine: the real screen inside the real Layout, with the
// site's stylesheet (so the accessibility check sees the colours the payer sees).
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Locale } from '../../contract/entities.ts';
import { App } from '../../src/app.tsx';
import { Layout } from '../../src/components/layout.tsx';
import { i18n, isLocale } from '../../src/i18n.ts';
import {
  ActorSystemProvider,
  type CheckoutRef,
  type FacilityPickerRef,
  type RecipientSearchRef,
  type WizardRef,
} from '../../src/machine-refs.ts';
import { CheckoutStep } from '../../src/screens/checkout-step.tsx';
import { FacilityStep } from '../../src/screens/facility-step.tsx';
import { type ReceiptFlowRef, ReceiptStep } from '../../src/screens/receipt-step.tsx';
import { RecipientStep } from '../../src/screens/recipient-step.tsx';
import { NumberStep } from '../../src/screens/number-step.tsx';
import { TypeStep } from '../../src/screens/type-step.tsx';
import { WizardScreen } from '../../src/screens/wizard-screen.tsx';
import { SessionContext } from '../../src/session.tsx';
import { SiteContext } from '../../src/site.tsx';
import siteCss from '../../src/styles.css?inline';
import '../../src/styles.css';
import type { Driven, MachineName } from './drive.ts';

/** What a story's render function is given (a subset of Storybook's StoryContext). */
export interface RenderContext {
  loaded: Record<string, unknown>;
  globals: Record<string, unknown>;
}

export function localeOf(globals: Record<string, unknown>): Locale {
  const l = globals['locale'];
  return isLocale(l) ? l : 'en';
}

function drivenOf(context: RenderContext): Driven {
  const driven = context.loaded['driven'] as Driven | undefined;
  if (!driven) throw new Error('this story has no driven machine: is driveStory among its loaders?');
  return driven;
}

function need<T>(driven: Driven, name: MachineName): T {
  const ref = driven.actor(name);
  if (!ref) throw new Error(`${driven.state}: there is no ${name} machine to render`);
  return ref as T;
}

/** A screen of the wizard, given the driven machines. */
export type Screen = (driven: Driven, lang: Locale) => ReactNode;

export const facilityScreen: Screen = (d) => (
  <FacilityStep wizard={need<WizardRef>(d, 'wizard')} picker={need<FacilityPickerRef>(d, 'facilityPicker')} />
);
export const typeScreen: Screen = (d) => <TypeStep wizard={need<WizardRef>(d, 'wizard')} />;
export const numberScreen: Screen = (d) => <NumberStep wizard={need<WizardRef>(d, 'wizard')} />;
export const recipientScreen: Screen = (d) => (
  <RecipientStep wizard={need<WizardRef>(d, 'wizard')} search={need<RecipientSearchRef>(d, 'recipientSearch')} />
);
export const checkoutScreen: Screen = (d, lang) => (
  <CheckoutStep wizard={need<WizardRef>(d, 'wizard')} checkout={need<CheckoutRef>(d, 'checkout')} lang={lang} />
);
export const receiptScreen: Screen = (d, lang) => (
  <ReceiptStep
    wizard={need<WizardRef>(d, 'wizard')}
    flow={d.actor('receiptFlow') as ReceiptFlowRef | undefined}
    lang={lang}
  />
);

function changeLanguage(driven: Driven, lang: Locale): void {
  driven.app.send({ type: 'app.language', lang });
  void i18n.changeLanguage(lang);
}

/**
 * The configured numbers the server sent with the form state (§8 customer service phone), and the app's
 * actor system, where a screen finds the machines it renders by name.
 */
function WithSite({ driven, children }: { driven: Driven; children: ReactNode }) {
  const { site, signedIn, mobile } = driven.app.getSnapshot().context;
  return (
    <ActorSystemProvider system={driven.app.system}>
      <SiteContext.Provider value={site}>
        <SessionContext.Provider value={{ signedIn, mobile, signOut: () => driven.app.send({ type: 'app.signOut' }) }}>
          {children}
        </SessionContext.Provider>
      </SiteContext.Provider>
    </ActorSystemProvider>
  );
}

/** The Layout of §2 around a screen; the language links change the app's language as in the app. */
function ScreenPage({
  driven,
  lang,
  progress,
  children,
}: {
  driven: Driven;
  lang: Locale;
  progress: number | null;
  children: ReactNode;
}) {
  return (
    <WithSite driven={driven}>
      <Layout lang={lang} progress={progress} onLanguage={(l) => changeLanguage(driven, l)}>
        {children}
      </Layout>
    </WithSite>
  );
}

/** meta.render of a screen's stories: the screen in the Layout at the step's progress figure (§2). */
export function renderScreen(screen: Screen, progress: number | null) {
  return function render(_args: unknown, context: RenderContext) {
    const driven = drivenOf(context);
    const lang = localeOf(context.globals);
    return (
      <ScreenPage driven={driven} lang={lang} progress={progress}>
        {screen(driven, lang)}
      </ScreenPage>
    );
  };
}

/**
 * The wizard's own screen: its table from state to step, with the Layout at the step's progress. The
 * checkout step loads lazily: a story's play waits for the step before the accessibility check.
 */
export function renderWizard(_args: unknown, context: RenderContext) {
  const driven = drivenOf(context);
  return (
    <WithSite driven={driven}>
      <WizardScreen
        wizard={need<WizardRef>(driven, 'wizard')}
        lang={localeOf(context.globals)}
        onLanguage={(l) => changeLanguage(driven, l)}
      />
    </WithSite>
  );
}

/** The whole app as src/main.tsx renders it: its own table from state to screen. */
export function renderApp(_args: unknown, context: RenderContext) {
  return <App app={drivenOf(context).app} i18n={i18n} />;
}

/** The site's stylesheet inside a shadow root, where `:root` is the host. */
const SHADOW_CSS = siteCss.replaceAll(':root', ':host');

/**
 * Renders `children` in a shadow root of its own, with the site's stylesheet: screens shown side by
 * side keep their ids (`field-…`, `error-summary`) and ARIA references apart, as on separate pages.
 */
export function Isolated({ children }: { children: ReactNode }) {
  const host = useRef<HTMLDivElement>(null);
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useLayoutEffect(() => {
    const el = host.current;
    if (el) setRoot(el.shadowRoot ?? el.attachShadow({ mode: 'open' }));
  }, []);
  return (
    <div ref={host}>
      {root
        ? createPortal(
            <>
              <style>{SHADOW_CSS}</style>
              {children}
            </>,
            root,
          )
        : null}
    </div>
  );
}
