// What the sandbox pam endpoint received and charged: the record an external payment endpoint would
// keep. A payment is recorded once per payload ref, with the card a receipt may show (brand, last four,
// expiry), never the number or the security code.
import type { Executor } from '../db.ts';
import { bit, bool } from './rows.ts';

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

const COLUMNS = [
  'id',
  'ref',
  'payload',
  'valid',
  'total_cents',
  'received_at',
  'card_brand',
  'card_last4',
  'card_exp',
] as const;

function toPayment(r: Omit<PamPaymentRow, 'valid'> & { valid: number }): PamPaymentRow {
  return { ...r, id: Number(r.id), valid: bool(r.valid) };
}

export function createPamPaymentRepo(db: Executor) {
  return {
    /** Returns false when a payment with this ref was already recorded. */
    async insert(p: Omit<PamPaymentRow, 'id'>): Promise<boolean> {
      // A payload posted again (a refresh, a double click) is recorded once.
      const r = await db
        .insertInto('pam_payments')
        .values({
          ref: p.ref,
          payload: p.payload,
          valid: bit(p.valid),
          total_cents: p.total_cents,
          received_at: p.received_at,
          card_brand: p.card_brand ?? null,
          card_last4: p.card_last4 ?? null,
          card_exp: p.card_exp ?? null,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },
    async findByRef(ref: string): Promise<PamPaymentRow | undefined> {
      const r = await db.selectFrom('pam_payments').select(COLUMNS).where('ref', '=', ref).executeTakeFirst();
      return r ? toPayment(r) : undefined;
    },
    async list(): Promise<PamPaymentRow[]> {
      const rows = await db.selectFrom('pam_payments').select(COLUMNS).orderBy('id').execute();
      return rows.map(toPayment);
    },
  };
}
