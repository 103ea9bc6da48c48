// deposit.checkout (§2, 80%): amount, payment summary, new card, billing, guest contact, terms.
// Formik holds the typed values of this screen; every change also goes to the checkout machine,
// which owns the rules, autosave (through the wizard), the card vault call and the outcome.
import { useSelector } from '@xstate/react';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { CHECKOUT_PRESETS, OTHER_AMOUNT_MAX_LENGTH, OTHER_PRESET_ID } from '../../contract/constants.ts';
import type { FieldErrors, FormFields, Locale } from '../../contract/entities.ts';
import { checkoutErrorKey, checkoutWarningKey } from '../../contract/errors.ts';
import type { DuplicateInfo } from '../../contract/api.ts';
import { regionsOf } from '../../contract/regions.ts';
import { CARD_NUMBER_MAX_LENGTH, cardBrand, cvcLengths } from '../../contract/cards.ts';
import { billingSchema, guestContactSchema, newCardSchema, termsSchema, yearOptions } from '../../contract/schemas.ts';
import { NO_ROUNDUP_ID, RECURRING_DAYS } from '../../contract/checkout-services.ts';
import {
  PAM_ACK_FIELD,
  SAVED_CVC_FIELD,
  checkoutTotals,
  feesStateOf,
  offersPamRecurring,
  offersRecurring,
  roundupOptions,
} from '../../machines/checkout.machine.ts';
import type { CardFields } from '../../machines/wizard.types.ts';
import { pagePath } from '../../machines/pages.ts';
import { PAM_PAYLOAD_FIELD } from '../../contract/checkout-services.ts';
import { ErrorSummary, focusErrorSummary } from '../components/error-summary.tsx';
import { ChoiceModal, Modal } from '../components/modal.tsx';
import { CheckboxField, SelectField, TextField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { AutoPayNote, CpaLink, VoicemailLine } from '../components/checkout-extras.tsx';
import { EXTRAS_ID, limitsStateOf } from '../../machines/checkout.machine.ts';
import { CheckoutLimits } from '../components/checkout-limits.tsx';
import type { CheckoutExtrasRef } from '../machine-refs.ts';
import { TYPE_TITLE_KEYS, inmateLabelText, typeTitleKey } from '../deposit-types.ts';
import { brandName, lastFour, phoneLabel } from '../format.ts';
import { formatDate, formatMoney, formatSum, formatTime } from '../../contract/format.ts';
import type { CheckoutRef, WizardRef } from '../machine-refs.ts';
import { useCustomerServicePhone } from '../site.tsx';
import { useMasks } from '../masks.ts';

/** Field -> label key, for the error summary's links and the labels. */
export const CHECKOUT_LABELS: Record<string, string> = {
  deposit_amount: 'CHECKOUT.AMOUNT',
  credit_card: 'CHECKOUT.CARD_NUMBER',
  credit_card_month: 'CHECKOUT.EXPIRY_MONTH',
  credit_card_year: 'CHECKOUT.EXPIRY_YEAR',
  credit_card_cvc: 'CHECKOUT.CVC',
  billing_first_name: 'CHECKOUT.FIRST_NAME',
  billing_last_name: 'CHECKOUT.LAST_NAME',
  billing_address1: 'CHECKOUT.ADDRESS1',
  billing_address2: 'CHECKOUT.ADDRESS2',
  billing_city: 'CHECKOUT.CITY',
  billing_country: 'CHECKOUT.COUNTRY',
  billing_state: 'CHECKOUT.STATE',
  billing_zip: 'CHECKOUT.ZIP',
  email: 'CHECKOUT.EMAIL',
  phone_no: 'CHECKOUT.PHONE',
  phone_country: 'CHECKOUT.PHONE_COUNTRY',
  terms_1: 'CHECKOUT.TERMS_1',
  terms_2: 'CHECKOUT.TERMS_2',
  terms_3: 'CHECKOUT.TERMS_3',
  terms_4: 'CHECKOUT.TERMS_4',
  saved_card_id: 'CHECKOUT.PAY_WITH',
  [SAVED_CVC_FIELD]: 'CHECKOUT.SAVED_CVC',
  recurring_type: 'CHECKOUT.RECURRING',
  recurring_increment: 'CHECKOUT.RECURRING_DAY',
  selected_roundup: 'CHECKOUT.ROUNDUP',
};

const TERMS = ['terms_1', 'terms_2', 'terms_3', 'terms_4'] as const;
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

type Values = CardFields &
  Pick<
    FormFields,
    | 'billing_first_name'
    | 'billing_last_name'
    | 'billing_address1'
    | 'billing_address2'
    | 'billing_city'
    | 'billing_country'
    | 'billing_state'
    | 'billing_zip'
    | 'email'
    | 'phone_no'
    | 'phone_country'
    | 'terms_1'
    | 'terms_2'
    | 'terms_3'
    | 'terms_4'
  >;

const CARD_KEYS = new Set(['credit_card', 'credit_card_cvc', 'credit_card_month', 'credit_card_year']);

/**
 * §2 pam variant: the browser is leaving for the payment endpoint with the signed payload (the machine's
 * postPamPayload call posts it); the same form, by hand, for a browser that did not leave.
 */
function PamPost({ pam }: { pam: { payload: string; payUrl: string } }) {
  const { t } = useTranslation();
  return (
    <form method="post" action={pam.payUrl} className="notice" aria-label={t('CHECKOUT.PAM_LEAVING')}>
      <input type="hidden" name={PAM_PAYLOAD_FIELD} value={pam.payload} />
      <p role="status">{t('CHECKOUT.PAM_LEAVING')}</p>
      <button type="submit" className="button">
        {t('CHECKOUT.PAM_CONTINUE')}
      </button>
    </form>
  );
}

/**
 * §4 duplicate warning: which earlier deposit it means (to whom, its order number, type, facility and
 * card, and whether the recurring deposit charged it), so the payer can tell it from this one.
 */
function DuplicateDetails({
  duplicate,
  recipient,
  recipientLabel,
  inmateLabel,
}: {
  duplicate: DuplicateInfo;
  recipient: string;
  recipientLabel: string;
  inmateLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <dl className="facts">
        <dt>{recipientLabel}</dt>
        <dd>{recipient}</dd>
        {duplicate.order_number ? (
          <>
            <dt>{t('RECEIPT.ORDER_NUMBER')}</dt>
            <dd>{duplicate.order_number}</dd>
          </>
        ) : null}
        {duplicate.deposit_type ? (
          <>
            <dt>{t('RECEIPT.TYPE')}</dt>
            <dd>{t(TYPE_TITLE_KEYS[duplicate.deposit_type], { label: inmateLabel })}</dd>
          </>
        ) : null}
        {duplicate.facility_label ? (
          <>
            <dt>{t('RECEIPT.FACILITY')}</dt>
            <dd>{duplicate.facility_label}</dd>
          </>
        ) : null}
        {duplicate.card_last4 ? (
          <>
            <dt>{t('RECEIPT.PAYMENT_METHOD')}</dt>
            <dd>
              {t('RECEIPT.CARD_ENDING', { brand: brandName(duplicate.card_brand ?? ''), last4: duplicate.card_last4 })}
            </dd>
          </>
        ) : null}
      </dl>
      {duplicate.recurring ? <p>{t('CHECKOUT.DUPLICATE_RECURRING')}</p> : null}
    </>
  );
}

export function CheckoutStep({ wizard, checkout, lang }: { wizard: WizardRef; checkout: CheckoutRef; lang: Locale }) {
  const { t, i18n } = useTranslation();
  const s = useSelector(checkout, (x) => x);
  const { fields, facility, card, errors, showErrors, outcome, otherAmount, limits } = s.context;
  const guest = !fields.logged_in;
  const facilityPlace = { state: fields.facility_state, country: fields.facility_country };
  const phone = useCustomerServicePhone();
  // §5 masks (none on a touch device).
  const mask = useMasks();

  const formik = useFormik<Values>({
    initialValues: {
      ...card,
      billing_first_name: fields.billing_first_name,
      billing_last_name: fields.billing_last_name,
      billing_address1: fields.billing_address1,
      billing_address2: fields.billing_address2,
      billing_city: fields.billing_city,
      billing_country: fields.billing_country || 'US',
      billing_state: fields.billing_state,
      billing_zip: fields.billing_zip,
      email: fields.email,
      phone_no: fields.phone_no,
      phone_country: fields.phone_country || 'US',
      terms_1: fields.terms_1,
      terms_2: fields.terms_2,
      terms_3: fields.terms_3,
      terms_4: fields.terms_4,
    },
    validationSchema: guest
      ? newCardSchema.concat(billingSchema).concat(guestContactSchema).concat(termsSchema)
      : newCardSchema.concat(billingSchema).concat(termsSchema),
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });

  const set = (name: keyof Values, value: string | boolean) => {
    void formik.setFieldValue(name, value, false);
    if (CARD_KEYS.has(name)) checkout.send({ type: 'card.change', card: { [name]: value } as Partial<CardFields> });
    else checkout.send({ type: 'checkout.change', fields: { [name]: value } as Partial<FormFields> });
  };
  /** A machine error (submit or server) wins; else Formik's blur validation once touched. */
  const errorOf = (name: keyof Values | 'deposit_amount'): string | undefined => {
    const fromMachine = (errors as Record<string, string | undefined>)[name];
    if (fromMachine) return fromMachine;
    if (name === 'deposit_amount') return undefined;
    const touched = formik.touched[name];
    const e = formik.errors[name];
    return touched && typeof e === 'string' ? e : undefined;
  };
  const typedBrand = cardBrand(String(formik.values.credit_card ?? ''));
  const text = (name: keyof Values, extra: Record<string, unknown> = {}) => ({
    name,
    labelKey: CHECKOUT_LABELS[name] ?? name,
    value: String(formik.values[name] ?? ''),
    error: errorOf(name),
    onValue: (v: string) => set(name, v),
    onBlur: formik.handleBlur,
    ...extra,
  });

  const busy =
    s.matches({ active: { form: 'awaitingFees' } }) ||
    s.matches({ active: { form: 'tokenizing' } }) ||
    s.matches({ active: { form: 'tokenizingSaved' } }) ||
    s.matches({ active: { form: 'preparingPam' } }) ||
    s.matches({ active: { form: 'postingPam' } }) ||
    s.matches({ active: { form: 'saving' } }) ||
    s.matches({ active: { form: 'submitting' } });
  const feesState = feesStateOf(s);
  const totals = checkoutTotals(s.context, feesState);
  const feesReady = totals.fee !== null;
  const hasKey = (k: string) => i18n.exists(k);
  const errorKey = outcome.errorKey ? checkoutErrorKey(outcome.errorKey.replace(/^ERROR\./, ''), hasKey) : null;
  const warningKey = outcome.warningKey ? checkoutWarningKey(outcome.warningKey.replace(/^ERROR\./, ''), hasKey) : null;
  const inmateLabel = inmateLabelText(t, facility.inmate_label);
  const recipientLabel = fields.deposit_type === 'dest' ? t('NUMBER.PHONE') : inmateLabel;
  const recipientName =
    fields.deposit_type === 'dest'
      ? phoneLabel(fields.deposit_phone_no, fields.deposit_phone_no_label)
      : `${fields.deposit_inmate_first_name} ${fields.deposit_inmate_last_name}`.trim();
  const regions = regionsOf(formik.values.billing_country);
  const summaryErrors: FieldErrors = showErrors ? errors : {};
  const { savedCards, savedCvc, savedCardsFailure } = s.context;
  const usingSaved = fields.saved_card_id !== null;
  const cardName = (c: (typeof savedCards)[number]) =>
    t('RECEIPT.CARD_ENDING', { brand: brandName(c.card_type), last4: lastFour(c.card_display) });
  const roundups = feesReady ? roundupOptions(s.context) : [];
  const recurring = offersRecurring(s.context);
  const pickedRoundup = fields.roundups ? (fields.selected_roundup?.id ?? NO_ROUNDUP_ID) : NO_ROUNDUP_ID;
  const recurringType = fields.recurring_type;
  // §2 pam variant: the card is taken by the external payment endpoint.
  const pam = facility.pam_enabled;
  // §4: "How often", with the choice's error (card mode and pam mode).
  const recurringError = errorOf('recurring_type' as keyof Values);
  const recurringLegend = (
    <legend>
      {t('CHECKOUT.RECURRING')}
      {recurringError ? <span className="label__error"> - {t(recurringError)}</span> : null}
    </legend>
  );
  // Voicemail offers and the CPA link (docs/decisions/0015).
  const extras = (s.children as Record<string, unknown>)[EXTRAS_ID] as CheckoutExtrasRef | undefined;

  // §4/§5: until the limits are ready (unified-wallet trust checks, maxed out, refused) there is no
  // amount, summary nor card to show.
  const limitsState = limitsStateOf(s);
  if (limitsState !== null && limitsState !== 'ready') {
    return (
      <CheckoutLimits
        state={limitsState}
        checkout={checkout}
        refusal={s.context.limitsRefusal}
        recipient={{
          typeLabel: t(typeTitleKey(fields.deposit_type || 'flex', { facility, fields }), { label: inmateLabel }),
          facility: facility.label,
          label: recipientLabel,
          name: recipientName,
        }}
        onBack={() => wizard.send({ type: 'wizard.back' })}
      />
    );
  }

  const checkoutForm = (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        checkout.send({ type: 'checkout.submit' });
        if (checkout.getSnapshot().context.showErrors) focusErrorSummary();
      }}
    >
      <StepHeading>{t('CHECKOUT.HEADING')}</StepHeading>
      <ErrorSummary
        show={showErrors || !!errorKey}
        errors={summaryErrors}
        labels={CHECKOUT_LABELS}
        titleKey="ERROR.CHECKOUT_ERROR"
        messageKey={errorKey}
        messageValues={{ phone }}
      />
      {s.matches({ active: { form: 'warning' } }) && warningKey ? (
        // §4 duplicate warning: a modal alert dialog, so focus moves to it and the payer answers it
        // before anything else (Escape means "No").
        <Modal
          title={t('CHECKOUT.WARNING_TITLE')}
          role="alertdialog"
          describedBy="warning-text"
          onClose={() => checkout.send({ type: 'checkout.dismiss' })}
        >
          <p id="warning-text">
            {t(warningKey, {
              amount: formatMoney(outcome.duplicate?.amount, lang),
              date: formatDate(outcome.duplicate?.deposit_time, facilityPlace),
              time: formatTime(outcome.duplicate?.deposit_time, lang, facilityPlace),
            })}
          </p>
          {outcome.duplicate ? (
            <DuplicateDetails
              duplicate={outcome.duplicate}
              recipient={recipientName}
              recipientLabel={recipientLabel}
              inmateLabel={inmateLabel}
            />
          ) : null}
          <div className="wizard-nav">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => checkout.send({ type: 'checkout.dismiss' })}
            >
              {t('CHECKOUT.DO_NOT_DEPOSIT')}
            </button>
            <button
              type="button"
              className="button"
              onClick={() => checkout.send({ type: 'checkout.confirmDuplicate' })}
            >
              {t('CHECKOUT.DEPOSIT_AGAIN')}
            </button>
          </div>
        </Modal>
      ) : null}

      {s.matches({ active: { form: 'trustMismatch' } }) ? (
        <ChoiceModal
          title={t('CHECKOUT.NO_TRUST_TITLE')}
          onClose={() => checkout.send({ type: 'checkout.dismiss' })}
          closeLabel={t('COMMON.CLOSE')}
          action={
            <button type="button" className="button" onClick={() => checkout.send({ type: 'checkout.changeType' })}>
              {t('CHECKOUT.CHANGE_TYPE')}
            </button>
          }
        >
          <p>{t('ERROR.FIELD_NO_TRUST')}</p>
          <p>{t('CHECKOUT.NO_TRUST_TEXT')}</p>
        </ChoiceModal>
      ) : null}
      <section className="panel" aria-labelledby="checkout-recipient">
        <h2 id="checkout-recipient">{t('CHECKOUT.RECIPIENT_TITLE')}</h2>
        <dl className="facts">
          <dt>{t('CHECKOUT.DEPOSIT_TYPE')}</dt>
          <dd>{t(typeTitleKey(fields.deposit_type || 'flex', { facility, fields }), { label: inmateLabel })}</dd>
          <dt>{t('CHECKOUT.FACILITY')}</dt>
          <dd>{facility.label}</dd>
          {fields.deposit_type === 'dest' ? (
            <>
              <dt>{t('NUMBER.PHONE')}</dt>
              <dd>{phoneLabel(fields.deposit_phone_no, fields.deposit_phone_no_label)}</dd>
            </>
          ) : (
            <>
              <dt>{inmateLabel}</dt>
              <dd>
                {fields.deposit_inmate_first_name} {fields.deposit_inmate_last_name}
              </dd>
            </>
          )}
          {fields.deposit_inmate_booking_code ? (
            <>
              <dt>{t('RECEIPT.BOOKING_NUMBER')}</dt>
              <dd>{fields.deposit_inmate_booking_code}</dd>
            </>
          ) : null}
        </dl>
      </section>

      <fieldset className="presets">
        <legend>
          {t('CHECKOUT.AMOUNT')}
          {errorOf('deposit_amount') ? (
            <span className="label__error"> - {t(errorOf('deposit_amount') as string)}</span>
          ) : null}
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
                checked={fields.deposit_amount_id === id}
                onChange={() => checkout.send({ type: 'amount.preset', id })}
              />
              <span>{id === OTHER_PRESET_ID ? t('CHECKOUT.OTHER') : formatMoney(Number(id), lang)}</span>
            </label>
          ))}
        </div>
        {fields.deposit_amount_id === OTHER_PRESET_ID ? (
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

      <section className="panel summary" aria-labelledby="checkout-summary" aria-busy={totals.calculating}>
        <h2 id="checkout-summary">{t('CHECKOUT.SUMMARY')}</h2>
        {totals.calculating ? <p role="status">{t('CHECKOUT.CALCULATING')}</p> : null}
        {feesState === 'failed' || feesState === 'timedOut' ? (
          <div role="alert">
            <p>{t(feesState === 'timedOut' ? 'ERROR.FEES_TIMEOUT' : (s.context.feeFailure ?? 'ERROR.UNEXPECTED'))}</p>
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
          <dd>{formatMoney(feesState === 'outOfBounds' ? 0 : totals.amount, lang)}</dd>
          {feesReady ? (
            <>
              <dt>{t('CHECKOUT.FEE')}</dt>
              <dd>
                <details>
                  <summary>{formatSum([totals.fee ?? 0, totals.tax ?? 0], lang)}</summary>
                  <p>
                    {t('CHECKOUT.FEE_DETAIL', {
                      fee: formatMoney(totals.fee, lang),
                      tax: formatMoney(totals.tax, lang),
                    })}
                  </p>
                </details>
              </dd>
            </>
          ) : null}
          <dt>{t('CHECKOUT.TOTAL')}</dt>
          <dd className="total">{formatMoney(totals.total, lang)}</dd>
        </dl>
        <VoicemailLine extras={extras} fields={fields} lang={lang} />
      </section>

      {pam && offersPamRecurring(s.context) ? (
        // §4 pam mode: one time, or bi-weekly on the 1st and the 15th (the endpoint keeps the card).
        <fieldset className="choices">
          {recurringLegend}
          {([false, true] as const).map((biweekly) => (
            <label key={String(biweekly)} className="choice">
              <input
                type="radio"
                name="pam_recurring"
                id={biweekly ? undefined : 'field-recurring_type'}
                checked={s.context.pamRecurring === biweekly}
                onChange={() => checkout.send({ type: 'pam.recurring', biweekly })}
              />
              <span>{t(biweekly ? 'RECURRING.BIWEEKLY' : 'CHECKOUT.RECURRING_ONCE')}</span>
            </label>
          ))}
          {s.context.pamRecurring ? <p className="hint">{t('CHECKOUT.PAM_RECURRING_HINT')}</p> : null}
        </fieldset>
      ) : null}

      {pam ? (
        <fieldset>
          <legend>{t('CHECKOUT.PAM_TITLE')}</legend>
          <p>{t('CHECKOUT.PAM_TEXT')}</p>
          <CheckboxField
            name={PAM_ACK_FIELD}
            checked={s.context.feesAcknowledged}
            error={showErrors ? (errors as Record<string, string | undefined>)[PAM_ACK_FIELD] : undefined}
            onValue={(v) => checkout.send({ type: 'checkout.acknowledgeFees', value: v })}
          >
            {t('CHECKOUT.FEES_ACK', {
              fee: formatSum([totals.fee ?? 0, totals.tax ?? 0], lang),
              total: formatMoney(totals.total, lang),
            })}
          </CheckboxField>
        </fieldset>
      ) : (
        <>
          {roundups.length > 0 ? (
            <fieldset className="choices">
              <legend>{t('CHECKOUT.ROUNDUP')}</legend>
              <p className="hint">{t('CHECKOUT.ROUNDUP_HINT')}</p>
              {roundups.map((r, i) => (
                <label key={r.id} className="choice">
                  <input
                    type="radio"
                    name="selected_roundup"
                    id={i === 0 ? 'field-selected_roundup' : undefined}
                    checked={pickedRoundup === r.id}
                    onChange={() => checkout.send({ type: 'roundup.pick', id: r.id })}
                  />
                  <span>
                    {t('CHECKOUT.ROUNDUP_OPTION', {
                      amount: formatMoney(r.roundup_amount, lang),
                      count: r.free_calls,
                    })}
                  </span>
                </label>
              ))}
              <label className="choice">
                <input
                  type="radio"
                  name="selected_roundup"
                  checked={pickedRoundup === NO_ROUNDUP_ID}
                  onChange={() => checkout.send({ type: 'roundup.pick', id: NO_ROUNDUP_ID })}
                />
                <span>{t('CHECKOUT.NO_THANKS')}</span>
              </label>
            </fieldset>
          ) : null}

          {recurring ? (
            <fieldset className="choices">
              {recurringLegend}
              {(['', 'weekly', 'monthly'] as const).map((type) => (
                <label key={type || 'once'} className="choice">
                  <input
                    type="radio"
                    name="recurring_type"
                    id={type === '' ? 'field-recurring_type' : undefined}
                    checked={recurringType === type}
                    onChange={() => checkout.send({ type: 'recurring.type', recurringType: type })}
                  />
                  <span>{t(`CHECKOUT.RECURRING_${type === '' ? 'ONCE' : type.toUpperCase()}`)}</span>
                </label>
              ))}
              {recurringType !== '' ? (
                <SelectField
                  name="recurring_increment"
                  labelKey={recurringType === 'weekly' ? 'CHECKOUT.RECURRING_WEEKDAY' : 'CHECKOUT.RECURRING_DAY'}
                  placeholderKey="CHECKOUT.CHOOSE_DAY"
                  value={fields.recurring_increment === null ? '' : String(fields.recurring_increment)}
                  error={errorOf('recurring_increment' as keyof Values)}
                  options={Array.from(
                    { length: RECURRING_DAYS[recurringType].max - RECURRING_DAYS[recurringType].min + 1 },
                    (_, i) => {
                      const day = RECURRING_DAYS[recurringType].min + i;
                      return {
                        value: String(day),
                        label: recurringType === 'weekly' ? t(`RECURRING.WEEKDAY_${day}`) : String(day),
                      };
                    },
                  )}
                  onValue={(v) => checkout.send({ type: 'recurring.day', day: Number(v) })}
                />
              ) : null}
              {recurringType !== '' ? <p className="hint">{t('CHECKOUT.RECURRING_HINT')}</p> : null}
            </fieldset>
          ) : null}

          {s.matches({ active: { savedCards: 'loading' } }) ? (
            <p role="status">{t('CHECKOUT.SAVED_CARDS_LOADING')}</p>
          ) : null}
          {s.matches({ active: { savedCards: 'failed' } }) ? (
            <div className="notice notice--error" role="alert">
              <p>
                {t('CHECKOUT.SAVED_CARDS_FAILED')} {t(savedCardsFailure ?? 'ERROR.UNEXPECTED')}
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
          {savedCards.length > 0 ? (
            <fieldset className="choices">
              <legend>
                {t('CHECKOUT.PAY_WITH')}
                {errorOf('saved_card_id' as keyof Values) ? (
                  <span className="label__error"> - {t(errorOf('saved_card_id' as keyof Values) as string)}</span>
                ) : null}
              </legend>
              {savedCards.map((c, i) => (
                <label key={c.id} className="choice">
                  <input
                    type="radio"
                    name="saved_card_id"
                    id={i === 0 ? 'field-saved_card_id' : undefined}
                    checked={fields.saved_card_id === c.id}
                    disabled={c.expired}
                    onChange={() => checkout.send({ type: 'card.choose', savedCardId: c.id })}
                  />
                  <span>
                    {cardName(c)} · {t(c.expired ? 'CARDS.EXPIRED' : 'CARDS.EXPIRES', { date: c.card_expiration })}
                  </span>
                </label>
              ))}
              <label className="choice">
                <input
                  type="radio"
                  name="saved_card_id"
                  checked={!usingSaved}
                  onChange={() => checkout.send({ type: 'card.choose', savedCardId: null })}
                />
                <span>{t('CHECKOUT.NEW_CARD')}</span>
              </label>
              {usingSaved ? (
                <TextField
                  name={SAVED_CVC_FIELD}
                  labelKey="CHECKOUT.SAVED_CVC"
                  value={savedCvc}
                  error={errorOf(SAVED_CVC_FIELD as keyof Values)}
                  onValue={(v) => checkout.send({ type: 'card.savedCvc', cvc: v })}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  maxLength={4}
                />
              ) : null}
            </fieldset>
          ) : null}

          {usingSaved ? null : (
            <>
              <fieldset>
                <legend>{t('CHECKOUT.CARD_TITLE')}</legend>
                <TextField
                  {...text('credit_card')}
                  value={mask.card(formik.values.credit_card)}
                  onValue={(v) => set('credit_card', mask.card(v))}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  maxLength={CARD_NUMBER_MAX_LENGTH}
                />
                {/* The brand of the number being typed (contract/cards.ts), read out when it is known. */}
                <p className="hint" aria-live="polite" data-testid="card-brand">
                  {typedBrand ? t('CHECKOUT.CARD_BRAND', { brand: brandName(typedBrand) }) : null}
                </p>
                <div className="row">
                  <SelectField
                    name="credit_card_month"
                    labelKey={CHECKOUT_LABELS.credit_card_month as string}
                    placeholderKey="CHECKOUT.MONTH"
                    value={formik.values.credit_card_month}
                    error={errorOf('credit_card_month')}
                    options={MONTHS.map((m) => ({ value: m, label: m }))}
                    onValue={(v) => set('credit_card_month', v)}
                    autoComplete="cc-exp-month"
                  />
                  <SelectField
                    name="credit_card_year"
                    labelKey={CHECKOUT_LABELS.credit_card_year as string}
                    placeholderKey="CHECKOUT.YEAR"
                    value={formik.values.credit_card_year}
                    error={errorOf('credit_card_year')}
                    options={yearOptions().map((y) => ({ value: y, label: y }))}
                    onValue={(v) => set('credit_card_year', v)}
                    autoComplete="cc-exp-year"
                  />
                  <TextField
                    {...text('credit_card_cvc')}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    maxLength={Math.max(...cvcLengths(typedBrand))}
                  />
                </div>
              </fieldset>

              <fieldset>
                <legend>{t('CHECKOUT.BILLING_TITLE')}</legend>
                <TextField {...text('billing_first_name')} autoComplete="given-name" />
                <TextField {...text('billing_last_name')} autoComplete="family-name" />
                <TextField {...text('billing_address1')} autoComplete="address-line1" />
                <TextField {...text('billing_address2')} autoComplete="address-line2" />
                <TextField {...text('billing_city')} autoComplete="address-level2" />
                <SelectField
                  name="billing_country"
                  labelKey="CHECKOUT.COUNTRY"
                  value={formik.values.billing_country}
                  error={errorOf('billing_country')}
                  options={[
                    { value: 'US', label: t('COUNTRY.US') },
                    { value: 'CA', label: t('COUNTRY.CA') },
                  ]}
                  onValue={(v) => {
                    set('billing_country', v);
                    set('billing_state', '');
                  }}
                  autoComplete="country"
                />
                {regions.length > 0 ? (
                  <SelectField
                    name="billing_state"
                    labelKey={formik.values.billing_country === 'CA' ? 'FACILITY.PROVINCE' : 'CHECKOUT.STATE'}
                    placeholderKey="FACILITY.CHOOSE_STATE"
                    value={formik.values.billing_state}
                    error={errorOf('billing_state')}
                    options={regions.map((r) => ({ value: r.code, label: r.name }))}
                    onValue={(v) => set('billing_state', v)}
                    autoComplete="address-level1"
                  />
                ) : null}
                <TextField
                  {...text('billing_zip')}
                  autoComplete="postal-code"
                  maxLength={formik.values.billing_country === 'US' ? 5 : 20}
                  inputMode={formik.values.billing_country === 'US' ? 'numeric' : 'text'}
                />
              </fieldset>
            </>
          )}

          {guest ? (
            <fieldset>
              <legend>{t('CHECKOUT.CONTACT_TITLE')}</legend>
              <p className="hint">{t('CHECKOUT.CONTACT_HINT')}</p>
              <TextField {...text('email')} type="email" autoComplete="email" />
              <SelectField
                name="phone_country"
                labelKey="CHECKOUT.PHONE_COUNTRY"
                value={formik.values.phone_country}
                error={errorOf('phone_country')}
                options={[
                  { value: 'US', label: t('COUNTRY.US') },
                  { value: 'CA', label: t('COUNTRY.CA') },
                ]}
                onValue={(v) => set('phone_country', v)}
              />
              <TextField
                {...text('phone_no')}
                value={mask.phone(formik.values.phone_no, formik.values.phone_country)}
                onValue={(v) => set('phone_no', mask.phone(v, formik.values.phone_country))}
                type="tel"
                autoComplete="tel-national"
              />
            </fieldset>
          ) : null}

          <CpaLink extras={extras} lang={lang} />
          <fieldset>
            <legend>{t('CHECKOUT.TERMS_TITLE')}</legend>
            {TERMS.map((name) => (
              <CheckboxField
                key={name}
                name={name}
                checked={formik.values[name]}
                error={errorOf(name)}
                onValue={(v) => set(name, v)}
              >
                {t(CHECKOUT_LABELS[name] as string)}
              </CheckboxField>
            ))}
          </fieldset>
        </>
      )}
      <AutoPayNote fields={fields} recurringOffered={pam ? offersPamRecurring(s.context) : recurring} />
      {s.matches({ active: { form: 'pamNeedsAccount' } }) ? (
        <ChoiceModal
          title={t('CHECKOUT.PAM_ACCOUNT_TITLE')}
          onClose={() => checkout.send({ type: 'checkout.dismiss' })}
          closeLabel={t('COMMON.CLOSE')}
          action={
            <a
              className="button"
              href={`#${pagePath({ route: 'login', params: {}, query: { returnTo: '/checkout' } })}`}
            >
              {t('TYPE.SIGN_IN')}
            </a>
          }
        >
          <p>{t('CHECKOUT.PAM_ACCOUNT_TEXT')}</p>
        </ChoiceModal>
      ) : null}
      <WizardNav
        onBack={() => wizard.send({ type: 'wizard.back' })}
        continueKey={pam ? 'CHECKOUT.NEXT' : 'DEPOSIT.DEPOSIT_SUBMIT'}
        busy={busy}
        continueDisabled={pam && !s.context.feesAcknowledged}
      />
    </form>
  );
  // The payment endpoint's form is a form of its own, after the checkout's (a form inside a form is
  // not HTML: the browser would drop the inner one).
  return s.context.pam && s.matches({ active: { form: 'postingPam' } }) ? (
    <>
      {checkoutForm}
      <PamPost pam={s.context.pam} />
    </>
  ) : (
    checkoutForm
  );
}
