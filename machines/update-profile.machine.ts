// /account/update_profile (§2 "also: update profile"; §7 account notification status): the payer's names
// and phone, and how they want to be notified (notificationNeedsExecuted until they choose). A refused
// or failed save keeps what was typed and says why.
import { type SnapshotFrom, assign, setup } from 'xstate';
import type { FieldErrors } from '../contract/entities.ts';
import { profileSchema, type NotificationStatus, type Profile } from '../contract/profile.ts';
import { collectErrors } from '../contract/schemas.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import type { PageInput } from './pages.ts';
import { calls } from './calls.ts';

type IO = ActorIO;

export interface ProfileValues {
  first_name: string;
  last_name: string;
  phone: string;
  sms: boolean;
  email: boolean;
}

export interface UpdateProfileContext {
  values: ProfileValues;
  /** The account's email, shown only. */
  email: string;
  /** The payer has not chosen yet how to be notified (§7 notificationNeedsExecuted). */
  needsChoice: boolean;
  errors: FieldErrors;
  showErrors: boolean;
  failure: string | null;
  /** The last save went through (a status message says so). */
  saved: boolean;
}

export type UpdateProfileEvent =
  { type: 'profile.change'; values: Partial<ProfileValues> } | { type: 'profile.submit' } | { type: 'profile.retry' };

export function profileErrors(values: ProfileValues): FieldErrors {
  return collectErrors(profileSchema, {
    first_name: values.first_name,
    last_name: values.last_name,
    phone: values.phone,
  });
}

const EMPTY: ProfileValues = { first_name: '', last_name: '', phone: '', sms: false, email: false };

function valuesOf(profile: Profile, n: NotificationStatus): ProfileValues {
  return {
    first_name: profile.first_name,
    last_name: profile.last_name,
    phone: profile.phone,
    sms: n.sms,
    email: n.email,
  };
}

export const updateProfileMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as UpdateProfileContext,
    events: {} as UpdateProfileEvent,
  },
  actors: {
    ...calls('loadProfile', 'saveProfile'),
  },
  guards: {
    isValid: ({ context }) => Object.keys(profileErrors(context.values)).length === 0,
  },
  actions: {
    assignLoaded: assign((_, params: { answer: IO['loadProfile']['output'] }) => ({
      values: valuesOf(params.answer.profile, params.answer.notifications),
      email: params.answer.profile.email,
      needsChoice: params.answer.notifications.notificationNeedsExecuted,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    change: assign(({ context }, params: { values: Partial<ProfileValues> }) => {
      const errors = { ...context.errors } as Record<string, string | undefined>;
      for (const k of Object.keys(params.values)) delete errors[k];
      return { values: { ...context.values, ...params.values }, errors: errors as FieldErrors, saved: false };
    }),
    showErrors: assign(({ context }) => ({ errors: profileErrors(context.values), showErrors: true })),
    startSave: assign({ errors: {}, showErrors: false, failure: null, saved: false }),
    assignSaved: assign((_, params: { answer: IO['saveProfile']['output'] }) => ({
      values: valuesOf(params.answer.profile, params.answer.notifications),
      needsChoice: params.answer.notifications.notificationNeedsExecuted,
      saved: true,
    })),
    /** Field errors of a 400 go on the fields; any other failure is the page's message. */
    assignSaveFailure: assign((_, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fields = Object.keys(failure.errors).length > 0 && !failure.errors.form;
      return { errors: fields ? failure.errors : {}, showErrors: true, failure: fields ? null : failure.code };
    }),
  },
}).createMachine({
  id: 'updateProfile',
  context: { values: EMPTY, email: '', needsChoice: false, errors: {}, showErrors: false, failure: null, saved: false },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadProfile',
        src: 'loadProfile',
        onDone: {
          target: 'editing',
          actions: { type: 'assignLoaded', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'profile.retry': 'loading' },
    },
    editing: {
      tags: ['editing'],
      on: {
        'profile.change': { actions: { type: 'change', params: ({ event }) => ({ values: event.values }) } },
        'profile.submit': [{ guard: 'isValid', target: 'saving', actions: 'startSave' }, { actions: 'showErrors' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => ({
          profile: {
            first_name: context.values.first_name,
            last_name: context.values.last_name,
            phone: context.values.phone,
          },
          notifications: { sms: context.values.sms, email: context.values.email },
        }),
        onDone: {
          target: 'editing',
          actions: { type: 'assignSaved', params: ({ event }) => ({ answer: event.output }) },
        },
        onError: {
          target: 'editing',
          actions: { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type UpdateProfileSnapshot = SnapshotFrom<typeof updateProfileMachine>;
