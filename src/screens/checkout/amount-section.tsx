// §2/§4 the amount (presets 25, 50, 75, 100, 150 and 'other') and the payment summary, from the
// checkout's amount machine; a picked roundup's figures replace the amount's (choices machine). The
// figures are the server's (contract/format.ts); the summary's view is the amount's state's (the table).
// Each fee is said in plain words beside its amount, as money and as a share of the deposit
// (docs/decisions/0052): the same facts for every amount, none of them recommended over another.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_PRESETS, OTHER_AMOUNT_MAX_LENGTH, OTHER_PRESET_ID } from '../../../contract/constants.ts';
import type { Fee, Locale } from '../../../contract/entities.ts';
import { formatMoney, formatShare, formatSum, toCents } from '../../../contract/format.ts';
import { checkoutTotals } from '../../../machines/checkout-rules.ts';
import { TextField } from '../../components/fields.tsx';
import type { CheckoutAmountRef, CheckoutChoicesRef, CheckoutRef } from '../../machine-refs.ts';
import { screenOf } from '../../screen-table.ts';
import { CHECKOUT_SCREENS } from './checkout-screens.ts';

/**
 * A fee in plain words: the money (the fee and the tax on it: what is paid on top of the deposit) and its
 * share of the deposit, 'Fee $4.95, 20% of $25.00'.
 */
export function feeWords(fee: Pick<Fee, 'fee' | 'tax'>, amount: number, lang: Locale) {
  const feeCents = toCents(fee.fee) + toCents(fee.tax);
  return {
    fee: formatSum([fee.fee, fee.tax], lang),
    share: formatShare(feeCents, toCents(amount), lang),
    amount: formatMoney(amount, lang),
  };
}

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
  const presetFees = useSelector(amount, (s) => s.context.presetFees);
  // The typed amount's fee, once priced (the summary says when it is being calculated).
  const quote = useSelector(amount, (s) => s.context.quote);
  const deposit = useSelector(amount, (s) => s.context.fields.deposit_amount);
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
        {[...CHECKOUT_PRESETS.map(String), OTHER_PRESET_ID].map((id) => {
          const fee = presetFees.find((p) => String(p.amount) === id);
          // Outside the label: the choice is named by its amount; its fee describes it (read after it).
          const feeId = `preset-fee-${id}`;
          return (
            <div key={id} className="preset">
              <label className="preset__choice">
                <input
                  type="radio"
                  name="deposit_amount_id"
                  id={id === CHECKOUT_PRESETS[0].toString() ? 'field-deposit_amount' : undefined}
                  value={id}
                  checked={chosen === id}
                  aria-describedby={fee ? feeId : undefined}
                  onChange={() => checkout.send({ type: 'amount.preset', id })}
                />
                <span>{id === OTHER_PRESET_ID ? t('CHECKOUT.OTHER') : formatMoney(Number(id), lang)}</span>
              </label>
              {fee ? (
                <span className="preset__fee" id={feeId}>
                  {t('CHECKOUT.FEE_SHARE', feeWords(fee, fee.amount, lang))}
                </span>
              ) : null}
            </div>
          );
        })}
      </div>
      {chosen === OTHER_PRESET_ID ? (
        <>
          <TextField
            name="other_amount"
            labelKey="CHECKOUT.OTHER_AMOUNT"
            inputMode="decimal"
            maxLength={OTHER_AMOUNT_MAX_LENGTH}
            value={otherAmount}
            onValue={(v) => checkout.send({ type: 'amount.other', text: v })}
            aria-describedby="other-amount-fee"
          />
          {/* Said when it appears: the fee of what was typed follows the typing. */}
          <p className="hint" id="other-amount-fee" aria-live="polite">
            {quote && deposit ? t('CHECKOUT.FEE_SHARE', feeWords(quote, deposit, lang)) : null}
          </p>
        </>
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
      {/* In plain words (docs/decisions/0052): what the recipient receives, the fee and its share, what the payer pays. */}
      <dl className="facts">
        <dt>{t('CHECKOUT.DEPOSIT_AMOUNT')}</dt>
        <dd>{formatMoney(view === 'summary.outOfBounds' ? 0 : totals.amount, lang)}</dd>
        {totals.fee !== null ? (
          <>
            <dt>{t('CHECKOUT.FEE')}</dt>
            <dd>
              <details>
                <summary>
                  <span>{formatSum([totals.fee, totals.tax ?? 0], lang)}</span>,{' '}
                  <span>
                    {t('CHECKOUT.SHARE_OF', feeWords({ fee: totals.fee, tax: totals.tax ?? 0 }, totals.amount, lang))}
                  </span>
                </summary>
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
