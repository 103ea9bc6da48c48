// POST /pay/process_deposit, its second part: the business rules that may stop a checked deposit before
// any money moves (§4, §5, §6, §8), answered as a checkout error; and the §4 duplicate warning.
import type { DuplicateInfo } from '../../contract/api.ts';
import type { DepositType, FormFields } from '../../contract/entities.ts';
import { MSG, amountError, effectiveLimits, limitsUnusable } from '../../contract/schemas.ts';
import { isUnifiedWalletTrust } from '../../contract/unified-wallet.ts';
import { CHECKOUT_SERVICE_ERRORS } from '../../contract/checkout-services.ts';
import { FIELD_NO_TRUST } from '../../contract/errors.ts';
import { DEEP_CONTACT_ERRORS, deepContactNeedsSignIn } from '../../contract/deep-contact.ts';
import { DEST_DEPOSIT_ERRORS } from '../../contract/dest-deposits.ts';
import { DEFAULT_NO_TRUST_BILLING_STATES, type Config } from '../config.ts';
import { toDollars } from '../money.ts';
import type { RecipientKey } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import type { SessionRow } from '../repo/sessions.ts';
import type { Checked } from './checkout-check.ts';
import { minutesBefore } from './dates.ts';
import { allowedMinMax, dailyRemainingCents, dailyRemainingToCents } from './deposit-limits.ts';
import { RECURRING_SESSION_PREFIX } from './deposit-kinds.ts';
import { isFraudFlagged } from './dest-deposits.ts';
import type { Quote } from './fees.ts';
import { isMaxedOut } from './unified-wallet.ts';

/** §4 duplicate-transaction warning window. */
export const DUPLICATE_WINDOW_MINUTES = 10;

/** A rule's refusal: the §8 code the checkout answers, and the fields it marks. */
export interface Refusal {
  code: string;
  fieldErrors?: Record<string, string>;
}

/** The daily maximum and the duplicate rule count deposits to the same inmate, or the same number. */
export function recipientKeyOf(recipient: Checked['recipient']): RecipientKey {
  return recipient.kind === 'dest' ? { phone: recipient.dest.phone } : { inmateId: recipient.inmate.id };
}

/** §4 trust block and §6 approved depositors, for a trust deposit to an inmate. */
async function trustRefusal(
  repos: Repos,
  config: Config,
  session: SessionRow,
  fields: FormFields,
  checked: Checked,
): Promise<Refusal | null> {
  if (checked.recipient.kind !== 'inmate' || fields.deposit_type !== 'trust') return null;
  // §4 trust block: residents of the configured states may not make trust deposits; the client opens
  // the mismatch modal on this billing_state error.
  const noTrust = config.noTrustBillingStates ?? DEFAULT_NO_TRUST_BILLING_STATES;
  if (fields.billing_country === 'US' && noTrust.includes(fields.billing_state.toUpperCase())) {
    return { code: FIELD_NO_TRUST, fieldErrors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust } };
  }
  if (!(await isApprovedDepositor(repos, session.user_id, checked.facility.id, checked.recipient.inmate.id))) {
    return { code: 'NOT_APPROVED_DEPOSITOR_MSG' };
  }
  return null;
}

/**
 * §6: approved depositor status is enforced by the server for trust deposits, in the card checkout and
 * the pam variant alike; a guest is never approved.
 */
export async function isApprovedDepositor(
  repos: Repos,
  userId: string | null,
  facilityId: number,
  inmateId: string,
): Promise<boolean> {
  return userId !== null && (await repos.approvedDepositors.isApproved(userId, facilityId, inmateId));
}

