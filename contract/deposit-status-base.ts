// What contract/deposit-status.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/deposit-status.ts re-exports them.

export const DEPOSIT_STATUSES = ['submitted', 'posted', 'refused', 'refunded', 'cancelled'] as const;

export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Why a facility refused a deposit (DEPOSIT_STATUS.REASON_<code> in locales). */
export const REFUSAL_REASONS = ['released', 'not_accepted'] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A status that does not change any more (a refusal of money already taken is followed by its refund). */
export function isFinalStatus(info: Pick<DepositStatusInfo, 'status' | 'charged'>): boolean {
  if (info.status === 'refused') return !info.charged;
  return info.status !== 'submitted';
}

/** GET /pay/deposit_status/:id: a deposit of this session, or of the signed-in payer. */
export const DEPOSIT_STATUS_BASE = '/pay/deposit_status';

export const depositStatusPath = (depositId: string) => `${DEPOSIT_STATUS_BASE}/${encodeURIComponent(depositId)}`;

/**
 * POST /pay/deposit_cancel/:id (CSRF header, no body): the payer cancels a deposit that has not posted
 * yet. Same owners as the status; anything else is 404.
 */
export const DEPOSIT_CANCEL_BASE = '/pay/deposit_cancel';

export const depositCancelPath = (depositId: string) => `${DEPOSIT_CANCEL_BASE}/${encodeURIComponent(depositId)}`;

export interface DepositStatusInfo {
  deposit_id: string;
  status: DepositStatus;
  /** ISO 8601 times of each step reached; null for a step not reached (yet). */
  submitted_at: string;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  cancelled_at: string | null;
  refusal_reason: RefusalReason | null;
  /**
   * Whether money has left the payer's card: true once captured (posted) or when it was taken at
   * payment (pam) and not yet refunded; false while it is only held (submitted), and after a refusal
   * or a cancellation of a held deposit (the hold is released: nothing is taken).
   */
  charged: boolean;
  /** The payer may still cancel it (submitted, and not yet sent to the facility). */
  cancellable: boolean;
  /** While not final: when the next step is expected (ISO 8601); null once final. */
  expected_at: string | null;
  /** Seconds after which asking again may show a new status; null once final. */
  check_again_seconds: number | null;
}
