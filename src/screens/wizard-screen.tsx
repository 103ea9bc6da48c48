// The wizard's renderer: the step of the state the wizard is in, by its table (wizard-screens.ts), in the
// Layout at the step's progress; the URL hash and the title follow the step.
import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS } from '../../contract/constants.ts';
import { formatCents } from '../../contract/format.ts';
import type { Locale } from '../../contract/entities.ts';
import type { WizardRoute } from '../../machines/wizard.types.ts';
import { Layout } from '../components/layout.tsx';
import { type WizardRef, useSystemActor } from '../machine-refs.ts';
import { routeOf } from '../../machines/wizard-route.ts';
import { pathOf, routeOfHash } from '../routes.ts';
import { FacilityStep } from './facility-step.tsx';
import { lazyScreen } from './lazy-screen.ts';
import { FailureScreen, LoadingScreen } from './status-screens.tsx';
import { screenOf } from '../screen-table.ts';
import { WIZARD_SCREENS } from './wizard-screens.ts';

// Every step after the first is a chunk of its own (docs/decisions/0032), so the first screen stays
// small on old phones; the next steps' chunks are fetched as soon as this one is shown, so that Continue
// waits for the server only (docs/decisions/0054).
const TypeStep = lazyScreen(() => import('./type-step.tsx').then((m) => m.TypeStep));
const NumberStep = lazyScreen(() => import('./number-step.tsx').then((m) => m.NumberStep));
const RecipientStep = lazyScreen(() => import('./recipient-step.tsx').then((m) => m.RecipientStep));
const CheckoutStep = lazyScreen(() => import('./checkout-step.tsx').then((m) => m.CheckoutStep));
const ReceiptStep = lazyScreen(() => import('./receipt-step.tsx').then((m) => m.ReceiptStep));

const LAZY_STEPS: Record<Exclude<WizardRoute, 'facility'>, { preload: () => Promise<unknown> }> = {
  type: TypeStep,
  number: NumberStep,
  recipient: RecipientStep,
  checkout: CheckoutStep,
  receipt: ReceiptStep,
};

/** The steps that may come after each one (§2: type leads to number for dest, else to recipient). */
const NEXT: Record<WizardRoute, readonly Exclude<WizardRoute, 'facility'>[]> = {
  facility: ['type'],
  type: ['number', 'recipient'],
  number: ['checkout'],
  recipient: ['checkout'],
  checkout: ['receipt'],
  receipt: [],
};

/**
 * Fetches the next steps' chunks, then, once each is in, the steps after it (docs/decisions/0054): a payer
 * who goes on at once (a known facility, a quick choice of type) finds the step after the next one
 * loaded too, while the next step's own chunk is never queued behind it on a slow line. A failed fetch
 * (offline) is tried again when the step is shown.
 */
function fetchAhead(step: WizardRoute, depth: number): void {
  for (const next of NEXT[step]) {
    void LAZY_STEPS[next]
      .preload()
      .then(() => {
        if (depth > 1) fetchAhead(next, depth - 1);
      })
      .catch(() => {});
  }
}

/** Each step's page title (read first by screen readers and shown in the tab). */
const TITLES: Record<WizardRoute, string> = {
  facility: 'FACILITY.HEADING',
  type: 'TYPE.HEADING',
  number: 'NUMBER.HEADING',
  recipient: 'RECIPIENT.TITLE',
  checkout: 'CHECKOUT.HEADING',
  receipt: 'RECEIPT.HEADING',
};

/** The wizard in the Layout at the step's progress (§2), as the stories show it. */
export function WizardScreen({
  wizard,
  lang,
  onLanguage,
}: {
  wizard: WizardRef;
  lang: Locale;
  onLanguage: (l: Locale) => void;
}) {
  const step = useSelector(wizard, routeOf);
  return (
    <Layout lang={lang} onLanguage={onLanguage} progress={wizardProgress(step)}>
      <WizardSteps wizard={wizard} lang={lang} />
    </Layout>
  );
}

