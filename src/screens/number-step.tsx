// deposit.number (§2, 60%, dest): the signed-in payer's phone accounts as radio choices (primary and
// pending markers), or a new number with its country; the AdvancePay notices and disclaimers (§2), and
// the note that international numbers cannot be verified (§5).
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { inmateLabelText } from '../deposit-types.ts';
import type { DestinationAccount } from '../../contract/accounts.ts';
import { ErrorSummary } from '../components/error-summary.tsx';
import { SelectField, TextField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import { phoneLabel } from '../format.ts';
import { useMasks } from '../masks.ts';
import type { WizardRef } from '../machine-refs.ts';

const LABELS = { dest_account_id: 'NUMBER.YOUR_ACCOUNTS', deposit_phone_no: 'NUMBER.PHONE' };

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
  const country = fields.deposit_phone_country || 'US';
  const change = (patch: Partial<typeof fields>) => wizard.send({ type: 'form.change', fields: patch });

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        wizard.send({ type: 'wizard.continue' });
      }}
    >
      <StepHeading>{t('NUMBER.HEADING')}</StepHeading>
      <ErrorSummary
        show={showErrors}
        errors={{ deposit_phone_no: errors.deposit_phone_no, dest_account_id: errors.dest_account_id }}
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
                onChange={() => wizard.send({ type: 'number.account', accountId: a.id })}
              />
              <span>
                {accountLabel(a)}
                {a.primary ? <span className="choice__tag"> {t('NUMBER.PRIMARY')}</span> : null}
                {a.validate_status === 'pending' ? <span className="choice__tag"> {t('NUMBER.PENDING')}</span> : null}
              </span>
            </label>
          ))}
          <label className="choice">
            <input
              type="radio"
              name="dest_account_id"
              checked={newNumber}
              onChange={() => wizard.send({ type: 'number.account', accountId: null })}
            />
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
            options={[
              { value: 'US', label: t('COUNTRY.US') },
              { value: 'CA', label: t('COUNTRY.CA') },
            ]}
            onValue={(v) => change({ deposit_phone_country: v, deposit_phone_no: '', dest_account_id: null })}
          />
          <TextField
            name="deposit_phone_no"
            labelKey="NUMBER.PHONE"
            hintKey="NUMBER.PHONE_HINT"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            value={mask.phone(fields.deposit_phone_no, country)}
            error={showErrors ? errors.deposit_phone_no : undefined}
            onValue={(v) =>
              change({ deposit_phone_no: mask.phone(v, country), deposit_phone_no_label: '', dest_account_id: null })
            }
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
