// The deposit status tracker (docs/decisions/0049): a deposit is authorized on the card (the money is
// held, not taken), sent to the facility's account system (or the phone platform for dest), which
// posts it to the person's account or refuses it. Posted: the held money is captured. Refused or
// cancelled by the payer before posting: the hold is released and nothing is taken. Money already
// taken (a payment the pam endpoint captured itself) is refunded. The ledger keeps each step's time;
// the payer reads where the deposit is on the receipt, in the deposit history and in the receipt's
// text message.
import * as yup from 'yup';
import { MSG } from './schemas.ts';
export {
  depositCancelPath,
  depositStatusPath,
  type DepositStatus,
  REFUSAL_REASONS,
  type RefusalReason,
  DEPOSIT_STATUS_BASE,
  DEPOSIT_CANCEL_BASE,
  type DepositStatusInfo,
} from './deposit-status-base.ts';
import type { DepositStatusInfo } from './deposit-status-base.ts';

export const depositStatusParamsSchema = yup.object({
  id: yup
    .string()
    .required(MSG.required)
    .max(64, MSG.tooMany)
    .matches(/^[A-Za-z0-9-]+$/, MSG.invalid),
});

/** Why a cancel was not done (DEPOSIT_STATUS.CANCEL_<code> in locales). */
export const CANCEL_REFUSALS = ['ALREADY_POSTED', 'ALREADY_SENT', 'ALREADY_ENDED'] as const;
export type CancelRefusal = (typeof CANCEL_REFUSALS)[number];

/**
 * The answer of POST /pay/deposit_cancel/:id (200 for the payer's own deposit): cancelled, or why not;
 * the deposit's status after the request either way.
 */
export interface DepositCancelResponse {
  cancelled: boolean;
  refusal: CancelRefusal | null;
  status: DepositStatusInfo;
}
