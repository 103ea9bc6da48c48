// The deposit status tracker (docs/decisions/0048): after the card is charged a deposit is submitted to
// the facility, which posts it to the person's account, or refuses it (the person was released since),
// and then the charge is refunded. The ledger keeps each step's time; the payer reads where the deposit
// is on the receipt, in the deposit history and in the receipt's text message.
import * as yup from 'yup';
import { MSG } from './schemas.ts';

export const DEPOSIT_STATUSES = ['submitted', 'posted', 'refused', 'refunded'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** Why a facility refused a deposit (DEPOSIT_STATUS.REASON_<code> in locales). */
export const REFUSAL_REASONS = ['released'] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** A status that does not change any more. */
export function isFinalStatus(status: DepositStatus): boolean {
  return status === 'posted' || status === 'refunded';
}

/** GET /pay/deposit_status/:id: a deposit of this session, or of the signed-in payer. */
export const DEPOSIT_STATUS_BASE = '/pay/deposit_status';
export const depositStatusPath = (depositId: string) => `${DEPOSIT_STATUS_BASE}/${encodeURIComponent(depositId)}`;

export const depositStatusParamsSchema = yup.object({
  id: yup
    .string()
    .required(MSG.required)
    .max(64, MSG.tooMany)
    .matches(/^[A-Za-z0-9-]+$/, MSG.invalid),
});

export interface DepositStatusInfo {
  deposit_id: string;
  status: DepositStatus;
  /** ISO 8601 times of each step reached; null for a step not reached (yet). */
  submitted_at: string;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  refusal_reason: RefusalReason | null;
  /** While submitted or refused: when the next step is expected (ISO 8601); null once final. */
  expected_at: string | null;
  /** Seconds after which asking again may show a new status; null once final. */
  check_again_seconds: number | null;
}
