// /account/update_profile (§2 "also: update profile"; §7 account notification status): the payer's names
// and phone, and how they want to be notified (notificationNeedsExecuted until they choose). A refused
// or failed save keeps what was typed and says why.
//
// The form's values are its field layer's (src/components/use-machine-form.ts, decision 0041): the
// screen validates them with the contract's profileSchema and sends them, valid, with profile.submit.
// The machine keeps the server's copy (`sent`: what loadProfile answered, then the save's request),
// which the form opens with, and owns the save and its outcome.
import { type SnapshotFrom, assign } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { FieldErrors } from '../contract/entities.ts';
import type { NotificationStatus, Profile } from '../contract/profile.ts';
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
  /** The server's copy: the loaded profile, then the last save's request (what the form opens with). */
  sent: ProfileValues | null;
  /** The account's email, shown only. */
  email: string;
  /** The payer has not chosen yet how to be notified (§7 notificationNeedsExecuted). */
  needsChoice: boolean;
  /** The server's field errors of the last save (the form shows each until its field is edited). */
  errors: FieldErrors;
  failure: string | null;
  /** The last save went through (a status message says so). */
  saved: boolean;
}

export type UpdateProfileEvent =
  /** The form's values, valid by the contract's profileSchema. */
  { type: 'profile.submit'; values: ProfileValues } | { type: 'profile.retry' };

export const EMPTY_PROFILE_VALUES: ProfileValues = {
  first_name: '',
  last_name: '',
  phone: '',
  sms: false,
  email: false,
};

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
  actions: {
    assignLoaded: assign((_, params: { answer: IO['loadProfile']['output'] }) => ({
      sent: valuesOf(params.answer.profile, params.answer.notifications),
      email: params.answer.profile.email,
      needsChoice: params.answer.notifications.notificationNeedsExecuted,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    startSave: assign((_, params: { values: ProfileValues }) => ({
      sent: params.values,
      errors: {},
      failure: null,
      saved: false,
    })),
    assignSaved: assign((_, params: { answer: IO['saveProfile']['output'] }) => ({
      needsChoice: params.answer.notifications.notificationNeedsExecuted,
      saved: true,
    })),
    /** Field errors of a 400 go on the fields; any other failure is the page's message. */
    assignSaveFailure: assign((_, params: { error: unknown }) => {
      const failure = toCallFailure(params.error);
      const fields = Object.keys(failure.errors).length > 0 && !failure.errors.form;
      return { errors: fields ? failure.errors : {}, failure: fields ? null : failure.code };
    }),
  },
}).createMachine({
  id: 'updateProfile',
  context: { sent: null, email: '', needsChoice: false, errors: {}, failure: null, saved: false },
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
        'profile.submit': {
          target: 'saving',
          actions: { type: 'startSave', params: ({ event }) => ({ values: event.values }) },
        },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveProfile',
        src: 'saveProfile',
        input: ({ context }) => {
          const v = context.sent ?? EMPTY_PROFILE_VALUES;
          return {
            profile: { first_name: v.first_name, last_name: v.last_name, phone: v.phone },
            notifications: { sms: v.sms, email: v.email },
          };
        },
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
