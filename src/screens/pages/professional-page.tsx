// /account/professional_verification (§2): renders the professional machine's states only.
import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  BAR_NUMBER_MAX,
  PHONE_EXT_MAX,
  type ProfessionalFields,
  issueDateWindow,
} from '../../../contract/professional.ts';
import { US_STATES } from '../../../contract/regions.ts';
import type { professionalMachine } from '../../../machines/professional.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { ErrorSummary, focusErrorSummary } from '../../components/error-summary.tsx';
import { SelectField, TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { useMasks } from '../../masks.ts';
import { usePageFrame } from './page-frame.tsx';

type ProfessionalRef = ActorRefFrom<typeof professionalMachine>;

/** The fields in page order, with their labels (the error summary links to them in this order). */
const LABELS: Record<keyof ProfessionalFields, string> = {
  facilityId: 'PROFESSIONAL.FACILITY',
  barNumber: 'PROFESSIONAL.BAR_NUMBER',
  issueState: 'PROFESSIONAL.ISSUE_STATE',
  issueDate: 'PROFESSIONAL.ISSUE_DATE',
  businessPhone: 'PROFESSIONAL.BUSINESS_PHONE',
  phoneEx: 'PROFESSIONAL.PHONE_EXT',
};

const STATE_OPTIONS = US_STATES.map((s) => ({ value: s.code, label: s.name }));

export function ProfessionalPage({ page }: PageScreenProps) {
  const professional = page as ProfessionalRef;
  const snapshot = useSelector(professional, (s) => s);
  const { t } = useTranslation();
  const mask = useMasks();

  const frame = usePageFrame(professional, 'professional');
  if (frame) return frame;
  const { facilities, fields, errors, showErrors, failure, today } = snapshot.context;

  const busy = !snapshot.hasTag('editing');
  const sending = snapshot.hasTag('sending');
  const dates = issueDateWindow(today);
  const chosen = facilities.find((f) => String(f.id) === fields.facilityId);
  const change = (patch: Partial<ProfessionalFields>) =>
    professional.send({ type: 'professional.change', fields: patch });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    professional.send({ type: 'professional.submit' });
    focusErrorSummary();
  };

  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PROFESSIONAL')}</StepHeading>
      <AccountNav current="professional_verification" />
      <p>{t('PROFESSIONAL.INTRO')}</p>
      <ErrorSummary
        show={showErrors}
        errors={errors}
        labels={LABELS}
        titleKey="PROFESSIONAL.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <SelectField
          name="facilityId"
          labelKey={LABELS.facilityId}
          value={fields.facilityId}
          error={errors['facilityId']}
          options={facilities.map((f) => ({
            value: String(f.id),
            label: t('PROFESSIONAL.FACILITY_OPTION', { facility: f.label, state: f.state }),
          }))}
          placeholderKey="PROFESSIONAL.CHOOSE_FACILITY"
          disabled={busy}
          onValue={(facilityId) => change({ facilityId })}
        />
        {/* §8: the payer already has a request for this facility waiting for review. */}
        <div role="status">
          {chosen?.pending ? (
            <p className="notice">{t('PROFESSIONAL.PENDING_NOTICE', { facility: chosen.label })}</p>
          ) : null}
        </div>
        <TextField
          name="barNumber"
          labelKey={LABELS.barNumber}
          value={fields.barNumber}
          error={errors['barNumber']}
          autoComplete="off"
          maxLength={BAR_NUMBER_MAX}
          disabled={busy}
          onValue={(barNumber) => change({ barNumber })}
        />
        <SelectField
          name="issueState"
          labelKey={LABELS.issueState}
          value={fields.issueState}
          error={errors['issueState']}
          options={STATE_OPTIONS}
          placeholderKey="PROFESSIONAL.CHOOSE_STATE"
          disabled={busy}
          onValue={(issueState) => change({ issueState })}
        />
        <TextField
          name="issueDate"
          labelKey={LABELS.issueDate}
          hintKey="PROFESSIONAL.ISSUE_DATE_HINT"
          type="date"
          min={dates.from}
          max={dates.to}
          value={fields.issueDate}
          error={errors['issueDate']}
          disabled={busy}
          onValue={(issueDate) => change({ issueDate })}
        />
        <TextField
          name="businessPhone"
          labelKey={LABELS.businessPhone}
          hintKey="PROFESSIONAL.BUSINESS_PHONE_HINT"
          type="tel"
          autoComplete="tel-national"
          maxLength={20}
          value={mask.phone(fields.businessPhone, 'US')}
          error={errors['businessPhone']}
          disabled={busy}
          onValue={(businessPhone) => change({ businessPhone: mask.phone(businessPhone, 'US') })}
        />
        <TextField
          name="phoneEx"
          labelKey={LABELS.phoneEx}
          inputMode="numeric"
          autoComplete="tel-extension"
          maxLength={PHONE_EXT_MAX}
          value={fields.phoneEx}
          error={errors['phoneEx']}
          disabled={busy}
          onValue={(phoneEx) => change({ phoneEx })}
        />
        <div className="wizard-nav">
          <button type="submit" className="button" disabled={busy} aria-busy={sending || undefined}>
            {busy ? t('WIZARD.PLEASE_WAIT') : t('PROFESSIONAL.SUBMIT')}
          </button>
        </div>
      </form>
    </div>
  );
}
