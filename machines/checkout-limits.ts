// The checkout's `limits` region (§4 checkout amounts, §5 unified-wallet trust): which amounts the
// payer may choose, settled before any amount is taken. Readings in docs/decisions/0016.
//
// - Not in unified-wallet mode: the facility's effective limits (decisions/0004); ready at once.
// - Unified wallet with the facility's limits unusable: maxed out (§4).
// - Unified-wallet trust: approved depositor, then the inmate lookup (returnCode 0, no fraud flag),
//   then the service's min and max, which become the limits; unusable ones are maxed out too.
import type { AllowedMinMaxResponse, CnInmateResponse } from '../contract/checkout-services.ts';
import { CN_RETURN_OK } from '../contract/checkout-services-base.ts';
import { AMOUNT_BOUND_MAX, AMOUNT_BOUND_MIN } from '../contract/constants.ts';
import { limitsUnusable } from '../contract/schemas-base.ts';
import type { Facility, FormFields } from '../contract/entities.ts';

export const LIMITS_STATES = [
  'resolving',
  'checkingDepositor',
  'checkingInmate',
  'loadingLimits',
  'ready',
  'maxedOut',
  'refused',
  'failed',
] as const;
export type LimitsState = (typeof LIMITS_STATES)[number];

/** Why the checkout cannot take a deposit (i18n keys). */
export const LIMITS_REFUSALS = {
  /** §8: trust depositor not approved. */
  notApproved: 'ERROR.NOT_APPROVED_DEPOSITOR_MSG',
  /** §5/§8: a fraud-flagged inmate blocks the deposit. */
  fraud: 'ERROR.FRAUD_CONTROL_MESSAGE',
  /** §5: the inmate lookup did not answer returnCode 0. */
  lookupFailed: 'UW.LOOKUP_FAILED',
} as const;

/** §4: unified wallet and the facility's own limits unusable. */
export function isMaxedOutByFacility(context: { fields: FormFields; facility: Facility }): boolean {
  return context.fields.unified_wallet_enabled && limitsUnusable(context.facility.deposit_limits);
}

/**
 * §5: the service's min and max within the site's bounds (decisions/0004); null when they are
 * unusable (§4: min > max, or either 0 or less; a maximum of 0 once the daily maximum is used up).
 */
export function serviceLimits(answer: AllowedMinMaxResponse): { min: number; max: number } | null {
  const raw = { min: answer.minAmount, max: answer.maxAmount };
  if (!Number.isFinite(raw.min) || !Number.isFinite(raw.max) || limitsUnusable(raw)) return null;
  const min = Math.max(AMOUNT_BOUND_MIN, raw.min);
  const max = Math.min(AMOUNT_BOUND_MAX, raw.max);
  return min > max ? null : { min, max };
}

/** §5: the lookup found the inmate (returnCode 0). */
export function isCnFound(answer: CnInmateResponse): boolean {
  return answer.returnCode === CN_RETURN_OK;
}
