// §4 card choice: a signed-in payer's saved cards (the checkout's payment machine) with the chosen one's
// security code, or a new card with its billing address; a guest's contact details. The values are the
// form's (use-checkout-form.ts); the card's go to the card vault only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { CARD_NUMBER_MAX_LENGTH, cardBrand, cvcLengths } from '../../../contract/cards.ts';
import { regionsOf } from '../../../contract/regions.ts';
import { yearOptions } from '../../../contract/schemas.ts';
import { SAVED_CVC_FIELD } from '../../../machines/checkout.types.ts';
import { chosenSavedCard, savedCardBrand } from '../../../machines/checkout-rules.ts';
import { SelectField, TextField } from '../../components/fields.tsx';
import { brandName, lastFour } from '../../format.ts';
import type { CheckoutPaymentRef, CheckoutRef } from '../../machine-refs.ts';
import { useMasks } from '../../masks.ts';
import { CHECKOUT_LABELS } from './checkout-fields.ts';
import type { CheckoutForm } from './use-checkout-form.ts';

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

/** A signed-in payer's saved cards: loading, failed (a new card still works), or the choice. */
export function SavedCards({
  checkout,
  payment,
  form,
}: {
  checkout: CheckoutRef;
  payment: CheckoutPaymentRef;
  form: CheckoutForm;
}) {
  const { t } = useTranslation();
  const loading = useSelector(payment, (s) => s.hasTag('busy'));
  const failed = useSelector(payment, (s) => s.hasTag('error'));
  const failure = useSelector(payment, (s) => s.context.failure);
  const cards = useSelector(payment, (s) => s.context.savedCards);
  const chosen = useSelector(payment, (s) => s.context.savedCardId);
  const choose = (id: number | null) => {
    checkout.send({ type: 'card.choose', savedCardId: id });
    // Another card, another security code.
    form.set(SAVED_CVC_FIELD, '');
  };
  const chooseError = form.errorOf('saved_card_id');
  return (
    <>
      {loading ? <p role="status">{t('CHECKOUT.SAVED_CARDS_LOADING')}</p> : null}
      {failed ? (
        <div className="notice notice--error" role="alert">
          <p>
            {t('CHECKOUT.SAVED_CARDS_FAILED')} {t(failure ?? 'ERROR.UNEXPECTED')}
          </p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => checkout.send({ type: 'savedCards.retry' })}
          >
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      ) : null}
      {cards.length > 0 ? (
        <fieldset className="choices">
          <legend>
            {t('CHECKOUT.PAY_WITH')}
            {chooseError ? <span className="label__error"> - {t(chooseError)}</span> : null}
          </legend>
          {cards.map((c, i) => (
            <label key={c.id} className="choice">
              <input
                type="radio"
                name="saved_card_id"
                id={i === 0 ? 'field-saved_card_id' : undefined}
                checked={chosen === c.id}
                disabled={c.expired}
                onChange={() => choose(c.id)}
              />
              <span>
                {t('RECEIPT.CARD_ENDING', { brand: brandName(c.card_type), last4: lastFour(c.card_display) })} ·{' '}
                {t(c.expired ? 'CARDS.EXPIRED' : 'CARDS.EXPIRES', { date: c.card_expiration })}
              </span>
            </label>
          ))}
          <label className="choice">
            <input type="radio" name="saved_card_id" checked={chosen === null} onChange={() => choose(null)} />
            <span>{t('CHECKOUT.NEW_CARD')}</span>
          </label>
          {chosen !== null ? (
            <TextField
              {...form.text(SAVED_CVC_FIELD)}
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={Math.max(...cvcLengths(savedCardBrand(chosenSavedCard(cards, chosen))))}
            />
          ) : null}
        </fieldset>
      ) : null}
    </>
  );
}

