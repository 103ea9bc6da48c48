// Builds the machine actor a story renders: the real machines, with actor implementations made
// from the fixtures (fixtures/samples.ts), started and driven to one state before the story renders.
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { FormFields } from '../../contract/entities.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import type { CallFailure } from '../../machines/actors.types.ts';
import { provideApp, provideWizard, type ActorLogics } from '../../machines/provide-actors.ts';
import type { WizardEvent, WizardRoute } from '../../machines/wizard.types.ts';
import {
  FACILITIES,
  FACILITY_OPTIONS,
  FEES,
  INMATES,
  TOKEN,
  bootAnswer,
  depositSuccess,
  saveAnswer,
} from '../../fixtures/samples.ts';
import type { AppRef, WizardRef } from '../../src/machine-refs.ts';

export const UNEXPECTED: CallFailure = { status: 500, code: 'ERROR.UNEXPECTED', errors: {} };

/** An actor that never answers: the loading states. Typed by where it is put. */
export function never<L>(): L {
  return fromPromise(() => new Promise<never>(() => undefined)) as unknown as L;
}
/** An actor that fails with a CallFailure. Typed by where it is put. */
export function fail<L>(failure: CallFailure = UNEXPECTED): L {
  return fromPromise(async () => {
    throw failure;
  }) as unknown as L;
}

/** Actors that all succeed, answering from the fixtures; `fields` is the server's form state. */
export function fixtureActors(initial: FormFields): ActorLogics {
  let fields = initial;
  return {
    loadFormState: fromPromise(async () => bootAnswer(fields)),
    saveFormState: fromPromise(async ({ input }) => {
      fields = { ...fields, ...input.fields };
      return saveAnswer(fields);
    }),
    clearFormState: fromPromise(async () => {
      fields = { ...EMPTY_FORM, locale: fields.locale };
      return saveAnswer(fields);
    }),
    setLocale: fromPromise(async ({ input }) => ({ locale: input.locale })),
    loadFacilityOptions: fromPromise(async ({ input }) => ({
      ...FACILITY_OPTIONS,
      facilities: input.region ? FACILITY_OPTIONS.facilities.filter((f) => f.state === input.region) : [],
    })),
    loadFacility: fromPromise(async ({ input }) => {
      const found = FACILITIES.find((f) => f.id === input.facilityId);
      if (!found) throw UNEXPECTED;
      return found;
    }),
    searchInmates: fromPromise(async ({ input }) => {
      const q = input.query.trim().toLowerCase();
      const all = INMATES.filter(
        (i) =>
          i.facility_id === input.facilityId &&
          (i.first_name.toLowerCase().startsWith(q) || i.last_name.toLowerCase().startsWith(q)),
      );
      return {
        inmates: all.slice((input.page - 1) * 6, input.page * 6),
        total: all.length,
        page: input.page,
        per_page: 6,
      };
    }),
    getFees: fromPromise(async () => FEES),
    tokenizeCard: fromPromise(async () => TOKEN),
    processDeposit: fromPromise(async () => depositSuccess(fields)),
  };
}

export interface WizardSetup {
  fields: FormFields;
  route: WizardRoute | null;
  /** Replaces some of the fixture actors (never(), fail(), other answers). */
  actors?: Partial<ActorLogics>;
  events?: WizardEvent[];
  /** Further driving once the wizard settled (e.g. events to a child). */
  drive?: (wizard: WizardRef) => Promise<void> | void;
  until: (wizard: WizardRef) => boolean;
}

/** Starts the wizard and resolves once `until` holds. */
export async function startWizard(setup: WizardSetup): Promise<WizardRef> {
  const actors = { ...fixtureActors(setup.fields), ...setup.actors } as ActorLogics;
  const wizard = createActor(provideWizard(actors), {
    input: { fields: setup.fields, errors: {}, route: setup.route },
  }) as unknown as WizardRef;
  wizard.start();
  for (const e of setup.events ?? []) wizard.send(e);
  if (setup.drive) await setup.drive(wizard);
  await waitFor(wizard, () => setup.until(wizard), { timeout: 5000 });
  return wizard;
}

/** Starts the app machine (booting, boot failed, ready). */
export async function startApp(actorsOverride: Partial<ActorLogics>, until: (app: AppRef) => boolean): Promise<AppRef> {
  const actors = { ...fixtureActors(EMPTY_FORM), ...actorsOverride } as ActorLogics;
  const app = createActor(provideApp(actors), { input: { lang: 'en', route: null } }) as unknown as AppRef;
  app.start();
  await waitFor(app, () => until(app), { timeout: 5000 });
  return app;
}

/** A child actor of the wizard, by id. */
export function child<T extends AnyActorRef>(wizard: WizardRef, id: string): T {
  const ref = (wizard.getSnapshot().children as Record<string, unknown>)[id];
  if (!ref) throw new Error(`the wizard has no child ${id} now`);
  return ref as T;
}

/** Waits until the child actor `id` exists and its own snapshot satisfies `pred`. */
export async function childReaches(wizard: WizardRef, id: string, pred: (snapshot: never) => boolean): Promise<void> {
  const childRef = () => (wizard.getSnapshot().children as Record<string, AnyActorRef | undefined>)[id];
  await waitFor(wizard, () => !!childRef(), { timeout: 5000 });
  await waitFor(childRef() as AnyActorRef, (s) => pred(s as never), { timeout: 5000 });
}

/** Waits until the wizard is editing `step`, then sends `events` to it. */
export function sendWhenEditing(step: WizardRoute, events: WizardEvent[]): (wizard: WizardRef) => Promise<void> {
  return async (wizard) => {
    await waitFor(wizard, (s) => s.matches({ step: { [step]: 'editing' } } as never), { timeout: 5000 });
    for (const e of events) wizard.send(e);
  };
}
