// /account/professional_verification (§2; §3 Professional request; §5 Professional form; §6 sso token;
// §7 calls; §4/§8 outcomes): an attorney asks to be verified as a professional at one facility. The
// facilities and the sso token (from the form state, else from the server) load together; the form is
// checked on submit (error summary); the answer sends the app to the result page, PENDING as SUCCESS.
// A token the server refuses (expired, or another payer's) is renewed once and the request sent again.
//
// The form's values are its field layer's (src/components/use-machine-form.ts, decision 0041): the
// screen checks them with the contract's professionalFieldsSchema and sends them, valid, with
// professional.submit. The machine keeps the request's fields (`sent`) and owns the call and outcomes.
import { type SnapshotFrom, assign, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import {
  EMPTY_PROFESSIONAL,
  PROFESSIONAL_ERRORS,
  type ProfessionalFields,
  type ProfessionalRequest,
  type ProfessionalResult,
  localDate,
  resultOfErrorStatus,
  resultOfStatus,
} from '../contract/professional-base.ts';
import type { ProfessionalFacility } from '../contract/professional.ts';
import { toCallFailure } from './actors.types.ts';
import { type PageInput, type PageToAppEvent, pagePath } from './pages.ts';
import { calls } from './calls.ts';

/** Field (or `form`) -> i18n key. */
export type ProfessionalErrors = Record<string, string>;

export interface ProfessionalContext {
  facilities: ProfessionalFacility[];
  /** §6: the sso token the request carries; '' until there is one. */
  token: string;
  /** The fields of the request sent last (what the form opens with); null before the first. */
  sent: ProfessionalFields | null;
  /** The server's field errors of the last request (the form shows each until its field is edited). */
  errors: ProfessionalErrors;
  /** i18n key of a failed call (loading, or sending when nothing else applies). */
  failure: string | null;
  /** The token was renewed for the request under way (at most once). */
  renewed: boolean;
  /** The payer's today (YYYY-MM-DD): §5 issue dates run up to it (the form's schema reads it). */
  today: string;
  /** Where the request ended: the result page's status and facility name. */
  result: { status: ProfessionalResult; facilityName: string } | null;
}

export type ProfessionalEvent =
  /** The form's values, valid by the contract's professionalFieldsSchema. */
  { type: 'professional.submit'; values: ProfessionalFields } | { type: 'professional.retry' };

export function requestOf(f: ProfessionalFields, token: string): ProfessionalRequest {
  return {
    facilityId: Number(f.facilityId),
    barNumber: f.barNumber.trim(),
    issueState: f.issueState,
    issueDate: f.issueDate.trim(),
    businessPhone: f.businessPhone.trim(),
    phoneEx: f.phoneEx.trim(),
    jwtToken: token,
  };
}

/** The result page of an outcome (§2). */
export function resultPath(status: ProfessionalResult, facilityName: string): string {
  return pagePath({
    route: 'professional_verification_resp',
    params: { requestStatus: status, facilityName },
    query: {},
  });
}

function withoutKeys(errors: ProfessionalErrors, keys: string[]): ProfessionalErrors {
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.includes(k)));
}

function answerFieldErrors(error: unknown): ProfessionalErrors {
  return withoutKeys(toCallFailure(error).errors as ProfessionalErrors, ['form']);
}

