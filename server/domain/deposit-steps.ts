// The money path's steps after a deposit is recorded (docs/decisions/0049). Each step is a call to the
// processor or the facility outside any transaction, with a timeout, between two short transactions:
// the first says the step is under way, the second records its answer and schedules the next step as a
// job. A step taken twice changes nothing: the state moves only from the state it expects, and every
// processor call carries the idempotency key of its step.
//
//   authorizing -> authorized (post job) | declined | failed (the answer lost; any hold released)
//   authorized  -> posting -> posted (capture job) | refused (void job, or refund of money taken)
//   authorized  -> cancelled by the payer (void job)
import type { MoneyConfig } from '../config.ts';
import type { AuthorizeResult, ChargeRecord, PaymentProcessor } from '../ports/payment-processor.ts';
import { ProcessorUnavailableError } from '../ports/payment-processor.ts';
import type { Posting, PostingResult } from '../ports/posting.ts';
import type { Metrics } from '../ops/metrics.ts';
import { PostingUnavailableError } from '../ports/posting.ts';
import type { DepositStepRow } from '../repo/deposits.ts';
import type { Repos, Store } from '../repo/repos.ts';
import { applyApproval, declinedAnswer, keepDeclinedForm } from './deposit-approval.ts';
import { type MailDeps, writeNotices } from './deposit-notices.ts';
import { withTimeout } from './timeout.ts';

export interface MoneyDeps {
  store: Store;
  processor: PaymentProcessor;
  posting: Posting;
  money: MoneyConfig;
  now: () => Date;
  /** Seconds from authorization to posting: the payer's window to cancel (DEPOSIT_POST_SECONDS). */
  postSeconds: number;
  /** Where the steps report to the operator (server/ops/metrics.ts). */
  metrics?: Pick<Metrics, 'depositOutcome' | 'processorCall' | 'postingCall'>;
  /** E-mail over SMTP (SMTP_URL; docs/decisions/0053): unset, e-mail notices stay in the outbox. */
  mail?: MailDeps | undefined;
}

/** Times a call to the processor or the facility and reports it, ok or not. */
async function timed<T>(
  report: ((seconds: number, ok: boolean) => void) | undefined,
  call: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    report?.((performance.now() - started) / 1000, true);
    return result;
  } catch (err) {
    report?.((performance.now() - started) / 1000, false);
    throw err;
  }
}

/** How long past a call's timeout an authorization stays with the request that made it. */
const GRACE_MS = 5000;

const iso = (ms: number) => new Date(ms).toISOString();

/** The time after which nobody is waiting for an authorization any more: the settle job's time. */
export function authorizationLease(deps: Pick<MoneyDeps, 'money'>, now: Date): string {
  return iso(now.getTime() + deps.money.processorTimeoutMs + GRACE_MS);
}

function processorCall<T>(deps: MoneyDeps, operation: string, call: () => Promise<T>): Promise<T> {
  return timed(deps.metrics && ((seconds, ok) => deps.metrics?.processorCall(operation, seconds, ok)), () =>
    withTimeout(
      call(),
      deps.money.processorTimeoutMs,
      () => new ProcessorUnavailableError('timeout', `${deps.processor.name} processor: no answer in time`),
    ),
  );
}

/**
 * Asks the processor to authorize a recorded deposit (outside any transaction). 'unknown': the
 * processor could not be asked or did not answer in time; it may or may not hold the money.
 */
export async function authorize(deps: MoneyDeps, d: DepositStepRow): Promise<AuthorizeResult | 'unknown'> {
  try {
    return await processorCall(deps, 'authorize', () =>
      deps.processor.authorize({
        idempotencyKey: d.id,
        amountCents: Number(d.total_cents),
        currency: 'usd',
        source: d.card_token,
        description: `Deposit ${d.order_number}`,
      }),
    );
  } catch {
    // A timeout, a 5xx, or an answer the adapter could not read: the outcome is unknown either way,
    // and the settle job asks the processor about this key later.
    return 'unknown';
  }
}

/**
 * Records the processor's answer to an authorization; returns the deposit as it now is. Approved: the
 * money is held, the deposit is the payer's (form state, history, recurring set-up) and its posting is
 * scheduled. Declined: the answer the payer gets. Unknown: the authorization is let go (the payer may
 * try again with the same key; the settle job asks the processor later).
 */
