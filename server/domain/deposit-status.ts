// The deposit status tracker (docs/decisions/0048): a deposit is submitted when its card is charged
// (the ledger's created_at), then the facility posts it to the person's account, or refuses it and the
// charge is refunded. The processor writes each step's time into the ledger row; what the payer reads
// is the latest step whose time has come, so every instance answers the same from the database alone,
// with no timer of its own.
import {
  type DepositStatus,
  type DepositStatusInfo,
  REFUSAL_REASONS,
  type RefusalReason,
} from '../../contract/deposit-status.ts';
import type { DepositStatusRow } from '../repo/deposits.ts';
import type { Repos } from '../repo/repos.ts';
import { releasedSince } from './sandbox-processor.ts';

/** The status columns a new ledger row is written with. */
export type Settlement = Pick<DepositStatusRow, 'posted_at' | 'refused_at' | 'refunded_at' | 'refusal_reason'>;

/** A step's wait, after which the payer is told to look again at most (a refund follows a refusal). */
const MAX_CHECK_AGAIN_SECONDS = 60;
const MIN_CHECK_AGAIN_SECONDS = 2;

function plus(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/**
 * The sandbox facility's answer to a deposit charged at `chargedAt`: it posts the deposit `postSeconds`
 * later, except to a person released since (fixtures/README.md), whose deposit it refuses then; the
 * refund follows as long again after the refusal.
 */
export function sandboxSettlement(chargedAt: string, inmateId: string | null, postSeconds: number): Settlement {
  const at = plus(chargedAt, postSeconds);
  if (inmateId !== null && releasedSince(inmateId)) {
    return { posted_at: null, refused_at: at, refunded_at: plus(at, postSeconds), refusal_reason: 'released' };
  }
  return { posted_at: at, refused_at: null, refunded_at: null, refusal_reason: null };
}

/** A deposit charged before the tracker, or written as history: posted as it was charged. */
export function postedWhenCharged(chargedAt: string): Settlement {
  return { posted_at: chargedAt, refused_at: null, refunded_at: null, refusal_reason: null };
}

function reached(iso: string | null, now: Date): string | null {
  return iso !== null && Date.parse(iso) <= now.getTime() ? iso : null;
}

function refusalReason(v: string | null): RefusalReason | null {
  return (REFUSAL_REASONS as readonly string[]).includes(v ?? '') ? (v as RefusalReason) : null;
}

/** Where the deposit is at `now`: only the steps whose time has come are told. */
export function depositStatus(row: DepositStatusRow, now: Date): DepositStatusInfo {
  const posted = reached(row.posted_at, now);
  const refused = reached(row.refused_at, now);
  const refunded = refused ? reached(row.refunded_at, now) : null;
  const status: DepositStatus = refunded ? 'refunded' : refused ? 'refused' : posted ? 'posted' : 'submitted';
  const next =
    status === 'submitted' ? (row.posted_at ?? row.refused_at) : status === 'refused' ? row.refunded_at : null;
  const wait = next === null ? null : Math.ceil((Date.parse(next) - now.getTime()) / 1000);
  return {
    deposit_id: row.id,
    status,
    submitted_at: row.created_at,
    posted_at: posted,
    refused_at: refused,
    refunded_at: refunded,
    cancelled_at: null,
    refusal_reason: refused ? refusalReason(row.refusal_reason) : null,
    charged: status !== 'refunded',
    cancellable: false,
    expected_at: next,
    check_again_seconds:
      wait === null ? null : Math.min(MAX_CHECK_AGAIN_SECONDS, Math.max(MIN_CHECK_AGAIN_SECONDS, wait)),
  };
}

/**
 * A deposit's status for the session that made it, or for the signed-in payer it belongs to; undefined
 * for a deposit that does not exist or is someone else's (the same answer: nothing to learn from it).
 */
export async function readDepositStatus(
  repos: Repos,
  session: { id: string; user_id: string | null },
  depositId: string,
  now: Date,
): Promise<DepositStatusInfo | undefined> {
  const row = await repos.deposits.findStatus(depositId);
  if (!row) return undefined;
  const mine = row.session_id === session.id || (session.user_id !== null && row.user_id === session.user_id);
  return mine ? depositStatus(row, now) : undefined;
}
