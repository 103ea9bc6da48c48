// The deposits ledger: one row per charged deposit, written in the transaction that charges it.
import type { Db } from '../db.ts';
import { type Row, int, str, strOrNull } from './rows.ts';

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
}

const COLUMNS = `id, order_number, session_id, facility_id, inmate_id, deposit_type, amount_cents, fee_cents, tax_cents,
  total_cents, card_token, card_brand, card_last4, card_exp, payer_email, created_at, response_json, deposit_phone_no`;

function toDeposit(r: Row): DepositRow {
  return {
    id: str(r, 'id'),
    order_number: str(r, 'order_number'),
    session_id: str(r, 'session_id'),
    facility_id: int(r, 'facility_id'),
    inmate_id: strOrNull(r, 'inmate_id'),
    deposit_type: str(r, 'deposit_type'),
    amount_cents: int(r, 'amount_cents'),
    fee_cents: int(r, 'fee_cents'),
    tax_cents: int(r, 'tax_cents'),
    total_cents: int(r, 'total_cents'),
    card_token: str(r, 'card_token'),
    card_brand: str(r, 'card_brand'),
    card_last4: str(r, 'card_last4'),
    card_exp: str(r, 'card_exp'),
    payer_email: str(r, 'payer_email'),
    created_at: str(r, 'created_at'),
    response_json: str(r, 'response_json'),
    deposit_phone_no: strOrNull(r, 'deposit_phone_no'),
  };
}

/** Who a deposit went to: an inmate, or a phone number (dest). */
export type RecipientKey = { inmateId: string } | { phone: string };

export interface DuplicateQuery {
  sessionId: string;
  payerEmail: string;
  recipient: RecipientKey;
  amountCents: number;
  since: string;
}

export function createDepositRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO deposits (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const findById = db.prepare(`SELECT ${COLUMNS} FROM deposits WHERE id = ?`);
  const orderExists = db.prepare('SELECT 1 AS found FROM deposits WHERE order_number = ?');
  const duplicateSql = (recipient: string) => `
    SELECT amount_cents, created_at FROM deposits
    WHERE ${recipient} = ? AND amount_cents = ? AND created_at >= ? AND (session_id = ? OR payer_email = ?)
    ORDER BY created_at DESC LIMIT 1
  `;
  const duplicate = db.prepare(duplicateSql('inmate_id'));
  // A phone deposit counts by its number (the seeded history's phone deposits also name an inmate).
  const duplicateToPhone = db.prepare(duplicateSql("deposit_type = 'dest' AND deposit_phone_no"));
  const sumForPayer = db.prepare(
    'SELECT COALESCE(SUM(amount_cents), 0) AS total FROM deposits WHERE payer_email = ? AND inmate_id = ? AND created_at >= ?',
  );
  const sumForPayerToPhone = db.prepare(
    `SELECT COALESCE(SUM(amount_cents), 0) AS total FROM deposits
     WHERE payer_email = ? AND deposit_type = 'dest' AND deposit_phone_no = ? AND created_at >= ?`,
  );

  return {
    insert(d: DepositRow): void {
      insert.run(
        d.id,
        d.order_number,
        d.session_id,
        d.facility_id,
        d.inmate_id,
        d.deposit_type,
        d.amount_cents,
        d.fee_cents,
        d.tax_cents,
        d.total_cents,
        d.card_token,
        d.card_brand,
        d.card_last4,
        d.card_exp,
        d.payer_email,
        d.created_at,
        d.response_json,
        d.deposit_phone_no ?? null,
      );
    },
    findById(id: string): DepositRow | undefined {
      const r = findById.get(id);
      return r ? toDeposit(r) : undefined;
    },
    orderNumberExists(orderNumber: string): boolean {
      return orderExists.get(orderNumber) !== undefined;
    },
    /**
     * §4 duplicate rule: latest deposit to the same recipient (inmate, or phone number for dest) for
     * the same amount since `since`, by this session or email.
     */
    findRecentDuplicate(q: DuplicateQuery): { amount_cents: number; created_at: string } | undefined {
      const [stmt, key] =
        'inmateId' in q.recipient ? [duplicate, q.recipient.inmateId] : [duplicateToPhone, q.recipient.phone];
      const r = stmt.get(key, q.amountCents, q.since, q.sessionId, q.payerEmail);
      return r ? { amount_cents: int(r, 'amount_cents'), created_at: str(r, 'created_at') } : undefined;
    },
    /** Sum of amounts one payer email sent to one inmate since `since`, in cents. */
    sumForPayerAndInmate(payerEmail: string, inmateId: string, since: string): number {
      const r = sumForPayer.get(payerEmail, inmateId, since);
      return r ? int(r, 'total') : 0;
    },
    /** Sum of amounts one payer email sent to one phone number (dest deposits) since `since`, in cents. */
    sumForPayerAndPhone(payerEmail: string, phone: string, since: string): number {
      const r = sumForPayerToPhone.get(payerEmail, phone, since);
      return r ? int(r, 'total') : 0;
    },
  };
}

export type DepositRepo = ReturnType<typeof createDepositRepo>;
