// Hands actor implementations to a machine and to every machine it invokes: `.provide()` replaces
// only the machine's own actors, so the children get theirs here. The composition root passes the
// HTTP implementations; tests and stories pass fakes (any subset: the rest keep their placeholders).
import { type AnyStateMachine, type PromiseActorLogic, assign } from 'xstate';
import type { ActorIO } from './actors.types.ts';
import { isLazyMachine, lazyMachine } from './lazy-setup.ts';
import { appMachine, pageToStart } from './app.machine.ts';
import type { PageRoute } from './pages.ts';
import { checkoutMachine } from './checkout.machine.ts';
import { navHeaderMachine } from './nav-header.machine.ts';
import { sessionTimeoutMachine } from './session-timeout.machine.ts';
import { PAGE_MACHINES } from './page-machines.ts';
import { facilityPickerMachine } from './facility-picker.machine.ts';
import { receiptFlowMachine } from './receipt.machine.ts';
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

/** The checkout and its children (amount, payment, choices, submit, extras), each with its calls. */
export function provideCheckout(actors: Partial<ActorLogics>) {
  return provideMachine(checkoutMachine, actors);
}

export function provideWizard(actors: Partial<ActorLogics>) {
  return wizardMachine.provide({
    actors: {
      ...only(actors, [
        'saveFormState',
        'loadFacility',
        'clearFormState',
        'loadDestinationAccounts',
        'checkDestinationFraud',
      ]),
      facilityPickerMachine: provideFacilityPicker(actors),
      recipientSearchMachine: lazyMachine(() => provideRecipientSearch(actors)),
      checkoutMachine: provideChild(checkoutMachine, actors),
      receiptFlowMachine: provideChild(receiptFlowMachine, actors),
    },
  });
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'provide' in logic && 'implementations' in logic;
}

/** A child machine with its calls, built when the parent first invokes it (docs/decisions/0064). */
function provideChild<M extends AnyStateMachine>(machine: M, actors: Partial<ActorLogics>): M {
  return lazyMachine(() => provideMachine(machine, actors));
}

/**
 * A page's machine with the given actors, and its child machines with theirs, all the way down:
 * every actor named like a call of ActorIO is replaced when given.
 */
export function provideMachine<M extends AnyStateMachine>(machine: M, actors: Partial<ActorLogics>): M {
  const own = machine.implementations.actors as Record<string, unknown>;
  const replaced: Record<string, unknown> = {};
  for (const [name, logic] of Object.entries(own)) {
    if (isLazyMachine(logic) || isMachine(logic)) replaced[name] = provideChild(logic, actors);
    else if (name in actors && actors[name as keyof ActorIO]) replaced[name] = actors[name as keyof ActorIO];
  }
  return machine.provide({ actors: replaced as never }) as M;
}

export function provideApp(actors: Partial<ActorLogics>) {
  // Each page's machine is given its calls when that page is first entered, not all of them before the
  // first screen: `.provide()` builds a machine anew, and on a cheap phone the eighteen pages and their
  // children cost more start-up time than the first screen itself (docs/decisions/0054).
  const pages: Partial<Record<PageRoute, AnyStateMachine>> = {};
  for (const [route, machine] of Object.entries(PAGE_MACHINES)) {
    if (!machine) continue;
    let provided: AnyStateMachine | undefined;
    Object.defineProperty(pages, route, {
      enumerable: true,
      get: () => (provided ??= provideMachine(machine, actors)),
    });
  }
  return appMachine.provide({
    actors: {
      ...only(actors, ['loadFormState', 'setLocale', 'signOut']),
      wizardMachine: provideWizard(actors),
      navHeaderMachine: navHeaderMachine.provide({ actors: only(actors, ['loadNavScript']) }),
      sessionTimeoutMachine: sessionTimeoutMachine.provide({ actors: only(actors, ['keepSessionAlive']) }),
    },
    actions: {
      startPage: assign(({ context, spawn }) => {
        pageToStart(context, pages, (logic, options) => spawn(logic, options as never));
        return {};
      }),
    },
  });
}
