// A payer's friends-and-family prepaid phone accounts (§3), their activity per purse, and the
// balance transfers between them. Every read and write is scoped to one user: an id or number
// of another payer's account finds nothing.
import { type Expression, type SqlBool, type Updateable, expressionBuilder, sql } from 'kysely';
import { SNAP_PREFIX, type BreakageStatus, type Purse, type ValidateStatus } from '../../contract/accounts.ts';
import type { Executor } from '../db.ts';
import { bit, bool, changed, likePrefix } from './rows.ts';
import { runShaped } from './shapes.ts';
import type { Schema } from './schema.ts';

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

const COLUMNS = [
  'a.id',
  'a.user_id',
  'a.destination_id',
  'a.deposit_phone_no',
  'a.deposit_phone_no_label',
  'a.deposit_phone_country',
  'a.validate_status',
  'a.is_primary',
  'a.prepaid_balance_cents',
  'a.regulated_balance_cents',
  'a.fraud_flag',
  'a.facility_id',
  'a.breakage_sms',
  'a.breakage_email',
  'a.created_at',
  'f.label as facility_label',
] as const;

const SNAP = likePrefix(SNAP_PREFIX);

/** §9: rows whose phone begins with SNAP are hidden; removed rows too. For `dest_accounts as a`. */
function visible(userId: string): Expression<SqlBool> {
  const eb = expressionBuilder<{ a: Schema['dest_accounts'] }, 'a'>();
  return eb.and([
    eb('a.user_id', '=', userId),
    eb('a.deleted_at', 'is', null),
    sql<SqlBool>`${eb.ref('a.deposit_phone_no')} NOT LIKE ${SNAP} ESCAPE '\\'`,
  ]);
}

function breakage(v: number): BreakageStatus {
  if (v === 1 || v === 2 || v === 3) return v;
  throw new TypeError(`breakage status ${v}`);
}

function status(v: string): ValidateStatus {
  if (v === 'pending' || v === 'validated' || v === 'rejected') return v;
  throw new TypeError(`validate_status ${v}`);
}

/** The user's visible accounts with their facility's label. */
function selectVisible(db: Executor, userId: string) {
  return db
    .selectFrom('dest_accounts as a')
    .leftJoin('facilities as f', 'f.id', 'a.facility_id')
    .select(COLUMNS)
    .where(visible(userId));
}

type AccountSelect = Awaited<ReturnType<ReturnType<typeof selectVisible>['executeTakeFirstOrThrow']>>;

function toAccount(r: AccountSelect): DestAccountView {
  return {
    ...r,
    id: Number(r.id),
    validate_status: status(r.validate_status),
    is_primary: bool(r.is_primary),
    prepaid_balance_cents: Number(r.prepaid_balance_cents),
    regulated_balance_cents: Number(r.regulated_balance_cents),
    fraud_flag: bool(r.fraud_flag),
    facility_id: r.facility_id === null ? null : Number(r.facility_id),
    breakage_sms: breakage(Number(r.breakage_sms)),
    breakage_email: breakage(Number(r.breakage_email)),
    facility_label: r.facility_label ?? null,
  };
}

function toValues(a: Omit<DestAccountRow, 'id'>) {
  return {
    user_id: a.user_id,
    destination_id: a.destination_id,
    deposit_phone_no: a.deposit_phone_no,
    deposit_phone_no_label: a.deposit_phone_no_label,
    deposit_phone_country: a.deposit_phone_country,
    validate_status: a.validate_status,
    is_primary: bit(a.is_primary),
    prepaid_balance_cents: a.prepaid_balance_cents,
    regulated_balance_cents: a.regulated_balance_cents,
    fraud_flag: bit(a.fraud_flag),
    facility_id: a.facility_id,
    breakage_sms: a.breakage_sms,
    breakage_email: a.breakage_email,
    created_at: a.created_at,
  };
}

