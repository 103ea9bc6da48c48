// Small business rules shared by the server and the machines.
import type { DepositType, Facility } from './entities.ts';

/** §2/§3: whether a facility offers a deposit type (flex also needs flex_disabled off; bail needs pam). */
export function offersType(facility: Facility, type: DepositType): boolean {
  const offer = facility.deposit_types[type];
  if (!offer?.enabled) return false;
  if (type === 'flex' && facility.flex_disabled) return false;
  if (type === 'dest' && !facility.fnf_prepaid_enabled) return false;
  if (type === 'bail' && !facility.pam_enabled) return false;
  return true;
}

/** §4: recipient needs flex, trust or bail; number needs dest. */
export function needsRecipient(type: DepositType | ''): boolean {
  return type === 'flex' || type === 'trust' || type === 'bail';
}

/** §5: the recipient name search minimum is 3 for standard facilities, 2 in the other variant. */
export function nameSearchMin(facility: Pick<Facility, 'is_standard'>): number {
  return facility.is_standard ? 3 : 2;
}
