// The sign-in page (§2 login.welcome): renders the login machine's states; its two forms' fields are
// the shared field layer's (docs/decisions/0041), checked with the contract's schemas (§5).
import { useSelector } from '@xstate/react';
import { type InputHTMLAttributes, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type LoginRequest, loginSchema, registerSchema } from '../../../contract/accounts.ts';
import {
  EMPTY_REGISTER,
  EMPTY_SIGN_IN,
  type RegisterValues,
  type loginMachine,
} from '../../../machines/login.machine.ts';
import { wizardPath } from '../../../machines/pages.ts';
import { ErrorSummary } from '../../components/error-summary.tsx';
import { SubmitButton, TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
import { useMachineForm } from '../../components/use-machine-form.ts';
import type { PageScreenProps } from '../page-screens.ts';

type LoginRef = ActorRefFrom<typeof loginMachine>;

const SIGN_IN_LABELS = { email: 'LOGIN.EMAIL', password: 'LOGIN.PASSWORD' };
const REGISTER_LABELS = {
  email: 'LOGIN.EMAIL',
  first_name: 'LOGIN.FIRST_NAME',
  last_name: 'LOGIN.LAST_NAME',
  password: 'LOGIN.PASSWORD',
  password_again: 'LOGIN.PASSWORD_AGAIN',
  pin: 'LOGIN.PIN',
  pin_again: 'LOGIN.PIN_AGAIN',
};

export function LoginPage({ page }: PageScreenProps) {
  const login = page as LoginRef;
  const registering = useSelector(login, (s) => s.hasTag('register'));
  return registering ? <RegisterForm login={login} /> : <SignInForm login={login} />;
}

/** What the page's forms read of the machine: its answer and whether a call is under way. */
function useAnswer(login: LoginRef) {
  const errors = useSelector(login, (s) => s.context.errors);
  const showErrors = useSelector(login, (s) => s.context.showErrors);
  const failure = useSelector(login, (s) => s.context.failure);
  const busy = useSelector(login, (s) => s.hasTag('busy'));
  return { errors, showErrors, failure, busy };
}

function SignInForm({ login }: { login: LoginRef }) {
  const { t } = useTranslation();
  const sent = useSelector(login, (s) => s.context.signIn);
  const { errors, showErrors, failure, busy } = useAnswer(login);
  const form = useMachineForm<LoginRequest>({
    initialValues: sent ?? EMPTY_SIGN_IN,
    schema: loginSchema,
    labels: SIGN_IN_LABELS,
    serverErrors: errors,
    onSubmit: (values) => login.send({ type: 'login.submit', values }),
  });
  // §8: a refused sign-in empties the password (the machine's copy of what was sent says so).
  const { reset, values } = form;
  useEffect(() => {
    if (sent?.password === '') reset({ ...values, password: '' });
    // Only when a new answer arrives, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sent]);
  return (
    <div className="page-content">
      <StepHeading>{t('LOGIN.HEADING')}</StepHeading>
      <p>{t('LOGIN.INTRO')}</p>
      <ErrorSummary
        show={showErrors || form.invalid}
        errors={form.summaryErrors}
        labels={SIGN_IN_LABELS}
        titleKey="LOGIN.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={form.submit} aria-busy={busy || undefined}>
        <TextField {...form.text('email')} type="email" autoComplete="email" />
        <TextField {...form.text('password')} type="password" autoComplete="current-password" />
        <div className="wizard-nav">
          <SubmitButton busy={busy} labelKey="LOGIN.SUBMIT" />
        </div>
      </form>
      <h2>{t('LOGIN.NEW_HEADING')}</h2>
      <ul className="link-list">
        <li>
          <button
            type="button"
            className="link-button"
            onClick={() => login.send({ type: 'login.mode', mode: 'register' })}
          >
            {t('LOGIN.CREATE_ACCOUNT')}
          </button>
        </li>
        <li>
          <a href={`#${wizardPath('facility')}`}>{t('LOGIN.CONTINUE_AS_GUEST')}</a>
        </li>
      </ul>
    </div>
  );
}

function RegisterForm({ login }: { login: LoginRef }) {
  const { t } = useTranslation();
  const sent = useSelector(login, (s) => s.context.register);
  const { errors, showErrors, failure, busy } = useAnswer(login);
  const form = useMachineForm<RegisterValues>({
    initialValues: sent ?? EMPTY_REGISTER,
    schema: registerSchema,
    labels: REGISTER_LABELS,
    serverErrors: errors,
    onSubmit: (values) => login.send({ type: 'register.submit', values }),
  });
  const field = (
    name: keyof typeof REGISTER_LABELS,
    extra: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'> = {},
  ) => <TextField {...form.text(name)} {...extra} />;
  return (
    <div className="page-content">
      <StepHeading>{t('LOGIN.REGISTER_HEADING')}</StepHeading>
      <p>{t('LOGIN.REGISTER_INTRO')}</p>
      <ErrorSummary
        show={showErrors || form.invalid}
        errors={form.summaryErrors}
        labels={REGISTER_LABELS}
        titleKey="LOGIN.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={form.submit} aria-busy={busy || undefined}>
        {field('email', { type: 'email', autoComplete: 'email' })}
        {field('first_name', { autoComplete: 'given-name' })}
        {field('last_name', { autoComplete: 'family-name' })}
        {field('password', { type: 'password', autoComplete: 'new-password' })}
        {field('password_again', { type: 'password', autoComplete: 'new-password' })}
        {field('pin', { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 })}
        {field('pin_again', { type: 'password', inputMode: 'numeric', autoComplete: 'off', maxLength: 6 })}
        <div className="wizard-nav">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => login.send({ type: 'login.mode', mode: 'signIn' })}
          >
            {t('LOGIN.HAVE_ACCOUNT')}
          </button>
          <SubmitButton busy={busy} labelKey="LOGIN.REGISTER_SUBMIT" />
        </div>
      </form>
    </div>
  );
}
