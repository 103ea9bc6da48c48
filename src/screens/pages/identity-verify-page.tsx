// identity.verify (§2, 15%, no back button): renders the identityVerify machine's states; the agreement's
// and the profile's values are their forms' field layer's (src/components/use-machine-form.ts, decision
// 0041), checked with the contract's schemas and sent, valid, with identity.accept and identity.submit.
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import {
  type VerifyAgreement,
  type VerifyProfile,
  agreementSchema,
  verifyProfileSchema,
} from '../../../contract/identity.ts';
import type { identityVerifyMachine } from '../../../machines/identity-verify.machine.ts';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { CheckboxField, SubmitButton, TextField } from '../../components/fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { type PhoneVerificationRef, PhoneVerificationModal } from '../../components/phone-verification-modal.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
import { phoneLabel } from '../../format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type IdentityRef = ActorRefFrom<typeof identityVerifyMachine>;

const AGREE_LABELS = { agree_1: 'IDENTITY.AGREE_1', agree_2: 'IDENTITY.AGREE_2' };

const LABELS = {
  dob_month: 'IDENTITY.DOB_MONTH',
  dob_day: 'IDENTITY.DOB_DAY',
  dob_year: 'IDENTITY.DOB_YEAR',
  ssn: 'IDENTITY.SSN',
};

export function IdentityVerifyPage({ page }: PageScreenProps) {
  const identity = page as IdentityRef;
  const s = useSelector(identity, (x) => x);
  const { t } = useTranslation();
  const frame = usePageFrame(identity, 'identityVerify');
  if (frame) return frame;
  const { accounts, chosen } = s.context;
  return (
    <div className="page-content">
      <StepHeading>{t('IDENTITY.HEADING')}</StepHeading>
      {s.hasTag('agreement') ? <AgreementModal identity={identity} /> : null}
      {s.hasTag('profile') ? <ProfileForm identity={identity} /> : null}
      {s.hasTag('accounts') ? (
        <section aria-labelledby="identity-accounts">
          <h2 id="identity-accounts">{t('IDENTITY.ACCOUNTS_TITLE')}</h2>
          <ul className="item-list" aria-labelledby="identity-accounts">
            {accounts.map((a) => (
              <li key={a.id}>
                <div className="item__main">
                  <p className="item__title">{phoneLabel(a.deposit_phone_no, a.deposit_phone_no_label)}</p>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => identity.send({ type: 'identity.verifyPhone', id: a.id })}
                >
                  {t('IDENTITY.VERIFY_PHONE')}: {phoneLabel(a.deposit_phone_no, a.deposit_phone_no_label)}
                </button>
              </li>
            ))}
          </ul>
          <div className="wizard-nav">
            <button type="button" className="button" onClick={() => identity.send({ type: 'identity.continue' })}>
              {t('IDENTITY.CONTINUE')}
            </button>
          </div>
        </section>
      ) : null}
      {chosen && s.hasTag('dialog') ? (
        <PhoneVerificationModal
          title={t('PHONE_VERIFY.TITLE', {
            account: phoneLabel(chosen.deposit_phone_no, chosen.deposit_phone_no_label),
          })}
          account={phoneLabel(chosen.deposit_phone_no, chosen.deposit_phone_no_label)}
          verification={s.children.phoneVerification as PhoneVerificationRef | undefined}
          outcome="open"
          onClose={() => identity.send({ type: 'identity.closePhone' })}
        />
      ) : null}
    </div>
  );
}

/** The agreement modal: both checkboxes (agreementSchema), then identity.accept. */
function AgreementModal({ identity }: { identity: IdentityRef }) {
  const { t } = useTranslation();
  const form = useMachineForm<VerifyAgreement>({
    initialValues: { agree_1: false, agree_2: false },
    schema: agreementSchema,
    labels: AGREE_LABELS,
    onSubmit: (values) => identity.send({ type: 'identity.accept', values }),
  });
  return (
    <Modal title={t('IDENTITY.AGREE_TITLE')}>
      <p>{t('IDENTITY.AGREE_TEXT')}</p>
      <CheckboxField {...form.check('agree_1')}>{t('IDENTITY.AGREE_1')}</CheckboxField>
      <CheckboxField {...form.check('agree_2')}>{t('IDENTITY.AGREE_2')}</CheckboxField>
      <div className="wizard-nav">
        <button type="button" className="button" onClick={() => form.submit()}>
          {t('IDENTITY.ACCEPT')}
        </button>
      </div>
    </Modal>
  );
}

/** Complete your profile (verifyProfileSchema), then identity.submit; shown while the call is under way. */
function ProfileForm({ identity }: { identity: IdentityRef }) {
  const s = useSelector(identity, (x) => x);
  const { t } = useTranslation();
  const { sent, failure } = s.context;
  const form = useMachineForm<VerifyProfile>({
    initialValues: { dob_month: sent.dob_month, dob_day: sent.dob_day, dob_year: sent.dob_year, ssn: sent.ssn },
    schema: verifyProfileSchema,
    labels: LABELS,
    onSubmit: (values) => identity.send({ type: 'identity.submit', values }),
  });
  // §4 rejected and retryable: the number is asked for again, the date of birth is kept.
  const [answered, setAnswered] = useState(sent);
  if (answered !== sent) {
    setAnswered(sent);
    if (failure === 'IDENTITY.REJECTED') form.reset({ ...form.values, ssn: '' });
  }
  const busy = s.hasTag('busy');
  return (
    <form noValidate onSubmit={form.submit}>
      <ErrorSummary show={form.invalid || !!failure} errors={form.summaryErrors} labels={LABELS} messageKey={failure} />
      <h2>{t('IDENTITY.PROFILE_TITLE')}</h2>
      <fieldset>
        <legend>{t('IDENTITY.DOB')}</legend>
        <div className="row">
          {(['dob_month', 'dob_day', 'dob_year'] as const).map((name) => (
            <TextField key={name} {...form.text(name)} inputMode="numeric" maxLength={name === 'dob_year' ? 4 : 2} />
          ))}
        </div>
      </fieldset>
      <TextField
        {...form.text('ssn')}
        hintKey="IDENTITY.SSN_HINT"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
      />
      <div className="wizard-nav">
        <SubmitButton busy={busy} labelKey="IDENTITY.SUBMIT" />
      </div>
    </form>
  );
}
