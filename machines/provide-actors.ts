// Hands actor implementations to a machine and to every machine it invokes: `.provide()` replaces
// only the machine's own actors, so the children get theirs here. The composition root passes the
// HTTP implementations; tests and stories pass fakes (any subset: the rest keep their placeholders).
import type { PromiseActorLogic } from 'xstate';
import type { ActorIO } from './actors.types.ts';
import { appMachine } from './app.machine.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { facilityPickerMachine } from './facility-picker.machine.ts';
import { recipientSearchMachine } from './recipient-search.machine.ts';
import { wizardMachine } from './wizard.machine.ts';

export type ActorLogics = { [K in keyof ActorIO]: PromiseActorLogic<ActorIO[K]['output'], ActorIO[K]['input']> };

/** The entries of `actors` named in `names` that are given. */
function only<K extends keyof ActorIO>(
  actors: Partial<ActorLogics>,
  names: readonly K[],
): Partial<Pick<ActorLogics, K>> {
  const out: Partial<Pick<ActorLogics, K>> = {};
  for (const name of names) {
    const logic = actors[name];
    if (logic) out[name] = logic;
  }
  return out;
}

export function provideFacilityPicker(actors: Partial<ActorLogics>) {
  return facilityPickerMachine.provide({ actors: only(actors, ['loadFacilityOptions']) });
}

export function provideRecipientSearch(actors: Partial<ActorLogics>) {
  return recipientSearchMachine.provide({ actors: only(actors, ['searchInmates']) });
}

export function provideCheckout(actors: Partial<ActorLogics>) {
  return checkoutMachine.provide({
    actors: only(actors, ['saveFormState', 'getFees', 'tokenizeCard', 'processDeposit']),
  });
}

export function provideWizard(actors: Partial<ActorLogics>) {
  return wizardMachine.provide({
    actors: {
      ...only(actors, ['saveFormState', 'loadFacility', 'clearFormState']),
      facilityPickerMachine: provideFacilityPicker(actors),
      recipientSearchMachine: provideRecipientSearch(actors),
      checkoutMachine: provideCheckout(actors),
    },
  });
}

export function provideApp(actors: Partial<ActorLogics>) {
  return appMachine.provide({
    actors: { ...only(actors, ['loadFormState', 'setLocale']), wizardMachine: provideWizard(actors) },
  });
}
