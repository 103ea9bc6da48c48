// A payer's friends-and-family prepaid phone accounts (§3), their activity per purse, and the
// balance transfers between them. Every read and write is scoped to one user: an id or number
// of another payer's account finds nothing.
import { SNAP_PREFIX, type BreakageStatus, type Purse, type ValidateStatus } from '../../contract/accounts.ts';
import type { Db } from '../db.ts';
import { type Row, bit, bool, int, intOrNull, likePrefix, str, strOrNull } from './rows.ts';

export interface DestAccountRow {
  id: number;
  user_id: string;
  destination_id: string;
  deposit_phone_no: string;
  deposit_phone_no_label: string;
  deposit_phone_country: string;
  validate_status: ValidateStatus;
  is_primary: boolean;
  prepaid_balance_cents: number;
  regulated_balance_cents: number;
  fraud_flag: boolean;
  facility_id: number | null;
  breakage_sms: BreakageStatus;
  breakage_email: BreakageStatus;
  created_at: string;
}

/** A row as listed, with its facility's label. */
export interface DestAccountView extends DestAccountRow {
  facility_label: string | null;
}

export interface ActivityRow {
  account_id: number;
  purse: Purse;
  event_at: string;
  event_desc: string;
  amount_cents: number;
}

export interface TransferRow {
  user_id: string;
  src_account_id: number;
  dst_account_id: number;
  amount_cents: number;
  fee_cents: number;
  created_at: string;
}

const COLUMNS = `a.id, a.user_id, a.destination_id, a.deposit_phone_no, a.deposit_phone_no_label, a.deposit_phone_country,
  a.validate_status, a.is_primary, a.prepaid_balance_cents, a.regulated_balance_cents, a.fraud_flag, a.facility_id,
  a.breakage_sms, a.breakage_email, a.created_at`;

// §9: rows whose phone begins with SNAP are hidden; removed rows too. Parameters: user id, SNAP pattern.
const VISIBLE = `a.user_id = ? AND a.deleted_at IS NULL AND a.deposit_phone_no NOT LIKE ? ESCAPE '\\'`;
const SNAP = likePrefix(SNAP_PREFIX);

function breakage(v: number): BreakageStatus {
  if (v === 1 || v === 2 || v === 3) return v;
  throw new TypeError(`breakage status ${v}`);
}

function status(v: string): ValidateStatus {
  if (v === 'pending' || v === 'validated' || v === 'rejected') return v;
  throw new TypeError(`validate_status ${v}`);
}

function toAccount(r: Row): DestAccountView {
  return {
    id: int(r, 'id'),
    user_id: str(r, 'user_id'),
    destination_id: str(r, 'destination_id'),
    deposit_phone_no: str(r, 'deposit_phone_no'),
    deposit_phone_no_label: str(r, 'deposit_phone_no_label'),
    deposit_phone_country: str(r, 'deposit_phone_country'),
    validate_status: status(str(r, 'validate_status')),
    is_primary: bool(r, 'is_primary'),
    prepaid_balance_cents: int(r, 'prepaid_balance_cents'),
    regulated_balance_cents: int(r, 'regulated_balance_cents'),
    fraud_flag: bool(r, 'fraud_flag'),
    facility_id: intOrNull(r, 'facility_id'),
    breakage_sms: breakage(int(r, 'breakage_sms')),
    breakage_email: breakage(int(r, 'breakage_email')),
    created_at: str(r, 'created_at'),
    facility_label: strOrNull(r, 'facility_label'),
  };
}

