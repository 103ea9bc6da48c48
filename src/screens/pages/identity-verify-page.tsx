// identity.verify (§2, 15%, no back button): renders the identityVerify machine's states only.
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { identityVerifyMachine } from '../../../machines/identity-verify.machine.ts';
import { ErrorSummary, focusErrorSummary } from '../../components/error-summary.tsx';
import { CheckboxField, TextField } from '../../components/fields.tsx';
import { Modal } from '../../components/modal.tsx';
import { type PhoneVerificationRef, PhoneVerificationModal } from '../../components/phone-verification-modal.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { phoneLabel } from '../../format.ts';
import type { PageScreenProps } from '../page-screens.ts';
import { usePageFrame } from './page-frame.tsx';

type IdentityRef = ActorRefFrom<typeof identityVerifyMachine>;

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
  const { values, errors, showErrors, failure, accounts, chosen } = s.context;
  const shown = (name: string) => (showErrors ? (errors as Record<string, string | undefined>)[name] : undefined);
  const busy = s.hasTag('busy');
  const inProfile = s.hasTag('profile');
  return (
    <div className="page-content">
      <StepHeading>{t('IDENTITY.HEADING')}</StepHeading>
      {s.hasTag('agreement') ? (
        <Modal title={t('IDENTITY.AGREE_TITLE')}>
          <p>{t('IDENTITY.AGREE_TEXT')}</p>
          <CheckboxField
            name="agree_1"
            checked={values.agree_1}
            error={shown('agree_1')}
            onValue={(v) => identity.send({ type: 'identity.agree', agree_1: v })}
          >
            {t('IDENTITY.AGREE_1')}
          </CheckboxField>
          <CheckboxField
            name="agree_2"
            checked={values.agree_2}
            error={shown('agree_2')}
            onValue={(v) => identity.send({ type: 'identity.agree', agree_2: v })}
          >
            {t('IDENTITY.AGREE_2')}
          </CheckboxField>
          <div className="wizard-nav">
            <button type="button" className="button" onClick={() => identity.send({ type: 'identity.accept' })}>
              {t('IDENTITY.ACCEPT')}
            </button>
          </div>
        </Modal>
      ) : null}
      {inProfile ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            identity.send({ type: 'identity.submit' });
            if (identity.getSnapshot().context.showErrors) focusErrorSummary();
          }}
        >
          <ErrorSummary
            show={showErrors || !!failure}
            errors={showErrors ? errors : {}}
            labels={LABELS}
            messageKey={failure}
          />
          <h2>{t('IDENTITY.PROFILE_TITLE')}</h2>
          <fieldset>
            <legend>{t('IDENTITY.DOB')}</legend>
            <div className="row">
              {(['dob_month', 'dob_day', 'dob_year'] as const).map((name) => (
                <TextField
                  key={name}
                  name={name}
                  labelKey={LABELS[name]}
                  inputMode="numeric"
                  maxLength={name === 'dob_year' ? 4 : 2}
                  value={values[name]}
                  error={shown(name)}
                  onValue={(v) => identity.send({ type: 'identity.change', values: { [name]: v } })}
                />
              ))}
            </div>
          </fieldset>
          <TextField
            name="ssn"
            labelKey={LABELS.ssn}
            hintKey="IDENTITY.SSN_HINT"
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={values.ssn}
            error={shown('ssn')}
            onValue={(v) => identity.send({ type: 'identity.change', values: { ssn: v } })}
          />
          <div className="wizard-nav">
            <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
              {busy ? t('WIZARD.PLEASE_WAIT') : t('IDENTITY.SUBMIT')}
            </button>
          </div>
        </form>
      ) : null}
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
