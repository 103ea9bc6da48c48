// The quick-deposit cards of a signed-in payer (§2 deposit_or_schedule_visit, §3 quick-deposit
// account, §6, §9), built from their deposit history: one card per recipient, most recently paid
// first. Pure rules over repository reads; no SQL here.
import {
  QUICK_DEPOSIT_AMOUNTS,
  QUICK_DEPOSIT_INCREMENT,
  QUICK_DEPOSIT_MAX_CARDS,
  type PurseReg,
  type QuickDeposit,
} from '../../contract/quick-deposits.ts';
import type { Facility } from '../../contract/entities.ts';
import { offersType } from '../../contract/rules.ts';
import { effectiveLimits } from '../../contract/schemas.ts';
import type { Config } from '../config.ts';
import { toCents, toDollars } from '../money.ts';
import type { DepositHistoryRow } from '../repo/deposit-history.ts';
import type { Repos } from '../repo/repos.ts';

/** How many of the payer's newest deposits are read to find their recent recipients. */
export const QUICK_DEPOSIT_SCAN = 200;

export interface QuickAmounts {
  /** Cents, smaller first; equal only when the limits leave room for one amount. */
  one: number;
  two: number;
  /** One of the two. */
  preferred: number;
}

/**
 * §9 the two amounts of a card, in cents. For trust, the two configured amounts; otherwise the
 * smallest amount the payer sent this recipient and the last one. Each is clamped into the facility's
 * limits (§6), then ordered by size. When they come out the same, the second is one increment (§9:
 * 25) above it, or, at the maximum, the first one increment below it.
 */
export function quickAmounts(
  trust: boolean,
  /** Cents the payer sent this recipient, newest first (at least one). */
  sentCents: readonly number[],
  limits: { min: number; max: number },
  trustAmounts: readonly [number, number],
): QuickAmounts {
  const min = toCents(limits.min);
  const max = toCents(limits.max);
  const clamp = (cents: number) => Math.min(max, Math.max(min, cents));
  const last = sentCents[0] ?? min;
  const candidates = trust ? trustAmounts.map(toCents) : [Math.min(...sentCents, last), last];
  const preferred = clamp(trust ? (candidates[0] ?? min) : last);
  let [one, two] = candidates.map(clamp).sort((a, b) => a - b) as [number, number];
  if (one === two) {
    const step = toCents(QUICK_DEPOSIT_INCREMENT);
    two = Math.min(max, one + step);
    if (two === one) one = Math.max(min, one - step);
  }
  return { one, two, preferred };
}

/** §3 purse_reg: a phone deposit is regulated at an FCC-regulated facility; other types are neither. */
export function purseRegOf(type: DepositHistoryRow['deposit_type'], facility: Facility): PurseReg {
  if (type !== 'dest') return -1;
  return facility.fcc_regulated ? 1 : 0;
}

/** A recipient: a person (flex, trust, bail) or a phone number (dest), at one facility. */
function recipientKey(row: DepositHistoryRow): string | null {
  if (row.deposit_type !== 'dest') return `${row.deposit_type}-${row.facility_id}-${row.inmate_id}`;
  return row.deposit_phone_no ? `dest-${row.facility_id}-${row.deposit_phone_no}` : null;
}

export interface QuickDepositDeps {
  repos: Repos;
  config: Config;
}

/** The payer's quick-deposit cards (§7 GET /pay/quick_deposits). */
export async function quickDepositsFor({ repos, config }: QuickDepositDeps, userId: string): Promise<QuickDeposit[]> {
  const rows = await repos.depositHistory.page(userId, QUICK_DEPOSIT_SCAN, 0);
  const groups = new Map<string, DepositHistoryRow[]>();
  for (const row of rows) {
    const key = recipientKey(row);
    if (key === null) continue;
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }

  const accounts = await repos.destAccounts.listForUser(userId);
  const primary = accounts.find((a) => a.is_primary);
  const closed = config.closedFacilityIds ?? [];
  const trustAmounts = config.quickDepositAmounts ?? QUICK_DEPOSIT_AMOUNTS;
  const facilities = new Map<number, Facility | undefined>();
  const facilityOf = async (id: number) => {
    if (!facilities.has(id)) facilities.set(id, await repos.facilities.findById(id));
    return facilities.get(id);
  };

  const cards: QuickDeposit[] = [];
  for (const [id, list] of groups) {
    if (cards.length >= QUICK_DEPOSIT_MAX_CARDS) break;
    const newest = list[0];
    if (!newest) continue;
    const type = newest.deposit_type;
    const facility = await facilityOf(newest.facility_id);
    // A card starts a deposit the checkout can take: the facility must still offer the type.
    if (!facility || closed.includes(facility.id) || !offersType(facility, type)) continue;
    const inmate = await repos.inmates.findInFacility(newest.inmate_id, facility.id);
    if (!inmate) continue;
    const account = type === 'dest' ? accounts.find((a) => a.deposit_phone_no === newest.deposit_phone_no) : undefined;
    // A phone account the payer removed from their list gets no card.
    if (type === 'dest' && !account) continue;
    const purseReg = purseRegOf(type, facility);
    const amounts = quickAmounts(
      type === 'trust',
      list.map((r) => r.amount_cents),
      effectiveLimits(facility),
      trustAmounts,
    );
    cards.push({
      id,
      deposit_type: type,
      facility_id: facility.id,
      facility_label: facility.label,
      inmate_label: facility.inmate_label,
      deposit_inmate_id: inmate.id,
      deposit_inmate_first_name: inmate.first_name,
      deposit_inmate_last_name: inmate.last_name,
      photo_url: inmate.photo_url,
      dest_account_id: account?.id ?? null,
      deposit_phone_no: account?.deposit_phone_no ?? null,
      deposit_phone_no_label: account?.deposit_phone_no_label ?? null,
      deposit_phone_country: account?.deposit_phone_country ?? null,
      purse_reg: purseReg,
      prepaid_balance: account
        ? toDollars(purseReg === 1 ? account.regulated_balance_cents : account.prepaid_balance_cents)
        : null,
      depositPresetOne: toDollars(amounts.one),
      depositPresetTwo: toDollars(amounts.two),
      depositAmountDefault: toDollars(amounts.preferred),
      // §6: blocked if the primary or the chosen account is fraud-flagged; §5: a flagged person too.
      blocked: inmate.fraud_flag || (primary?.fraud_flag ?? false) || (account?.fraud_flag ?? false),
      last_deposit_time: newest.created_at,
    });
  }
  return cards;
}
