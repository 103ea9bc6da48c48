// The sign-in page (§2 login.welcome): renders the login machine's states only.
import { useSelector } from '@xstate/react';
import type { FormEvent, InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { loginMachine } from '../../../machines/login.machine.ts';
import { ErrorSummary, focusErrorSummary } from '../../components/error-summary.tsx';
import { TextField } from '../../components/fields.tsx';
import { StepHeading } from '../../components/step-heading.tsx';
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
  const snapshot = useSelector(login, (s) => s);
  const registering = snapshot.hasTag('register');
  return registering ? <RegisterForm login={login} /> : <SignInForm login={login} />;
}

function SignInForm({ login }: { login: LoginRef }) {
  const { t } = useTranslation();
  const snapshot = useSelector(login, (s) => s);
  const { signIn, errors, showErrors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.send({ type: 'login.submit' });
    focusErrorSummary();
  };
  return (
    <div className="page-content">
      <StepHeading>{t('LOGIN.HEADING')}</StepHeading>
      <p>{t('LOGIN.INTRO')}</p>
      <ErrorSummary
        show={showErrors}
        errors={errors}
        labels={SIGN_IN_LABELS}
        titleKey="LOGIN.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
        <TextField
          name="email"
          labelKey={SIGN_IN_LABELS.email}
          type="email"
          autoComplete="email"
          value={signIn.email}
          error={errors.email}
          onValue={(v) => login.send({ type: 'login.change', fields: { email: v } })}
        />
        <TextField
          name="password"
          labelKey={SIGN_IN_LABELS.password}
          type="password"
          autoComplete="current-password"
          value={signIn.password}
          error={errors.password}
          onValue={(v) => login.send({ type: 'login.change', fields: { password: v } })}
        />
        <div className="wizard-nav">
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('WIZARD.PLEASE_WAIT') : t('LOGIN.SUBMIT')}
          </button>
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
          <a href="#/deposit_facility/US">{t('LOGIN.CONTINUE_AS_GUEST')}</a>
        </li>
      </ul>
    </div>
  );
}

function RegisterForm({ login }: { login: LoginRef }) {
  const { t } = useTranslation();
  const snapshot = useSelector(login, (s) => s);
  const { register, errors, showErrors, failure } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    login.send({ type: 'register.submit' });
    focusErrorSummary();
  };
  const field = (
    name: keyof typeof REGISTER_LABELS,
    extra: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'name'> = {},
  ) => (
    <TextField
      name={name}
      labelKey={REGISTER_LABELS[name]}
      value={register[name]}
      error={errors[name]}
      onValue={(v) => login.send({ type: 'register.change', fields: { [name]: v } })}
      {...extra}
    />
  );
  return (
    <div className="page-content">
      <StepHeading>{t('LOGIN.REGISTER_HEADING')}</StepHeading>
      <p>{t('LOGIN.REGISTER_INTRO')}</p>
      <ErrorSummary
        show={showErrors}
        errors={errors}
        labels={REGISTER_LABELS}
        titleKey="LOGIN.ERROR_TITLE"
        messageKey={failure}
      />
      <form noValidate onSubmit={onSubmit} aria-busy={busy || undefined}>
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
          <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('WIZARD.PLEASE_WAIT') : t('LOGIN.REGISTER_SUBMIT')}
          </button>
        </div>
      </form>
    </div>
  );
}
