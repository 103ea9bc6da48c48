// The values a checkout form hands over with a submit (docs/decisions/0041), for the checkout's tests.
import type { FormFields } from '../../contract/entities.ts';
import type { CheckoutValues, SubmitInput } from '../../machines/checkout.types.ts';
import { RECIPIENT_FIELDS, VALID_BILLING, VALID_CARD } from '../../fixtures/samples.ts';

/** A guest's valid new-card checkout form. */
export const VALID_VALUES: CheckoutValues = {
  ...VALID_CARD,
  billing_first_name: '',
  billing_last_name: '',
  billing_address1: '',
  billing_address2: '',
  billing_city: '',
  billing_state: '',
  billing_zip: '',
  billing_country: 'US',
  email: '',
  phone_no: '',
  phone_country: 'US',
  terms_1: false,
  terms_2: false,
  terms_3: false,
  terms_4: false,
  ...(VALID_BILLING as Partial<CheckoutValues>),
  saved_card_cvc: '',
  fees_acknowledged: false,
};

/** The fields a submit of VALID_VALUES saves with a $25 amount (besides the card token). */
export const SUBMITTED_FIELDS: Partial<FormFields> = {
  deposit_amount: 25,
  deposit_amount_id: '25',
  ...VALID_BILLING,
  billing_address2: '',
  saved_card_id: null,
  recurring_type: '',
  recurring_increment: null,
  roundups: false,
  selected_roundup: null,
};

/** A new-card submission of a $25 deposit. */
export function submitInput(over: Partial<SubmitInput> = {}): SubmitInput {
  return {
    values: VALID_VALUES,
    fields: SUBMITTED_FIELDS,
    pam: null,
    current: { ...RECIPIENT_FIELDS, deposit_amount: 25, deposit_amount_id: '25' },
    ...over,
  };
}
