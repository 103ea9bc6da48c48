// What contract/schemas.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/schemas.ts re-exports them.
import { AMOUNT_BOUND_MAX, AMOUNT_BOUND_MIN } from './constants.ts';
import type { Facility } from './entities.ts';
import { MSG } from './messages.ts';

/** An i18n key such as VALIDATION.REQUIRED or ERROR.CSRF (dot-separated upper-case words). */
export function isMessageKey(message: unknown): message is string {
  return typeof message === 'string' && /^[A-Z][A-Z0-9_]*(\.[A-Z0-9_]+)+$/.test(message);
}

export interface Limits {
  min: number;
  max: number;
}

/**
 * §5: every amount lies within the currency directive's bounds (10..250); a facility's limits
 * narrow them when they are usable (min >= 0, max > 0, min <= max). See docs/decisions/0004.
 */
export function effectiveLimits(facility: Pick<Facility, 'deposit_limits'> | null | undefined): Limits {
  let min = AMOUNT_BOUND_MIN;
  let max = AMOUNT_BOUND_MAX;
  const lim = facility?.deposit_limits;
  if (lim && lim.min >= 0 && lim.max > 0 && lim.min <= lim.max) {
    min = Math.max(min, lim.min);
    max = Math.min(max, lim.max);
  }
  return { min, max };
}

/** §4: limits that cannot be used (min > max, or either 0 or less). */
export function limitsUnusable(lim: { min: number; max: number }): boolean {
  return lim.min > lim.max || lim.min <= 0 || lim.max <= 0;
}

/** Parses a typed dollar amount ("25", "$25.50"); NaN when it is not one. */
export function parseAmount(text: string | number | null | undefined): number {
  if (typeof text === 'number') return Number.isFinite(text) ? text : NaN;
  if (!text) return NaN;
  const t = text.trim();
  if (!DOLLARS.test(t)) return NaN;
  return Math.round(Number(t.replace(/[$\s]/g, '')) * 100) / 100;
}

/** The amount rule of §5 for given limits; returns an i18n key or null. */
export function amountError(value: number | null | undefined, limits: Limits): string | null {
  if (value === null || value === undefined || !Number.isFinite(value) || value <= 0) return MSG.amountInvalid;
  if (Math.round(value * 100) !== value * 100 && Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
    return MSG.amountInvalid;
  if (value < limits.min) return MSG.amountBelowMin;
  if (value > limits.max) return MSG.amountLimit;
  return null;
}

const DOLLARS = /^\$?\s*(\d{1,4})(\.\d{1,2})?$/;
