// A payer's deposits (§2 /account/deposit_history): the rows of the deposits ledger that belong to
// the user, with what the history shows of the facility, the recipient and the phone account.
import type { DepositType } from '../../contract/entities.ts';
import type { Db } from '../db.ts';
import { type Row, bool, int, str, strOrNull } from './rows.ts';

export interface DepositHistoryRow {
  id: string;
  order_number: string;
  created_at: string;
  deposit_type: DepositType;
  amount_cents: number;
  deposit_phone_no: string | null;
  facility_id: number;
  facility_label: string;
  facility_flex_disabled: boolean;
  facility_fnf_prepaid_enabled: boolean;
  facility_fcc_regulated: boolean;
  /** '' (and names '') for a phone deposit made through the number step, which names no inmate (decisions/0010). */
  inmate_id: string;
  inmate_first_name: string;
  inmate_last_name: string;
  /** The user's phone account with that number, if any. */
  phone_label: string | null;
  phone_is_primary: boolean;
}

function depositType(v: string): DepositType {
  if (v === 'flex' || v === 'dest' || v === 'trust' || v === 'bail') return v;
  throw new TypeError(`deposit_type ${v}`);
}

function toRow(r: Row): DepositHistoryRow {
  return {
    id: str(r, 'id'),
    order_number: str(r, 'order_number'),
    created_at: str(r, 'created_at'),
    deposit_type: depositType(str(r, 'deposit_type')),
    amount_cents: int(r, 'amount_cents'),
    deposit_phone_no: strOrNull(r, 'deposit_phone_no'),
    facility_id: int(r, 'facility_id'),
    facility_label: str(r, 'facility_label'),
    facility_flex_disabled: bool(r, 'flex_disabled'),
    facility_fnf_prepaid_enabled: bool(r, 'fnf_prepaid_enabled'),
    facility_fcc_regulated: bool(r, 'fcc_regulated'),
    inmate_id: str(r, 'inmate_id'),
    inmate_first_name: str(r, 'first_name'),
    inmate_last_name: str(r, 'last_name'),
    phone_label: strOrNull(r, 'phone_label'),
    phone_is_primary: r.phone_is_primary === null ? false : bool(r, 'phone_is_primary'),
  };
}

export function createDepositHistoryRepo(db: Db) {
  const page = db.prepare(`
    SELECT d.id, d.order_number, d.created_at, d.deposit_type, d.amount_cents, d.deposit_phone_no, d.facility_id,
      f.label AS facility_label, f.flex_disabled, f.fnf_prepaid_enabled, f.fcc_regulated,
      COALESCE(d.inmate_id, '') AS inmate_id, COALESCE(i.first_name, '') AS first_name,
      COALESCE(i.last_name, '') AS last_name,
      a.deposit_phone_no_label AS phone_label, a.is_primary AS phone_is_primary
    FROM deposits d
    JOIN facilities f ON f.id = d.facility_id
    LEFT JOIN inmates i ON i.id = d.inmate_id
    LEFT JOIN dest_accounts a
      ON a.user_id = d.user_id AND a.deposit_phone_no = d.deposit_phone_no AND a.deleted_at IS NULL
    WHERE d.user_id = ?
    ORDER BY d.created_at DESC, d.id DESC
    LIMIT ? OFFSET ?`);
  const count = db.prepare('SELECT COUNT(*) AS n FROM deposits WHERE user_id = ?');
  const assign = db.prepare('UPDATE deposits SET user_id = ?, deposit_phone_no = ? WHERE id = ? AND user_id IS NULL');
  const linkSession = db.prepare('UPDATE deposits SET user_id = ? WHERE session_id = ? AND user_id IS NULL');

  return {
    /** Newest first. */
    page(userId: string, limit: number, offset: number): DepositHistoryRow[] {
      return page.all(userId, limit, offset).map(toRow);
    },
    count(userId: string): number {
      const r = count.get(userId);
      return r ? int(r, 'n') : 0;
    },
    /** Gives one ledger row (not yet anyone's) to a user. */
    assign(depositId: string, userId: string, phone: string | null): boolean {
      return Number(assign.run(userId, phone, depositId).changes) === 1;
    },
    /** Gives the deposits a session made as a guest to the user; returns how many. */
    linkSessionDeposits(sessionId: string, userId: string): number {
      return Number(linkSession.run(userId, sessionId).changes);
    },
  };
}

export type DepositHistoryRepo = ReturnType<typeof createDepositHistoryRepo>;
