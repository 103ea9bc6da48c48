// Deep contact (contract/deep-contact.ts; §3, §4) and the payer's primary number (§5 011 rule): what
// POST /pay/deep_contact writes into the form state, how a save ends deep contact, and the rules that
// POST /pay/process_deposit and /pay/prepare_pam_deposit apply to them. Pure logic over repository reads.
import { DEST_DEPOSIT_ERRORS, destPhone } from '../../contract/dest-deposits.ts';
import { EMPTY_FORM, type DepositType, type FormFields } from '../../contract/entities.ts';
import { hiddenForPayer } from '../../contract/rules.ts';
import type { FormState } from '../repo/form-state.ts';
import type { Repos } from '../repo/repos.ts';
import { RESELECT_DEPOSIT_TYPE } from './offers.ts';

export interface DeepContactInput {
  facilityId: number;
  inmateId: string;
  zuid: string;
}

/**
 * The form state of a deposit started from a deep-contact link, or null when the facility or the
 * person there is unknown. A link starts a new deposit, like "make another" (§2): a receipt, type or
 * card of an earlier deposit does not carry over; the language and a signed-in payer's email do.
 */
export function deepContactState(
  repos: Repos,
  previous: FormState,
  input: DeepContactInput,
  userId: string | null,
): FormState | null {
  const facility = repos.facilities.findById(input.facilityId);
  const inmate = facility ? repos.inmates.findInFacility(input.inmateId, facility.id) : undefined;
  if (!facility || !inmate) return null;
  const fields: FormFields = {
    ...EMPTY_FORM,
    locale: previous.fields.locale,
    email: userId ? previous.fields.email : '',
    logged_in: userId !== null,
    facility_id: facility.id,
    facility_country: facility.country,
    facility_state: facility.state,
    min_deposit_amount: facility.deposit_limits.min,
    max_deposit_amount: facility.deposit_limits.max,
    deposit_inmate_id: inmate.id,
    deposit_inmate_first_name: inmate.first_name,
    deposit_inmate_last_name: inmate.last_name,
    deposit_inmate_booking_code: inmate.booking_code,
    deposit_inmate_booking_date: inmate.book_date ?? '',
    deposit_inmate_dob: inmate.date_of_birth ?? '',
    dep_principal_code: inmate.principal_code,
    deep_contact: true,
    deep_contact_inmate_fraud: inmate.fraud_flag,
    deep_zuid: input.zuid,
    primary_no: primaryNoOf(repos, userId),
  };
  // §5: a fraud-flagged person blocks the deposit; the type step says so at once.
  return { fields, errors: inmate.fraud_flag ? { deposit_inmate_id: DEST_DEPOSIT_ERRORS.fraud } : {} };
}

/** §4: another facility or a recipient chosen by the normal search ends deep contact. */
export function endDeepContact(fields: FormFields): void {
  fields.deep_contact = false;
  fields.deep_contact_inmate_fraud = false;
  fields.deep_zuid = '';
}

/**
 * §5/§9: the signed-in payer's primary phone account number in stored form: a US number's 10 digits,
 * any other with the 011 international prefix; '' for a guest or a payer without a primary account.
 */
export function primaryNoOf(repos: Repos, userId: string | null | undefined): string {
  if (!userId) return '';
  const primary = repos.destAccounts.listForUser(userId).find((a) => a.is_primary);
  if (!primary) return '';
  const stored = destPhone(primary.deposit_phone_no, primary.deposit_phone_country);
  return stored.ok ? stored.phone : primary.deposit_phone_no;
}

/**
 * §5: trust and bail are refused for a non-US billing country or a primary number starting 011, as
 * the type step hides them: the deposit_type error of a type this payer cannot choose, or null.
 */
export function payerTypeError(
  type: DepositType | '',
  fields: Pick<FormFields, 'billing_country' | 'primary_no'>,
): string | null {
  return hiddenForPayer(type, fields) ? RESELECT_DEPOSIT_TYPE : null;
}
