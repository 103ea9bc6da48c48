// The deposits ledger: one row per charged deposit, written in the transaction that charges it.
import type { Executor } from '../db.ts';

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
  /** The deposit status tracker (docs/decisions/0048): when the facility posted or refused it, when
   * the charge was refunded; null for a step not taken. */
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  refusal_reason: string | null;
}

/** The status columns of one deposit and who may read them. */
export interface DepositStatusRow {
  id: string;
  session_id: string;
  user_id: string | null;
  created_at: string;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  refusal_reason: string | null;
}

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
    async insert(d: DepositRow): Promise<void> {
      await db
        .insertInto('deposits')
        .values({ ...d, deposit_phone_no: d.deposit_phone_no ?? null })
        .execute();
    },
    async findById(id: string): Promise<DepositRow | undefined> {
      return db.selectFrom('deposits').select(COLUMNS).where('id', '=', id).executeTakeFirst();
    },
    /** The status tracker's columns of one deposit (docs/decisions/0048). */
    async findStatus(id: string): Promise<DepositStatusRow | undefined> {
      return db
        .selectFrom('deposits')
        .select([
          'id',
          'session_id',
          'user_id',
          'created_at',
          'posted_at',
          'refused_at',
          'refunded_at',
          'refusal_reason',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async orderNumberExists(orderNumber: string): Promise<boolean> {
      const r = await db.selectFrom('deposits').select('id').where('order_number', '=', orderNumber).executeTakeFirst();
      return r !== undefined;
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
      const by = (payer: 'session_id' | 'payer_email', value: string) => {
        let query = db
          .selectFrom('deposits')
          .select(['id', 'amount_cents', 'created_at'])
          .where(payer, '=', value)
          .where('created_at', '>=', q.since)
          .where('amount_cents', '=', q.amountCents);
        // A phone deposit counts by its number (the seeded history's phone deposits also name an inmate).
        query =
          'inmateId' in q.recipient
            ? query.where('inmate_id', '=', q.recipient.inmateId)
            : query.where('deposit_phone_no', '=', q.recipient.phone).where('deposit_type', '=', 'dest');
        // A subquery each: SQLite allows no ORDER BY or LIMIT on a bare arm of a UNION.
        return db.selectFrom(query.orderBy('created_at', 'desc').limit(1).as(payer)).selectAll();
      };
      const rows = await by('session_id', q.sessionId).unionAll(by('payer_email', q.payerEmail)).execute();
      return rows.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))[0];
    },
    /** Sum of amounts one payer email sent to one inmate since `since`, in cents (deposits_payer_inmate_time). */
    async sumForPayerAndInmate(payerEmail: string, inmateId: string, since: string): Promise<number> {
      const r = await db
        .selectFrom('deposits')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('total'))
        .where('payer_email', '=', payerEmail)
        .where('inmate_id', '=', inmateId)
        .where('created_at', '>=', since)
        .executeTakeFirst();
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
        .executeTakeFirst();
      return Number(r?.total ?? 0);
    },
  };
}

export type DepositRepo = ReturnType<typeof createDepositRepo>;
