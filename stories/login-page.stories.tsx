// login.welcome (§2; §5 create account; §8 login errors): each state of the login machine with the
// screen it shows.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { fromPromise } from 'xstate';
import type { LoginRequest, LoginResponse, RegisterRequest } from '../contract/accounts.ts';
import { SIGNED_IN_ANSWER, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { loginMachine } from '../machines/login.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { LoginPage } from '../src/screens/pages/login-page.tsx';
import { noteFailure } from '../src/api/error-reference.ts';
import { t } from './support/checks.ts';
import { drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Sign in',
  render: renderPage(LoginPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const never = <O, I>() => fromPromise<O, I>(() => new Promise<O>(() => {}));
// As the API client does, a refusal notes its code and reference for the screens (src/api/error-reference.ts).
const refusing = <O, I>(failure: CallFailure) =>
  fromPromise<O, I>(() => {
    noteFailure(failure.code, failure.requestId);
    return Promise.reject(failure);
  });

/** The login machine with the sandbox's answers: ana@example.com / sandbox-pass-1 signs in. */
function login(calls: { signIn?: 'never' | CallFailure; register?: 'never' | CallFailure } = {}) {
  const signIn =
    calls.signIn === 'never'
      ? never<LoginResponse, LoginRequest>()
      : calls.signIn
        ? refusing<LoginResponse, LoginRequest>(calls.signIn)
        : fromPromise<LoginResponse, LoginRequest>(async () => SIGNED_IN_ANSWER);
  const register =
    calls.register === 'never'
      ? never<LoginResponse, RegisterRequest>()
      : calls.register
        ? refusing<LoginResponse, RegisterRequest>(calls.register)
        : fromPromise<LoginResponse, RegisterRequest>(async () => SIGNED_IN_ANSWER);
  return provideMachine(loginMachine, { signIn, register });
}

const ANA = { type: 'login.submit', values: { email: 'ana@example.com', password: 'sandbox-pass-1' } };
const NEW_PAYER = {
  type: 'register.submit',
  values: {
    email: 'rosa@example.com',
    first_name: 'Rosa',
    last_name: 'Diaz',
    password: 'secret1',
    password_again: 'secret1',
    pin: '123456',
    pin_again: '123456',
  },
};
const WRONG: CallFailure = {
  status: 400,
  code: 'ERROR.ERROR_LOGIN_CREDENTIALS',
  errors: { form: 'ERROR.ERROR_LOGIN_CREDENTIALS' },
};

export const SignIn: Story = {
  parameters: { machineState: 'login:signIn.editing', page: { machine: login(), input: pageInput('login') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('LOGIN.HEADING'));
    await expect(canvas.getByLabelText(t('LOGIN.EMAIL'))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('LOGIN.CONTINUE_AS_GUEST') })).toHaveAttribute(
      'href',
      '#/deposit_facility',
    );
  },
};

export const SignInSpanish: Story = { ...SignIn, globals: { locale: 'es' } };

/** Submitted empty: the form lists both fields (§5 Required), without calling the server. */
export const SignInMissingFields: Story = {
  parameters: {
    machineState: 'login:signIn.editing',
    page: { machine: login(), input: pageInput('login') },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('LOGIN.SUBMIT') }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `${t('LOGIN.EMAIL')} - ${t('VALIDATION.REQUIRED')}`,
    );
    await expect(canvas.getByLabelText(new RegExp(t('LOGIN.PASSWORD')))).toHaveAttribute('aria-invalid', 'true');
  },
};

