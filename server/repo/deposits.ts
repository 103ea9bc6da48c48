// The deposits ledger: one row per deposit, written when the payer submits it (authorizing) and moved
// through its states as each step of the money path happens (docs/decisions/0049).
import { sql } from 'kysely';
import type { Executor } from '../db.ts';
import { runShaped, runShapedWrite } from './shapes.ts';

/** A deposit with a step still to take: the condition of the partial index deposits_open (migration 12). */
const OPEN_STEPS =
  "state IN ('authorizing', 'authorized', 'posting') OR (state = 'posted' AND captured_at IS NULL) OR " +
  "(state IN ('refused', 'cancelled', 'failed') AND ((charge_id IS NOT NULL AND voided_at IS NULL AND " +
  'captured_at IS NULL) OR (captured_at IS NOT NULL AND refunded_at IS NULL)))';

/**
 * A deposit's states (docs/decisions/0049). authorizing: recorded, the processor asked; then declined,
 * or failed (the answer was lost and the authorization, if any, released), or authorized (the money
 * held). authorized -> posting (sent to the facility) -> posted (then captured) or refused (then the
 * hold voided, or a payment already taken refunded); authorized -> cancelled by the payer (voided).
 */
export const DEPOSIT_STATES = [
  'authorizing',
  'declined',
  'failed',
  'authorized',
  'posting',
  'posted',
  'refused',
  'cancelled',
] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

/** States of a deposit the payer made: the receipt's and the history's (not a declined or failed try). */
export const HISTORY_STATES: readonly DepositState[] = ['authorized', 'posting', 'posted', 'refused', 'cancelled'];

/** States whose deposit counts for the §4 duplicate rule and the §8 daily maximum: money held or taken. */
export const LIVE_STATES: readonly DepositState[] = ['authorizing', 'authorized', 'posting', 'posted'];

export interface DepositRow {
  id: string;
  order_number: string;
  session_id: string;
  facility_id: number;
  /** null for a dest deposit, which goes to deposit_phone_no instead. */
  inmate_id: string | null;
  deposit_type: string;
  amount_cents: number;
  fee_cents: number;
  tax_cents: number;
  total_cents: number;
  card_token: string;
  card_brand: string;
  card_last4: string;
  card_exp: string;
  payer_email: string;
  created_at: string;
  /** The first answer of process_deposit, returned unchanged on a repeat (idempotency). */
  response_json: string;
  /** The phone number of a dest deposit (docs/decisions/0010). */
  deposit_phone_no?: string | null;
  /** When the facility posted or refused it, when money taken was refunded (docs/decisions/0049);
   * null (or unset at insert) for a step not taken. */
  posted_at?: string | null;
  refused_at?: string | null;
  refunded_at?: string | null;
  refusal_reason?: string | null;
  /** Unset: authorizing (a new deposit). */
  state?: DepositState;
  /** The signed-in payer's account; the history lists the deposit once it is authorized. */
  user_id?: string | null;
  lease_until?: string | null;
  /** Set for a deposit whose payment was taken before it was recorded (pam): captured already. */
  charge_id?: string | null;
  authorized_at?: string | null;
  captured_at?: string | null;
  expected_at?: string | null;
  /** The language the deposit was paid in (docs/decisions/0053); unset: English. */
  locale?: 'en' | 'es';
}

/** The status columns of one deposit and who may read them. */
export interface DepositStatusRow {
  id: string;
  session_id: string;
  user_id: string | null;
  state: string;
  created_at: string;
  authorized_at: string | null;
  sent_at: string | null;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  captured_at: string | null;
  voided_at: string | null;
  cancelled_at: string | null;
  expected_at: string | null;
  refusal_reason: string | null;
}

/** The columns of DepositStatusRow, for the queries that read them (here and the deposit history). */
export const STATUS_COLUMNS = [
  'id',
  'session_id',
  'user_id',
  'state',
  'created_at',
  'authorized_at',
  'sent_at',
  'posted_at',
  'refused_at',
  'refunded_at',
  'captured_at',
  'voided_at',
  'cancelled_at',
  'expected_at',
  'refusal_reason',
] as const;

/** What the workers and the reconciler read of a deposit between two steps. */
export interface DepositStepRow extends DepositRow {
  state: DepositState;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  refusal_reason: string | null;
  user_id: string | null;
  charge_id: string | null;
  lease_until: string | null;
  authorized_at: string | null;
  sent_at: string | null;
  captured_at: string | null;
  voided_at: string | null;
  cancelled_at: string | null;
  dest_account_id: number | null;
  decline_code: string | null;
}

