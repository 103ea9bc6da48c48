// §2 "verify phone (text or call, then code)": the modal of the phoneVerification machine. It renders
// that machine's states only; the page that opens it says whether the account came out verified. The
// code is the form's (docs/decisions/0041): typed, checked on blur and on submit with the contract's
// schema, and sent to the machine, valid, with the submit.
import { useSelector } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { FieldErrors } from '../../contract/entities.ts';
import {
  VERIFY_CODE_LENGTH,
  VERIFY_CODE_TTL_MINUTES,
  verifyCodeFormSchema,
} from '../../contract/phone-verification.ts';
import type { VerifyCodeValues, phoneVerificationMachine } from '../../machines/phone-verification.machine.ts';
import { TextField } from './fields.tsx';
import { Modal } from './modal.tsx';
import { useMachineForm } from './use-machine-form.ts';

export type PhoneVerificationRef = ActorRefFrom<typeof phoneVerificationMachine>;

/** Where the page is with the verification: the machine runs (open), or it has verified the account. */
export type VerificationOutcome = 'open' | 'reloading' | 'verified';

const CODE_FIELD = 'code';
const CODE_LABELS = { code: 'PHONE_VERIFY.CODE' };
const NO_CODE: VerifyCodeValues = { code: '' };
/** The steps the machine's tags tell, in the order they are checked (the first one found is shown). */
const VIEWS = ['international', 'error', 'channel'] as const;

export function PhoneVerificationModal({
  title,
  account,
  verification,
  outcome,
  onClose,
}: {
  title: string;
  /** The account as the page names it (label and number). */
  account: string;
  verification: PhoneVerificationRef | undefined;
  outcome: VerificationOutcome;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const reloading = outcome === 'reloading';
  return (
    // The list is read again after a verification: the dialog waits for it.
    <Modal title={title} onClose={reloading ? undefined : onClose}>
      {outcome !== 'open' || !verification ? (
        <Step step="verified">
          <div role="status">
            <p className="notice">{t('PHONE_VERIFY.VERIFIED', { account })}</p>
          </div>
          <div className="wizard-nav">
            <button
              type="button"
              className="button"
              disabled={reloading}
              aria-busy={reloading || undefined}
              onClick={onClose}
            >
              {t('COMMON.CLOSE')}
            </button>
          </div>
        </Step>
      ) : (
        <VerificationSteps verification={verification} account={account} onClose={onClose} />
      )}
    </Modal>
  );
}

/**
 * One state's content. When the state changes, focus goes to the modal's heading (the buttons that had
 * it are gone), or to the code field when a code is to be typed.
 */
function Step({ step, children }: { step: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const modal = ref.current?.closest('.modal');
    if (step === 'attempted') modal?.querySelector<HTMLElement>(`#field-${CODE_FIELD}`)?.focus();
    else if (step !== 'checking') modal?.querySelector<HTMLElement>('h2')?.focus();
  }, [step]);
  return <div ref={ref}>{children}</div>;
}

