// §4 one time, recurring or a roundup (the checkout's choices machine), and the pam variant's once or
// bi-weekly. What is offered is the machine's: `snapshot.can()` says whether recurring may be chosen.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { NO_ROUNDUP_ID, RECURRING_DAYS } from '../../../contract/checkout-services.ts';
import type { Locale } from '../../../contract/entities.ts';
import { formatMoney } from '../../../contract/format.ts';
import { roundupOffers } from '../../../machines/checkout-rules.ts';
import { SelectField } from '../../components/fields.tsx';
import type { CheckoutChoicesRef, CheckoutRef } from '../../machine-refs.ts';

const NONE: readonly never[] = [];

/** "How often", with the choice's error (card and pam modes alike). */
function RecurringLegend({ error }: { error: string | undefined }) {
  const { t } = useTranslation();
  return (
    <legend>
      {t('CHECKOUT.RECURRING')}
      {error ? <span className="label__error"> - {t(error)}</span> : null}
    </legend>
  );
}

/** §4/§9 the roundup options beyond "No thanks", for one-time payments only; none until priced. */
export function RoundupChoice({
  checkout,
  choices,
  lang,
}: {
  checkout: CheckoutRef;
  choices: CheckoutChoicesRef;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const offers = useSelector(choices, (s) =>
    s.context.options.length ? roundupOffers(s.context.options, s.context.choice) : NONE,
  );
  const picked = useSelector(choices, (s) =>
    s.context.choice.roundups ? (s.context.choice.selected_roundup?.id ?? NO_ROUNDUP_ID) : NO_ROUNDUP_ID,
  );
  if (offers.length === 0) return null;
  return (
    <fieldset className="choices">
      <legend>{t('CHECKOUT.ROUNDUP')}</legend>
      <p className="hint">{t('CHECKOUT.ROUNDUP_HINT')}</p>
      {offers.map((r, i) => (
        <label key={r.id} className="choice">
          <input
            type="radio"
            name="selected_roundup"
            id={i === 0 ? 'field-selected_roundup' : undefined}
            checked={picked === r.id}
            onChange={() => checkout.send({ type: 'roundup.pick', id: r.id })}
          />
          <span>
            {t('CHECKOUT.ROUNDUP_OPTION', { amount: formatMoney(r.roundup_amount, lang), count: r.free_calls })}
          </span>
        </label>
      ))}
      <label className="choice">
        <input
          type="radio"
          name="selected_roundup"
          checked={picked === NO_ROUNDUP_ID}
          onChange={() => checkout.send({ type: 'roundup.pick', id: NO_ROUNDUP_ID })}
        />
        <span>{t('CHECKOUT.NO_THANKS')}</span>
      </label>
    </fieldset>
  );
}

/** §4 recurring: one-time, weekly (day of week) or monthly (day of month); offered with saved cards only. */
export function RecurringChoice({
  checkout,
  choices,
  errorOf,
}: {
  checkout: CheckoutRef;
  choices: CheckoutChoicesRef;
  errorOf: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const offered = useSelector(choices, (s) => s.can({ type: 'recurring.type', recurringType: 'monthly' }));
  const type = useSelector(choices, (s) => s.context.choice.recurring_type);
  const day = useSelector(choices, (s) => s.context.choice.recurring_increment);
  if (!offered) return null;
  return (
    <fieldset className="choices">
      <RecurringLegend error={errorOf('recurring_type')} />
      {(['', 'weekly', 'monthly'] as const).map((option) => (
        <label key={option || 'once'} className="choice">
          <input
            type="radio"
            name="recurring_type"
            id={option === '' ? 'field-recurring_type' : undefined}
            checked={type === option}
            onChange={() => checkout.send({ type: 'recurring.type', recurringType: option })}
          />
          <span>{t(`CHECKOUT.RECURRING_${option === '' ? 'ONCE' : option.toUpperCase()}`)}</span>
        </label>
      ))}
      {type !== '' ? (
        <SelectField
          name="recurring_increment"
          labelKey={type === 'weekly' ? 'CHECKOUT.RECURRING_WEEKDAY' : 'CHECKOUT.RECURRING_DAY'}
          placeholderKey="CHECKOUT.CHOOSE_DAY"
          value={day === null ? '' : String(day)}
          error={errorOf('recurring_increment')}
          options={Array.from({ length: RECURRING_DAYS[type].max - RECURRING_DAYS[type].min + 1 }, (_, i) => {
            const d = RECURRING_DAYS[type].min + i;
            return { value: String(d), label: type === 'weekly' ? t(`RECURRING.WEEKDAY_${d}`) : String(d) };
          })}
          onValue={(v) => checkout.send({ type: 'recurring.day', day: Number(v) })}
        />
      ) : null}
      {type !== '' ? <p className="hint">{t('CHECKOUT.RECURRING_HINT')}</p> : null}
    </fieldset>
  );
}

/** §4 pam mode: one time, or bi-weekly on the 1st and the 15th (the endpoint keeps the card). */
export function PamRecurringChoice({
  checkout,
  choices,
  errorOf,
}: {
  checkout: CheckoutRef;
  choices: CheckoutChoicesRef;
  errorOf: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const offered = useSelector(choices, (s) => s.context.pamOffered);
  const biweekly = useSelector(choices, (s) => s.context.choice.pamRecurring);
  if (!offered) return null;
  return (
    <fieldset className="choices">
      <RecurringLegend error={errorOf('recurring_type')} />
      {([false, true] as const).map((option) => (
        <label key={String(option)} className="choice">
          <input
            type="radio"
            name="pam_recurring"
            id={option ? undefined : 'field-recurring_type'}
            checked={biweekly === option}
            onChange={() => checkout.send({ type: 'pam.recurring', biweekly: option })}
          />
          <span>{t(option ? 'RECURRING.BIWEEKLY' : 'CHECKOUT.RECURRING_ONCE')}</span>
        </label>
      ))}
      {biweekly ? <p className="hint">{t('CHECKOUT.PAM_RECURRING_HINT')}</p> : null}
    </fieldset>
  );
}
