// /account/update_profile (§2): renders the updateProfile machine's states; the form's values are its
// field layer's (src/components/use-machine-form.ts, decision 0041), checked with the contract's
// profileSchema and sent, valid, with profile.submit.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { profileSchema } from '../../../contract/profile.ts';
import {
  EMPTY_PROFILE_VALUES,
  type ProfileValues,
  type updateProfileMachine,
} from '../../../machines/update-profile.machine.ts';
import { AccountNav } from '../../components/account-nav.tsx';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { CheckboxField, SubmitButton, TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { useMasks } from '../../masks.ts';
import { usePageFrame } from './page-frame.tsx';

type ProfileRef = ActorRefFrom<typeof updateProfileMachine>;

const LABELS = { first_name: 'PROFILE.FIRST_NAME', last_name: 'PROFILE.LAST_NAME', phone: 'PROFILE.PHONE' };

/** §5: the US phone mask, unless the payer types an international number (+...), kept as typed. */
function countryOf(phone: string): string {
  return phone.trim().startsWith('+') ? '' : 'US';
}

const same = (a: ProfileValues, b: ProfileValues | null) =>
  b !== null && (Object.keys(a) as (keyof ProfileValues)[]).every((k) => a[k] === b[k]);

export function UpdateProfilePage({ page }: PageScreenProps) {
  const profile = page as ProfileRef;
  const { t } = useTranslation();
  const frame = usePageFrame(profile, 'updateProfile');
  if (frame) return frame;
  return (
    <div className="page-content">
      <StepHeading>{t('PAGES.UPDATE_PROFILE')}</StepHeading>
      <AccountNav current="update_profile" />
      <ProfileForm profile={profile} />
    </div>
  );
}

/** Mounted once the profile is loaded: it opens with the server's copy. */
function ProfileForm({ profile }: { profile: ProfileRef }) {
  const s = useSelector(profile, (x) => x);
  const { t } = useTranslation();
  const mask = useMasks();
  const { sent, errors, failure, saved, needsChoice, email } = s.context;
  const form = useMachineForm<ProfileValues>({
    initialValues: sent ?? EMPTY_PROFILE_VALUES,
    schema: profileSchema,
    labels: LABELS,
    serverErrors: errors,
    onSubmit: (values) => {
      profile.send({ type: 'profile.submit', values });
    },
  });
  const busy = s.hasTag('busy');
  const phone = form.text('phone');
  return (
    <form noValidate onSubmit={form.submit}>
      <ErrorSummary
        show={form.invalid || Object.keys(errors).length > 0 || !!failure}
        errors={form.summaryErrors}
        labels={LABELS}
        messageKey={failure}
      />
      {/* The save went through, and nothing was changed since. */}
      <div role="status">
        {saved && same(form.values, sent) ? <p className="notice">{t('PROFILE.SAVED')}</p> : null}
      </div>
      <p>{t('PROFILE.EMAIL', { email })}</p>
      <TextField {...form.text('first_name')} autoComplete="given-name" />
      <TextField {...form.text('last_name')} autoComplete="family-name" />
      <TextField
        {...phone}
        type="tel"
        value={mask.phone(phone.value, countryOf(phone.value))}
        autoComplete="tel-national"
        onValue={(v) => phone.onValue(mask.phone(v, countryOf(v)))}
      />
      <fieldset>
        <legend>{t('PROFILE.NOTIFY_TITLE')}</legend>
        {needsChoice ? <p className="notice">{t('PROFILE.NOTIFY_CHOOSE')}</p> : null}
        <CheckboxField {...form.check('sms')} name="notify_sms">
          {t('PROFILE.NOTIFY_SMS')}
        </CheckboxField>
        <CheckboxField {...form.check('email')} name="notify_email">
          {t('PROFILE.NOTIFY_EMAIL')}
        </CheckboxField>
      </fieldset>
      <div className="wizard-nav">
        <SubmitButton busy={busy} labelKey="PROFILE.SAVE" />
      </div>
    </form>
  );
}
