// What the account calls answer, from stored rows: the §3 shapes, the §9 sort orders, money in
// dollars on the wire. Pure functions; no SQL here.
import { depositStatus } from './deposit-status.ts';
import type {
  AccountUser,
  DepositHistoryItem,
  DestinationAccount,
  RecurringDeposit,
  SavedCard,
} from '../../contract/accounts.ts';
import { LOW_BALANCE_THRESHOLD } from '../../contract/constants.ts';
import { expiryValid } from '../../contract/schemas.ts';
import { toCents, toDollars } from '../money.ts';
import type { DepositHistoryRow } from '../repo/deposit-history.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import type { RecurringDepositView } from '../repo/recurring-deposits.ts';
import type { SavedCardRow } from '../repo/saved-cards.ts';
import type { UserRow } from '../repo/users.ts';
import { cardDisplay } from './sandbox-processor.ts';

export function accountUser(u: UserRow): AccountUser {
  return { email: u.email, first_name: u.first_name, last_name: u.last_name, validate_status: u.validate_status };
}

const LOW_BALANCE_CENTS = toCents(LOW_BALANCE_THRESHOLD);

export function destinationAccount(a: DestAccountView): DestinationAccount {
  return {
    id: a.id,
    deposit_phone_no: a.deposit_phone_no,
    deposit_phone_no_label: a.deposit_phone_no_label,
    deposit_phone_country: a.deposit_phone_country,
    deposit_phone_is_us: a.deposit_phone_country === 'US',
    validate_status: a.validate_status,
    validated: a.validate_status === 'validated',
    primary: a.is_primary,
    current_primary: a.is_primary,
    prepaid_balance: toDollars(a.prepaid_balance_cents),
    regulated_balance: toDollars(a.regulated_balance_cents),
    // §9 low balance threshold 25.
    low_balance: a.prepaid_balance_cents < LOW_BALANCE_CENTS,
    fraud_flag: a.fraud_flag,
    facilities:
      a.facility_id !== null && a.facility_label !== null ? [{ id: a.facility_id, label: a.facility_label }] : [],
    facility_id: a.facility_id,
    destination_id: a.destination_id,
    breakage: { sms: a.breakage_sms, email: a.breakage_email },
  };
}

/** §9: prepaid accounts primary first, then balance descending (then id, so the order is stable). */
export function sortDestinationAccounts(list: readonly DestinationAccount[]): DestinationAccount[] {
  return [...list].sort(
    (a, b) => Number(b.primary) - Number(a.primary) || b.prepaid_balance - a.prepaid_balance || a.id - b.id,
  );
}

export function savedCard(c: SavedCardRow, now: Date): SavedCard {
  return {
    id: c.id,
    card_type: c.brand,
    card_display: cardDisplay(c.brand, c.last4),
    name: c.name,
    card_expiration: `${c.exp_month}/${c.exp_year}`,
    expired: !expiryValid(c.exp_month, c.exp_year, now),
  };
}

export function recurringDeposit(r: RecurringDepositView): RecurringDeposit {
  const toInmate = r.inmate_id !== null;
  const inmateName = `${r.inmate_first_name ?? ''} ${r.inmate_last_name ?? ''}`.trim();
  return {
    id: r.id,
    amount: toDollars(r.amount_cents),
    card_type: r.card_brand ?? '',
    card_display: r.card_brand !== null && r.card_last4 !== null ? cardDisplay(r.card_brand, r.card_last4) : '',
    interval_type: r.interval_type,
    day_in_interval: r.day_in_interval,
    deposit_type: r.deposit_type,
    recipient: toInmate ? (r.inmate_id ?? '') : (r.phone_no ?? ''),
    recipient_type: toInmate ? 'Inmate' : 'Destination',
    display_name: toInmate ? inmateName : (r.phone_label ?? r.phone_no ?? ''),
    account_guid: r.account_guid,
    isPam: r.is_pam,
  };
}

/** §9: recurring deposits by amount descending (then id). */
export function sortRecurringDeposits(list: readonly RecurringDeposit[]): RecurringDeposit[] {
  return [...list].sort((a, b) => b.amount - a.amount || a.id - b.id);
}

export function depositHistoryItem(
  h: DepositHistoryRow,
  closedFacilityIds: readonly number[],
  now: Date,
): DepositHistoryItem {
  // A phone deposit made through the number step names no inmate (its names are '').
  const inmateName = `${h.inmate_first_name} ${h.inmate_last_name}`.trim();
  const toPhone = h.deposit_type === 'dest' && h.deposit_phone_no !== null;
  return {
    id: h.id,
    order_number: h.order_number,
    deposit_time: h.created_at,
    recipient: toPhone ? (h.phone_label ?? h.deposit_phone_no ?? '') : inmateName,
    amount: toDollars(h.amount_cents),
    deposit_type: h.deposit_type,
    // §3 purse_reg: a phone deposit is regulated at an FCC-regulated facility; other types are neither.
    purse_reg: h.deposit_type === 'dest' ? (h.facility_fcc_regulated ? 1 : 0) : -1,
    primary: toPhone && h.phone_is_primary,
    facility_closed: closedFacilityIds.includes(h.facility_id),
    // The reference data holds no release status: everyone listed is held (0).
    inmate_status: 0,
    facility_flex_disabled: h.facility_flex_disabled,
    facility_fnf_prepaid_disabled: !h.facility_fnf_prepaid_enabled,
    deposit_inmate_name: inmateName,
    deposit_inmate_id: h.inmate_id,
    names: { first_name: h.inmate_first_name, last_name: h.inmate_last_name },
    deposit_phone_no: h.deposit_phone_no,
    facility_id: h.facility_id,
    facility_label: h.facility_label,
    // Where the deposit is now (docs/decisions/0049); the history lists deposits only, never a
    // declined or failed try, so each has a status.
    status: depositStatus(h.status, now) ?? unreachable(h.id),
  };
}

function unreachable(depositId: string): never {
  throw new Error(`deposit ${depositId} in the history has no status`);
}
