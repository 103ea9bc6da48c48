// The checkout form's fields: their labels (the error summary's links), the values the form starts
// with, and the schema that checks them (docs/decisions/0041: the form owns what the payer types).
import type { FormFields } from '../../../contract/entities.ts';
import {
  CHECKOUT_CHANGE_KEYS,
  PAM_ACK_FIELD,
  SAVED_CVC_FIELD,
  type CheckoutChangeKey,
  type CheckoutValues,
} from '../../../machines/checkout.types.ts';
import { phoneLabel } from '../../format.ts';

/** Field -> label key, for the error summary's links and the labels, in the order of the page. */
export const CHECKOUT_LABELS: Record<string, string> = {
  deposit_amount: 'CHECKOUT.AMOUNT',
  recurring_type: 'CHECKOUT.RECURRING',
  recurring_increment: 'CHECKOUT.RECURRING_DAY',
  selected_roundup: 'CHECKOUT.ROUNDUP',
  saved_card_id: 'CHECKOUT.PAY_WITH',
  [SAVED_CVC_FIELD]: 'CHECKOUT.SAVED_CVC',
  credit_card: 'CHECKOUT.CARD_NUMBER',
  credit_card_month: 'CHECKOUT.EXPIRY_MONTH',
  credit_card_year: 'CHECKOUT.EXPIRY_YEAR',
  credit_card_cvc: 'CHECKOUT.CVC',
  billing_first_name: 'CHECKOUT.FIRST_NAME',
  billing_last_name: 'CHECKOUT.LAST_NAME',
  billing_address1: 'CHECKOUT.ADDRESS1',
  billing_address2: 'CHECKOUT.ADDRESS2',
  billing_city: 'CHECKOUT.CITY',
  billing_country: 'CHECKOUT.COUNTRY',
  billing_state: 'CHECKOUT.STATE',
  billing_zip: 'CHECKOUT.ZIP',
  email: 'CHECKOUT.EMAIL',
  phone_no: 'CHECKOUT.PHONE',
  phone_country: 'CHECKOUT.PHONE_COUNTRY',
  terms_1: 'CHECKOUT.TERMS_1',
  terms_2: 'CHECKOUT.TERMS_2',
  terms_3: 'CHECKOUT.TERMS_3',
  terms_4: 'CHECKOUT.TERMS_4',
};

/** The form as it opens: what the server keeps of it (a reload), never a card number (docs/decisions/0003). */
export function initialValues(fields: FormFields): CheckoutValues {
  return {
    credit_card: '',
    credit_card_cvc: '',
    credit_card_month: '',
    credit_card_year: '',
    billing_first_name: fields.billing_first_name,
    billing_last_name: fields.billing_last_name,
    billing_address1: fields.billing_address1,
    billing_address2: fields.billing_address2,
    billing_city: fields.billing_city,
    billing_country: fields.billing_country || 'US',
    billing_state: fields.billing_state,
    billing_zip: fields.billing_zip,
    email: fields.email,
    phone_no: fields.phone_no,
    phone_country: fields.phone_country || 'US',
    terms_1: fields.terms_1,
    terms_2: fields.terms_2,
    terms_3: fields.terms_3,
    terms_4: fields.terms_4,
    [SAVED_CVC_FIELD]: '',
    [PAM_ACK_FIELD]: false,
  };
}

const AUTOSAVED: ReadonlySet<string> = new Set(CHECKOUT_CHANGE_KEYS);

/** The fields the wizard autosaves as they are typed (§4); card fields and codes never. */
export function isAutosaved(name: string): name is CheckoutChangeKey {
  return AUTOSAVED.has(name);
}

/** Who the deposit is for, as the checkout names them: the phone (§2 dest) or the person's name. */
export function recipientName(fields: FormFields): string {
  return fields.deposit_type === 'dest'
    ? phoneLabel(fields.deposit_phone_no, fields.deposit_phone_no_label)
    : `${fields.deposit_inmate_first_name} ${fields.deposit_inmate_last_name}`.trim();
}
