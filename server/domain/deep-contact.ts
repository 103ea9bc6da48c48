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
 * The fresh form state a deep-contact link starts from: a new deposit, like "make another" (§2). A
 * receipt, type or card of an earlier deposit does not carry over; the language and a signed-in
 * payer's email do. The caller then saves the facility into it (the /state/save rules, so every field
 * a facility choice writes is written) and hands it to deepContactState.
 */
export function deepContactBase(previous: FormState, userId: string | null): FormState {
  return {
    fields: {
      ...EMPTY_FORM,
      locale: previous.fields.locale,
      email: userId ? previous.fields.email : '',
      logged_in: userId !== null,
    },
    errors: {},
  };
}

/**
 * `withFacility` (deepContactBase with the link's facility saved) made a deposit to the person the
 * link names, or null when the facility or the person there is unknown.
 */
export async function deepContactState(
  repos: Repos,
  withFacility: FormState,
  input: DeepContactInput,
): Promise<FormState | null> {
  const facility = await repos.facilities.findById(input.facilityId);
  const inmate = facility ? await repos.inmates.findInFacility(input.inmateId, facility.id) : undefined;
  if (!facility || !inmate || withFacility.fields.facility_id !== facility.id) return null;
  const fields: FormFields = {
    ...withFacility.fields,
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
  };
  // §5: a fraud-flagged person blocks the deposit; the type step says so at once.
  const errors = inmate.fraud_flag
    ? { ...withFacility.errors, deposit_inmate_id: DEST_DEPOSIT_ERRORS.fraud }
    : withFacility.errors;
  return { fields, errors };
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
export async function primaryNoOf(repos: Repos, userId: string | null | undefined): Promise<string> {
  if (!userId) return '';
  const primary = await repos.destAccounts.primaryPhone(userId);
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
