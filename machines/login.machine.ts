// The sign-in page (§2 login.welcome; §6; §8 login errors): sign in, or create an account. On
// success the app reads the form state again and goes on to where the guest was going (decision 0007).
import { type SnapshotFrom, assign, sendParent, setup } from 'xstate';
import {
  type AccountErrors,
  type LoginRequest,
  type RegisterRequest,
  loginSchema,
  registerSchema,
} from '../contract/accounts.ts';
import { collectErrors } from '../contract/schemas.ts';
import { toCallFailure } from './actors.types.ts';
import type { PageInput, PageToAppEvent } from './pages.ts';
import { calls } from './calls.ts';

export type LoginMode = 'signIn' | 'register';

export const EMPTY_SIGN_IN: LoginRequest = { email: '', password: '' };
export const EMPTY_REGISTER: Required<Omit<RegisterRequest, 'phone_no'>> = {
  email: '',
  first_name: '',
  last_name: '',
  password: '',
  password_again: '',
  pin: '',
  pin_again: '',
};
export type RegisterValues = typeof EMPTY_REGISTER;

/** §8 messages another page may send here as ?errorMsg; anything else is ignored. */
const KNOWN_MESSAGES = ['ERROR_LOGIN', 'ERROR_LOGIN_CREDENTIALS', 'TOKEN_CORRUPTED', 'TOKEN_EXPIRED'] as const;

export function messageOfQuery(errorMsg: string | undefined): string | null {
  const code = (errorMsg ?? '').toUpperCase();
  return (KNOWN_MESSAGES as readonly string[]).includes(code) ? `ERROR.${code}` : null;
}

export interface LoginContext {
  mode: LoginMode;
  signIn: LoginRequest;
  register: RegisterValues;
  errors: AccountErrors;
  /** The error summary is shown (a submit found errors, or the server refused). */
  showErrors: boolean;
  /** i18n key of a message that is not a field's (wrong credentials, locked, network). */
  failure: string | null;
}

export type LoginEvent =
  | { type: 'login.change'; fields: Partial<LoginRequest> }
  | { type: 'login.submit' }
  | { type: 'register.change'; fields: Partial<RegisterValues> }
  | { type: 'register.submit' }
  | { type: 'login.mode'; mode: LoginMode };

export const loginMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as LoginContext,
    events: {} as LoginEvent,
  },
  actors: {
    ...calls('signIn', 'register'),
  },
  guards: {
    hasSignInErrors: ({ context }) => Object.keys(collectErrors(loginSchema, { ...context.signIn })).length > 0,
    hasRegisterErrors: ({ context }) => Object.keys(collectErrors(registerSchema, { ...context.register })).length > 0,
    isRegisterMode: ({ context }) => context.mode === 'register',
  },
  actions: {
    changeSignIn: assign(({ context }, params: { fields: Partial<LoginRequest> }) => ({
      signIn: { ...context.signIn, ...params.fields },
      errors: without(context.errors, Object.keys(params.fields)),
    })),
    changeRegister: assign(({ context }, params: { fields: Partial<RegisterValues> }) => ({
      register: { ...context.register, ...params.fields },
      errors: without(context.errors, Object.keys(params.fields)),
    })),
    showSignInErrors: assign(({ context }) => ({
      errors: collectErrors(loginSchema, { ...context.signIn }) as AccountErrors,
      showErrors: true,
      failure: null,
    })),
    showRegisterErrors: assign(({ context }) => ({
      errors: collectErrors(registerSchema, { ...context.register }) as AccountErrors,
      showErrors: true,
      failure: null,
    })),
    assignMode: assign((_, params: { mode: LoginMode }) => ({
      mode: params.mode,
      errors: {},
      showErrors: false,
      failure: null,
    })),
    clearFailure: assign({ failure: null, showErrors: false }),
    /** §8: a refused sign-in or registration keeps what was typed (except the secrets) and says why. */
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fieldErrors = Object.fromEntries(Object.entries(failure.errors).filter(([k]) => k !== 'form'));
      return {
        failure: hasKeys(fieldErrors) && failure.code === 'ERROR.UNEXPECTED' ? null : failure.code,
        errors: fieldErrors,
        showErrors: true,
        signIn: { ...context.signIn, password: '' },
      };
    }),
    /** The app reads the session again and goes on (decision 0007). */
    tellAppSignedIn: sendParent({ type: 'app.signedIn' } satisfies PageToAppEvent),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    mode: input.query['mode'] === 'register' ? 'register' : 'signIn',
    signIn: EMPTY_SIGN_IN,
    register: EMPTY_REGISTER,
    errors: {},
    failure: messageOfQuery(input.query['errorMsg']),
    showErrors: messageOfQuery(input.query['errorMsg']) !== null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      always: [{ guard: 'isRegisterMode', target: 'register' }, { target: 'signIn' }],
    },
    signIn: {
      tags: ['signIn'],
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'login.change': { actions: { type: 'changeSignIn', params: ({ event }) => ({ fields: event.fields }) } },
            'login.submit': [
              { guard: 'hasSignInErrors', actions: 'showSignInErrors' },
              { target: 'submitting', actions: 'clearFailure' },
            ],
            'login.mode': {
              target: '#login.choosing',
              actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ context }) => context.signIn,
            onDone: { target: '#login.done' },
            onError: {
              target: 'editing',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    register: {
      tags: ['register'],
      initial: 'editing',
      states: {
        editing: {
          tags: ['editing'],
          on: {
            'register.change': {
              actions: { type: 'changeRegister', params: ({ event }) => ({ fields: event.fields }) },
            },
            'register.submit': [
              { guard: 'hasRegisterErrors', actions: 'showRegisterErrors' },
              { target: 'submitting', actions: 'clearFailure' },
            ],
            'login.mode': {
              target: '#login.choosing',
              actions: { type: 'assignMode', params: ({ event }) => ({ mode: event.mode }) },
            },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'register',
            src: 'register',
            input: ({ context }) => context.register,
            onDone: { target: '#login.done' },
            onError: {
              target: 'editing',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    // Signed in: the app takes over (it stops this page when it moves on).
    done: { type: 'final', entry: 'tellAppSignedIn' },
  },
});

export type LoginSnapshot = SnapshotFrom<typeof loginMachine>;

function without(errors: AccountErrors, keys: string[]): AccountErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
}

function hasKeys(x: object): boolean {
  return Object.keys(x).length > 0;
}