/** §8: one message for an unknown email and a wrong password. */
export const WrongCredentials: Story = {
  parameters: {
    machineState: 'login:signIn.editing',
    page: { machine: login({ signIn: WRONG }), input: pageInput('login'), events: [ANA] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ERROR_LOGIN_CREDENTIALS'));
    await expect(canvas.getByLabelText(t('LOGIN.EMAIL'))).toHaveValue('ana@example.com');
  },
};

/** §8: repeated failures lock sign-in for a while. */
export const LockedOut: Story = {
  parameters: {
    machineState: 'login:signIn.editing',
    page: {
      machine: login({ signIn: { status: 429, code: 'ERROR.ERROR_LOGIN', errors: { form: 'ERROR.ERROR_LOGIN' } } }),
      input: pageInput('login'),
      events: [ANA],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ERROR_LOGIN'));
  },
};

const UNAVAILABLE_REFERENCE = '5b0d3f5e-1c2a-4d8e-9f00-0123456789ab';

/**
 * The server answered 503 (its database briefly unreachable, docs/decisions/0051): "please try again"
 * rather than "something has gone wrong", the reference to quote to customer service, the form kept.
 */
export const ServiceUnavailable: Story = {
  parameters: {
    machineState: 'login:signIn.editing',
    page: {
      machine: login({
        signIn: {
          status: 503,
          code: 'ERROR.UNAVAILABLE',
          errors: { form: 'ERROR.UNAVAILABLE' },
          requestId: UNAVAILABLE_REFERENCE,
        },
      }),
      input: pageInput('login'),
      events: [ANA],
    },
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent(t('ERROR.UNAVAILABLE'));
    await expect(alert).toHaveTextContent(`${t('ERROR.REFERENCE')} ${UNAVAILABLE_REFERENCE}`);
    await expect(within(alert).getByRole('heading')).toHaveTextContent(t('ERROR.HEADING_RETRY'));
    await expect(canvas.getByLabelText(t('LOGIN.EMAIL'))).toHaveValue('ana@example.com');
  },
};

export const ServiceUnavailableSpanish: Story = { ...ServiceUnavailable, globals: { locale: 'es' } };

/** Sent here with ?errorMsg=TOKEN_EXPIRED (§8 expired token). */
export const ExpiredToken: Story = {
  parameters: {
    machineState: 'login:signIn.editing',
    page: { machine: login(), input: pageInput('login', { query: { errorMsg: 'TOKEN_EXPIRED' } }) },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.TOKEN_EXPIRED'));
  },
};

export const SigningIn: Story = {
  parameters: {
    machineState: 'login:signIn.submitting',
    page: { machine: login({ signIn: 'never' }), input: pageInput('login'), events: [ANA] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const CreateAccount: Story = {
  parameters: {
    machineState: 'login:register.editing',
    page: { machine: login(), input: pageInput('login', { query: { mode: 'register' } }) },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('LOGIN.REGISTER_HEADING'));
    await expect(canvas.getByLabelText(t('LOGIN.PIN'))).toHaveAttribute('maxlength', '6');
  },
};

export const CreateAccountSpanish: Story = { ...CreateAccount, globals: { locale: 'es' } };

/** §5: password at least 6 and confirmed, PIN exactly 6 digits and confirmed. */
export const CreateAccountErrors: Story = {
  parameters: {
    machineState: 'login:register.editing',
    page: { machine: login(), input: pageInput('login', { query: { mode: 'register' } }) },
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText(t('LOGIN.EMAIL')), 'rosa@example.com');
    await userEvent.type(canvas.getByLabelText(t('LOGIN.PASSWORD')), 'abc');
    await userEvent.type(canvas.getByLabelText(t('LOGIN.PIN')), '12');
    await userEvent.type(canvas.getByLabelText(t('LOGIN.PIN_AGAIN')), '1');
    await userEvent.click(canvas.getByRole('button', { name: t('LOGIN.REGISTER_SUBMIT') }));
    const summary = await canvas.findByRole('alert');
    await expect(summary).toHaveTextContent(`${t('LOGIN.PASSWORD')} - ${t('VALIDATION.KEEP_TYPING')}`);
    await expect(summary).toHaveTextContent(`${t('LOGIN.PIN_AGAIN')} - ${t('VALIDATION.DOES_NOT_MATCH')}`);
  },
};

/** An email that already has an account (409). */
export const AccountExists: Story = {
  parameters: {
    machineState: 'login:register.editing',
    page: {
      machine: login({
        register: { status: 409, code: 'ERROR.ACCOUNT_EXISTS', errors: { form: 'ERROR.ACCOUNT_EXISTS' } },
      }),
      input: pageInput('login', { query: { mode: 'register' } }),
      events: [NEW_PAYER],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ACCOUNT_EXISTS'));
  },
};

export const CreatingAccount: Story = {
  parameters: {
    machineState: 'login:register.submitting',
    page: {
      machine: login({ register: 'never' }),
      input: pageInput('login', { query: { mode: 'register' } }),
      events: [NEW_PAYER],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};
