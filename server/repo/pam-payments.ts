// What the sandbox pam endpoint received and charged: the record an external payment endpoint would
// keep. A payment is recorded once per payload ref, with the card a receipt may show (brand, last four,
// expiry), never the number or the security code.
import type { Db } from '../db.ts';
import { type Row, bool, int, intOrNull, str, strOrNull } from './rows.ts';

export interface PamPaymentRow {
  id: number;
  ref: string | null;
  payload: string;
  valid: boolean;
  total_cents: number | null;
  received_at: string;
  card_brand?: string | null;
  card_last4?: string | null;
  card_exp?: string | null;
}

const COLUMNS = 'id, ref, payload, valid, total_cents, received_at, card_brand, card_last4, card_exp';

function toPayment(r: Row): PamPaymentRow {
  return {
    id: int(r, 'id'),
    ref: strOrNull(r, 'ref'),
    payload: str(r, 'payload'),
    valid: bool(r, 'valid'),
    total_cents: intOrNull(r, 'total_cents'),
    received_at: str(r, 'received_at'),
    card_brand: strOrNull(r, 'card_brand'),
    card_last4: strOrNull(r, 'card_last4'),
    card_exp: strOrNull(r, 'card_exp'),
  };
}

export function createPamPaymentRepo(db: Db) {
  // A payload posted again (a refresh, a double click) is recorded once.
  const insert = db.prepare(
    `INSERT INTO pam_payments (ref, payload, valid, total_cents, received_at, card_brand, card_last4, card_exp)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
  );
  const byRef = db.prepare(`SELECT ${COLUMNS} FROM pam_payments WHERE ref = ?`);
  const list = db.prepare(`SELECT ${COLUMNS} FROM pam_payments ORDER BY id`);

  return {
    /** Returns false when a payment with this ref was already recorded. */
    insert(p: Omit<PamPaymentRow, 'id'>): boolean {
      const changes = insert.run(
        p.ref,
        p.payload,
        p.valid ? 1 : 0,
        p.total_cents,
        p.received_at,
        p.card_brand ?? null,
        p.card_last4 ?? null,
        p.card_exp ?? null,
      ).changes;
      return Number(changes) === 1;
    },
    findByRef(ref: string): PamPaymentRow | undefined {
      const r = byRef.get(ref);
      return r ? toPayment(r) : undefined;
    },
    list(): PamPaymentRow[] {
      return list.all().map(toPayment);
    },
  };
}

export type PamPaymentRepo = ReturnType<typeof createPamPaymentRepo>;
