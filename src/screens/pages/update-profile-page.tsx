// /account/update_profile (§2): renders the updateProfile machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { updateProfileMachine } from '../../../machines/update-profile.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { ErrorSummary, focusErrorSummary } from '../../components/error-summary.tsx';
import { CheckboxField, TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import type { PageScreenProps } from '../page-screens.ts';
import { useMasks } from '../../masks.ts';
import { usePageFrame } from './page-frame.tsx';

type ProfileRef = ActorRefFrom<typeof updateProfileMachine>;

const LABELS = { first_name: 'PROFILE.FIRST_NAME', last_name: 'PROFILE.LAST_NAME', phone: 'PROFILE.PHONE' };

/** §5: the US phone mask, unless the payer types an international number (+...), kept as typed. */
function countryOf(phone: string): string {
  return phone.trim().startsWith('+') ? '' : 'US';
}

export function UpdateProfilePage({ page }: PageScreenProps) {
  const profile = page as ProfileRef;
  const s = useSelector(profile, (x) => x);
  const { t } = useTranslation();
  const mask = useMasks();
  const frame = usePageFrame(profile, 'updateProfile');
  if (frame) return frame;
  const { values, errors, showErrors, failure, saved, needsChoice, email } = s.context;
  const busy = s.hasTag('busy');
  const shown = (name: keyof typeof LABELS) =>
    showErrors ? (errors as Record<string, string | undefined>)[name] : undefined;
  const change = (v: Partial<typeof values>) => profile.send({ type: 'profile.change', values: v });
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.UPDATE_PROFILE')}</StepHeading>
      <AccountNav current="update_profile" />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          profile.send({ type: 'profile.submit' });
          if (profile.getSnapshot().context.showErrors) focusErrorSummary();
        }}
      >
        <ErrorSummary
          show={showErrors || !!failure}
          errors={showErrors ? errors : {}}
          labels={LABELS}
          messageKey={failure}
        />
        <div role="status">{saved ? <p className="notice">{t('PROFILE.SAVED')}</p> : null}</div>
        <p>{t('PROFILE.EMAIL', { email })}</p>
        <TextField
          name="first_name"
          labelKey={LABELS.first_name}
          value={values.first_name}
          error={shown('first_name')}
          autoComplete="given-name"
          onValue={(v) => change({ first_name: v })}
        />
        <TextField
          name="last_name"
          labelKey={LABELS.last_name}
          value={values.last_name}
          error={shown('last_name')}
          autoComplete="family-name"
          onValue={(v) => change({ last_name: v })}
        />
        <TextField
          name="phone"
          labelKey={LABELS.phone}
          type="tel"
          value={mask.phone(values.phone, countryOf(values.phone))}
          error={shown('phone')}
          autoComplete="tel-national"
          onValue={(v) => change({ phone: mask.phone(v, countryOf(v)) })}
        />
        <fieldset>
          <legend>{t('PROFILE.NOTIFY_TITLE')}</legend>
          {needsChoice ? <p className="notice">{t('PROFILE.NOTIFY_CHOOSE')}</p> : null}
          <CheckboxField name="notify_sms" checked={values.sms} onValue={(v) => change({ sms: v })}>
            {t('PROFILE.NOTIFY_SMS')}
          </CheckboxField>
          <CheckboxField name="notify_email" checked={values.email} onValue={(v) => change({ email: v })}>
            {t('PROFILE.NOTIFY_EMAIL')}
          </CheckboxField>
        </fieldset>
        <div className="wizard-nav">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('WIZARD.PLEASE_WAIT') : t('PROFILE.SAVE')}
          </button>
        </div>
      </form>
    </div>
  );
}