/** A row just inserted, as findById would read it: the steps not taken yet are null. */
export function stepRowOf(d: DepositRow & { state: DepositState }): DepositStepRow {
  return {
    posted_at: null,
    refused_at: null,
    refunded_at: null,
    refusal_reason: null,
    user_id: null,
    charge_id: null,
    lease_until: null,
    authorized_at: null,
    sent_at: null,
    captured_at: null,
    voided_at: null,
    cancelled_at: null,
    dest_account_id: null,
    decline_code: null,
    ...d,
    deposit_phone_no: d.deposit_phone_no ?? null,
  };
}

/** The columns a step may write, with the state it moves from (a step taken twice changes nothing). */
export type StepUpdate = Partial<
  Pick<
    DepositStepRow,
    | 'state'
    | 'charge_id'
    | 'lease_until'
    | 'authorized_at'
    | 'sent_at'
    | 'posted_at'
    | 'refused_at'
    | 'refusal_reason'
    | 'refunded_at'
    | 'captured_at'
    | 'voided_at'
    | 'cancelled_at'
    | 'expected_at'
    | 'response_json'
    | 'dest_account_id'
  > & { decline_code: string | null; declined_at: string | null; failed_at: string | null }
>;

const COLUMNS = [
  'id',
  'order_number',
  'session_id',
  'facility_id',
  'inmate_id',
  'deposit_type',
  'amount_cents',
  'fee_cents',
  'tax_cents',
  'total_cents',
  'card_token',
  'card_brand',
  'card_last4',
  'card_exp',
  'payer_email',
  'created_at',
  'response_json',
  'deposit_phone_no',
  'posted_at',
  'refused_at',
  'refunded_at',
  'refusal_reason',
  'state',
  'user_id',
  'charge_id',
  'lease_until',
  'authorized_at',
  'sent_at',
  'captured_at',
  'voided_at',
  'cancelled_at',
  'dest_account_id',
  'decline_code',
] as const;

/** Who a deposit went to: an inmate, or a phone number (dest). */
export type RecipientKey = { inmateId: string } | { phone: string };

export interface DuplicateQuery {
  sessionId: string;
  payerEmail: string;
  recipient: RecipientKey;
  amountCents: number;
  since: string;
}

