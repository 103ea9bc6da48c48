// Runs the recurring deposits that are due (§3 recurring deposit, §4 recurring; "one charge per
// schedule per period, even if two runners start at once"). Each deposit's order number names its
// schedule and period (R<id>-<period>); each is recorded in a transaction that locks the schedule's row
// (FOR UPDATE SKIP LOCKED on PostgreSQL), and the ledger's order numbers are unique, so any number of
// runners, in one instance or several, make each period's deposit once. The deposit then goes the way
// of every deposit (docs/decisions/0049): authorized with its id as the idempotency key, outside the
// transaction, then posted and captured by the job workers.
import { randomUUID } from 'node:crypto';
import type { DepositType } from '../../contract/entities.ts';
import { expiryValid } from '../../contract/schemas.ts';
import type { Repos } from '../repo/repos.ts';
import type { RecurringDepositRow } from '../repo/recurring-deposits.ts';
import { quote } from './fees.ts';
import { RECURRING_SESSION_PREFIX } from './deposit-kinds.ts';
import { authorizationLease, authorize, recordAuthorization, type MoneyDeps } from './deposit-steps.ts';

/** The ledger's deposit type of each recurring deposit type (§3). */
const TYPE_OF: Record<RecurringDepositRow['deposit_type'], DepositType> = {
  INMATEACCOUNT: 'flex',
  TRUST: 'trust',
  FRIENDSNFAMILY: 'dest',
};

const pad = (n: number) => String(n).padStart(2, '0');
const isoDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/**
 * The period a schedule is due in on `now` (UTC) and the start of its due day, or null when its day has
 * not come yet in the current period: monthly from its day (1-28) of the month, weekly from its day of
 * the week (0 Sunday - 6), and bi-weekly on the 1st and the 15th.
 */
function dueIn(
  r: Pick<RecurringDepositRow, 'interval_type' | 'day_in_interval'>,
  now: Date,
): { period: string; dueAt: number } | null {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const month = `${y}-${pad(m + 1)}`;
  const day = now.getUTCDate();
  if (r.interval_type === 'monthly')
    return day >= r.day_in_interval ? { period: month, dueAt: Date.UTC(y, m, r.day_in_interval) } : null;
  if (r.interval_type === 'biweekly')
    return day >= 15
      ? { period: `${month}-b`, dueAt: Date.UTC(y, m, 15) }
      : { period: `${month}-a`, dueAt: Date.UTC(y, m, 1) };
  const weekday = now.getUTCDay();
  if (weekday < r.day_in_interval) return null;
  const weekStart = Date.UTC(y, m, day - weekday);
  return { period: `W${isoDay(new Date(weekStart))}`, dueAt: weekStart + r.day_in_interval * 86_400_000 };
}

export function duePeriod(r: Pick<RecurringDepositRow, 'interval_type' | 'day_in_interval'>, now: Date): string | null {
  return dueIn(r, now)?.period ?? null;
}

/**
 * The period to charge on `now`, or null. A due day that came before the schedule was set up is not
 * charged: the deposit made at checkout (§4 "the first deposit is charged now") stands for it.
 */
export function periodToCharge(
  r: Pick<RecurringDepositRow, 'interval_type' | 'day_in_interval' | 'created_at'>,
  now: Date,
): string | null {
  const due = dueIn(r, now);
  if (!due) return null;
  return isoDay(new Date(due.dueAt)) <= r.created_at.slice(0, 10) ? null : due.period;
}

/** The card a schedule is charged to: a saved card, or the one the sandbox pam endpoint took (§4 pam mode). */
async function cardOf(
  repos: Repos,
  r: RecurringDepositRow,
): Promise<{ token: string; brand: string; last4: string; month: string; year: string } | undefined> {
  if (r.pam_ref) {
    const paid = await repos.pamPayments.findByRef(r.pam_ref);
    const [month, year] = (paid?.card_exp ?? '').split('/');
    if (!paid?.valid || !paid.card_brand || !paid.card_last4 || !month || !year) return undefined;
    return { token: `pam:${r.pam_ref}`, brand: paid.card_brand, last4: paid.card_last4, month, year };
  }
  const card = r.card_id === null ? undefined : await repos.savedCards.findForUser(r.user_id, r.card_id);
  return card
    ? { token: `saved:${card.id}`, brand: card.brand, last4: card.last4, month: card.exp_month, year: card.exp_year }
    : undefined;
}

export interface RunReport {
  charged: string[];
  /** Already charged for this period (by this runner earlier, or another at the same time). */
  alreadyDone: number;
  /** Not charged: the card is gone or expired, the recipient or facility is no longer there. */
  skipped: { id: number; reason: string }[];
}

