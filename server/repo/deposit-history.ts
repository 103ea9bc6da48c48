// A payer's deposits (§2 /account/deposit_history): the rows of the deposits ledger that belong to
// the user, with what the history shows of the facility, the recipient and the phone account.
import type { DepositType } from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { HISTORY_STATES, STATUS_COLUMNS, type DepositStatusRow } from './deposits.ts';
import { bool, changed } from './rows.ts';

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
  /** The status tracker's columns (docs/decisions/0048). */
  status: DepositStatusRow;
}

function depositType(v: string): DepositType {
  if (v === 'flex' || v === 'dest' || v === 'trust' || v === 'bail') return v;
  throw new TypeError(`deposit_type ${v}`);
}

export function createDepositHistoryRepo(db: Executor) {
  return {
    /** Newest first. */
    async page(userId: string, limit: number, offset: number): Promise<DepositHistoryRow[]> {
      const rows = await db
        .selectFrom('deposits as d')
        .innerJoin('facilities as f', 'f.id', 'd.facility_id')
        .leftJoin('inmates as i', 'i.id', 'd.inmate_id')
        .leftJoin('dest_accounts as a', (join) =>
          join
            .onRef('a.user_id', '=', 'd.user_id')
            .onRef('a.deposit_phone_no', '=', 'd.deposit_phone_no')
            .on('a.deleted_at', 'is', null),
        )
        .select([
          'd.id',
          'd.order_number',
          'd.created_at',
          'd.deposit_type',
          'd.amount_cents',
          'd.deposit_phone_no',
          'd.facility_id',
          'f.label as facility_label',
          'f.flex_disabled',
          'f.fnf_prepaid_enabled',
          'f.fcc_regulated',
          'd.inmate_id',
          'i.first_name',
          'i.last_name',
          'a.deposit_phone_no_label as phone_label',
          'a.is_primary as phone_is_primary',
          ...STATUS_COLUMNS.map((c) => `d.${c}` as const),
        ])
        .where('d.user_id', '=', userId)
        .where('d.state', 'in', HISTORY_STATES)
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        order_number: r.order_number,
        created_at: r.created_at,
        deposit_type: depositType(r.deposit_type),
        amount_cents: Number(r.amount_cents),
        deposit_phone_no: r.deposit_phone_no,
        facility_id: Number(r.facility_id),
        facility_label: r.facility_label,
        facility_flex_disabled: bool(r.flex_disabled),
        facility_fnf_prepaid_enabled: bool(r.fnf_prepaid_enabled),
        facility_fcc_regulated: bool(r.fcc_regulated),
        inmate_id: r.inmate_id ?? '',
        inmate_first_name: r.first_name ?? '',
        inmate_last_name: r.last_name ?? '',
        phone_label: r.phone_label ?? null,
        phone_is_primary: bool(r.phone_is_primary),
        status: Object.fromEntries(STATUS_COLUMNS.map((c) => [c, r[c]])) as unknown as DepositStatusRow,
      }));
    },
    async count(userId: string): Promise<number> {
      const r = await db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('state', 'in', HISTORY_STATES)
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** Gives one ledger row (not yet anyone's) to a user. */
    async assign(depositId: string, userId: string, phone: string | null): Promise<boolean> {
      const r = await db
        .updateTable('deposits')
        .set({ user_id: userId, deposit_phone_no: phone })
        .where('id', '=', depositId)
        .where('user_id', 'is', null)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    /** Gives the deposits a session made as a guest to the user; returns how many. */
    async linkSessionDeposits(sessionId: string, userId: string): Promise<number> {
      const r = await db
        .updateTable('deposits')
        .set({ user_id: userId })
        .where('session_id', '=', sessionId)
        .where('user_id', 'is', null)
        .executeTakeFirst();
      return changed(r);
    },
  };
}