export function createDepositRepo(db: Executor) {
  return {
    // The deposit path's statements are compiled once per shape (server/repo/shapes.ts): a checkout runs
    // about twenty, and building each with Kysely cost as much as SQLite's answer.
    async insert(d: DepositRow): Promise<void> {
      const row: Record<string, unknown> = {
        ...d,
        deposit_phone_no: d.deposit_phone_no ?? null,
        state: d.state ?? 'authorizing',
      };
      const columns = Object.keys(row)
        .filter((k) => row[k] !== undefined)
        .sort();
      await runShaped(db, `deposits:insert:${columns.join(',')}`, row, (value) =>
        db.insertInto('deposits').values(Object.fromEntries(columns.map((c) => [c, value(c)])) as never),
      );
    },
    async findById(id: string): Promise<DepositStepRow | undefined> {
      const [row] = await runShaped(db, 'deposits:byId', { id }, (value) =>
        db.selectFrom('deposits').select(COLUMNS).where('id', '=', value('id')),
      );
      return row as DepositStepRow | undefined;
    },
    /** The status tracker's columns of one deposit (docs/decisions/0049). */
    async findStatus(id: string): Promise<DepositStatusRow | undefined> {
      return db.selectFrom('deposits').select(STATUS_COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** The session's deposit whose authorization is under way or unsettled, if any (newest first). */
    async findOpenAttempt(sessionId: string): Promise<DepositStepRow | undefined> {
      const [row] = await runShaped(db, 'deposits:openAttempt', { sessionId }, (value, fixed) =>
        db
          .selectFrom('deposits')
          .select(COLUMNS)
          .where('session_id', '=', value('sessionId'))
          .where('state', '=', fixed('authorizing'))
          .orderBy('created_at', 'desc')
          .limit(fixed(1)),
      );
      return row as DepositStepRow | undefined;
    },
    /**
     * Moves a deposit from one of `from` to what `to` says; false when it was in another state (another
     * step, instance or the payer got there first: the caller reads it again).
     */
    async step(id: string, from: readonly DepositState[], to: StepUpdate): Promise<boolean> {
      const columns = Object.keys(to)
        .filter((k) => to[k as keyof StepUpdate] !== undefined)
        .sort();
      const values: Record<string, unknown> = { ...to, id };
      const key = `deposits:step:${from.join(',')}:${columns.join(',')}`;
      const r = await runShapedWrite(db, key, values, (value, fixed) =>
        db
          .updateTable('deposits')
          .set(Object.fromEntries(columns.map((c) => [c, value(c)])) as never)
          .where('id', '=', value('id'))
          .where('state', 'in', fixed(from)),
      );
      return r > 0;
    },
    /**
     * Takes the lease of an authorization nobody holds (its lease ran out, or it was let go): the
     * caller may ask the processor about it until `until`. False when someone else holds it.
     */
    async takeLease(id: string, now: string, until: string): Promise<boolean> {
      const r = await db
        .updateTable('deposits')
        .set({ lease_until: until })
        .where('id', '=', id)
        .where('state', '=', 'authorizing')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },
    /** Writes a step's time on a deposit whatever its state (capture, void and refund times). */
    async mark(id: string, to: StepUpdate): Promise<void> {
      await db.updateTable('deposits').set(to).where('id', '=', id).execute();
    },
    /**
     * Deposits with a step still to take, written before `before` (the reconciler's sweep), oldest
     * first; on the partial index deposits_open, whose condition this is word for word.
     */
    async listOpen(before: string, limit: number): Promise<{ id: string }[]> {
      return db
        .selectFrom('deposits')
        .select('id')
        .where(sql.raw<boolean>(`(${OPEN_STEPS})`))
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },
    async orderNumberExists(orderNumber: string): Promise<boolean> {
      const rows = await runShaped(db, 'deposits:orderNumber', { orderNumber }, (value) =>
        db.selectFrom('deposits').select('id').where('order_number', '=', value('orderNumber')),
      );
      return rows.length > 0;
    },
    /**
     * §4 duplicate rule: latest deposit to the same recipient (inmate, or phone number for dest) for
     * the same amount since `since`, by this session or email. Two index range scans, the session's
     * deposits since `since` (deposits_session_time) and the email's to that recipient
     * (deposits_payer_inmate_time / deposits_payer_phone_time): the work follows the payer's own
     * recent deposits, never the recipient's (a popular recipient may get thousands in the window;
     * docs/decisions/0023).
     */
    async findRecentDuplicate(
      q: DuplicateQuery,
    ): Promise<{ id: string; amount_cents: number; created_at: string } | undefined> {
      const toInmate = 'inmateId' in q.recipient;
      const values = {
        sessionId: q.sessionId,
        payerEmail: q.payerEmail,
        since: q.since,
        amountCents: q.amountCents,
        recipient: 'inmateId' in q.recipient ? q.recipient.inmateId : q.recipient.phone,
      };
      const rows = await runShaped(
        db,
        `deposits:duplicate:${toInmate ? 'inmate' : 'phone'}`,
        values,
        (value, fixed) => {
          const by = (payer: 'session_id' | 'payer_email', name: string) => {
            let query = db
              .selectFrom('deposits')
              .select(['id', 'amount_cents', 'created_at'])
              .where(payer, '=', value(name))
              .where('created_at', '>=', value('since'))
              .where('amount_cents', '=', value('amountCents'))
              .where('state', 'in', fixed(LIVE_STATES));
            // A phone deposit counts by its number (the seeded history's phone deposits also name an inmate).
            query = toInmate
              ? query.where('inmate_id', '=', value('recipient'))
              : query.where('deposit_phone_no', '=', value('recipient')).where('deposit_type', '=', fixed('dest'));
            // A subquery each: SQLite allows no ORDER BY or LIMIT on a bare arm of a UNION.
            return db.selectFrom(query.orderBy('created_at', 'desc').limit(fixed(1)).as(payer)).selectAll();
          };
          return by('session_id', 'sessionId').unionAll(by('payer_email', 'payerEmail'));
        },
      );
      return rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))[0];
    },
    /** Sum of amounts one payer email sent to one inmate since `since`, in cents (deposits_payer_inmate_time). */
    async sumForPayerAndInmate(payerEmail: string, inmateId: string, since: string): Promise<number> {
      const [r] = await runShaped(db, 'deposits:sumToInmate', { payerEmail, inmateId, since }, (value, fixed) =>
        db
          .selectFrom('deposits')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
          .where('payer_email', '=', value('payerEmail'))
          .where('inmate_id', '=', value('inmateId'))
          .where('created_at', '>=', value('since'))
          .where('state', 'in', fixed(LIVE_STATES)),
      );
      return Number(r?.total ?? 0);
    },
    /**
     * Sum of amounts one payer email sent to one phone number (dest deposits) since `since`, in cents
     * (deposits_payer_phone_time).
     */
    async sumForPayerAndPhone(payerEmail: string, phone: string, since: string): Promise<number> {
      const r = await db
        .selectFrom('deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
        .where('payer_email', '=', payerEmail)
        .where('deposit_type', '=', 'dest')
        .where('deposit_phone_no', '=', phone)
        .where('created_at', '>=', since)
        .where('state', 'in', LIVE_STATES)
        .executeTakeFirst();
      return Number(r?.total ?? 0);
    },
  };
}