/** The amount's rules: maxed out, unified-wallet trust's range, the facility maximum, the fee schedule. */
async function amountRefusal(
  repos: Repos,
  config: Config,
  fields: FormFields,
  checked: Checked,
  now: Date,
): Promise<Refusal | null> {
  const { facility, recipient, payerEmail } = checked;
  const limit = { deposit_amount: MSG.amountLimit };
  // §4 maxed out: unified wallet with unusable limits takes no amount at all.
  if (isMaxedOut(fields, facility)) return { code: 'DEPOSIT_MIN_MAX_ERROR', fieldErrors: limit };
  // §5 unified-wallet trust: min and max from the service.
  if (recipient.kind === 'inmate' && isUnifiedWalletTrust(fields)) {
    const remaining = await dailyRemainingCents(repos, config, payerEmail, recipient.inmate.id, now);
    const range = allowedMinMax(facility, remaining);
    if (limitsUnusable({ min: range.minAmount, max: range.maxAmount })) return { code: 'DEPOSIT_EXCEEDS_LIMIT' };
    const amount = fields.deposit_amount ?? 0;
    if (amount < range.minAmount || amount > range.maxAmount) {
      return { code: 'DEPOSIT_MIN_MAX_ERROR', fieldErrors: limit };
    }
  }
  if (amountError(fields.deposit_amount, effectiveLimits(facility)) === MSG.amountLimit) {
    return { code: 'DEPOSIT_MAX', fieldErrors: limit };
  }
  // Fees are always the server's own figures, never the client's.
  if (!checked.quote) return { code: 'DEPOSIT_MIN_MAX_ERROR', fieldErrors: limit };
  // §8 DEPOSIT_EXCEEDS_LIMIT: daily maximum per payer per recipient (deposit-limits.ts).
  const left = await dailyRemainingToCents(repos, config, payerEmail, recipientKeyOf(recipient), now);
  if (checked.quote.amountCents > left) return { code: 'DEPOSIT_EXCEEDS_LIMIT' };
  return null;
}

/**
 * Whether this deposit may go ahead: the first rule that stops it, or null. The card checkout asks it
 * before any money moves.
 */
export async function depositRefusal(
  repos: Repos,
  config: Config,
  session: SessionRow,
  fields: FormFields,
  checked: Checked,
  now: Date,
): Promise<Refusal | null> {
  const { recipient } = checked;
  if (recipient.kind === 'inmate') {
    if (recipient.inmate.fraud_flag) {
      return { code: 'FRAUD_CONTROL_MESSAGE', fieldErrors: { deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' } };
    }
    // §4: a deposit to a deep-contact person needs a signed-in payer unless deep_zuid is set.
    if (deepContactNeedsSignIn(fields, fields.deposit_type)) return { code: DEEP_CONTACT_ERRORS.loginRequired };
  } else if (await isFraudFlagged(repos, recipient.dest.phone, recipient.dest.account)) {
    // §5/§8: a fraud-flagged number or phone account blocks the deposit.
    return { code: 'FRAUD_CONTROL_MESSAGE', fieldErrors: { deposit_phone_no: DEST_DEPOSIT_ERRORS.fraud } };
  }
  return (
    (await trustRefusal(repos, config, session, fields, checked)) ??
    (await amountRefusal(repos, config, fields, checked, now))
  );
}

/**
 * §4 duplicate warning: the latest deposit of this session or email to the same recipient for the same
 * amount within the window, described so the payer can tell it from the one at hand (amount, time,
 * order number, type, facility, card, and whether the recurring runner made it).
 */
export async function findDuplicate(
  repos: Repos,
  sessionId: string,
  checked: Checked & { quote: Quote },
  now: Date,
): Promise<DuplicateInfo | null> {
  const dup = await repos.deposits.findRecentDuplicate({
    sessionId,
    payerEmail: checked.payerEmail,
    recipient: recipientKeyOf(checked.recipient),
    amountCents: checked.quote.amountCents,
    since: minutesBefore(now, DUPLICATE_WINDOW_MINUTES),
  });
  if (!dup) return null;
  const info: DuplicateInfo = { amount: toDollars(dup.amount_cents), deposit_time: dup.created_at };
  const earlier = await repos.deposits.findById(dup.id);
  if (!earlier) return info;
  const facility = await repos.facilities.findById(earlier.facility_id);
  return {
    ...info,
    order_number: earlier.order_number,
    deposit_type: earlier.deposit_type as DepositType,
    ...(facility ? { facility_label: facility.label } : {}),
    card_brand: earlier.card_brand,
    card_last4: earlier.card_last4,
    recurring: earlier.session_id.startsWith(RECURRING_SESSION_PREFIX),
  };
}
