// deposit.checkout (§2, 80%): the recipient, the amount and payment summary, the one-time, recurring or
// roundup choice, the card (saved or new) with its billing address, a guest's contact, the terms (or,
// at a pam facility, the fees acknowledgement), and the outcome dialogs. The checkout machine and its
// children hold the flow; the form holds what the payer types (src/screens/checkout/use-checkout-form.ts).
// What shows in each of their states is the table of src/screens/checkout/checkout-screens.ts.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { TERMS_KEYS, type FieldErrors, type Locale } from '../../contract/entities.ts';
import { checkoutErrorKey } from '../../contract/errors.ts';
import { PAM_ACK_FIELD } from '../../machines/checkout.types.ts';
import { chosenSavedCard, offersRecurring, savedCardBrand } from '../../machines/checkout-rules.ts';
import { AutoPayNote, CpaLink, VoicemailLine } from '../components/checkout-extras.tsx';
import { LimitsChecksPanel, type LimitsView } from '../components/limits-checks-panel.tsx';
import { ErrorSummary } from '../components/error-summary.tsx';
import { CheckboxField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { inmateLabelText, typeTitleKey } from '../deposit-types.ts';
import { formatMoney, formatSum } from '../../contract/format.ts';
import { type CheckoutAmountRef, type CheckoutRef, type WizardRef, useSystemActor } from '../machine-refs.ts';
import { useCustomerServicePhone } from '../site.tsx';
import { AmountChoice, PaymentSummary } from './checkout/amount-section.tsx';
import { CHECKOUT_LABELS, recipientName } from './checkout/checkout-fields.ts';
import { CHECKOUT_SCREENS } from './checkout/checkout-screens.ts';
import { PamRecurringChoice, RecurringChoice, RoundupChoice } from './checkout/choices-section.tsx';
import { PamAccountDialog, PamPost, SubmitDialogs } from './checkout/outcome-dialogs.tsx';
import { GuestContact, NewCard, SavedCards } from './checkout/payment-section.tsx';
import { type CheckoutForm, useCheckoutForm } from './checkout/use-checkout-form.ts';
import { screenOf } from '../screen-table.ts';

export function CheckoutStep({ wizard, checkout, lang }: { wizard: WizardRef; checkout: CheckoutRef; lang: Locale }) {
  const { t } = useTranslation();
  const amount = useSystemActor('checkoutAmount');
  const view = useSelector(amount, (s) => screenOf(CHECKOUT_SCREENS, 'checkoutAmount', s)?.view);
  const fields = useSelector(checkout, (s) => s.context.fields);
  const facility = useSelector(checkout, (s) => s.context.facility);
  // §4/§5: until an amount may be chosen (unified-wallet trust checks, maxed out, refused) there is no
  // amount, summary nor card to show.
  if (!amount || !view?.startsWith('summary.')) {
    const inmateLabel = inmateLabelText(t, facility.inmate_label);
    const typeLabel = t(typeTitleKey(fields.deposit_type || 'flex', { facility, fields }), { label: inmateLabel });
    return (
      <LimitsChecksPanel
        view={(view ?? 'limits.checkingDepositor') as LimitsView}
        checkout={checkout}
        refusal={amount?.getSnapshot().context.limitsRefusal ?? null}
        recipient={{
          typeLabel,
          facility: facility.label,
          label: fields.deposit_type === 'dest' ? t('NUMBER.PHONE') : inmateLabel,
          name: recipientName(fields),
        }}
        onBack={() => wizard.send({ type: 'wizard.back' })}
      />
    );
  }
  return <CheckoutFormScreen wizard={wizard} checkout={checkout} amount={amount} lang={lang} />;
}

/** §2: the deposit's type, facility and recipient. */
function RecipientPanel({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const fields = useSelector(checkout, (s) => s.context.fields);
  const facility = useSelector(checkout, (s) => s.context.facility);
  const dest = fields.deposit_type === 'dest';
  const inmateLabel = inmateLabelText(t, facility.inmate_label);
  return (
    <section className="panel" aria-labelledby="checkout-recipient">
      <h2 id="checkout-recipient">{t('CHECKOUT.RECIPIENT_TITLE')}</h2>
      <dl className="facts">
        <dt>{t('CHECKOUT.DEPOSIT_TYPE')}</dt>
        <dd>{t(typeTitleKey(fields.deposit_type || 'flex', { facility, fields }), { label: inmateLabel })}</dd>
        <dt>{t('CHECKOUT.FACILITY')}</dt>
        <dd>{facility.label}</dd>
        <dt>{dest ? t('NUMBER.PHONE') : inmateLabel}</dt>
        <dd>{recipientName(fields)}</dd>
        {fields.deposit_inmate_booking_code ? (
          <>
            <dt>{t('RECEIPT.BOOKING_NUMBER')}</dt>
            <dd>{fields.deposit_inmate_booking_code}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** §2 pam variant: the fees acknowledgement, with the server's fee and total. */
function PamAcknowledgement({ amount, form, lang }: { amount: CheckoutAmountRef; form: CheckoutForm; lang: Locale }) {
  const { t } = useTranslation();
  const quote = useSelector(amount, (s) => s.context.quote);
  return (
    <fieldset>
      <legend>{t('CHECKOUT.PAM_TITLE')}</legend>
      <p>{t('CHECKOUT.PAM_TEXT')}</p>
      <CheckboxField
        name={PAM_ACK_FIELD}
        checked={form.values[PAM_ACK_FIELD]}
        error={form.errorOf(PAM_ACK_FIELD)}
        onValue={(v) => form.set(PAM_ACK_FIELD, v)}
      >
        {t('CHECKOUT.FEES_ACK', {
          fee: formatSum([quote?.fee ?? 0, quote?.tax ?? 0], lang),
          total: formatMoney(quote?.total ?? 0, lang),
        })}
      </CheckboxField>
    </fieldset>
  );
}

function Terms({ form }: { form: CheckoutForm }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('CHECKOUT.TERMS_TITLE')}</legend>
      {TERMS_KEYS.map((name) => (
        <CheckboxField
          key={name}
          name={name}
          checked={form.values[name]}
          error={form.errorOf(name)}
          onValue={(v) => form.set(name, v)}
        >
          {t(CHECKOUT_LABELS[name] as string)}
        </CheckboxField>
      ))}
    </fieldset>
  );
}

function CheckoutFormScreen({
  wizard,
  checkout,
  amount,
  lang,
}: {
  wizard: WizardRef;
  checkout: CheckoutRef;
  amount: CheckoutAmountRef;
  lang: Locale;
}) {
  const { t, i18n } = useTranslation();
  const phone = useCustomerServicePhone();
  const fields = useSelector(checkout, (s) => s.context.fields);
  const pam = useSelector(checkout, (s) => s.context.facility.pam_enabled);
  const errors = useSelector(checkout, (s) => s.context.errors);
  const showErrors = useSelector(checkout, (s) => s.context.showErrors);
  const outcomeError = useSelector(checkout, (s) => s.context.outcome.errorKey);
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const payment = useSystemActor('checkoutPayment');
  const choices = useSystemActor('checkoutChoices');
  const submit = useSystemActor('checkoutSubmit');
  const extras = useSystemActor('checkoutExtras');
  const savedCard = useSelector(payment, (s) => (s?.context.savedCardId ?? null) !== null);
  // §5: the saved card's security code has its brand's length.
  const savedBrand = useSelector(payment, (s) =>
    s ? savedCardBrand(chosenSavedCard(s.context.savedCards, s.context.savedCardId)) : null,
  );
  const guest = !fields.logged_in;
  const form = useCheckoutForm(checkout, fields, errors, { pam, savedCard, savedCardBrand: savedBrand, guest });
  // The voicemail offer follows the amount and the choice as they are now.
  const depositAmount = useSelector(amount, (s) => s.context.fields.deposit_amount);
  const recurringType = useSelector(choices, (s) => s?.context.choice.recurring_type ?? '');
  // The auto-pay note tells where to cancel a recurring deposit only to a payer offered one (§4).
  const recurringOffered = useSelector(choices, (s) =>
    s ? (s.context.pam ? s.context.pamOffered : offersRecurring(s.context)) : false,
  );
  const errorKey = outcomeError ? checkoutErrorKey(outcomeError.replace(/^ERROR\./, ''), (k) => i18n.exists(k)) : null;
  const summaryErrors: FieldErrors = { ...form.attemptErrors, ...(showErrors ? errors : {}) };
  const place = { state: fields.facility_state, country: fields.facility_country };
  const checkoutForm = (
    <form noValidate onSubmit={form.submit}>
      <StepHeading>{t('CHECKOUT.HEADING')}</StepHeading>
      <ErrorSummary
        show={showErrors || Object.keys(form.attemptErrors).length > 0 || !!errorKey}
        errors={summaryErrors}
        labels={CHECKOUT_LABELS}
        titleKey="ERROR.CHECKOUT_ERROR"
        messageKey={errorKey}
        messageValues={{ phone }}
      />
      <SubmitDialogs checkout={checkout} submit={submit} lang={lang} place={place} />
      <RecipientPanel checkout={checkout} />
      <AmountChoice checkout={checkout} amount={amount} lang={lang} error={form.errorOf('deposit_amount')} />
      <PaymentSummary checkout={checkout} amount={amount} choices={choices} lang={lang}>
        <VoicemailLine
          extras={extras}
          fields={{ ...fields, deposit_amount: depositAmount, recurring_type: recurringType }}
          lang={lang}
        />
      </PaymentSummary>
      {pam ? (
        <>
          {choices ? <PamRecurringChoice checkout={checkout} choices={choices} errorOf={form.errorOf} /> : null}
          <PamAcknowledgement amount={amount} form={form} lang={lang} />
        </>
      ) : (
        <>
          {choices ? <RoundupChoice checkout={checkout} choices={choices} lang={lang} /> : null}
          {choices ? <RecurringChoice checkout={checkout} choices={choices} errorOf={form.errorOf} /> : null}
          {payment ? <SavedCards checkout={checkout} payment={payment} form={form} /> : null}
          {savedCard ? null : <NewCard form={form} />}
          {guest ? <GuestContact form={form} /> : null}
          <CpaLink extras={extras} lang={lang} />
          <Terms form={form} />
        </>
      )}
      <AutoPayNote fields={fields} recurringOffered={recurringOffered} />
      <PamAccountDialog checkout={checkout} />
      <WizardNav
        onBack={() => wizard.send({ type: 'wizard.back' })}
        continueKey={pam ? 'CHECKOUT.NEXT' : 'DEPOSIT.DEPOSIT_SUBMIT'}
        busy={busy}
        continueDisabled={pam && !form.values[PAM_ACK_FIELD]}
      />
    </form>
  );
  // The payment endpoint's form is a form of its own, after the checkout's (a form inside a form is
  // not HTML: the browser would drop the inner one).
  return (
    <>
      {checkoutForm}
      <PamPost submit={submit} />
    </>
  );
}
