// Recurring deposits (§3): to an inmate or to one of the payer's phone accounts, charged to a
// saved card. Cancelling keeps the row (cancelled_at).
import type { RecurringDepositType } from '../../contract/accounts.ts';
import type { RecurringInterval } from '../../contract/entities.ts';
import type { Engine, Executor } from '../db.ts';
import { bit, bool, changed } from './rows.ts';

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

const COLUMNS = [
  'id',
  'user_id',
  'card_id',
  'amount_cents',
  'interval_type',
  'day_in_interval',
  'deposit_type',
  'facility_id',
  'inmate_id',
  'dest_account_id',
  'account_guid',
  'is_pam',
  'created_at',
  'pam_ref',
] as const;

type StoredRow = Omit<RecurringDepositRow, 'interval_type' | 'deposit_type' | 'is_pam'> & {
  interval_type: string;
  deposit_type: string;
  is_pam: number;
};

function interval(v: string): RecurringInterval {
  if (v === 'monthly' || v === 'weekly' || v === 'biweekly') return v;
  throw new TypeError(`interval_type ${v}`);
}

function depositType(v: string): RecurringDepositType {
  if (v === 'TRUST' || v === 'INMATEACCOUNT' || v === 'FRIENDSNFAMILY') return v;
  throw new TypeError(`deposit_type ${v}`);
}

function toRow(r: StoredRow): RecurringDepositRow {
  return {
    id: Number(r.id),
    user_id: r.user_id,
    card_id: r.card_id === null ? null : Number(r.card_id),
    amount_cents: r.amount_cents,
    interval_type: interval(r.interval_type),
    day_in_interval: r.day_in_interval,
    deposit_type: depositType(r.deposit_type),
    facility_id: r.facility_id,
    inmate_id: r.inmate_id,
    dest_account_id: r.dest_account_id === null ? null : Number(r.dest_account_id),
    account_guid: r.account_guid,
    is_pam: bool(r.is_pam),
    created_at: r.created_at,
    pam_ref: r.pam_ref ?? null,
  };
}

function stored(d: Omit<RecurringDepositRow, 'id'>) {
  return {
    user_id: d.user_id,
    card_id: d.card_id,
    amount_cents: d.amount_cents,
    interval_type: d.interval_type,
    day_in_interval: d.day_in_interval,
    deposit_type: d.deposit_type,
    facility_id: d.facility_id,
    inmate_id: d.inmate_id,
    dest_account_id: d.dest_account_id,
    account_guid: d.account_guid,
    is_pam: bit(d.is_pam),
    created_at: d.created_at,
    pam_ref: d.pam_ref ?? null,
  };
}

export function createRecurringDepositRepo(db: Executor, engine: Engine) {
  return {
    async insert(d: RecurringDepositRow): Promise<void> {
      await db
        .insertInto('recurring_deposits')
        .values({ id: d.id, ...stored(d) })
        .execute();
    },
    /** Inserts with a new id (set up at checkout, §4) and returns it. */
    async create(d: Omit<RecurringDepositRow, 'id'>): Promise<number> {
      const r = await db.insertInto('recurring_deposits').values(stored(d)).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /** The user's active recurring deposits, in id order. */
    async listForUser(userId: string): Promise<RecurringDepositView[]> {
      const rows = await db
        .selectFrom('recurring_deposits as r')
        .leftJoin('saved_cards as c', (j) => j.onRef('c.id', '=', 'r.card_id').onRef('c.user_id', '=', 'r.user_id'))
        .leftJoin('pam_payments as p', (j) => j.on('r.pam_ref', 'is not', null).onRef('p.ref', '=', 'r.pam_ref'))
        .leftJoin('inmates as i', 'i.id', 'r.inmate_id')
        .leftJoin('dest_accounts as a', (j) =>
          j.onRef('a.id', '=', 'r.dest_account_id').onRef('a.user_id', '=', 'r.user_id'),
        )
        .select(COLUMNS.map((c) => `r.${c}` as const))
        .select((eb) => [
          eb.fn.coalesce('c.brand', 'p.card_brand').as('card_brand'),
          eb.fn.coalesce('c.last4', 'p.card_last4').as('card_last4'),
          'i.first_name as inmate_first_name',
          'i.last_name as inmate_last_name',
          'a.deposit_phone_no as phone_no',
          'a.deposit_phone_no_label as phone_label',
        ])
        .where('r.user_id', '=', userId)
        .where('r.cancelled_at', 'is', null)
        .orderBy('r.id')
        .execute();
      return rows.map((r) => ({
        ...toRow(r),
        card_brand: r.card_brand,
        card_last4: r.card_last4,
        inmate_first_name: r.inmate_first_name,
        inmate_last_name: r.inmate_last_name,
        phone_no: r.phone_no,
        phone_label: r.phone_label,
      }));
    },
    /**
     * Every payer's active recurring deposits that this site runs: those on a saved card, and the pam
     * ones on a card the sandbox pam endpoint took (pam_ref). Other pam ones are the endpoint's to charge.
     */
    async listActiveBefore(at: string): Promise<RecurringDepositRow[]> {
      const rows = await db
        .selectFrom('recurring_deposits')
        .select(COLUMNS)
        .where('cancelled_at', 'is', null)
        .where((eb) => eb.or([eb('is_pam', '=', 0), eb('pam_ref', 'is not', null)]))
        .where('created_at', '<=', at)
        .orderBy('id')
        .execute();
      return rows.map(toRow);
    },
    /**
     * Call inside a transaction, before charging schedule `id`: locks its row until the transaction
     * ends, so that two server instances never charge it at once. False when the schedule is cancelled
     * or another instance holds it (PostgreSQL skips a locked row). SQLite runs one write transaction
     * at a time, so there the select alone is enough.
     */
    async lockForCharge(id: number): Promise<boolean> {
      const q = db.selectFrom('recurring_deposits').select('id').where('id', '=', id).where('cancelled_at', 'is', null);
      const r = await (engine === 'postgres' ? q.forUpdate().skipLocked() : q).executeTakeFirst();
      return r !== undefined;
    },
    /** False when the id is not one of the user's active recurring deposits. */
    async cancel(userId: string, id: number, at: string): Promise<boolean> {
      const r = await db
        .updateTable('recurring_deposits')
        .set({ cancelled_at: at })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('cancelled_at', 'is', null)
        .executeTakeFirst();
      return changed(r) === 1;
    },
  };
}
