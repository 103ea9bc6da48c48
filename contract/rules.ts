// Small business rules shared by the server and the machines.
import { INTERNATIONAL_PREFIX } from './dest-deposits-base.ts';
import type { DepositType, Facility, FormFields } from './entities.ts';

/**
 * §2/§3/§6: whether a facility offers a deposit type on this site: flex also needs flex_disabled off,
 * dest needs fnf_prepaid_enabled, bail needs pam; trust is not offered where the configuration sends it
 * to another site or a third-party money transmitter, nor dest where prepaid goes to trust.
 */
export function offersType(facility: Facility, type: DepositType): boolean {
  const offer = facility.deposit_types[type];
  if (!offer?.enabled) return false;
  if (type === 'flex' && facility.flex_disabled) return false;
  if (type === 'dest' && (!facility.fnf_prepaid_enabled || facility.rules?.prepaid_to_trust)) return false;
  if (type === 'bail' && !facility.pam_enabled) return false;
  if (type === 'trust' && (facility.rules?.trust_redirect_url || facility.rules?.trust_third_party)) return false;
  return true;
}

/** §4: trust and bail need a signed-in payer (the login-required modal). */
export function needsSignIn(type: DepositType | ''): boolean {
  return type === 'trust' || type === 'bail';
}

/** §5: trust and bail are hidden for a non-US billing country (a country not yet given hides nothing). */
export function hiddenForBilling(type: DepositType | '', billingCountry: string): boolean {
  return needsSignIn(type) && billingCountry !== '' && billingCountry !== 'US';
}

/**
 * §5: trust and bail are hidden for a non-US billing country or a primary number starting 011 (the
 * signed-in payer's primary phone account abroad, stored with the §9 international prefix).
 */
export function hiddenForPayer(
  type: DepositType | '',
  fields: Pick<FormFields, 'billing_country' | 'primary_no'>,
): boolean {
  return (
    hiddenForBilling(type, fields.billing_country) ||
    (needsSignIn(type) && fields.primary_no.startsWith(INTERNATIONAL_PREFIX))
  );
}
