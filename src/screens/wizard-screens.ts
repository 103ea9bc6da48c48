// The deposit wizard (§2): the table from each state of the wizard's `step` region, and of the children
// its steps invoke, to what the screen shows (src/screens/screen-table.ts). The wizard screen renders the
// step of its view; the route (the URL hash, the title, the progress bar) is that view too.
import type { WizardRoute } from '../../machines/wizard.types.ts';
import type { ScreenTable } from '../screen-table.ts';

/** A step of §2, or the wizard between steps: loading the facility, or its failure. */
export type WizardView = WizardRoute | 'loading' | 'failed' | 'part';

export const WIZARD_SCREENS = {
  'wizard:step.loadingFacility': { view: 'loading', status: 'loading' },
  'wizard:step.failed': { view: 'failed', status: 'error' },
  'wizard:step.facility.editing': { view: 'facility', status: 'editing' },
  'wizard:step.facility.saving': { view: 'facility', status: 'busy' },
  'wizard:step.type.editing': { view: 'type', status: 'editing' },
  'wizard:step.type.loginRequired': { view: 'type', status: 'dialog' },
  'wizard:step.type.fraudBlocked': { view: 'type', status: 'error' },
  'wizard:step.type.clearing': { view: 'type', status: 'busy' },
  'wizard:step.type.saving': { view: 'type', status: 'busy' },
  'wizard:step.number.editing': { view: 'number', status: 'editing' },
  'wizard:step.number.loadingAccounts': { view: 'number', status: 'loading' },
  'wizard:step.number.checkingFraud': { view: 'number', status: 'busy' },
  'wizard:step.number.saving': { view: 'number', status: 'busy' },
  'wizard:step.recipient.editing': { view: 'recipient', status: 'editing' },
  'wizard:step.recipient.saving': { view: 'recipient', status: 'busy' },
  'wizard:step.checkout': { view: 'checkout', status: 'editing' },
  'wizard:step.receipt.idle': { view: 'receipt', status: 'done' },
  'wizard:step.receipt.clearing': { view: 'receipt', status: 'busy' },

  'facilityPicker:loading': { view: 'part', status: 'loading' },
  'facilityPicker:ready': { view: 'part', status: 'editing' },
  'facilityPicker:failed': { view: 'part', status: 'error' },

  'recipientSearch:idle': { view: 'part', status: 'editing' },
  'recipientSearch:waiting': { view: 'part', status: 'busy' },
  'recipientSearch:searching': { view: 'part', status: 'busy' },
  'recipientSearch:results': { view: 'part', status: 'editing' },
  'recipientSearch:empty': { view: 'part', status: 'editing' },
  'recipientSearch:failed': { view: 'part', status: 'error' },

  'receiptFlow:offeringAccount': { view: 'part', status: 'dialog' },
  'receiptFlow:creatingAccount': { view: 'part', status: 'busy' },
  'receiptFlow:offeringSms': { view: 'part', status: 'dialog' },
  'receiptFlow:sendingSms': { view: 'part', status: 'busy' },
  'receiptFlow:done': { view: 'part', status: 'done' },
  'receiptFlow:verifyingPhone': { view: 'part', status: 'dialog' },
} satisfies ScreenTable<WizardView>;
