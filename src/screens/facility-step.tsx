// deposit.facility (§2, 30%): country, state or province, facility.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { ErrorSummary } from '../components/error-summary.tsx';
import { SelectField } from '../components/fields.tsx';
import { WizardNav } from '../components/layout.tsx';
import { StepHeading } from '../components/step-heading.tsx';
import type { FacilityPickerRef, WizardRef } from '../machine-refs.ts';
import { useCustomerServicePhone } from '../site.tsx';

const LABELS = { facility_id: 'FACILITY.FACILITY' };

export function FacilityStep({ wizard, picker }: { wizard: WizardRef; picker: FacilityPickerRef }) {
  const { t } = useTranslation();
  const errors = useSelector(wizard, (s) => s.context.errors);
  const showErrors = useSelector(wizard, (s) => s.context.showErrors);
  const failure = useSelector(wizard, (s) => s.context.failure);
  const saving = useSelector(wizard, (s) => s.hasTag('busy'));
  // §2: a signed-in payer is reminded of the account pages.
  const signedIn = useSelector(wizard, (s) => s.context.fields.logged_in);
  const phone = useCustomerServicePhone();
  const loading = useSelector(picker, (s) => s.hasTag('loading'));
  const failed = useSelector(picker, (s) => s.hasTag('error'));
  const pickerFailure = useSelector(picker, (s) => s.context.failure);
  const { country, region, facilityId, countries, regions, facilities } = useSelector(picker, (s) => s.context);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        wizard.send({ type: 'wizard.continue' });
      }}
    >
      <StepHeading>{t('FACILITY.HEADING')}</StepHeading>
      <ErrorSummary
        show={showErrors}
        errors={{ facility_id: errors.facility_id }}
        labels={LABELS}
        messageKey={failure}
      />
      <p>{t('FACILITY.INTRO')}</p>
      {signedIn ? (
        <p className="notice">
          {t('FACILITY.ACCOUNTS_NOTE')} <a href="#/account/destination_accounts">{t('FACILITY.ACCOUNTS_LINK')}</a>
        </p>
      ) : null}
      <SelectField
        name="facility_country"
        labelKey="FACILITY.COUNTRY"
        value={country}
        options={countries.map((c) => ({ value: c.code, label: t(`COUNTRY.${c.code}`, { defaultValue: c.country }) }))}
        onValue={(v) => picker.send({ type: 'facility.country', country: v })}
        autoComplete="country"
      />
      <SelectField
        name="facility_state"
        labelKey={country === 'CA' ? 'FACILITY.PROVINCE' : 'FACILITY.STATE'}
        placeholderKey="FACILITY.CHOOSE_STATE"
        value={region}
        options={regions.map((r) => ({ value: r.code, label: r.name }))}
        onValue={(v) => picker.send({ type: 'facility.region', region: v })}
      />
      <SelectField
        name="facility_id"
        labelKey="FACILITY.FACILITY"
        placeholderKey={region ? 'FACILITY.CHOOSE_FACILITY' : 'FACILITY.CHOOSE_STATE_FIRST'}
        value={facilityId ? String(facilityId) : ''}
        error={showErrors ? errors.facility_id : undefined}
        disabled={!region || facilities.length === 0}
        options={facilities.map((f) => ({ value: String(f.id), label: f.label }))}
        onValue={(v) => v && picker.send({ type: 'facility.select', facilityId: Number(v) })}
      />
      <p className="status" role="status" aria-live="polite">
        {loading
          ? t('COMMON.LOADING')
          : region && facilities.length === 0 && !failed
            ? t('FACILITY.NONE_IN_STATE')
            : ''}
      </p>
      {failed ? (
        <div className="notice notice--error" role="alert">
          <p>{t(pickerFailure ?? 'ERROR.UNEXPECTED')}</p>
          <button
            type="button"
            className="button button--secondary"
            onClick={() => picker.send({ type: 'facility.retry' })}
          >
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      ) : null}
      <details className="help">
        <summary>{t('FACILITY.NOT_SURE')}</summary>
        <p>{t('FACILITY.NOT_SURE_HELP', { phone })}</p>
      </details>
      <WizardNav busy={saving} />
    </form>
  );
}
