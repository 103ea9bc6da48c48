// deposit.checkout: the table from each state of the checkout's machines to what the screen shows
// (src/screens/screen-table.ts). The checkout (machines/checkout.machine.ts) and its children by invoke
// id: the amount and limits, the payment method, the one-time, recurring or roundup choice, the
// submission, and the extras beside them.
import type { ScreenTable } from '../../screen-table.ts';

/**
 * - form: the checkout form; limits.*: §4/§5 the checkout before amounts may be chosen (each check,
 *   maxed out, refused, failed) with Back only;
 * - summary views: the payment summary as the amount stands (choose, calculating, priced, out of
 *   bounds, failed);
 * - the submission's dialogs: the duplicate warning, the trust mismatch, the pam account modal, and the
 *   form posted to the pam payment endpoint;
 * - parts: a section of the form in one of its states.
 */
export type CheckoutView =
  | 'form'
  | 'limits.checkingDepositor'
  | 'limits.checkingInmate'
  | 'limits.loadingLimits'
  | 'limits.maxedOut'
  | 'limits.refused'
  | 'limits.failed'
  | 'summary.choose'
  | 'summary.calculating'
  | 'summary.priced'
  | 'summary.outOfBounds'
  | 'summary.failed'
  | 'dialog.pamAccount'
  | 'dialog.warning'
  | 'dialog.trustMismatch'
  | 'pamPost'
  | 'part';

export const CHECKOUT_SCREENS = {
  'checkout:editing': { view: 'form', status: 'editing' },
  'checkout:pamNeedsAccount': { view: 'dialog.pamAccount', status: 'dialog' },
  'checkout:awaitingFees': { view: 'form', status: 'busy' },
  'checkout:submitting': { view: 'form', status: 'busy' },
  'checkout:done': { view: 'form', status: 'done', terminal: true },

  'checkoutAmount:checkingDepositor': { view: 'limits.checkingDepositor', status: 'loading' },
  'checkoutAmount:checkingInmate': { view: 'limits.checkingInmate', status: 'loading' },
  'checkoutAmount:loadingLimits': { view: 'limits.loadingLimits', status: 'loading' },
  'checkoutAmount:maxedOut': { view: 'limits.maxedOut', status: 'error' },
  'checkoutAmount:refused': { view: 'limits.refused', status: 'error' },
  'checkoutAmount:failed': { view: 'limits.failed', status: 'error' },
  'checkoutAmount:open.idle': { view: 'summary.choose', status: 'editing' },
  'checkoutAmount:open.waiting': { view: 'summary.calculating', status: 'busy' },
  'checkoutAmount:open.pricing.saving': { view: 'summary.calculating', status: 'busy' },
  'checkoutAmount:open.pricing.fetching': { view: 'summary.calculating', status: 'busy' },
  'checkoutAmount:open.priced': { view: 'summary.priced', status: 'editing' },
  'checkoutAmount:open.outOfBounds': { view: 'summary.outOfBounds', status: 'editing' },
  'checkoutAmount:open.failed': { view: 'summary.failed', status: 'error' },
  'checkoutAmount:open.timedOut': { view: 'summary.failed', status: 'error' },

  'checkoutPayment:none': { view: 'part', status: 'editing' },
  'checkoutPayment:loading': { view: 'part', status: 'loading' },
  'checkoutPayment:ready': { view: 'part', status: 'editing' },
  'checkoutPayment:failed': { view: 'part', status: 'error' },

  'checkoutChoices:card.oneTime': { view: 'part', status: 'editing' },
  'checkoutChoices:card.recurring': { view: 'part', status: 'editing' },
  'checkoutChoices:card.roundedUp': { view: 'part', status: 'editing' },
  'checkoutChoices:pam.once': { view: 'part', status: 'editing' },
  'checkoutChoices:pam.biweekly': { view: 'part', status: 'editing' },

  'checkoutSubmit:tokenizingSaved': { view: 'form', status: 'busy' },
  'checkoutSubmit:tokenizing': { view: 'form', status: 'busy' },
  'checkoutSubmit:saving': { view: 'form', status: 'busy' },
  'checkoutSubmit:submitting': { view: 'form', status: 'busy' },
  'checkoutSubmit:warning': { view: 'dialog.warning', status: 'dialog' },
  'checkoutSubmit:trustMismatch': { view: 'dialog.trustMismatch', status: 'dialog' },
  'checkoutSubmit:preparingPam': { view: 'form', status: 'busy' },
  'checkoutSubmit:postingPam': { view: 'pamPost', status: 'busy' },
  'checkoutSubmit:deposited': { view: 'form', status: 'done', terminal: true },
  'checkoutSubmit:returned': { view: 'form', status: 'done', terminal: true },

  'checkoutExtras:voicemail.loading': { view: 'part', status: 'loading' },
  'checkoutExtras:voicemail.ready': { view: 'part', status: 'editing' },
  'checkoutExtras:voicemail.failed': { view: 'part', status: 'error' },
  'checkoutExtras:cpa.idle': { view: 'part', status: 'editing' },
  'checkoutExtras:cpa.waiting': { view: 'part', status: 'busy' },
  'checkoutExtras:cpa.loading': { view: 'part', status: 'loading' },
  'checkoutExtras:cpa.shown': { view: 'part', status: 'editing' },
  'checkoutExtras:cpa.hidden': { view: 'part', status: 'editing' },
  'checkoutExtras:cpa.failed': { view: 'part', status: 'error' },
} satisfies ScreenTable<CheckoutView>;