export function createDestAccountRepo(db: Executor) {
  /** Changes the user's visible account id; true if it did. */
  async function updateVisible(userId: string, id: number, values: Updateable<Schema['dest_accounts']>) {
    const r = await db
      .updateTable('dest_accounts as a')
      .set(values)
      .where(visible(userId))
      .where('a.id', '=', id)
      .executeTakeFirst();
    return changed(r) === 1;
  }

  const repo = {
    async insert(a: DestAccountRow): Promise<void> {
      await db
        .insertInto('dest_accounts')
        .values({ id: a.id, ...toValues(a) })
        .execute();
    },
    /** Inserts an account with a new id; returns it. */
    async create(a: Omit<DestAccountRow, 'id'>): Promise<number> {
      const r = await db.insertInto('dest_accounts').values(toValues(a)).returning('id').executeTakeFirst();
      if (!r) throw new Error('dest account insert returned no id');
      return Number(r.id);
    },
    /**
     * The phone number of the user's primary account (the first visible one marked primary, in id
     * order), if any: read on every form state answer of a signed-in payer (§5 011 rule), so compiled once.
     */
    async primaryPhone(
      userId: string,
    ): Promise<{ deposit_phone_no: string; deposit_phone_country: string } | undefined> {
      const [row] = await runShaped(db, 'destAccounts:primaryPhone', { userId }, (value, fixed) =>
        db
          .selectFrom('dest_accounts as a')
          .select(['a.deposit_phone_no', 'a.deposit_phone_country'])
          .where('a.user_id', '=', value('userId'))
          .where('a.deleted_at', 'is', null)
          .where(sql<SqlBool>`${sql.ref('a.deposit_phone_no')} NOT LIKE ${fixed(SNAP)} ESCAPE '\\'`)
          .where('a.is_primary', '=', fixed(1))
          .orderBy('a.id')
          .limit(fixed(1)),
      );
      return row;
    },
    /** The user's visible accounts (not removed, not SNAP), in id order. */
    async listForUser(userId: string): Promise<DestAccountView[]> {
      const rows = await selectVisible(db, userId).orderBy('a.id').execute();
      return rows.map(toAccount);
    },
    async findById(userId: string, id: number): Promise<DestAccountView | undefined> {
      const r = await selectVisible(db, userId).where('a.id', '=', id).executeTakeFirst();
      return r ? toAccount(r) : undefined;
    },
    async findByPhone(userId: string, phone: string): Promise<DestAccountView | undefined> {
      const r = await selectVisible(db, userId).where('a.deposit_phone_no', '=', phone).executeTakeFirst();
      return r ? toAccount(r) : undefined;
    },
    async findByDestinationId(userId: string, destinationId: string): Promise<DestAccountView | undefined> {
      const r = await selectVisible(db, userId).where('a.destination_id', '=', destinationId).executeTakeFirst();
      return r ? toAccount(r) : undefined;
    },
    async countValidated(userId: string): Promise<number> {
      const r = await db
        .selectFrom('dest_accounts as a')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(visible(userId))
        .where('a.validate_status', '=', 'validated')
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
    /** Takes the account off the user's list; its balance and activity stay. */
    async remove(userId: string, id: number, at: string): Promise<boolean> {
      return updateVisible(userId, id, { deleted_at: at, is_primary: 0 });
    },
    /** Makes id the user's only primary account; call inside a transaction. */
    async makePrimary(userId: string, id: number): Promise<boolean> {
      await db
        .updateTable('dest_accounts')
        .set({ is_primary: 0 })
        .where('user_id', '=', userId)
        .where('is_primary', '=', 1)
        .execute();
      return updateVisible(userId, id, { is_primary: 1 });
    },
    async setBreakage(userId: string, id: number, sms: BreakageStatus, email: BreakageStatus): Promise<boolean> {
      return updateVisible(userId, id, { breakage_sms: sms, breakage_email: email });
    },
    /** Takes cents off the prepaid balance; false (and no change) if the balance is short. */
    async debit(userId: string, id: number, cents: number): Promise<boolean> {
      // The balance condition makes an overdraft impossible even if a caller skipped its own check.
      const r = await db
        .updateTable('dest_accounts')
        .set((eb) => ({ prepaid_balance_cents: eb('prepaid_balance_cents', '-', cents) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('prepaid_balance_cents', '>=', cents)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    async credit(userId: string, id: number, cents: number): Promise<boolean> {
      return repo.creditPurse(userId, id, 'pp', cents);
    },
    /** Adds cents to one purse: pp prepaid, pr regulated (§3 purse_reg). */
    async creditPurse(userId: string, id: number, purse: Purse, cents: number): Promise<boolean> {
      const column = purse === 'pr' ? 'regulated_balance_cents' : 'prepaid_balance_cents';
      const r = await db
        .updateTable('dest_accounts')
        .set((eb) => ({ [column]: eb(column, '+', cents) }))
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    async insertActivity(a: ActivityRow): Promise<void> {
      await db.insertInto('dest_activity').values(a).execute();
    },
    /** Newest first. */
    async activity(
      accountId: number,
      purse: Purse,
      limit: number,
    ): Promise<Omit<ActivityRow, 'account_id' | 'purse'>[]> {
      const rows = await db
        .selectFrom('dest_activity')
        .select(['event_at', 'event_desc', 'amount_cents'])
        .where('account_id', '=', accountId)
        .where('purse', '=', purse)
        .orderBy('event_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        event_at: r.event_at,
        event_desc: r.event_desc,
        amount_cents: Number(r.amount_cents),
      }));
    },
    async insertTransfer(t: TransferRow): Promise<void> {
      await db.insertInto('balance_transfers').values(t).execute();
    },
  };
  return repo;
}
