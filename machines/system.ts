// The actors the app's system knows by name (XState's systemId): a machine tells the wizard, the
// checkout or one of the checkout's children by name, wherever that actor runs, and the screens read
// them through one hook (src/machine-refs.ts, useSystemActor). A name is registered while its actor
// runs: the checkout's children only while the checkout step is shown, the submission only while a
// deposit is under way.
import type { ActorSystem, AnyActorRef, EventObject } from 'xstate';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- XState's own AnyActorSystem, which it does not export
type AnyActorSystem = ActorSystem<any>;

export const SYSTEM = {
  /** The root (createActor(appMachine, { systemId: SYSTEM.app })). */
  app: 'app',
  navHeader: 'navHeader',
  sessionTimeout: 'sessionTimeout',
  /** The running page of §2 outside the wizard (one at a time). */
  page: 'page',
  wizard: 'wizard',
  facilityPicker: 'facilityPicker',
  recipientSearch: 'recipientSearch',
  checkout: 'checkout',
  checkoutAmount: 'checkoutAmount',
  checkoutPayment: 'checkoutPayment',
  checkoutChoices: 'checkoutChoices',
  checkoutSubmit: 'checkoutSubmit',
  checkoutExtras: 'checkoutExtras',
  receiptFlow: 'receiptFlow',
} as const;
export type SystemId = (typeof SYSTEM)[keyof typeof SYSTEM];

/** What a machine's enqueueActions hands it to send with. */
interface Enqueue {
  sendTo: (to: AnyActorRef, event: EventObject) => void;
}

/**
 * Tells the actor running as `id` of `event`; when none runs (a machine started on its own, as its
 * tests do), nobody is told.
 */
export function tell<E extends EventObject>(enqueue: Enqueue, system: AnyActorSystem, id: SystemId, event: E): void {
  const to = system.get(id) as AnyActorRef | undefined;
  if (to) enqueue.sendTo(to, event);
}
