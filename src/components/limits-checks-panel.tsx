// §4/§5: the panel the checkout shows while its limits are not ready (their region is the machine's,
// machines/checkout-limits.ts): the unified-wallet trust checks under way, maxed out (no summary, a Back
// button), refused (not approved, fraud flag, lookup failure) or failed (with a retry). The amounts, summary
// and card appear only once ready.
import { useTranslation } from 'react-i18next';
import type { CheckoutRef } from '../machine-refs.ts';
import { WizardNav } from './layout.tsx';
import { StepHeading } from './step-heading.tsx';

/** What the checkout shows before an amount may be chosen (the views of its table). */
export type LimitsView =
  | 'limits.checkingDepositor'
  | 'limits.checkingInmate'
  | 'limits.loadingLimits'
  | 'limits.maxedOut'
  | 'limits.refused'
  | 'limits.failed';

/** The status line of each check while it runs. */
const CHECKING_KEYS: Partial<Record<LimitsView, string>> = {
  'limits.checkingDepositor': 'UW.CHECKING_DEPOSITOR',
  'limits.checkingInmate': 'UW.CHECKING_INMATE',
  'limits.loadingLimits': 'UW.LOADING_LIMITS',
};

export function LimitsChecksPanel({
  view,
  checkout,
  refusal,
  recipient,
  onBack,
}: {
  view: LimitsView;
  checkout: CheckoutRef;
  /** i18n key of why the deposit cannot be taken, or of the failure. */
  refusal: string | null;
  /** The deposit's type, facility and recipient as the checkout names them. */
  recipient: { typeLabel: string; facility: string; label: string; name: string };
  onBack: () => void;
}) {
  const { t } = useTranslation();
  const checking = CHECKING_KEYS[view];
  return (
    <div>
      <StepHeading>{t('CHECKOUT.HEADING')}</StepHeading>
      <section className="panel" aria-labelledby="checkout-recipient">
        <h2 id="checkout-recipient">{t('CHECKOUT.RECIPIENT_TITLE')}</h2>
        <dl className="facts">
          <dt>{t('CHECKOUT.DEPOSIT_TYPE')}</dt>
          <dd>{recipient.typeLabel}</dd>
          <dt>{t('CHECKOUT.FACILITY')}</dt>
          <dd>{recipient.facility}</dd>
          <dt>{recipient.label}</dt>
          <dd>{recipient.name}</dd>
        </dl>
      </section>
      {checking ? (
        <p role="status" aria-busy="true">
          {t(checking)}
        </p>
      ) : null}
      {view === 'limits.maxedOut' ? (
        <div className="notice notice--error" role="alert" aria-labelledby="checkout-maxed-out">
          <h2 id="checkout-maxed-out">{t('UW.MAXED_OUT_TITLE')}</h2>
          <p>{t('UW.MAXED_OUT_TEXT', { labelLower: recipient.label.toLowerCase() })}</p>
        </div>
      ) : null}
      {view === 'limits.refused' ? (
        <div className="notice notice--error" role="alert">
          <p>{t(refusal ?? 'ERROR.UNEXPECTED')}</p>
          <p>{t('UW.REFUSED_TEXT')}</p>
        </div>
      ) : null}
      {view === 'limits.failed' ? (
        <div className="notice notice--error" role="alert">
          <p>
            {t('UW.CHECK_FAILED')} {t(refusal ?? 'ERROR.UNEXPECTED')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => checkout.send({ type: 'limits.retry' })}
          >
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      ) : null}
      <WizardNav showContinue={false} onBack={onBack} />
    </div>
  );
}
