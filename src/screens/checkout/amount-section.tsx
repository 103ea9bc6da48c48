// §2/§4 the amount (presets 25, 50, 75, 100, 150 and 'other') and the payment summary, from the
// checkout's amount machine; a picked roundup's figures replace the amount's (choices machine). The
// figures are the server's (contract/format.ts); the summary's view is the amount's state's (the table).
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_PRESETS, OTHER_AMOUNT_MAX_LENGTH, OTHER_PRESET_ID } from '../../../contract/constants.ts';
import type { Locale } from '../../../contract/entities.ts';
import { formatMoney, formatSum } from '../../../contract/format.ts';
import { checkoutTotals } from '../../../machines/checkout-rules.ts';
import { TextField } from '../../components/fields.tsx';
import type { CheckoutAmountRef, CheckoutChoicesRef, CheckoutRef } from '../../machine-refs.ts';
import { screenOf } from '../../screen-table.ts';
import { CHECKOUT_SCREENS } from './checkout-screens.ts';

/** The amount field's message: the server's or the §5 rule's; or, after a submit, why it cannot be taken. */
export function AmountChoice({
  checkout,
  amount,
  lang,
  error,
}: {
  checkout: CheckoutRef;
  amount: CheckoutAmountRef;
  lang: Locale;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const chosen = useSelector(amount, (s) => s.context.fields.deposit_amount_id);
  const otherAmount = useSelector(amount, (s) => s.context.otherAmount);
  const limits = useSelector(amount, (s) => s.context.limits);
  const ownError = useSelector(amount, (s) => s.context.error);
  const shown = error ?? ownError ?? undefined;
  return (
    <fieldset className="presets">
      <legend>
        {t('CHECKOUT.AMOUNT')}
        {shown ? <span className="label__error"> - {t(shown)}</span> : null}
      </legend>
      <p className="hint">
        {t('CHECKOUT.LIMITS', { min: formatMoney(limits.min, lang), max: formatMoney(limits.max, lang) })}
      </p>
      <div className={`presets__grid presets__grid--${CHECKOUT_PRESETS.length + 1 > 2 ? 3 : 2}`}>
        {[...CHECKOUT_PRESETS.map(String), OTHER_PRESET_ID].map((id) => (
          <label key={id} className="preset">
            <input
              type="radio"
              name="deposit_amount_id"
              id={id === CHECKOUT_PRESETS[0].toString() ? 'field-deposit_amount' : undefined}
              value={id}
              checked={chosen === id}
              onChange={() => checkout.send({ type: 'amount.preset', id })}
            />
            <span>{id === OTHER_PRESET_ID ? t('CHECKOUT.OTHER') : formatMoney(Number(id), lang)}</span>
          </label>
        ))}
      </div>
      {chosen === OTHER_PRESET_ID ? (
        <TextField
          name="other_amount"
          labelKey="CHECKOUT.OTHER_AMOUNT"
          inputMode="decimal"
          maxLength={OTHER_AMOUNT_MAX_LENGTH}
          value={otherAmount}
          onValue={(v) => checkout.send({ type: 'amount.other', text: v })}
        />
      ) : null}
    </fieldset>
  );
}

/** §2 payment summary: fees collapsible, a loading state until calculated, total 0 out of bounds. */
export function PaymentSummary({
  checkout,
  amount,
  choices,
  lang,
  children,
}: {
  checkout: CheckoutRef;
  amount: CheckoutAmountRef;
  choices: CheckoutChoicesRef | undefined;
  lang: Locale;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const view = useSelector(amount, (s) => screenOf(CHECKOUT_SCREENS, 'checkoutAmount', s)?.view);
  const deposit = useSelector(amount, (s) => s.context.fields.deposit_amount);
  const quote = useSelector(amount, (s) => s.context.quote);
  const roundups = useSelector(amount, (s) => s.context.roundups);
  const failure = useSelector(amount, (s) => s.context.feeFailure);
  const picked = useSelector(choices, (s) => (s?.context.choice.roundups ? s.context.choice.selected_roundup : null));
  const totals = checkoutTotals(deposit, quote, roundups, picked);
  const calculating = view === 'summary.calculating';
  return (
    <section className="panel summary" aria-labelledby="checkout-summary" aria-busy={calculating}>
      <h2 id="checkout-summary">{t('CHECKOUT.SUMMARY')}</h2>
      {calculating ? <p role="status">{t('CHECKOUT.CALCULATING')}</p> : null}
      {view === 'summary.failed' ? (
        <div role="alert">
          <p>{t(failure ?? 'ERROR.UNEXPECTED')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => checkout.send({ type: 'fees.retry' })}
          >
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      ) : null}
      <dl className="facts">
        <dt>{t('CHECKOUT.DEPOSIT_AMOUNT')}</dt>
        <dd>{formatMoney(view === 'summary.outOfBounds' ? 0 : totals.amount, lang)}</dd>
        {totals.fee !== null ? (
          <>
            <dt>{t('CHECKOUT.FEE')}</dt>
            <dd>
              <details>
                <summary>{formatSum([totals.fee, totals.tax ?? 0], lang)}</summary>
                <p>
                  {t('CHECKOUT.FEE_DETAIL', { fee: formatMoney(totals.fee, lang), tax: formatMoney(totals.tax, lang) })}
                </p>
              </details>
            </dd>
          </>
        ) : null}
        <dt>{t('CHECKOUT.TOTAL')}</dt>
        <dd className="total">{formatMoney(totals.total, lang)}</dd>
      </dl>
      {children}
    </section>
  );
}
