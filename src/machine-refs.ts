// Actor reference types of the machines the screens render, and the one way a screen reaches one of
// them: by its name in the app's actor system (machines/system.ts), with `useSystemActor`.
import { createContext, createElement, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { appMachine } from '../machines/app.machine.ts';
import type { checkoutMachine } from '../machines/checkout.machine.ts';
import type { checkoutAmountMachine } from '../machines/checkout-amount.machine.ts';
import type { checkoutChoicesMachine } from '../machines/checkout-choices.machine.ts';
import type { checkoutPaymentMachine } from '../machines/checkout-payment.machine.ts';
import type { checkoutSubmitMachine } from '../machines/checkout-submit.machine.ts';
import type { checkoutExtrasMachine } from '../machines/checkout-extras.machine.ts';
import type { navHeaderMachine } from '../machines/nav-header.machine.ts';
import type { facilityPickerMachine } from '../machines/facility-picker.machine.ts';
import type { receiptFlowMachine } from '../machines/receipt.machine.ts';
import type { recipientSearchMachine } from '../machines/recipient-search.machine.ts';
import type { SYSTEM } from '../machines/system.ts';
import type { wizardMachine } from '../machines/wizard.machine.ts';
import type { sessionTimeoutMachine } from '../machines/session-timeout.machine.ts';

export type AppRef = ActorRefFrom<typeof appMachine>;
export type WizardRef = ActorRefFrom<typeof wizardMachine>;
export type FacilityPickerRef = ActorRefFrom<typeof facilityPickerMachine>;
export type RecipientSearchRef = ActorRefFrom<typeof recipientSearchMachine>;
export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutAmountRef = ActorRefFrom<typeof checkoutAmountMachine>;
export type CheckoutPaymentRef = ActorRefFrom<typeof checkoutPaymentMachine>;
export type CheckoutChoicesRef = ActorRefFrom<typeof checkoutChoicesMachine>;
export type CheckoutSubmitRef = ActorRefFrom<typeof checkoutSubmitMachine>;
export type CheckoutExtrasRef = ActorRefFrom<typeof checkoutExtrasMachine>;
export type NavHeaderRef = ActorRefFrom<typeof navHeaderMachine>;
export type SessionTimeoutRef = ActorRefFrom<typeof sessionTimeoutMachine>;
export type ReceiptFlowRef = ActorRefFrom<typeof receiptFlowMachine>;

/** Each name of machines/system.ts with the type of the actor it names. */
export interface SystemActors {
  [SYSTEM.app]: AppRef;
  [SYSTEM.navHeader]: NavHeaderRef;
  [SYSTEM.sessionTimeout]: SessionTimeoutRef;
  [SYSTEM.page]: AnyActorRef;
  [SYSTEM.wizard]: WizardRef;
  [SYSTEM.facilityPicker]: FacilityPickerRef;
  [SYSTEM.recipientSearch]: RecipientSearchRef;
  [SYSTEM.checkout]: CheckoutRef;
  [SYSTEM.checkoutAmount]: CheckoutAmountRef;
  [SYSTEM.checkoutPayment]: CheckoutPaymentRef;
  [SYSTEM.checkoutChoices]: CheckoutChoicesRef;
  [SYSTEM.checkoutSubmit]: CheckoutSubmitRef;
  [SYSTEM.checkoutExtras]: CheckoutExtrasRef;
  [SYSTEM.receiptFlow]: ReceiptFlowRef;
}

type ActorSystem = AnyActorRef['system'];

const ActorSystemContext = createContext<ActorSystem | null>(null);

/** The app's actor system for the screens inside (the app shell; a story renders a screen inside it too). */
export function ActorSystemProvider({ system, children }: { system: ActorSystem; children: ReactNode }) {
  return createElement(ActorSystemContext.Provider, { value: system }, children);
}

/** The actor running under `id` in `system` now, with its type (machines/system.ts), or undefined. */
export function systemActor<K extends keyof SystemActors>(system: ActorSystem, id: K): SystemActors[K] | undefined {
  return system.get(id) as SystemActors[K] | undefined;
}

/**
 * The actor running under `id` (machines/system.ts), or undefined while none runs (the checkout's
 * children only while the checkout step is shown, the submission only while a deposit is under way).
 * The screen renders again when it starts or stops.
 */
export function useSystemActor<K extends keyof SystemActors>(id: K): SystemActors[K] | undefined {
  const system = useContext(ActorSystemContext);
  if (!system) throw new Error(`useSystemActor('${id}') outside an ActorSystemProvider`);
  // An actor is registered or dropped while its parent takes a transition, whose snapshot follows.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = system.inspect((event) => {
        if (event.type === '@xstate.snapshot') onChange();
      });
      return () => subscription.unsubscribe();
    },
    [system],
  );
  const read = () => systemActor(system, id);
  return useSyncExternalStore(subscribe, read, read);
}
