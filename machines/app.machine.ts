// The app (architecture "Machines": session, top-level routes, language): loads the form state
// kept by the server (§3), then runs the wizard. Language is the payer's choice (§1, kept in local
// storage by the composition root); the server is told so its answers match.
import { type SnapshotFrom, assign, fromPromise, sendTo, setup, spawnChild, stopChild } from 'xstate';
import type { StateAllResponse } from '../contract/api.ts';
import { EMPTY_FORM, type Locale } from '../contract/entities.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import { wizardMachine } from './wizard.machine.ts';
import type { AppContext, AppEvent, AppInput, WizardEvent } from './wizard.types.ts';

type IO = ActorIO;

/** The spawned locale call; a newer choice replaces an older call still running. */
const SET_LOCALE_ID = 'setLocale';

export const appMachine = setup({
  types: {
    input: {} as AppInput,
    context: {} as AppContext,
    events: {} as AppEvent,
  },
  actors: {
    wizardMachine,
    loadFormState: fromPromise<IO['loadFormState']['output'], IO['loadFormState']['input']>(async () => {
      throw new Error('actor loadFormState not provided');
    }),
    setLocale: fromPromise<IO['setLocale']['output'], IO['setLocale']['input']>(async () => {
      throw new Error('actor setLocale not provided');
    }),
  },
  guards: {
    isServerLocaleDifferent: ({ context }, params: { answer: StateAllResponse }) =>
      params.answer.locale !== context.lang,
  },
  actions: {
    assignBoot: assign((_, params: { answer: StateAllResponse }) => ({
      fields: params.answer.fields,
      errors: params.answer.errors,
      // A server answer without it keeps the pages working: they fall back to a number-free text.
      site: params.answer.site ?? null,
      bootError: null,
    })),
    assignBootError: assign((_, params: { error: unknown }) => ({ bootError: toCallFailure(params.error).code })),
    clearBootError: assign({ bootError: null }),
    assignLang: assign((_, params: { lang: Locale }) => ({ lang: params.lang })),
    /** Fire and forget (GET /pay/set_locale): a failure changes nothing on screen. */
    stopLocaleCall: stopChild(SET_LOCALE_ID),
    tellServerLocale: spawnChild('setLocale', {
      id: SET_LOCALE_ID,
      input: ({ context }) => ({ locale: context.lang }),
    }),
    /** The composition root provides one that writes local storage (§1). */
    persistLanguage: (_, _params: { lang: Locale }) => {},
    /** §4: a 401 is logged; the composition root provides the logger. */
    logUnauthorized: () => {},
    // §4/§7: a 401 answer redirects to '/', the facility step for a guest.
    restartWizard: sendTo('wizard', { type: 'wizard.navigate', route: null } satisfies WizardEvent),
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({
    lang: input.lang,
    route: input.route,
    fields: null,
    errors: {},
    site: null,
    bootError: null,
  }),
  initial: 'booting',
  on: {
    'app.language': {
      actions: [
        { type: 'assignLang', params: ({ event }) => ({ lang: event.lang }) },
        'stopLocaleCall',
        'tellServerLocale',
        { type: 'persistLanguage', params: ({ event }) => ({ lang: event.lang }) },
      ],
    },
    'app.unauthorized': { actions: 'logUnauthorized' },
    // The locale call's failure is ignored (without a handler it would stop the app).
    'xstate.error.actor.setLocale': {},
  },
  states: {
    booting: {
      invoke: {
        id: 'loadFormState',
        src: 'loadFormState',
        onDone: [
          // The payer's language wins over the session's: the server is told.
          {
            guard: { type: 'isServerLocaleDifferent', params: ({ event }) => ({ answer: event.output }) },
            target: 'ready',
            actions: [{ type: 'assignBoot', params: ({ event }) => ({ answer: event.output }) }, 'tellServerLocale'],
          },
          {
            target: 'ready',
            actions: { type: 'assignBoot', params: ({ event }) => ({ answer: event.output }) },
          },
        ],
        onError: {
          target: 'bootFailed',
          actions: { type: 'assignBootError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    bootFailed: {
      on: { 'app.retry': { target: 'booting', actions: 'clearBootError' } },
    },
    ready: {
      invoke: {
        id: 'wizard',
        src: 'wizardMachine',
        input: ({ context }) => ({
          fields: context.fields ?? EMPTY_FORM,
          errors: context.errors,
          route: context.route,
        }),
        onError: {
          target: 'bootFailed',
          actions: { type: 'assignBootError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: {
        'app.unauthorized': { actions: ['restartWizard', 'logUnauthorized'] },
      },
    },
  },
});

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