function VerificationSteps({
  verification,
  account,
  onClose,
}: {
  verification: PhoneVerificationRef;
  account: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const channel = useSelector(verification, (s) => s.context.channel);
  const failure = useSelector(verification, (s) => s.context.failure);
  const view = useSelector(verification, (s) => VIEWS.find((tag) => s.hasTag(tag)) ?? null);
  const sending = useSelector(verification, (s) => s.hasTag('busy'));
  const send = verification.send;
  const close = (
    <button type="button" className="button button--secondary" onClick={onClose}>
      {t('COMMON.CLOSE')}
    </button>
  );

  if (view === 'international') {
    return (
      <Step step="international">
        <p className="notice notice--error" role="alert">
          {t('ERROR.INTERNATIONAL_NUMBERS_CANNOT_VERIFIED')}
        </p>
        <div className="wizard-nav">{close}</div>
      </Step>
    );
  }

  if (view === 'error') {
    return (
      <Step step="error">
        <p className="notice notice--error" role="alert">
          {t(failure ?? 'ERROR.UNEXPECTED')}
        </p>
        <div className="wizard-nav">
          {close}
          <button type="button" className="button" onClick={() => send({ type: 'phone.retry' })}>
            {t('COMMON.TRY_AGAIN')}
          </button>
        </div>
      </Step>
    );
  }

  if (view === 'channel') {
    return (
      <Step step={sending ? 'sending' : 'unverified'}>
        <p>{t('PHONE_VERIFY.INTRO')}</p>
        <div role="status">
          {sending ? (
            <p className="notice">
              {t(channel === 'call' ? 'PHONE_VERIFY.SENDING_CALL' : 'PHONE_VERIFY.SENDING_TEXT', { account })}
            </p>
          ) : null}
        </div>
        <div className="wizard-nav">
          {close}
          <button
            type="button"
            className="button button--secondary"
            disabled={sending}
            aria-busy={(sending && channel === 'call') || undefined}
            onClick={() => send({ type: 'phone.send', channel: 'call' })}
          >
            {t('PHONE_VERIFY.SEND_CALL')}
          </button>
          <button
            type="button"
            className="button"
            disabled={sending}
            aria-busy={(sending && channel === 'sms') || undefined}
            onClick={() => send({ type: 'phone.send', channel: 'sms' })}
          >
            {t('PHONE_VERIFY.SEND_TEXT')}
          </button>
        </div>
      </Step>
    );
  }

  // attempted and checking: code entry (what was typed stays while it is checked and after a failure).
  return <CodeEntry verification={verification} account={account} close={close} />;
}

/** The code's form: mounted while a code is typed and checked, so what was typed stays through a check. */
function CodeEntry({
  verification,
  account,
  close,
}: {
  verification: PhoneVerificationRef;
  account: string;
  close: ReactNode;
}) {
  const { t } = useTranslation();
  const context = useSelector(verification, (s) => s.context);
  const checking = useSelector(verification, (s) => s.hasTag('busy'));
  const send = verification.send;
  const { channel, sent, codeError, failure } = context;
  // The server's answer on the code, shown until the code is edited (one object per answer).
  const serverErrors = useMemo<FieldErrors>(() => (codeError ? ({ code: codeError } as FieldErrors) : {}), [codeError]);
  const form = useMachineForm<VerifyCodeValues>({
    initialValues: sent ?? NO_CODE,
    schema: verifyCodeFormSchema,
    labels: CODE_LABELS,
    serverErrors,
    onSubmit: (values) => send({ type: 'phone.code.submit', values }),
    // The modal has no error summary: the field that says what is wrong takes focus.
    focusInvalid: () => requestAnimationFrame(() => document.getElementById(`field-${CODE_FIELD}`)?.focus()),
  });
  const message = failure ?? (form.summaryErrors as Record<string, string | undefined>)[CODE_FIELD];
  return (
    <Step step={checking ? 'checking' : 'attempted'}>
      <div role="status">
        <p className="notice">
          {t(channel === 'call' ? 'PHONE_VERIFY.SENT_CALL' : 'PHONE_VERIFY.SENT_TEXT', {
            account,
            minutes: VERIFY_CODE_TTL_MINUTES,
          })}
        </p>
      </div>
      {message ? (
        <p className="notice notice--error" role="alert">
          {t(message)}
        </p>
      ) : null}
      <form noValidate onSubmit={form.submit}>
        <TextField
          {...form.text(CODE_FIELD)}
          hintKey="PHONE_VERIFY.CODE_HINT"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFY_CODE_LENGTH + 2}
          readOnly={checking}
        />
        <div className="wizard-nav">
          {close}
          <button
            type="button"
            className="button button--secondary"
            disabled={checking}
            onClick={() => send({ type: 'phone.resend' })}
          >
            {t('PHONE_VERIFY.RESEND')}
          </button>
          {/* Stays focusable while the code is checked; a second press is ignored by the machine. */}
          <button
            type="submit"
            className="button"
            aria-disabled={checking || undefined}
            aria-busy={checking || undefined}
          >
            {checking ? t('WIZARD.PLEASE_WAIT') : t('PHONE_VERIFY.SUBMIT')}
          </button>
        </div>
      </form>
    </Step>
  );
}
