// Fees from the schedule (fixtures/fees.json) and the roundup options of §4/§9.
import { CHECKOUT_PRESETS } from '../../contract/constants.ts';
import type { DepositType, Facility, Roundup } from '../../contract/entities.ts';
import { amountError, type Limits } from '../../contract/schemas.ts';
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
  return priced(amountCents, feeCents, await fees.taxBasisPoints(facility.country, facility.state));
}

/** An amount with its fee and the tax on the fee (basis points of the facility's region). */
function priced(amountCents: number, feeCents: number, taxBasisPoints: number): Quote {
  const taxCents = percentOf(feeCents, taxBasisPoints / 10000);
  return { amountCents, feeCents, taxCents, totalCents: amountCents + feeCents + taxCents };
}

/**
 * §9 checkout presets priced like any amount (`quote`), all at once: the schedule and the region's tax
 * are read once, so the fees call answers every preset without a call, or a query, per preset
 * (docs/decisions/0052). Presets out of the limits, or that no tier holds, are left out.
 */
export async function presetQuotes(
  fees: FeeRepo,
  facility: Facility,
  type: DepositType,
  limits: Limits,
): Promise<Quote[]> {
  const amounts = CHECKOUT_PRESETS.filter((amount) => amountError(amount, limits) === null).map((a) => toCents(a));
  if (amounts.length === 0) return [];
  // The tier that `feeCents` picks: of this type, holding the amount, the lowest first.
  const tiers = (await fees.listTiers()).filter((t) => t.deposit_type === type);
  const taxBasisPoints = await fees.taxBasisPoints(facility.country, facility.state);
  return amounts.flatMap((amountCents) => {
    const tier = tiers.find((t) => t.min_cents <= amountCents && t.max_cents >= amountCents);
    return tier ? [priced(amountCents, tier.fee_cents, taxBasisPoints)] : [];
  });
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