export function createDestAccountRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO dest_accounts (id, user_id, destination_id, deposit_phone_no,
    deposit_phone_no_label, deposit_phone_country, validate_status, is_primary, prepaid_balance_cents,
    regulated_balance_cents, fraud_flag, facility_id, breakage_sms, breakage_email, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const select = `SELECT ${COLUMNS}, f.label AS facility_label FROM dest_accounts a
    LEFT JOIN facilities f ON f.id = a.facility_id WHERE ${VISIBLE}`;
  const list = db.prepare(`${select} ORDER BY a.id`);
  const byId = db.prepare(`${select} AND a.id = ?`);
  const byPhone = db.prepare(`${select} AND a.deposit_phone_no = ?`);
  const byDestinationId = db.prepare(`${select} AND a.destination_id = ?`);
  const countValidated = db.prepare(
    `SELECT COUNT(*) AS n FROM dest_accounts a WHERE ${VISIBLE} AND a.validate_status = 'validated'`,
  );
  const remove = db.prepare(
    `UPDATE dest_accounts AS a SET deleted_at = ?, is_primary = 0 WHERE ${VISIBLE} AND a.id = ?`,
  );
  const clearPrimary = db.prepare('UPDATE dest_accounts SET is_primary = 0 WHERE user_id = ? AND is_primary = 1');
  const setPrimary = db.prepare(`UPDATE dest_accounts AS a SET is_primary = 1 WHERE ${VISIBLE} AND a.id = ?`);
  const setBreakage = db.prepare(
    `UPDATE dest_accounts AS a SET breakage_sms = ?, breakage_email = ? WHERE ${VISIBLE} AND a.id = ?`,
  );
  // The balance condition makes an overdraft impossible even if a caller skipped its own check.
  const debit = db.prepare(
    `UPDATE dest_accounts SET prepaid_balance_cents = prepaid_balance_cents - ?
     WHERE id = ? AND user_id = ? AND prepaid_balance_cents >= ?`,
  );
  const credit = db.prepare(
    'UPDATE dest_accounts SET prepaid_balance_cents = prepaid_balance_cents + ? WHERE id = ? AND user_id = ?',
  );
  const creditRegulated = db.prepare(
    'UPDATE dest_accounts SET regulated_balance_cents = regulated_balance_cents + ? WHERE id = ? AND user_id = ?',
  );
  const create = db.prepare(`INSERT INTO dest_accounts (user_id, destination_id, deposit_phone_no,
    deposit_phone_no_label, deposit_phone_country, validate_status, is_primary, prepaid_balance_cents,
    regulated_balance_cents, fraud_flag, facility_id, breakage_sms, breakage_email, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`);
  const insertActivity = db.prepare(
    'INSERT INTO dest_activity (account_id, purse, event_at, event_desc, amount_cents) VALUES (?, ?, ?, ?, ?)',
  );
  const activity = db.prepare(
    `SELECT event_at, event_desc, amount_cents FROM dest_activity
     WHERE account_id = ? AND purse = ? ORDER BY event_at DESC, id DESC LIMIT ?`,
  );
  const insertTransfer = db.prepare(`INSERT INTO balance_transfers
    (user_id, src_account_id, dst_account_id, amount_cents, fee_cents, created_at) VALUES (?, ?, ?, ?, ?, ?)`);

  return {
    insert(a: DestAccountRow): void {
      insert.run(
        a.id,
        a.user_id,
        a.destination_id,
        a.deposit_phone_no,
        a.deposit_phone_no_label,
        a.deposit_phone_country,
        a.validate_status,
        bit(a.is_primary),
        a.prepaid_balance_cents,
        a.regulated_balance_cents,
        bit(a.fraud_flag),
        a.facility_id,
        a.breakage_sms,
        a.breakage_email,
        a.created_at,
      );
    },
    /** Inserts an account with a new id; returns it. */
    create(a: Omit<DestAccountRow, 'id'>): number {
      const r = create.get(
        a.user_id,
        a.destination_id,
        a.deposit_phone_no,
        a.deposit_phone_no_label,
        a.deposit_phone_country,
        a.validate_status,
        bit(a.is_primary),
        a.prepaid_balance_cents,
        a.regulated_balance_cents,
        bit(a.fraud_flag),
        a.facility_id,
        a.breakage_sms,
        a.breakage_email,
        a.created_at,
      );
      if (!r) throw new Error('dest account insert returned no id');
      return int(r, 'id');
    },
    /** The user's visible accounts (not removed, not SNAP), in id order. */
    listForUser(userId: string): DestAccountView[] {
      return list.all(userId, SNAP).map(toAccount);
    },
    findById(userId: string, id: number): DestAccountView | undefined {
      const r = byId.get(userId, SNAP, id);
      return r ? toAccount(r) : undefined;
    },
    findByPhone(userId: string, phone: string): DestAccountView | undefined {
      const r = byPhone.get(userId, SNAP, phone);
      return r ? toAccount(r) : undefined;
    },
    findByDestinationId(userId: string, destinationId: string): DestAccountView | undefined {
      const r = byDestinationId.get(userId, SNAP, destinationId);
      return r ? toAccount(r) : undefined;
    },
    countValidated(userId: string): number {
      const r = countValidated.get(userId, SNAP);
      return r ? int(r, 'n') : 0;
    },
    /** Takes the account off the user's list; its balance and activity stay. */
    remove(userId: string, id: number, at: string): boolean {
      return Number(remove.run(at, userId, SNAP, id).changes) === 1;
    },
    /** Makes id the user's only primary account; call inside a transaction. */
    makePrimary(userId: string, id: number): boolean {
      clearPrimary.run(userId);
      return Number(setPrimary.run(userId, SNAP, id).changes) === 1;
    },
    setBreakage(userId: string, id: number, sms: BreakageStatus, email: BreakageStatus): boolean {
      return Number(setBreakage.run(sms, email, userId, SNAP, id).changes) === 1;
    },
    /** Takes cents off the prepaid balance; false (and no change) if the balance is short. */
    debit(userId: string, id: number, cents: number): boolean {
      return Number(debit.run(cents, id, userId, cents).changes) === 1;
    },
    credit(userId: string, id: number, cents: number): boolean {
      return Number(credit.run(cents, id, userId).changes) === 1;
    },
    /** Adds cents to one purse: pp prepaid, pr regulated (§3 purse_reg). */
    creditPurse(userId: string, id: number, purse: Purse, cents: number): boolean {
      const stmt = purse === 'pr' ? creditRegulated : credit;
      return Number(stmt.run(cents, id, userId).changes) === 1;
    },
    insertActivity(a: ActivityRow): void {
      insertActivity.run(a.account_id, a.purse, a.event_at, a.event_desc, a.amount_cents);
    },
    /** Newest first. */
    activity(accountId: number, purse: Purse, limit: number): Omit<ActivityRow, 'account_id' | 'purse'>[] {
      return activity.all(accountId, purse, limit).map((r) => ({
        event_at: str(r, 'event_at'),
        event_desc: str(r, 'event_desc'),
        amount_cents: int(r, 'amount_cents'),
      }));
    },
    insertTransfer(t: TransferRow): void {
      insertTransfer.run(t.user_id, t.src_account_id, t.dst_account_id, t.amount_cents, t.fee_cents, t.created_at);
    },
  };
}

export type DestAccountRepo = ReturnType<typeof createDestAccountRepo>;
