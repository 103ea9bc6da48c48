// Fees from the schedule (fixtures/fees.json) and the roundup options of §4/§9.
import type { DepositType, Facility, Roundup } from '../../contract/entities.ts';
import type { Limits } from '../../contract/schemas.ts';
import { percentOf, toCents, toDollars } from '../money.ts';
import type { FeeRepo } from '../repo/fees.ts';

export interface Quote {
  amountCents: number;
  feeCents: number;
  taxCents: number;
  totalCents: number;
}

/** Fee, tax (on the fee, by the facility's region) and total for one amount; undefined when no tier holds it. */
export async function quote(
  fees: FeeRepo,
  facility: Facility,
  type: DepositType,
  amountCents: number,
): Promise<Quote | undefined> {
  const feeCents = await fees.feeCents(type, amountCents);
  if (feeCents === undefined) return undefined;
  const taxCents = percentOf(feeCents, (await fees.taxBasisPoints(facility.country, facility.state)) / 10000);
  return { amountCents, feeCents, taxCents, totalCents: amountCents + feeCents + taxCents };
}

/** The smallest multiple of `step` cents strictly above `cents`. */
function nextMultiple(cents: number, step: number): number {
  return (Math.floor(cents / step) + 1) * step;
}

export interface RoundupInput {
  facility: Facility;
  type: DepositType;
  amountCents: number;
  limits: Limits;
  unifiedWallet: boolean;
}

/**
 * §9: roundups add 1 or 2 free calls, for dest deposits only, never on tablets or in unified-wallet
 * mode. 'No thanks' (id -1) comes first; then the amount raised to the next multiple of 5 (one free
 * call), then that raised to the next multiple of 10 (two). An option above the maximum is left out.
 */
export async function roundups(fees: FeeRepo, input: RoundupInput): Promise<Roundup[]> {
  const { facility, type, amountCents, limits, unifiedWallet } = input;
  if (type !== 'dest' || unifiedWallet || facility.tablet_only_fac) return [];
  const base = await quote(fees, facility, type, amountCents);
  if (!base) return [];
  const option = (id: number, q: Quote, freeCalls: number): Roundup => ({
    id,
    amount: toDollars(amountCents),
    roundup_amount: toDollars(q.amountCents),
    roundup_diff: toDollars(q.amountCents - amountCents),
    fee: toDollars(q.feeCents),
    tax: toDollars(q.taxCents),
    total: toDollars(q.totalCents),
    free_calls: freeCalls,
  });
  const out = [option(-1, base, 0)];
  const byFive = nextMultiple(amountCents, 500);
  const byTen = nextMultiple(byFive, 1000);
  const maxCents = toCents(limits.max);
  for (const [id, cents, calls] of [
    [1, byFive, 1],
    [2, byTen, 2],
  ] as const) {
    if (cents > maxCents) continue;
    const q = await quote(fees, facility, type, cents);
    if (q) out.push(option(id, q, calls));
  }
  return out;
}
