// Actor reference types of the machines the screens render.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../machines/app.machine.ts';
import type { checkoutMachine } from '../machines/checkout.machine.ts';
import type { checkoutExtrasMachine } from '../machines/checkout-extras.machine.ts';
import type { navHeaderMachine } from '../machines/nav-header.machine.ts';
import type { facilityPickerMachine } from '../machines/facility-picker.machine.ts';
import type { recipientSearchMachine } from '../machines/recipient-search.machine.ts';
import type { wizardMachine } from '../machines/wizard.machine.ts';
import type { sessionTimeoutMachine } from '../machines/session-timeout.machine.ts';

export type AppRef = ActorRefFrom<typeof appMachine>;
export type WizardRef = ActorRefFrom<typeof wizardMachine>;
export type WizardSnapshot = SnapshotFrom<typeof wizardMachine>;
export type FacilityPickerRef = ActorRefFrom<typeof facilityPickerMachine>;
export type RecipientSearchRef = ActorRefFrom<typeof recipientSearchMachine>;
export type CheckoutRef = ActorRefFrom<typeof checkoutMachine>;
export type CheckoutExtrasRef = ActorRefFrom<typeof checkoutExtrasMachine>;
export type NavHeaderRef = ActorRefFrom<typeof navHeaderMachine>;
export type SessionTimeoutRef = ActorRefFrom<typeof sessionTimeoutMachine>;
