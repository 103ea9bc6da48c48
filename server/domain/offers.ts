// Deposit type helpers; whether a facility offers a type is contract/rules.ts offersType (shared with the client).
import { DEPOSIT_TYPES, type DepositType } from '../../contract/entities.ts';

/** §8 type errors: 'Please reselect a deposit type' when the facility does not offer the chosen one. */
export const RESELECT_DEPOSIT_TYPE = 'VALIDATION.RESELECT_DEPOSIT_TYPE';

export function isDepositType(value: unknown): value is DepositType {
  return typeof value === 'string' && (DEPOSIT_TYPES as readonly string[]).includes(value);
}
