// Runs the recurring deposits that are due (§3 recurring deposit, §4 recurring; issue: "one charge per
// schedule per period, even if two runners start at once"). Each charge's order number names its
// schedule and period (R<id>-<period>); each schedule is charged in a transaction that locks its row
// (FOR UPDATE SKIP LOCKED on PostgreSQL), and the ledger's order numbers are unique, so any number of
// runners, in one instance or several, charge each period once.
import { randomUUID } from 'node:crypto';
import type { DepositType } from '../../contract/entities.ts';
import { expiryValid } from '../../contract/schemas.ts';
import type { Repos, Store } from '../repo/repos.ts';
import type { RecurringDepositRow } from '../repo/recurring-deposits.ts';
import { DEFAULT_DEPOSIT_POST_SECONDS } from '../config.ts';
import { sandboxSettlement } from './deposit-status.ts';
import { quote } from './fees.ts';
import { creditDestination } from './dest-deposits.ts';

/** The session id of a deposit the runner charged: this prefix and the recurring deposit's id. */
export const RECURRING_SESSION_PREFIX = 'recurring:';

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
 * Charges one schedule's period, if it is due and not yet charged, inside one transaction that holds
 * the schedule's row: on PostgreSQL another instance's runner skips a locked schedule (FOR UPDATE SKIP
 * LOCKED) and, once this one commits, finds its order number taken.
 */
async function chargeOne(repos: Repos, r: RecurringDepositRow, now: Date, postSeconds: number): Promise<Turn> {
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
  const depositId = randomUUID();
  await repos.deposits.insert({
    id: depositId,
    order_number: orderNumber,
    session_id: `${RECURRING_SESSION_PREFIX}${r.id}`,
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
    ...sandboxSettlement(at, r.inmate_id, postSeconds),
  });
  // The payer's deposit history lists it.
  await repos.depositHistory.assign(depositId, r.user_id, account?.deposit_phone_no ?? null);
  if (type === 'dest' && account) {
    await creditDestination(repos, {
      userId: r.user_id,
      target: {
        phone: account.deposit_phone_no,
        label: account.deposit_phone_no_label,
        country: account.deposit_phone_country,
        account,
      },
      facility,
      amountCents: r.amount_cents,
      at,
    });
  }
  return { kind: 'charged', orderNumber };
}

/** `postSeconds`: when the sandbox facility posts what the runner charges (docs/decisions/0048). */
export async function runDueRecurringDeposits(
  store: Store,
  now: Date,
  postSeconds = DEFAULT_DEPOSIT_POST_SECONDS,
): Promise<RunReport> {
  const report: RunReport = { charged: [], alreadyDone: 0, skipped: [] };
  for (const r of await store.repos.recurringDeposits.listActiveBefore(now.toISOString())) {
    if (!periodToCharge(r, now)) continue;
    let turn: Turn;
    try {
      turn = await store.transaction((repos) => chargeOne(repos, r, now, postSeconds));
    } catch (e) {
      // Another runner charged this period first: its order number is taken.
      const period = periodToCharge(r, now);
      if (period && (await store.repos.deposits.orderNumberExists(`R${r.id}-${period}`))) turn = { kind: 'done' };
      else throw e;
    }
    if (turn?.kind === 'charged') report.charged.push(turn.orderNumber);
    else if (turn?.kind === 'done') report.alreadyDone += 1;
    else if (turn?.kind === 'skipped') report.skipped.push({ id: r.id, reason: turn.reason });
  }
  return report;
}
