// deposit.receipt (§2, 100%, no back): what was paid, to whom, with what.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../contract/entities.ts';
import { StepHeading } from '../components/step-heading.tsx';
import { TYPE_TITLE_KEYS } from '../deposit-types.ts';
import { brandName, formatDate, formatMoney } from '../format.ts';
import type { WizardRef } from '../machine-refs.ts';

export function ReceiptStep({ wizard, lang }: { wizard: WizardRef; lang: Locale }) {
  const { t } = useTranslation();
  const receipt = useSelector(wizard, (s) => s.context.fields.cached_deposit_info);
  const clearing = useSelector(wizard, (s) => s.matches({ step: { receipt: 'clearing' } }));
  if (!receipt) {
    return (
      <div>
        <StepHeading>{t('ERROR.HEADING')}</StepHeading>
        <p>{t('ERROR.UNEXPECTED')}</p>
      </div>
    );
  }
  const name = `${receipt.recipient_first_name} ${receipt.recipient_last_name}`;
  return (
    <div className="receipt">
      <StepHeading>{t('RECEIPT.HEADING')}</StepHeading>
      <p>{t('RECEIPT.INTRO', { name, amount: formatMoney(receipt.amount, lang) })}</p>
      <dl className="facts">
        <dt>{t('RECEIPT.ORDER_NUMBER')}</dt>
        <dd data-testid="order-number">{receipt.order_number}</dd>
        <dt>{t('RECEIPT.DATE')}</dt>
        <dd data-testid="receipt-date">{formatDate(receipt.deposit_time)}</dd>
        <dt>{t('RECEIPT.TYPE')}</dt>
        <dd>{t(TYPE_TITLE_KEYS[receipt.deposit_type], { label: receipt.inmate_label })}</dd>
        <dt>{receipt.inmate_label}</dt>
        <dd>{name}</dd>
        <dt>{t('RECEIPT.FACILITY')}</dt>
        <dd>{receipt.facility_label}</dd>
        {receipt.recipient_dob ? (
          <>
            <dt>{t('RECEIPT.DOB')}</dt>
            <dd>{formatDate(receipt.recipient_dob)}</dd>
          </>
        ) : receipt.recipient_age != null ? (
          <>
            <dt>{t('RECEIPT.AGE')}</dt>
            <dd>{receipt.recipient_age}</dd>
          </>
        ) : null}
        {receipt.booking_code ? (
          <>
            <dt>{t('RECEIPT.BOOKING_NUMBER')}</dt>
            <dd>{receipt.booking_code}</dd>
          </>
        ) : null}
        <dt>{t('RECEIPT.DEPOSIT_AMOUNT')}</dt>
        <dd>{formatMoney(receipt.amount, lang)}</dd>
        <dt>{t('RECEIPT.FEE')}</dt>
        <dd>{formatMoney(receipt.fee + receipt.tax, lang)}</dd>
        <dt>{t('RECEIPT.AMOUNT_PAID')}</dt>
        <dd data-testid="amount-paid">{formatMoney(receipt.total, lang)}</dd>
        <dt>{t('RECEIPT.PAYMENT_METHOD')}</dt>
        <dd>{t('RECEIPT.CARD_ENDING', { brand: brandName(receipt.card_brand), last4: receipt.card_last4 })}</dd>
        <dt>{t('RECEIPT.CARD_EXPIRY')}</dt>
        <dd>{receipt.card_expiry}</dd>
      </dl>
      <div className="wizard-nav no-print">
        <button type="button" className="button button--secondary" onClick={() => window.print()}>
          {t('RECEIPT.PRINT')}
        </button>
      </div>
      <section className="panel no-print" aria-labelledby="next-steps">
        <h2 id="next-steps">{t('RECEIPT.NEXT_STEPS')}</h2>
        <button
          type="button"
          className="button"
          disabled={clearing}
          onClick={() => wizard.send({ type: 'wizard.another' })}
        >
          {t('RECEIPT.MAKE_ANOTHER')}
        </button>
      </section>
    </div>
  );
}
