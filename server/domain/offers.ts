// Deposit type helpers; whether a facility offers a type is contract/rules.ts offersType (shared with the client).
import { DEPOSIT_TYPES, type DepositType, type FacilityRules } from '../../contract/entities.ts';
import type { Config } from '../config.ts';

/** §8 type errors: 'Please reselect a deposit type' when the facility does not offer the chosen one. */
export const RESELECT_DEPOSIT_TYPE = 'VALIDATION.RESELECT_DEPOSIT_TYPE';

export function isDepositType(value: unknown): value is DepositType {
  return typeof value === 'string' && (DEPOSIT_TYPES as readonly string[]).includes(value);
}

/** §6/§9: a facility's rules from the configured id lists. */
export function facilityRulesFrom(config: Config): (facilityId: number) => FacilityRules {
  return (id) => ({
    trust_redirect_url: config.trustRedirectFacilityIds.includes(id) ? config.trustRedirectUrl : null,
    trust_third_party: config.noTrustFacilityIds.includes(id),
    prepaid_to_trust: config.prepaidToTrustFacilityIds.includes(id),
  });
}
