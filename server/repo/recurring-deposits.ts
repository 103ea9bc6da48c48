// Recurring deposits (§3): to an inmate or to one of the payer's phone accounts, charged to a
// saved card. Cancelling keeps the row (cancelled_at).
import type { RecurringDepositType, RecurringInterval } from '../../contract/accounts.ts';
import type { Db } from '../db.ts';
import { type Row, bit, bool, int, intOrNull, str, strOrNull } from './rows.ts';

export interface RecurringDepositRow {
  id: number;
  user_id: string;
  card_id: number | null;
  amount_cents: number;
  interval_type: RecurringInterval;
  day_in_interval: number;
  deposit_type: RecurringDepositType;
  facility_id: number;
  inmate_id: string | null;
  dest_account_id: number | null;
  account_guid: string;
  is_pam: boolean;
  created_at: string;
  /**
   * §4 pam mode: the pam payment (pam_payments.ref) whose card the schedule repeats on; the sandbox pam
   * endpoint charges it. Null for a schedule on a saved card, and for one the site only lists.
   */
  pam_ref?: string | null;
}

/** An active recurring deposit with what the list shows of its card and recipient. */
export interface RecurringDepositView extends RecurringDepositRow {
  card_brand: string | null;
  card_last4: string | null;
  inmate_first_name: string | null;
  inmate_last_name: string | null;
  phone_no: string | null;
  phone_label: string | null;
}

const COLUMNS = `id, user_id, card_id, amount_cents, interval_type, day_in_interval, deposit_type, facility_id,
  inmate_id, dest_account_id, account_guid, is_pam, created_at, pam_ref`;

function interval(v: string): RecurringInterval {
  if (v === 'monthly' || v === 'weekly' || v === 'biweekly') return v;
  throw new TypeError(`interval_type ${v}`);
}

function depositType(v: string): RecurringDepositType {
  if (v === 'TRUST' || v === 'INMATEACCOUNT' || v === 'FRIENDSNFAMILY') return v;
  throw new TypeError(`deposit_type ${v}`);
}

function toView(r: Row): RecurringDepositView {
  return {
    id: int(r, 'id'),
    user_id: str(r, 'user_id'),
    card_id: intOrNull(r, 'card_id'),
    amount_cents: int(r, 'amount_cents'),
    interval_type: interval(str(r, 'interval_type')),
    day_in_interval: int(r, 'day_in_interval'),
    deposit_type: depositType(str(r, 'deposit_type')),
    facility_id: int(r, 'facility_id'),
    inmate_id: strOrNull(r, 'inmate_id'),
    dest_account_id: intOrNull(r, 'dest_account_id'),
    account_guid: str(r, 'account_guid'),
    is_pam: bool(r, 'is_pam'),
    created_at: str(r, 'created_at'),
    pam_ref: strOrNull(r, 'pam_ref'),
    card_brand: strOrNull(r, 'card_brand'),
    card_last4: strOrNull(r, 'card_last4'),
    inmate_first_name: strOrNull(r, 'inmate_first_name'),
    inmate_last_name: strOrNull(r, 'inmate_last_name'),
    phone_no: strOrNull(r, 'phone_no'),
    phone_label: strOrNull(r, 'phone_label'),
  };
}

export function createRecurringDepositRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO recurring_deposits (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const list = db.prepare(`
    SELECT r.id, r.user_id, r.card_id, r.amount_cents, r.interval_type, r.day_in_interval, r.deposit_type,
      r.facility_id, r.inmate_id, r.dest_account_id, r.account_guid, r.is_pam, r.created_at, r.pam_ref,
      COALESCE(c.brand, p.card_brand) AS card_brand, COALESCE(c.last4, p.card_last4) AS card_last4,
      i.first_name AS inmate_first_name, i.last_name AS inmate_last_name,
      a.deposit_phone_no AS phone_no, a.deposit_phone_no_label AS phone_label
    FROM recurring_deposits r
    LEFT JOIN saved_cards c ON c.id = r.card_id AND c.user_id = r.user_id
    LEFT JOIN pam_payments p ON r.pam_ref IS NOT NULL AND p.ref = r.pam_ref
    LEFT JOIN inmates i ON i.id = r.inmate_id
    LEFT JOIN dest_accounts a ON a.id = r.dest_account_id AND a.user_id = r.user_id
    WHERE r.user_id = ? AND r.cancelled_at IS NULL
    ORDER BY r.id`);
  const active = db.prepare(
    `SELECT ${COLUMNS} FROM recurring_deposits
     WHERE cancelled_at IS NULL AND (is_pam = 0 OR pam_ref IS NOT NULL) AND created_at <= ? ORDER BY id`,
  );
  const create = db.prepare(
    `INSERT INTO recurring_deposits (${COLUMNS}) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const cancel = db.prepare(
    'UPDATE recurring_deposits SET cancelled_at = ? WHERE user_id = ? AND id = ? AND cancelled_at IS NULL',
  );

  return {
    insert(d: RecurringDepositRow): void {
      insert.run(
        d.id,
        d.user_id,
        d.card_id,
        d.amount_cents,
        d.interval_type,
        d.day_in_interval,
        d.deposit_type,
        d.facility_id,
        d.inmate_id,
        d.dest_account_id,
        d.account_guid,
        bit(d.is_pam),
        d.created_at,
        d.pam_ref ?? null,
      );
    },
    /** Inserts with a new id (set up at checkout, §4) and returns it. */
    create(d: Omit<RecurringDepositRow, 'id'>): number {
      const r = create.run(
        d.user_id,
        d.card_id,
        d.amount_cents,
        d.interval_type,
        d.day_in_interval,
        d.deposit_type,
        d.facility_id,
        d.inmate_id,
        d.dest_account_id,
        d.account_guid,
        bit(d.is_pam),
        d.created_at,
        d.pam_ref ?? null,
      );
      return Number(r.lastInsertRowid);
    },
    /** The user's active recurring deposits, in id order. */
    listForUser(userId: string): RecurringDepositView[] {
      return list.all(userId).map(toView);
    },
    /**
     * Every payer's active recurring deposits that this site runs: those on a saved card, and the pam
     * ones on a card the sandbox pam endpoint took (pam_ref). Other pam ones are the endpoint's to charge.
     */
    listActiveBefore(at: string): RecurringDepositRow[] {
      return active.all(at).map((r) => {
        const {
          card_brand: _b,
          card_last4: _l,
          inmate_first_name: _f,
          inmate_last_name: _n,
          phone_no: _p,
          phone_label: _pl,
          ...row
        } = toView({
          ...r,
          card_brand: null,
          card_last4: null,
          inmate_first_name: null,
          inmate_last_name: null,
          phone_no: null,
          phone_label: null,
        });
        return row;
      });
    },
    /** False when the id is not one of the user's active recurring deposits. */
    cancel(userId: string, id: number, at: string): boolean {
      return Number(cancel.run(at, userId, id).changes) === 1;
    },
  };
}

export type RecurringDepositRepo = ReturnType<typeof createRecurringDepositRepo>;