export async function recordAuthorization(
  deps: MoneyDeps,
  d: DepositStepRow,
  result: AuthorizeResult | 'unknown',
): Promise<DepositStepRow> {
  const at = deps.now().toISOString();
  const id = d.id;
  const settled = await deps.store.transaction(async (repos): Promise<DepositStepRow> => {
    // Each move is from authorizing only: if another request or the settle job got there first, the
    // deposit is read as it now is.
    const again = async () => (await repos.deposits.findById(id)) as DepositStepRow;
    if (result === 'unknown') {
      // The settle job asks the processor once nobody has tried again for a lease's length.
      if (!(await repos.deposits.step(id, ['authorizing'], { lease_until: null }))) return again();
      await repos.jobs.schedule('settle', id, authorizationLease(deps, deps.now()), at);
      return { ...d, lease_until: null };
    }
    if (result.kind === 'approved') {
      const postAt = iso(deps.now().getTime() + deps.postSeconds * 1000);
      const moved = {
        state: 'authorized' as const,
        charge_id: result.chargeId,
        authorized_at: at,
        lease_until: null,
        expected_at: postAt,
      };
      if (!(await repos.deposits.step(id, ['authorizing'], moved))) return again();
      const destAccountId = await applyApproval(repos, d, at);
      if (destAccountId !== null) await repos.deposits.mark(id, { dest_account_id: destAccountId });
      await repos.jobs.schedule('post', id, postAt, at);
      await writeNotices(repos, deps, id, 'receipt', at);
      return { ...d, ...moved, dest_account_id: destAccountId };
    }
    const answer = declinedAnswer(d, result.code);
    const moved = {
      state: 'declined' as const,
      decline_code: result.code,
      lease_until: null,
      response_json: JSON.stringify(answer),
    };
    if (!(await repos.deposits.step(id, ['authorizing'], { ...moved, declined_at: at }))) return again();
    await keepDeclinedForm(repos, d, answer, at);
    return { ...d, ...moved };
  });
  deps.metrics?.depositOutcome(settled.state);
  return settled;
}

/**
 * The settle job: a deposit still authorizing after its lease (the answer was lost: a timeout, a 5xx, a
 * crash). The payer was told the payment was not confirmed, so nothing may be taken: the processor is
 * asked by the idempotency key, and a hold it made is released. A payer who tries again in the meantime
 * takes the lease and gets the processor's first answer instead (server/domain/checkout.ts).
 */
export async function settleAuthorization(deps: MoneyDeps, id: string): Promise<'done' | { retryAt: string }> {
  const now = deps.now();
  const lease = authorizationLease(deps, now);
  const d = await deps.store.repos.deposits.findById(id);
  if (!d || d.state !== 'authorizing') return 'done';
  if (!(await deps.store.transaction((repos) => repos.deposits.takeLease(id, now.toISOString(), lease)))) {
    return { retryAt: lease };
  }
  let charge: ChargeRecord | null;
  try {
    charge = await processorCall(deps, 'lookup', () => deps.processor.lookup(id));
  } catch (err) {
    await deps.store.transaction((repos) => repos.deposits.step(id, ['authorizing'], { lease_until: null }));
    throw err;
  }
  const at = deps.now().toISOString();
  await deps.store.transaction(async (repos) => {
    if (charge?.state === 'declined') {
      await repos.deposits.step(id, ['authorizing'], {
        state: 'declined',
        decline_code: charge.declineCode ?? null,
        declined_at: at,
        lease_until: null,
      });
      return;
    }
    await repos.deposits.step(id, ['authorizing'], {
      state: 'failed',
      failed_at: at,
      lease_until: null,
      charge_id: charge?.chargeId ?? null,
    });
    if (charge?.state === 'authorized') await repos.jobs.schedule('void', id, at, at);
    if (charge?.state === 'captured') await repos.jobs.schedule('refund', id, at, at);
  });
  return 'done';
}

function postingCall<T>(deps: MoneyDeps, operation: string, call: () => Promise<T>): Promise<T> {
  return timed(deps.metrics && ((seconds, ok) => deps.metrics?.postingCall(operation, seconds, ok)), () =>
    withTimeout(
      call(),
      deps.money.postingTimeoutMs,
      () => new PostingUnavailableError(`${deps.posting.name} posting: no answer in time`),
    ),
  );
}

/** Records the facility's answer: posted (capture next) or refused (release the hold, or refund). */
async function recordPosting(
  repos: Repos,
  deps: MoneyDeps,
  d: DepositStepRow,
  result: PostingResult,
  at: string,
): Promise<void> {
  if (result.kind === 'accepted') return;
  if (result.kind === 'posted') {
    if (await repos.deposits.step(d.id, ['posting'], { state: 'posted', posted_at: result.at, expected_at: null })) {
      if (d.captured_at === null) await repos.jobs.schedule('capture', d.id, at, at);
      await writeNotices(repos, deps, d.id, 'posted', at);
    }
    return;
  }
  const moved = await repos.deposits.step(d.id, ['posting'], {
    state: 'refused',
    refused_at: result.at,
    refusal_reason: result.reason,
    expected_at: null,
  });
  if (!moved) return;
  await repos.jobs.schedule(d.captured_at === null ? 'void' : 'refund', d.id, at, at);
  await writeNotices(repos, deps, d.id, 'refused', at);
}