/** The progress bar's figure of a step (§2); none while routing, loading or failed. */
export function wizardProgress(step: WizardRoute | null): number | null {
  return step ? PROGRESS[step] : null;
}

/**
 * The wizard's steps, without the Layout: the app shell draws the Layout around them, so that it stays
 * when the first screen or a page gives way to the wizard.
 */
export function WizardSteps({ wizard, lang }: { wizard: WizardRef; lang: Locale }) {
  // The route shown (the machine's, machines/wizard.machine.ts); null while routing, loading or failed.
  const step = useSelector(wizard, routeOf);
  const failed = useSelector(wizard, (s) => screenOf(WIZARD_SCREENS, 'wizard', s, 'step')?.view === 'failed');
  const country = useSelector(wizard, (s) => s.context.fields.facility_country);
  useHashSync(step, country);
  useEffect(() => {
    if (!step) return;
    // In a task of its own: after the app has marked its first screen (its effect runs after this one),
    // so the first screen's figures count what it needs, not what is fetched ahead.
    const id = window.setTimeout(() => fetchAhead(step, 2), 0);
    // The checkout's money format, built while the payer is on the step before: the first currency
    // format loads the browser's locale data, a long task (150 ms on a cheap phone) that was part of
    // drawing the checkout (docs/decisions/0063).
    const idle = NEXT[step].includes('checkout') ? whenIdle(() => formatCents(0, lang)) : () => {};
    return () => {
      window.clearTimeout(id);
      idle();
    };
  }, [step, lang]);
  const { t } = useTranslation();
  useEffect(() => {
    document.title = step ? `${t(TITLES[step])} - ${t('LAYOUT.SITE_NAME')}` : t('LAYOUT.SITE_NAME');
  }, [step, t]);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Step wizard={wizard} step={step} failed={failed} lang={lang} />
    </Suspense>
  );
}

/** Runs `work` when the page is idle (soon after, where the browser cannot say); returns its cancel. */
function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(work, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(work, 200);
  return () => window.clearTimeout(id);
}

/** The step's screen, with the child machine it renders once the step has started it. */
function Step({
  wizard,
  step,
  failed,
  lang,
}: {
  wizard: WizardRef;
  step: WizardRoute | null;
  failed: boolean;
  lang: Locale;
}) {
  // Each step's child machine, by its name in the system, once the step has started it.
  const picker = useSystemActor('facilityPicker');
  const search = useSystemActor('recipientSearch');
  const checkout = useSystemActor('checkout');
  const receiptFlow = useSystemActor('receiptFlow');
  const failure = useSelector(wizard, (s) => s.context.failure);
  switch (step) {
    case 'facility':
      return picker ? <FacilityStep wizard={wizard} picker={picker} /> : <LoadingScreen />;
    case 'type':
      return <TypeStep wizard={wizard} />;
    case 'number':
      return <NumberStep wizard={wizard} />;
    case 'recipient':
      return search ? <RecipientStep wizard={wizard} search={search} /> : <LoadingScreen />;
    case 'checkout':
      return checkout ? (
        <CheckoutStep key="checkout" wizard={wizard} checkout={checkout} lang={lang} />
      ) : (
        <LoadingScreen />
      );
    case 'receipt':
      return <ReceiptStep wizard={wizard} flow={receiptFlow} lang={lang} />;
    default:
      return failed ? (
        <FailureScreen messageKey={failure} onRetry={() => wizard.send({ type: 'wizard.retry' })} />
      ) : (
        <LoadingScreen />
      );
  }
}

/** §2: the hash follows the step (the app shell turns a hashchange into navigation). */
function useHashSync(step: WizardRoute | null, country: string) {
  useEffect(() => {
    if (!step) return;
    const path = `#${pathOf(step, country)}`;
    if (window.location.hash !== path) {
      if (routeOfHash(window.location.hash) === step) window.history.replaceState(null, '', path);
      else window.location.hash = path;
    }
  }, [step, country]);
}
