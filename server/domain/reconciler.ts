// The reconciler's sweep (docs/decisions/0049): every step schedules the next one in the transaction
// that records it, so a deposit between two steps always has its job. The sweep is the net under that
// rule: it finds deposits that have waited between two steps longer than their job allows (a job row
// lost, a bug, a hand-edited row) and schedules the step again. Each step is idempotent, so a job
// scheduled twice does its work once.
import type { DepositState } from '../repo/deposits.ts';
import type { JobKind } from '../repo/jobs.ts';
import { authorizationLease, type MoneyDeps } from './deposit-steps.ts';

/** How many deposits of each state one sweep looks at. */
const SWEEP_LIMIT = 200;

/** The step a deposit in `state` waits for, or null when it waits for nothing. */
function nextStep(d: {
  state: DepositState;
  charge_id: string | null;
  captured_at: string | null;
  voided_at: string | null;
  refunded_at: string | null;
}): JobKind | null {
  switch (d.state) {
    case 'authorizing':
      return 'settle';
    case 'authorized':
    case 'posting':
      return 'post';
    case 'posted':
      return d.charge_id !== null && d.captured_at === null ? 'capture' : null;
    case 'refused':
    case 'cancelled':
    case 'failed':
      if (d.captured_at !== null) return d.refunded_at === null ? 'refund' : null;
      return d.charge_id !== null && d.voided_at === null ? 'void' : null;
    default:
      return null;
  }
}

/** Schedules the missing steps of deposits older than a step's longest wait; returns how many. */
export async function sweep(deps: MoneyDeps): Promise<number> {
  const now = deps.now();
  const at = now.toISOString();
  // Older than the authorization's lease twice over: any request that recorded it has ended.
  const before = new Date(2 * Date.parse(authorizationLease(deps, now)) - now.getTime()).toISOString();
  let scheduled = 0;
  for (const { id } of await deps.store.repos.deposits.listOpen(before, SWEEP_LIMIT)) {
    const d = await deps.store.repos.deposits.findById(id);
    const kind = d ? nextStep(d) : null;
    if (!kind || (await deps.store.repos.jobs.find(kind, id))) continue;
    await deps.store.transaction((repos) => repos.jobs.schedule(kind, id, at, at));
    scheduled += 1;
  }
  return scheduled;
}
