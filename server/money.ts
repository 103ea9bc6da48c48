// Money is integer cents inside the server (architecture: "Money is integer cents"); the wire
// carries dollars with at most two decimals (contract/entities.ts). The conversions are the
// product's one set (contract/format.ts).
export { toCents, toDollars } from '../contract/format.ts';

/** A rate (0.065 for 6.5 %) applied to cents, rounded to the cent. */
export function percentOf(cents: number, rate: number): number {
  return Math.round(cents * rate + 1e-9);
}
