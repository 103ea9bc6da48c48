// Money is integer cents inside the server (architecture: "Money is integer cents"); the wire
// carries dollars with at most two decimals (contract/entities.ts).

/** Dollars (at most two decimals) to integer cents; rounds half away from zero at the third. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount is not a finite number');
  return Math.round(Math.abs(dollars) * 100 + 1e-9) * Math.sign(dollars);
}

/** Integer cents to dollars for the wire. */
export function toDollars(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError('cents must be an integer');
  return cents / 100;
}

/** A rate (0.065 for 6.5 %) applied to cents, rounded to the cent. */
export function percentOf(cents: number, rate: number): number {
  return Math.round(cents * rate + 1e-9);
}
