// /account/professional_verification (§2): renders the professional machine's states; the form's values
// are its field layer's (src/components/use-machine-form.ts, decision 0041), checked with the contract's
// professionalFieldsSchema and sent, valid, with professional.submit.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  BAR_NUMBER_MAX,
  EMPTY_PROFESSIONAL,
  PHONE_EXT_MAX,
  type ProfessionalFields,
  issueDateWindow,
  professionalFieldsSchema,
} from '../../../contract/professional.ts';
import { US_STATES } from '../../../contract/regions.ts';
import type { professionalMachine } from '../../../machines/professional.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { SelectField, TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
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
  const { t } = useTranslation();
  const frame = usePageFrame(professional, 'professional');
  if (frame) return frame;
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.PROFESSIONAL')}</StepHeading>
      <AccountNav current="professional_verification" />
      <p>{t('PROFESSIONAL.INTRO')}</p>
      <ProfessionalForm professional={professional} />
    </div>
  );
}

/** Mounted once the facilities and the token are there; it opens with the request sent last, if any. */
function ProfessionalForm({ professional }: { professional: ProfessionalRef }) {
  const context = useSelector(professional, (s) => s.context);
  const busy = useSelector(professional, (s) => !s.hasTag('editing'));
  const sending = useSelector(professional, (s) => s.hasTag('sending'));
  const { t } = useTranslation();
  const mask = useMasks();
  const { facilities, sent, errors, failure, today } = context;
  const dates = issueDateWindow(today);
  const schema = useMemo(() => professionalFieldsSchema(issueDateWindow(today)), [today]);
  const form = useMachineForm<ProfessionalFields>({
    initialValues: sent ?? EMPTY_PROFESSIONAL,
    schema,
    labels: LABELS,
    serverErrors: errors,
    onSubmit: (values) => professional.send({ type: 'professional.submit', values }),
  });

  const chosen = facilities.find((f) => String(f.id) === form.values.facilityId);
  const phone = form.text('businessPhone');

  return (
    <>
      <ErrorSummary
        show={form.invalid || Object.keys(errors).length > 0 || !!failure}
        errors={form.summaryErrors}
        labels={LABELS}
        titleKey="PROFESSIONAL.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={form.submit} aria-busy={busy || undefined}>
        <SelectField
          {...form.text('facilityId')}
          options={facilities.map((f) => ({
            value: String(f.id),
            label: t('PROFESSIONAL.FACILITY_OPTION', { facility: f.label, state: f.state }),
          }))}
          placeholderKey="PROFESSIONAL.CHOOSE_FACILITY"
          disabled={busy}
        />
        {/* §8: the payer already has a request for this facility waiting for review. */}
        <div role="status">
          {chosen?.pending ? (
            <p className="notice">{t('PROFESSIONAL.PENDING_NOTICE', { facility: chosen.label })}</p>
          ) : null}
        </div>
        <TextField {...form.text('barNumber')} autoComplete="off" maxLength={BAR_NUMBER_MAX} disabled={busy} />
        <SelectField
          {...form.text('issueState')}
          options={STATE_OPTIONS}
          placeholderKey="PROFESSIONAL.CHOOSE_STATE"
          disabled={busy}
        />
        <TextField
          {...form.text('issueDate')}
          hintKey="PROFESSIONAL.ISSUE_DATE_HINT"
          type="date"
          min={dates.from}
          max={dates.to}
          disabled={busy}
        />
        <TextField
          {...phone}
          hintKey="PROFESSIONAL.BUSINESS_PHONE_HINT"
          type="tel"
          autoComplete="tel-national"
          maxLength={20}
          value={mask.phone(phone.value, 'US')}
          disabled={busy}
          onValue={(v) => phone.onValue(mask.phone(v, 'US'))}
        />
        <TextField
          {...form.text('phoneEx')}
          inputMode="numeric"
          autoComplete="tel-extension"
          maxLength={PHONE_EXT_MAX}
          disabled={busy}
        />
        <div className="wizard-nav">
          <button type="submit" className="button" disabled={busy} aria-busy={sending || undefined}>
            {busy ? t('WIZARD.PLEASE_WAIT') : t('PROFESSIONAL.SUBMIT')}
          </button>
        </div>
      </form>
    </>
  );
}