/** What one schedule's turn came to. */
type Turn = { kind: 'charged'; orderNumber: string } | { kind: 'done' } | { kind: 'skipped'; reason: string } | null;

/**
 * Records one schedule's deposit for its period, if it is due and not yet made, inside one transaction
 * that holds the schedule's row: on PostgreSQL another instance's runner skips a locked schedule (FOR
 * UPDATE SKIP LOCKED) and, once this one commits, finds its order number taken.
 */
async function recordOne(
  repos: Repos,
  deps: MoneyDeps,
  r: RecurringDepositRow,
  now: Date,
): Promise<Turn | { kind: 'recorded'; id: string; orderNumber: string }> {
  const period = periodToCharge(r, now);
  if (!period) return null;
  if (!(await repos.recurringDeposits.lockForCharge(r.id))) return { kind: 'done' };
  const orderNumber = `R${r.id}-${period}`;
  if (await repos.deposits.orderNumberExists(orderNumber)) return { kind: 'done' };
  const at = now.toISOString();
  const user = await repos.users.findById(r.user_id);
  const card = await cardOf(repos, r);
  const facility = await repos.facilities.findById(r.facility_id);
  const type = TYPE_OF[r.deposit_type];
  if (!user || !facility) return { kind: 'skipped', reason: 'payer or facility gone' };
  if (!card || !expiryValid(card.month, card.year, now)) {
    return { kind: 'skipped', reason: r.pam_ref ? 'no usable card kept by the pam endpoint' : 'no usable saved card' };
  }
  const priced = await quote(repos.fees, facility, type, r.amount_cents);
  if (!priced) return { kind: 'skipped', reason: 'amount outside the fee schedule' };
  const account =
    r.dest_account_id === null ? undefined : await repos.destAccounts.findById(r.user_id, r.dest_account_id);
  if (type === 'dest' && !account) return { kind: 'skipped', reason: 'phone account gone' };
  const id = randomUUID();
  const lease = authorizationLease(deps, now);
  await repos.deposits.insert({
    id,
    order_number: orderNumber,
    session_id: `${RECURRING_SESSION_PREFIX}${r.id}`,
    user_id: r.user_id,
    facility_id: facility.id,
    inmate_id: r.inmate_id,
    deposit_type: type,
    amount_cents: r.amount_cents,
    fee_cents: priced.feeCents,
    tax_cents: priced.taxCents,
    total_cents: r.amount_cents + priced.feeCents + priced.taxCents,
    card_token: card.token,
    card_brand: card.brand,
    card_last4: card.last4,
    card_exp: `${card.month}/${card.year}`,
    payer_email: user.email,
    created_at: at,
    response_json: JSON.stringify({ recurring_deposit_id: r.id, period }),
    deposit_phone_no: account?.deposit_phone_no ?? null,
    state: 'authorizing',
    lease_until: lease,
    // docs/decisions/0053: the language the payer last paid in writes this deposit's notices.
    locale: (await repos.notices.latestLocale(r.user_id)) === 'es' ? 'es' : 'en',
  });
  if (account) await repos.deposits.mark(id, { dest_account_id: account.id });
  return { kind: 'recorded', id, orderNumber };
}

/** Makes the due recurring deposits: each recorded, then authorized outside the transaction. */
export async function runDueRecurringDeposits(deps: MoneyDeps, now: Date): Promise<RunReport> {
  const { store } = deps;
  const report: RunReport = { charged: [], alreadyDone: 0, skipped: [] };
  for (const r of await store.repos.recurringDeposits.listActiveBefore(now.toISOString())) {
    if (!periodToCharge(r, now)) continue;
    let turn: Awaited<ReturnType<typeof recordOne>>;
    try {
      turn = await store.transaction((repos) => recordOne(repos, deps, r, now));
    } catch (e) {
      // Another runner recorded this period first: its order number is taken.
      const period = periodToCharge(r, now);
      if (period && (await store.repos.deposits.orderNumberExists(`R${r.id}-${period}`))) turn = { kind: 'done' };
      else throw e;
    }
    if (turn?.kind === 'recorded') {
      const d = await store.repos.deposits.findById(turn.id);
      if (!d) continue;
      const settled = await recordAuthorization(deps, d, await authorize(deps, d));
      if (settled.state === 'authorized') report.charged.push(turn.orderNumber);
      else report.skipped.push({ id: r.id, reason: `not authorized (${settled.decline_code ?? settled.state})` });
    } else if (turn?.kind === 'done') report.alreadyDone += 1;
    else if (turn?.kind === 'skipped') report.skipped.push({ id: r.id, reason: turn.reason });
  }
  return report;
}