/** A new card and its billing address (§4 card choice: billing and card fields required). */
export function NewCard({ form }: { form: CheckoutForm }) {
  const { t } = useTranslation();
  const country = form.values.billing_country;
  const regions = regionsOf(country);
  // §5 masks (none on a touch device).
  const mask = useMasks();
  // The brand of the number being typed (contract/cards.ts) sets the code's length.
  const typedBrand = cardBrand(form.values.credit_card);
  return (
    <>
      <fieldset>
        <legend>{t('CHECKOUT.CARD_TITLE')}</legend>
        <TextField
          {...form.text('credit_card')}
          value={mask.card(form.values.credit_card)}
          onValue={(v) => form.set('credit_card', mask.card(v))}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_NUMBER_MAX_LENGTH}
        />
        {/* The brand of the number being typed, read out when it is known. */}
        <p className="hint" aria-live="polite" data-testid="card-brand">
          {typedBrand ? t('CHECKOUT.CARD_BRAND', { brand: brandName(typedBrand) }) : null}
        </p>
        <div className="row">
          <SelectField
            name="credit_card_month"
            labelKey={CHECKOUT_LABELS['credit_card_month'] as string}
            placeholderKey="CHECKOUT.MONTH"
            value={form.values.credit_card_month}
            error={form.errorOf('credit_card_month')}
            options={MONTHS.map((m) => ({ value: m, label: m }))}
            onValue={(v) => form.set('credit_card_month', v)}
            autoComplete="cc-exp-month"
          />
          <SelectField
            name="credit_card_year"
            labelKey={CHECKOUT_LABELS['credit_card_year'] as string}
            placeholderKey="CHECKOUT.YEAR"
            value={form.values.credit_card_year}
            error={form.errorOf('credit_card_year')}
            options={yearOptions().map((y) => ({ value: y, label: y }))}
            onValue={(v) => form.set('credit_card_year', v)}
            autoComplete="cc-exp-year"
          />
          <TextField
            {...form.text('credit_card_cvc')}
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={Math.max(...cvcLengths(typedBrand))}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('CHECKOUT.BILLING_TITLE')}</legend>
        <TextField {...form.text('billing_first_name')} autoComplete="given-name" />
        <TextField {...form.text('billing_last_name')} autoComplete="family-name" />
        <TextField {...form.text('billing_address1')} autoComplete="address-line1" />
        <TextField {...form.text('billing_address2')} autoComplete="address-line2" />
        <TextField {...form.text('billing_city')} autoComplete="address-level2" />
        <SelectField
          name="billing_country"
          labelKey="CHECKOUT.COUNTRY"
          value={country}
          error={form.errorOf('billing_country')}
          options={[
            { value: 'US', label: t('COUNTRY.US') },
            { value: 'CA', label: t('COUNTRY.CA') },
          ]}
          onValue={(v) => {
            form.set('billing_country', v);
            form.set('billing_state', '');
          }}
          autoComplete="country"
        />
        {regions.length > 0 ? (
          <SelectField
            name="billing_state"
            labelKey={country === 'CA' ? 'FACILITY.PROVINCE' : 'CHECKOUT.STATE'}
            placeholderKey="FACILITY.CHOOSE_STATE"
            value={form.values.billing_state}
            error={form.errorOf('billing_state')}
            options={regions.map((r) => ({ value: r.code, label: r.name }))}
            onValue={(v) => form.set('billing_state', v)}
            autoComplete="address-level1"
          />
        ) : null}
        <TextField
          {...form.text('billing_zip')}
          autoComplete="postal-code"
          maxLength={country === 'US' ? 5 : 20}
          inputMode={country === 'US' ? 'numeric' : 'text'}
        />
      </fieldset>
    </>
  );
}

/** §5/§6 a guest's contact: email and phone (a signed-in payer gives none). */
export function GuestContact({ form }: { form: CheckoutForm }) {
  const { t } = useTranslation();
  const mask = useMasks();
  return (
    <fieldset>
      <legend>{t('CHECKOUT.CONTACT_TITLE')}</legend>
      <p className="hint">{t('CHECKOUT.CONTACT_HINT')}</p>
      <TextField {...form.text('email')} type="email" autoComplete="email" />
      <SelectField
        name="phone_country"
        labelKey="CHECKOUT.PHONE_COUNTRY"
        value={form.values.phone_country}
        error={form.errorOf('phone_country')}
        options={[
          { value: 'US', label: t('COUNTRY.US') },
          { value: 'CA', label: t('COUNTRY.CA') },
        ]}
        onValue={(v) => form.set('phone_country', v)}
      />
      <TextField
        {...form.text('phone_no')}
        value={mask.phone(form.values.phone_no, form.values.phone_country)}
        onValue={(v) => form.set('phone_no', mask.phone(v, form.values.phone_country))}
        type="tel"
        autoComplete="tel-national"
      />
    </fieldset>
  );
}
