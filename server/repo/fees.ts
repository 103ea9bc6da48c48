// The fee schedule: tiers per deposit type, and tax rates by facility region (fixtures/fees.json).
import type { Db } from '../db.ts';
import { int } from './rows.ts';

export interface FeeTier {
  deposit_type: string;
  min_cents: number;
  max_cents: number;
  fee_cents: number;
}

export function createFeeRepo(db: Db) {
  const insertTier = db.prepare(
    'INSERT INTO fee_tiers (deposit_type, min_cents, max_cents, fee_cents) VALUES (?, ?, ?, ?)',
  );
  const feeFor = db.prepare(
    'SELECT fee_cents FROM fee_tiers WHERE deposit_type = ? AND min_cents <= ? AND max_cents >= ? ORDER BY min_cents LIMIT 1',
  );
  const listTiers = db.prepare(
    'SELECT deposit_type, min_cents, max_cents, fee_cents FROM fee_tiers ORDER BY deposit_type, min_cents',
  );
  const insertTax = db.prepare('INSERT INTO tax_rates (country, state, rate_basis_points) VALUES (?, ?, ?)');
  const taxFor = db.prepare('SELECT rate_basis_points FROM tax_rates WHERE country = ? AND state = ?');

  return {
    insertTier(t: FeeTier): void {
      insertTier.run(t.deposit_type, t.min_cents, t.max_cents, t.fee_cents);
    },
    /** The fee in cents of the tier holding amountCents; undefined when no tier does. */
    feeCents(depositType: string, amountCents: number): number | undefined {
      const r = feeFor.get(depositType, amountCents, amountCents);
      return r ? int(r, 'fee_cents') : undefined;
    },
    /** The whole schedule, by deposit type then amount. */
    listTiers(): FeeTier[] {
      return listTiers.all().map((r) => ({
        deposit_type: String(r.deposit_type),
        min_cents: int(r, 'min_cents'),
        max_cents: int(r, 'max_cents'),
        fee_cents: int(r, 'fee_cents'),
      }));
    },
    insertTaxRate(country: string, state: string, basisPoints: number): void {
      insertTax.run(country, state, basisPoints);
    },
    /** Tax on the fee in basis points (650 = 6.5 %); 0 where none applies. */
    taxBasisPoints(country: string, state: string): number {
      const r = taxFor.get(country, state);
      return r ? int(r, 'rate_basis_points') : 0;
    },
  };
}

export type FeeRepo = ReturnType<typeof createFeeRepo>;
