// deposit.number (§2, 60%, dest): the signed-in payer's phone accounts as radio choices (primary and
// pending markers), or a new number with its country; the AdvancePay notices and disclaimers (§2), and
// the note that international numbers cannot be verified (§5). The new number and its country are the
// step's form (docs/decisions/0041): Formik keeps them and checks them with the contract's
// destNumberSchema on blur and on Continue; each edit goes to the wizard's autosave (§4), and Continue
// sends the number, valid, with number.submit. The account choice is the wizard's (it decides the
// fraud refusal and what is saved).
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { inmateLabelText } from '../deposit-types.ts';
import type { DestinationAccount } from '../../contract/accounts.ts';
import { destNumberSchema } from '../../contract/dest-deposits.ts';
import type { FieldErrors, FormFields } from '../../contract/entities.ts';
import type { NewNumberValues } from '../../machines/wizard.types.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { SelectField, TextField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { useMachineForm } from '../components/use-machine-form.ts';
import { phoneLabel } from '../format.ts';
import { useMasks } from '../masks.ts';
import type { WizardRef } from '../machine-refs.ts';

const LABELS = {
  dest_account_id: 'NUMBER.YOUR_ACCOUNTS',
  deposit_phone_country: 'NUMBER.COUNTRY',
  deposit_phone_no: 'NUMBER.PHONE',
};
const NO_ERRORS: FieldErrors = {};

/** The form opens with the wizard's copy (the server's form state, or what the autosave sent). */
function numberValues(fields: FormFields): NewNumberValues {
  return {
    deposit_phone_country: fields.deposit_phone_country || 'US',
    deposit_phone_no: fields.dest_account_id === null ? fields.deposit_phone_no : '',
  };
}

function accountLabel(a: DestinationAccount): string {
  return phoneLabel(a.deposit_phone_no, a.deposit_phone_no_label);
}

export function NumberStep({ wizard }: { wizard: WizardRef }) {
  const { t } = useTranslation();
  const mask = useMasks();
  const fields = useSelector(wizard, (s) => s.context.fields);
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const accounts = useSelector(wizard, (s) => s.context.destAccounts) ?? [];
  const facility = useSelector(wizard, (s) => s.context.facility);
  const loading = useSelector(wizard, (s) => s.hasTag('loading'));
  const busy = useSelector(wizard, (s) => s.hasTag('busy'));
  const newNumber = fields.dest_account_id === null;
  // The wizard's errors on the step (a refused save, a fraud flag) once Continue was tried; the
  // autosave's answers while typing are not shown (§4: the summary appears when continuing fails).
  const phoneError = showErrors ? errors.deposit_phone_no : undefined;
  const accountError = showErrors ? errors.dest_account_id : undefined;
  const serverErrors = useMemo<FieldErrors>(
    () =>
      phoneError || accountError
        ? {
            ...(phoneError ? { deposit_phone_no: phoneError } : {}),
            ...(accountError ? { dest_account_id: accountError } : {}),
          }
        : NO_ERRORS,
    [phoneError, accountError],
  );
  const form = useMachineForm<NewNumberValues>({
    initialValues: numberValues(fields),
    schema: destNumberSchema,
    labels: LABELS,
    serverErrors,
    // §4: each edit is autosaved; a typed number is a new number (its old label goes with it).
    onEdit: (name, value) =>
      wizard.send({
        type: 'form.change',
        fields:
          name === 'deposit_phone_no'
            ? { deposit_phone_no: value, deposit_phone_no_label: '', dest_account_id: null }
            : { deposit_phone_country: value, dest_account_id: null },
      }),
    onSubmit: (values) => wizard.send({ type: 'number.submit', values }),
  });
  const country = form.values.deposit_phone_country || 'US';
  const chooseAccount = (accountId: number | null) => {
    wizard.send({ type: 'number.account', accountId });
    // A new number starts from what the wizard now has (the account's number is not a new one).
    if (accountId === null) form.reset(numberValues(wizard.getSnapshot().context.fields));
  };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        if (newNumber) {
          form.submit(e);
          return;
        }
        e.preventDefault();
        wizard.send({ type: 'wizard.continue' });
      }}
    >
      <StepHeading>{t('NUMBER.HEADING')}</StepHeading>
      <ErrorSummary
        show={(newNumber && form.invalid) || showErrors}
        errors={newNumber ? form.summaryErrors : serverErrors}
        labels={LABELS}
        messageKey={failure}
      />
      <p className="breadcrumb">{facility?.label}</p>
      <p>{t('NUMBER.INTRO', { label: inmateLabelText(t, facility?.inmate_label).toLowerCase() })}</p>
      {loading ? <p role="status">{t('NUMBER.LOADING_ACCOUNTS')}</p> : null}
      {accounts.length > 0 ? (
        <fieldset className="choices">
          <legend>{t('NUMBER.YOUR_ACCOUNTS')}</legend>
          {accounts.map((a, i) => (
            <label key={a.id} className="choice">
              <input
                type="radio"
                name="dest_account_id"
                id={i === 0 ? 'field-dest_account_id' : undefined}
                checked={fields.dest_account_id === a.id}
                onChange={() => chooseAccount(a.id)}
              />
              <span>
                {accountLabel(a)}
                {a.primary ? <span className="choice__tag"> {t('NUMBER.PRIMARY')}</span> : null}
                {a.validate_status === 'pending' ? <span className="choice__tag"> {t('NUMBER.PENDING')}</span> : null}
              </span>
            </label>
          ))}
          <label className="choice">
            <input type="radio" name="dest_account_id" checked={newNumber} onChange={() => chooseAccount(null)} />
            <span>{t('NUMBER.NEW_NUMBER')}</span>
          </label>
        </fieldset>
      ) : null}
      {newNumber ? (
        <fieldset>
          <legend>{t('NUMBER.NEW_NUMBER')}</legend>
          <SelectField
            name="deposit_phone_country"
            labelKey="NUMBER.COUNTRY"
            value={country}
            error={form.errorOf('deposit_phone_country')}
            options={[
              { value: 'US', label: t('COUNTRY.US') },
              { value: 'CA', label: t('COUNTRY.CA') },
            ]}
            onValue={(v) => {
              // Another country's number is typed afresh.
              form.set('deposit_phone_country', v);
              form.set('deposit_phone_no', '');
            }}
          />
          <TextField
            {...form.text('deposit_phone_no')}
            hintKey="NUMBER.PHONE_HINT"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={mask.phone(form.values.deposit_phone_no, country)}
            onValue={(v) => form.set('deposit_phone_no', mask.phone(v, country))}
          />
          {country !== 'US' ? <p className="notice">{t('NUMBER.INTERNATIONAL')}</p> : null}
        </fieldset>
      ) : null}
      <div className="notice">
        <p>{t('NUMBER.ADVANCE_PAY')}</p>
        <p>{t('NUMBER.DISCLAIMER')}</p>
      </div>
      <WizardNav busy={busy} onBack={() => wizard.send({ type: 'wizard.back' })} />
    </form>
  );
}
