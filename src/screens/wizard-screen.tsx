// The one place that reads the wizard's state value: a table from state to screen (STYLE.md).
import { useSelector } from '@xstate/react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PROGRESS } from '../../contract/constants.ts';
import type { Locale } from '../../contract/entities.ts';
import type { WizardRoute } from '../../machines/wizard.types.ts';
import { Layout } from '../components/layout.tsx';
import type { CheckoutRef, FacilityPickerRef, RecipientSearchRef, WizardRef, WizardSnapshot } from '../machine-refs.ts';
import { pathOf, routeOfHash } from '../routes.ts';
import { FacilityStep } from './facility-step.tsx';
import { lazyScreen, whenIdle } from './lazy-screen.ts';
import type { ReceiptFlowRef } from './receipt-step.tsx';
import { FailureScreen, LoadingScreen } from './status-screens.tsx';

// Every step after the first is a chunk of its own (docs/decisions/0032), so the first screen stays
// small on old phones; the next steps' chunks are fetched while the payer is idle on this one.
const TypeStep = lazyScreen(() => import('./type-step.tsx').then((m) => m.TypeStep));
const NumberStep = lazyScreen(() => import('./number-step.tsx').then((m) => m.NumberStep));
const RecipientStep = lazyScreen(() => import('./recipient-step.tsx').then((m) => m.RecipientStep));
const CheckoutStep = lazyScreen(() => import('./checkout-step.tsx').then((m) => m.CheckoutStep));
const ReceiptStep = lazyScreen(() => import('./receipt-step.tsx').then((m) => m.ReceiptStep));

/** The steps that may come after each one (§2: type leads to number for dest, else to recipient). */
const NEXT: Record<WizardRoute, readonly { preload: () => Promise<unknown> }[]> = {
  facility: [TypeStep],
  type: [NumberStep, RecipientStep],
  number: [CheckoutStep],
  recipient: [CheckoutStep],
  checkout: [ReceiptStep],
  receipt: [],
};

/** Each step's page title (read first by screen readers and shown in the tab). */
const TITLES: Record<WizardRoute, string> = {
  facility: 'FACILITY.HEADING',
  type: 'TYPE.HEADING',
  number: 'NUMBER.HEADING',
  recipient: 'RECIPIENT.TITLE',
  checkout: 'CHECKOUT.HEADING',
  receipt: 'RECEIPT.HEADING',
};

const STEPS: readonly WizardRoute[] = ['facility', 'type', 'number', 'recipient', 'checkout', 'receipt'];

/** The wizard step the snapshot is in, or null while routing, loading or failed. */
export function stepOf(snapshot: WizardSnapshot): WizardRoute | null {
  return STEPS.find((step) => snapshot.matches({ step } as never)) ?? null;
}

export function WizardScreen({
  wizard,
  lang,
  onLanguage,
}: {
  wizard: WizardRef;
  lang: Locale;
  onLanguage: (l: Locale) => void;
}) {
  const snapshot = useSelector(wizard, (s) => s);
  const step = stepOf(snapshot);
  useHashSync(step, snapshot.context.fields.facility_country);
  const progress = step ? PROGRESS[step] : null;
  useEffect(() => {
    if (!step) return;
    return whenIdle(() => {
      for (const next of NEXT[step]) void next.preload().catch(() => {});
    });
  }, [step]);
  const { t } = useTranslation();
  useEffect(() => {
    document.title = step ? `${t(TITLES[step])} - ${t('LAYOUT.SITE_NAME')}` : t('LAYOUT.SITE_NAME');
  }, [step, t]);
  return (
    <Layout lang={lang} onLanguage={onLanguage} progress={progress}>
      <Suspense fallback={<LoadingScreen />}>{renderStep(snapshot, wizard, step, lang)}</Suspense>
    </Layout>
  );
}

function renderStep(snapshot: WizardSnapshot, wizard: WizardRef, step: WizardRoute | null, lang: Locale) {
  const children = snapshot.children as Record<string, unknown>;
  switch (step) {
    case 'facility':
      return children.facilityPicker ? (
        <FacilityStep wizard={wizard} picker={children.facilityPicker as FacilityPickerRef} />
      ) : (
        <LoadingScreen />
      );
    case 'type':
      return <TypeStep wizard={wizard} />;
    case 'number':
      return <NumberStep wizard={wizard} />;
    case 'recipient':
      return children.recipientSearch ? (
        <RecipientStep wizard={wizard} search={children.recipientSearch as RecipientSearchRef} />
      ) : (
        <LoadingScreen />
      );
    case 'checkout':
      return children.checkout ? (
        <CheckoutStep key="checkout" wizard={wizard} checkout={children.checkout as CheckoutRef} lang={lang} />
      ) : (
        <LoadingScreen />
      );
    case 'receipt':
      return <ReceiptStep wizard={wizard} flow={children.receiptFlow as ReceiptFlowRef | undefined} lang={lang} />;
    default:
      if (snapshot.matches({ step: 'failed' } as never)) {
        return (
          <FailureScreen messageKey={snapshot.context.failure} onRetry={() => wizard.send({ type: 'wizard.retry' })} />
        );
      }
      return <LoadingScreen />;
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
