// The sign-in page (§2 login.welcome; §6; §8 login errors): sign in, or create an account. On
// success the app reads the form state again and goes on to where the guest was going (decision 0007).
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { AccountErrors, LoginRequest, RegisterRequest } from '../contract/accounts.ts';
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
  /**
   * What the sign-in form sent last (the call's input; what the form opens with when its screen mounts
   * again). The form owns what is typed (docs/decisions/0041); after a refusal the password is emptied.
   */
  signIn: LoginRequest | null;
  /** What the registration form sent last. */
  register: RegisterValues | null;
  /** The server's field errors (the form hides each once its field is edited, §5). */
  errors: AccountErrors;
  /** The server refused, or another page sent a §8 message: the error summary is shown. */
  showErrors: boolean;
  /** i18n key of a message that is not a field's (wrong credentials, locked, network). */
  failure: string | null;
}

/** The submits carry the form's values, checked by the form with the contract's schemas. */
export type LoginEvent =
  | { type: 'login.submit'; values: LoginRequest }
  | { type: 'register.submit'; values: RegisterValues }
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
    isRegisterMode: ({ context }) => context.mode === 'register',
  },
  actions: {
    sendSignIn: assign((_, params: { values: LoginRequest }) => ({
      signIn: params.values,
      failure: null,
      showErrors: false,
      errors: {},
    })),
    sendRegister: assign((_, params: { values: RegisterValues }) => ({
      register: params.values,
      failure: null,
      showErrors: false,
      errors: {},
    })),
    assignMode: assign((_, params: { mode: LoginMode }) => ({
      mode: params.mode,
      errors: {},
      showErrors: false,
      failure: null,
    })),
    /** §8: a refused sign-in or registration keeps what was typed (except the password) and says why. */
    assignFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fieldErrors = Object.fromEntries(Object.entries(failure.errors).filter(([k]) => k !== 'form'));
      return {
        failure: hasKeys(fieldErrors) && failure.code === 'ERROR.UNEXPECTED' ? null : failure.code,
        errors: fieldErrors,
        showErrors: true,
        signIn: context.signIn ? { ...context.signIn, password: '' } : null,
      };
    }),
    /** The app reads the session again and goes on (decision 0007). */
    tellAppSignedIn: sendParent({ type: 'app.signedIn' } satisfies PageToAppEvent),
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    mode: input.query['mode'] === 'register' ? 'register' : 'signIn',
    signIn: null,
    register: null,
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
            'login.submit': {
              target: 'submitting',
              actions: { type: 'sendSignIn', params: ({ event }) => ({ values: event.values }) },
            },
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
            input: ({ context }) => context.signIn ?? EMPTY_SIGN_IN,
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
            'register.submit': {
              target: 'submitting',
              actions: { type: 'sendRegister', params: ({ event }) => ({ values: event.values }) },
            },
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
            input: ({ context }) => context.register ?? EMPTY_REGISTER,
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

function hasKeys(x: object): boolean {
  return Object.keys(x).length > 0;
}
