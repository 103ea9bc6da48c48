// Actor reference types of the machines the screens render.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '../machines/app.machine.ts';
import type { checkoutMachine } from '../machines/checkout.machine.ts';
import type { checkoutAmountMachine } from '../machines/checkout-amount.machine.ts';
import type { checkoutChoicesMachine } from '../machines/checkout-choices.machine.ts';
import type { checkoutPaymentMachine } from '../machines/checkout-payment.machine.ts';
import type { checkoutSubmitMachine } from '../machines/checkout-submit.machine.ts';
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
export type CheckoutAmountRef = ActorRefFrom<typeof checkoutAmountMachine>;
export type CheckoutPaymentRef = ActorRefFrom<typeof checkoutPaymentMachine>;
export type CheckoutChoicesRef = ActorRefFrom<typeof checkoutChoicesMachine>;
export type CheckoutSubmitRef = ActorRefFrom<typeof checkoutSubmitMachine>;
export type CheckoutExtrasRef = ActorRefFrom<typeof checkoutExtrasMachine>;
export type NavHeaderRef = ActorRefFrom<typeof navHeaderMachine>;
export type SessionTimeoutRef = ActorRefFrom<typeof sessionTimeoutMachine>;