/**
 * The post job: from the time the payer could cancel, the deposit is sent to the facility's system
 * (or the phone platform). Sending moves it to posting first, so a cancel that comes later is refused
 * and one that came first wins. A facility that is down is asked again by the job's backoff; one that
 * answers later is looked up.
 */
export async function postDeposit(deps: MoneyDeps, id: string): Promise<'done' | { retryAt: string }> {
  const at = deps.now().toISOString();
  const d = await deps.store.transaction(async (repos) => {
    await repos.deposits.step(id, ['authorized'], { state: 'posting', sent_at: at });
    return repos.deposits.findById(id);
  });
  if (!d || d.state !== 'posting') return 'done';
  const earlier = await postingCall(deps, 'lookup', () => deps.posting.lookup(id));
  const result =
    earlier && earlier.kind !== 'accepted'
      ? earlier
      : await postingCall(deps, 'send', () =>
          deps.posting.send({
            depositId: d.id,
            depositType: d.deposit_type,
            facilityId: Number(d.facility_id),
            inmateId: d.inmate_id,
            phone: d.deposit_phone_no ?? null,
            amountCents: Number(d.amount_cents),
            userId: d.user_id,
            destAccountId: d.dest_account_id,
          }),
        );
  if (result.kind === 'accepted') return { retryAt: iso(deps.now().getTime() + 30_000) };
  await deps.store.transaction((repos) => recordPosting(repos, deps, d, result, deps.now().toISOString()));
  deps.metrics?.depositOutcome(result.kind);
  return 'done';
}

/** The capture, void and refund jobs: one processor call each, then its time on the deposit. */
export async function settleMoney(deps: MoneyDeps, kind: 'capture' | 'void' | 'refund', id: string): Promise<'done'> {
  const d = await deps.store.repos.deposits.findById(id);
  if (!d) return 'done';
  const doneAt = { capture: d.captured_at, void: d.voided_at, refund: d.refunded_at }[kind];
  if (doneAt !== null) return 'done';
  // A payment taken before it was recorded (pam): the payment endpoint's own, given back there.
  if (d.charge_id !== null) {
    const chargeId = d.charge_id;
    await processorCall(deps, kind, () => deps.processor[kind](chargeId, `${id}:${kind}`));
  }
  const at = deps.now().toISOString();
  const column = { capture: 'captured_at', void: 'voided_at', refund: 'refunded_at' } as const;
  await deps.store.transaction(async (repos) => {
    await repos.deposits.mark(id, { [column[kind]]: at });
    // The money of a refused deposit is back on the card (a failed try's refund: no receipt, no word).
    if (kind === 'refund' && d.state === 'refused') await writeNotices(repos, deps, id, 'refunded', at);
  });
  return 'done';
}

/** Why a payer's cancel was refused, by the deposit's state. */
export type CancelOutcome =
  { cancelled: true } | { cancelled: false; refusal: 'ALREADY_POSTED' | 'ALREADY_SENT' | 'ALREADY_ENDED' };

/**
 * The payer cancels a deposit that has not been sent to the facility yet: its posting job is withdrawn
 * and the hold released. A deposit that was sent or posted meanwhile stays as it is. The state moves
 * only from authorized, so a cancel racing the post job is decided by whichever transaction commits
 * first, on either engine.
 */
export async function cancelDeposit(deps: MoneyDeps, id: string): Promise<CancelOutcome> {
  const at = deps.now().toISOString();
  return deps.store.transaction(async (repos): Promise<CancelOutcome> => {
    if (await repos.deposits.step(id, ['authorized'], { state: 'cancelled', cancelled_at: at, expected_at: null })) {
      await repos.jobs.remove('post', id);
      await repos.jobs.schedule('void', id, at, at);
      await writeNotices(repos, deps, id, 'cancelled', at);
      deps.metrics?.depositOutcome('cancelled');
      return { cancelled: true };
    }
    const d = await repos.deposits.findById(id);
    if (d?.state === 'posting') return { cancelled: false, refusal: 'ALREADY_SENT' };
    if (d?.state === 'posted') return { cancelled: false, refusal: 'ALREADY_POSTED' };
    return { cancelled: false, refusal: 'ALREADY_ENDED' };
  });
}