export const professionalMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as ProfessionalContext,
    events: {} as ProfessionalEvent,
  },
  actors: {
    ...calls('loadProfessionalFacilities', 'loadSsoToken', 'saveProfessionalRequest'),
  },
  guards: {
    hasToken: ({ context }) => context.token !== '',
    // §6: a refused token is renewed once per request.
    isTokenRefusal: ({ context }, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      return !context.renewed && failure.status === 403 && failure.code === PROFESSIONAL_ERRORS.tokenRefused;
    },
    isFieldRefusal: (_, params: { error: unknown }) =>
      toCallFailure(params.error).status === 400 && Object.keys(answerFieldErrors(params.error)).length > 0,
    // §4: an error status maps to EXISTED or FAILED; without an answer (network) the form stays.
    isErrorStatus: (_, params: { error: unknown }) => {
      const status = toCallFailure(params.error).status;
      return status === 409 || status >= 500;
    },
  },
  actions: {
    assignFacilities: assign((_, params: { facilities: ProfessionalFacility[] }) => ({
      facilities: params.facilities,
    })),
    assignToken: assign((_, params: { token: string }) => ({ token: params.token })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
    startRequest: assign((_, params: { values: ProfessionalFields }) => ({
      sent: params.values,
      errors: {},
      failure: null,
      renewed: false,
    })),
    markRenewed: assign({ renewed: true }),
    assignAnswerErrors: assign((_, params: { error: unknown }) => ({
      errors: answerFieldErrors(params.error),
      failure: null,
    })),
    // Nothing entered is lost: the payer may send it again.
    assignSendFailure: assign((_, params: { error: unknown }) => ({
      failure: toCallFailure(params.error).code,
    })),
    assignResult: assign((_, params: { status: ProfessionalResult; facilityName: string }) => ({
      result: { status: params.status, facilityName: params.facilityName },
    })),
    tellAppResult: sendParent(
      ({ context }) =>
        ({
          type: 'app.go',
          path: resultPath(context.result?.status ?? 'FAILED', context.result?.facilityName ?? ''),
        }) satisfies PageToAppEvent,
    ),
  },
}).createMachine({
  id: 'professional',
  context: ({ input }) => ({
    facilities: [],
    token: input.fields.sso_token,
    sent: null,
    errors: {},
    failure: null,
    renewed: false,
    today: localDate(new Date()),
    result: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      type: 'parallel',
      entry: 'clearFailure',
      states: {
        facilities: {
          initial: 'fetching',
          states: {
            fetching: {
              invoke: {
                id: 'loadProfessionalFacilities',
                src: 'loadProfessionalFacilities',
                onDone: {
                  target: 'done',
                  actions: { type: 'assignFacilities', params: ({ event }) => ({ facilities: event.output }) },
                },
                onError: {
                  target: '#professional.failed',
                  actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            done: { type: 'final' },
          },
        },
        // §6: the token from the form state, or else from the server.
        token: {
          initial: 'choosing',
          states: {
            choosing: { always: [{ guard: 'hasToken', target: 'done' }, { target: 'fetching' }] },
            fetching: {
              invoke: {
                id: 'loadSsoToken',
                src: 'loadSsoToken',
                onDone: {
                  target: 'done',
                  actions: { type: 'assignToken', params: ({ event }) => ({ token: event.output.sso_token }) },
                },
                onError: {
                  target: '#professional.failed',
                  actions: { type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            done: { type: 'final' },
          },
        },
      },
      onDone: 'editing',
    },
    failed: {
      tags: ['error'],
      on: { 'professional.retry': 'loading' },
    },
    editing: {
      tags: ['editing'],
      on: {
        'professional.submit': {
          target: 'submitting',
          actions: { type: 'startRequest', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    submitting: {
      tags: ['busy', 'sending'],
      invoke: {
        id: 'saveProfessionalRequest',
        src: 'saveProfessionalRequest',
        input: ({ context }) => requestOf(context.sent ?? EMPTY_PROFESSIONAL, context.token),
        onDone: {
          target: 'done',
          actions: {
            type: 'assignResult',
            params: ({ event }) => ({
              status: resultOfStatus(event.output.status),
              facilityName: event.output.facility_name,
            }),
          },
        },
        onError: [
          {
            guard: { type: 'isTokenRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'renewingToken',
          },
          {
            guard: { type: 'isFieldRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: { type: 'assignAnswerErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isErrorStatus', params: ({ event }) => ({ error: event.error }) },
            target: 'done',
            actions: {
              type: 'assignResult',
              params: ({ context, event }) => ({
                status: resultOfErrorStatus(toCallFailure(event.error).status),
                facilityName:
                  context.facilities.find((f) => String(f.id) === context.sent?.facilityId)?.label ??
                  context.sent?.facilityId ??
                  '',
              }),
            },
          },
          {
            target: 'editing',
            actions: { type: 'assignSendFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // §6: a new token, then the same request again.
    renewingToken: {
      tags: ['busy', 'sending'],
      invoke: {
        id: 'renewSsoToken',
        src: 'loadSsoToken',
        onDone: {
          target: 'submitting',
          actions: [{ type: 'assignToken', params: ({ event }) => ({ token: event.output.sso_token }) }, 'markRenewed'],
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignSendFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    // The app goes to the result page (and stops this page).
    done: { type: 'final', entry: 'tellAppResult' },
  },
});

export type ProfessionalSnapshot = SnapshotFrom<typeof professionalMachine>;
