// /account/recurring_deposits (§2): renders the recurringDeposits machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { RecurringDeposit } from '../../../contract/accounts.ts';
import type { Locale } from '../../../contract/entities.ts';
import type { recurringDepositsMachine } from '../../../machines/recurring-deposits.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { Modal } from '../../components/modal.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { brandName, lastFour, scheduleText } from '../../format.ts';
import { formatMoney } from '../../../contract/format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type RecurringRef = ActorRefFrom<typeof recurringDepositsMachine>;

export function RecurringDepositsPage({ page }: PageScreenProps) {
  const recurring = page as RecurringRef;
  const context = useSelector(recurring, (s) => s.context);
  const busy = useSelector(recurring, (s) => s.hasTag('busy'));
  const { t, i18n } = useTranslation();
  const lang = (i18n.language === 'es' ? 'es' : 'en') as Locale;
  const frame = usePageFrame(recurring, 'recurringDeposits');
  if (frame) return frame;
  const { deposits, chosen, cancelled, failure } = context;
  const title = (d: RecurringDeposit) =>
    t('RECURRING.ITEM', { amount: formatMoney(d.amount, lang), recipient: d.display_name });
  const schedule = (d: RecurringDeposit) => scheduleText(t, d.interval_type, d.day_in_interval);
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.RECURRING_DEPOSITS')}</StepHeading>
      <AccountNav current="recurring_deposits" />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div role="status">
        {cancelled ? <p className="notice">{t('RECURRING.CANCELLED', { deposit: title(cancelled) })}</p> : null}
      </div>
      {deposits.length === 0 ? (
        <p>{t('RECURRING.NONE')}</p>
      ) : (
        <ul className="item-list" aria-label={t('PAGES.RECURRING_DEPOSITS')}>
          {deposits.map((d) => (
            <li key={`${d.isPam ? 'pam' : 'own'}-${d.id}`}>
              <div className="item__main">
                <p className="item__title">{title(d)}</p>
                <p className="item__meta">
                  {schedule(d)} · {t(`RECURRING.TYPE_${d.deposit_type}`)} ·{' '}
                  {t('RECEIPT.CARD_ENDING', { brand: brandName(d.card_type), last4: lastFour(d.card_display) })}
                </p>
              </div>
              <button
                type="button"
                className="button button--secondary"
                aria-label={t('RECURRING.CANCEL_ITEM', { deposit: title(d) })}
                onClick={() => recurring.send({ type: 'recurring.cancel', id: d.id, isPam: d.isPam })}
              >
                {t('RECURRING.CANCEL')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen ? (
        <Modal
          role="alertdialog"
          title={t('RECURRING.CONFIRM_TITLE')}
          onClose={busy ? undefined : () => recurring.send({ type: 'recurring.keep' })}
        >
          <p>{t('RECURRING.CONFIRM_TEXT', { deposit: title(chosen), schedule: schedule(chosen) })}</p>
          <div className="wizard-nav">
            <button
              type="button"
              className="button button--secondary"
              disabled={busy}
              onClick={() => recurring.send({ type: 'recurring.keep' })}
            >
              {t('RECURRING.KEEP')}
            </button>
            <button
              type="button"
              className="button"
              disabled={busy}
              aria-busy={busy || undefined}
              onClick={() => recurring.send({ type: 'recurring.confirm' })}
            >
              {busy ? t('WIZARD.PLEASE_WAIT') : t('RECURRING.CANCEL')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}
