// The wizard's rules as plain functions (§2, §4, §5): which fields each step saves, what a recipient
// or a phone account puts in the form state, how the recipient is searched at a facility.
import type { DestinationAccount } from '../contract/accounts.ts';
import type { DepositType, Facility, FieldErrors, FormFields, Inmate } from '../contract/entities.ts';
import type { StateSaveResponse } from '../contract/api.ts';
import { pick, withoutErrors } from './form-fields.ts';
import type { SearchMode, WizardContext } from './wizard.types.ts';

/** The steps that save their own fields before moving on (§4 Continue). */
export type EditStep = 'facility' | 'type' | 'number' | 'recipient';

export const STEP_FIELDS = {
  facility: ['facility_id', 'facility_state', 'facility_country'],
  type: ['deposit_type'],
  number: ['deposit_phone_no', 'deposit_phone_no_label', 'deposit_phone_country', 'dest_account_id'],
  recipient: [
    'deposit_inmate_id',
    'deposit_inmate_first_name',
    'deposit_inmate_last_name',
    'deposit_inmate_booking_code',
    'deposit_inmate_booking_date',
    'deposit_inmate_dob',
    'dep_principal_code',
  ],
} as const satisfies Record<EditStep, readonly (keyof FormFields)[]>;

/** The field whose error blocks continuing from each step. */
export const STEP_KEY = {
  facility: 'facility_id',
  type: 'deposit_type',
  number: 'deposit_phone_no',
  recipient: 'deposit_inmate_id',
} as const;

/** §4: the recipient step serves flex, trust and bail; dest goes to the number step. */
export const RECIPIENT_TYPES: readonly DepositType[] = ['flex', 'trust', 'bail'];

export const FRAUD_CONTROL_MESSAGE = 'ERROR.FRAUD_CONTROL_MESSAGE';
export const RESELECT_DEPOSIT_TYPE = 'VALIDATION.RESELECT_DEPOSIT_TYPE';

/** What a step saves on Continue (with whatever else is waiting to be saved). */
export function stepSaveFields(context: WizardContext, step: EditStep): Partial<FormFields> {
  return pick(context.fields, STEP_FIELDS[step]);
}

export function recipientFields(inmate: Inmate): Partial<FormFields> {
  return {
    deposit_inmate_id: inmate.id,
    deposit_inmate_first_name: inmate.first_name,
    deposit_inmate_last_name: inmate.last_name,
    deposit_inmate_booking_code: inmate.booking_code,
    deposit_inmate_booking_date: inmate.book_date ?? '',
    deposit_inmate_dob: inmate.date_of_birth ?? '',
    dep_principal_code: inmate.principal_code,
  };
}

/** §5: a phone number's digits; a 10-digit number is checked for a fraud flag before it is saved. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** The form fields of one of the payer's phone accounts (§2 number step), or of a new number. */
export function phoneFields(account: DestinationAccount | null, country: string): Partial<FormFields> {
  if (!account)
    return { dest_account_id: null, deposit_phone_no: '', deposit_phone_no_label: '', deposit_phone_country: country };
  return {
    dest_account_id: account.id,
    deposit_phone_no: account.deposit_phone_no,
    deposit_phone_no_label: account.deposit_phone_no_label,
    deposit_phone_country: account.deposit_phone_country,
  };
}

/** §2: how the recipient is searched at a facility. */
export function searchModeOf(facility: Facility | null): SearchMode {
  if (facility?.is_ice) return 'ice';
  if (facility?.is_juve || facility?.is_canada) return 'booking';
  return 'name';
}

/** The routing guards load the facility before any step that needs it. */
export function requireFacility(context: WizardContext): Facility {
  if (!context.facility) throw new Error('the checkout step needs the facility details');
  return context.facility;
}

/**
 * The one way an answer about the form state becomes the wizard's copy (§4: the autosave's answer, a
 * step's, the checkout's, or the form state process_deposit answered with): the answer is the truth,
 * except for values typed after the request left (still in `dirty`, saved next); its errors, except on
 * those values (§5: server-side errors clear on edit); and the step errors Continue found that no
 * answer knows of.
 */
export function applyAnswer(
  context: Pick<WizardContext, 'dirty' | 'errors'>,
  answer: StateSaveResponse,
): Pick<WizardContext, 'fields' | 'errors'> {
  const fields = { ...answer.fields, ...context.dirty };
  return {
    fields,
    errors: {
      ...stepFoundErrors(context.errors, fields),
      ...withoutErrors(answer.errors, Object.keys(context.dirty)),
    },
  };
}

/**
 * The errors the step found itself, which an autosave answer that lands afterwards does not know: those of
 * Continue with nothing chosen (§4 CHECKOUT_ERROR, 'Required'), which stay until the choice is made, and
 * a fraud flag's (§5/§8 FRAUD_CONTROL_MESSAGE, from its own call), which stays until the field is edited
 * (an edit drops it, assignChange).
 */
function stepFoundErrors(errors: FieldErrors, fields: FormFields): FieldErrors {
  const kept: FieldErrors = {};
  for (const key of ['facility_id', 'deposit_type', 'deposit_inmate_id'] as const) {
    const error = errors[key];
    if (error && (fields[key] === null || fields[key] === '')) kept[key] = error;
  }
  for (const [key, error] of Object.entries(errors) as [keyof FieldErrors, string][]) {
    if (error === FRAUD_CONTROL_MESSAGE) kept[key] = error;
  }
  return kept;
}
