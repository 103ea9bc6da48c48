// The fee schedule: tiers per deposit type, and tax rates by facility region (fixtures/fees.json).
import type { Executor } from '../db.ts';
import { runShaped } from './shapes.ts';

export interface FeeTier {
  deposit_type: string;
  min_cents: number;
  max_cents: number;
  fee_cents: number;
}

export function createFeeRepo(db: Executor) {
  return {
    async insertTier(t: FeeTier): Promise<void> {
      await db
        .insertInto('fee_tiers')
        .values({
          deposit_type: t.deposit_type,
          min_cents: t.min_cents,
          max_cents: t.max_cents,
          fee_cents: t.fee_cents,
        })
        .execute();
    },
    /** The fee in cents of the tier holding amountCents; undefined when no tier does. */
    async feeCents(depositType: string, amountCents: number): Promise<number | undefined> {
      // Priced on every amount the payer types and at submit: compiled once (server/repo/shapes.ts).
      const [r] = await runShaped(db, 'fees:tier', { depositType, amountCents }, (value, fixed) =>
        db
          .selectFrom('fee_tiers')
          .select('fee_cents')
          .where('deposit_type', '=', value('depositType'))
          .where('min_cents', '<=', value('amountCents'))
          .where('max_cents', '>=', value('amountCents'))
          .orderBy('min_cents')
          .limit(fixed(1)),
      );
      return r ? Number(r.fee_cents) : undefined;
    },
    /** The whole schedule, by deposit type then amount. */
    async listTiers(): Promise<FeeTier[]> {
      const rows = await db
        .selectFrom('fee_tiers')
        .select(['deposit_type', 'min_cents', 'max_cents', 'fee_cents'])
        .orderBy('deposit_type')
        .orderBy('min_cents')
        .execute();
      return rows.map((r) => ({
        deposit_type: r.deposit_type,
        min_cents: Number(r.min_cents),
        max_cents: Number(r.max_cents),
        fee_cents: Number(r.fee_cents),
      }));
    },
    async insertTaxRate(country: string, state: string, basisPoints: number): Promise<void> {
      await db.insertInto('tax_rates').values({ country, state, rate_basis_points: basisPoints }).execute();
    },
    /** Tax on the fee in basis points (650 = 6.5 %); 0 where none applies. */
    async taxBasisPoints(country: string, state: string): Promise<number> {
      const [r] = await runShaped(db, 'fees:tax', { country, state }, (value) =>
        db
          .selectFrom('tax_rates')
          .select('rate_basis_points')
          .where('country', '=', value('country'))
          .where('state', '=', value('state')),
      );
      return r ? Number(r.rate_basis_points) : 0;
    },
  };
}

export type FeeRepo = ReturnType<typeof createFeeRepo>;
