// The deposit status tracker (docs/decisions/0049): what the payer reads of a deposit's states and the
// time of each step, on the receipt, in the deposit history and in the receipt's text message. Every
// instance answers the same from the database alone.
import {
  type DepositCancelResponse,
  type DepositStatus,
  type DepositStatusInfo,
  REFUSAL_REASONS,
  type RefusalReason,
} from '../../contract/deposit-status.ts';
import type { DepositStatusRow } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import { cancelDeposit, type MoneyDeps } from './deposit-steps.ts';

/** Bounds of the wait after which the payer's page asks again. */
const MAX_CHECK_AGAIN_SECONDS = 60;
const MIN_CHECK_AGAIN_SECONDS = 2;
/** A step whose expected time has passed (a facility that is slow to answer): ask again after this. */
const LATE_CHECK_AGAIN_SECONDS = 10;

function refusalReason(v: string | null): RefusalReason | null {
  return (REFUSAL_REASONS as readonly string[]).includes(v ?? '') ? (v as RefusalReason) : null;
}

/** The payer's word for a deposit's state; undefined for a try that never became a deposit. */
function statusOf(row: DepositStatusRow): DepositStatus | undefined {
  switch (row.state) {
    case 'authorizing':
    case 'authorized':
    case 'posting':
      return 'submitted';
    case 'posted':
      return 'posted';
    case 'refused':
      return row.refunded_at !== null ? 'refunded' : 'refused';
    case 'cancelled':
      return 'cancelled';
    default:
      return undefined;
  }
}

/** Where the deposit is; undefined for a declined or failed try (the payer got no receipt for it). */
export function depositStatus(row: DepositStatusRow, now: Date): DepositStatusInfo | undefined {
  const status = statusOf(row);
  if (!status) return undefined;
  // Money leaves the card when it is captured, and comes back when it is refunded.
  const charged = row.captured_at !== null && row.refunded_at === null;
  const final =
    status === 'posted' || status === 'refunded' || status === 'cancelled' || (status === 'refused' && !charged);
  const next = final ? null : row.expected_at;
  const wait = next === null ? null : Math.ceil((Date.parse(next) - now.getTime()) / 1000);
  return {
    deposit_id: row.id,
    status,
    submitted_at: row.created_at,
    posted_at: row.posted_at,
    refused_at: row.refused_at,
    refunded_at: row.refunded_at,
    cancelled_at: row.cancelled_at,
    refusal_reason: row.refused_at !== null ? refusalReason(row.refusal_reason) : null,
    charged,
    cancellable: row.state === 'authorized',
    expected_at: next,
    check_again_seconds: final
      ? null
      : wait === null || wait <= 0
        ? LATE_CHECK_AGAIN_SECONDS
        : Math.min(MAX_CHECK_AGAIN_SECONDS, Math.max(MIN_CHECK_AGAIN_SECONDS, wait)),
  };
}

/**
 * A deposit's status row for the session that made it, or for the signed-in payer it belongs to;
 * undefined for a deposit that does not exist or is someone else's (the same answer: nothing to learn).
 */
export async function findOwnDeposit(
  repos: Repos,
  session: { id: string; user_id: string | null },
  depositId: string,
): Promise<DepositStatusRow | undefined> {
  const row = await repos.deposits.findStatus(depositId);
  if (!row) return undefined;
  const mine = row.session_id === session.id || (session.user_id !== null && row.user_id === session.user_id);
  return mine ? row : undefined;
}

export async function readDepositStatus(
  repos: Repos,
  session: { id: string; user_id: string | null },
  depositId: string,
  now: Date,
): Promise<DepositStatusInfo | undefined> {
  const row = await findOwnDeposit(repos, session, depositId);
  return row ? depositStatus(row, now) : undefined;
}

/**
 * The payer cancels their own deposit (§2 receipt and deposit history, docs/decisions/0049); undefined
 * for a deposit that is not theirs or is no deposit (a declined try).
 */
export async function cancelOwnDeposit(
  deps: MoneyDeps,
  session: { id: string; user_id: string | null },
  depositId: string,
): Promise<DepositCancelResponse | undefined> {
  const { repos } = deps.store;
  const row = await findOwnDeposit(repos, session, depositId);
  if (!row || !depositStatus(row, deps.now())) return undefined;
  const outcome = await cancelDeposit(deps, depositId);
  const status = await readDepositStatus(repos, session, depositId, deps.now());
  if (!status) return undefined;
  return outcome.cancelled
    ? { cancelled: true, refusal: null, status }
    : { cancelled: false, refusal: outcome.refusal, status };
}
