// The checkout form's field layer (docs/decisions/0041), on the field layer every form shares
// (src/components/use-machine-form.ts): Formik owns what the payer types; the checkout machine receives
// the values, valid, with the submit, and owns the flow. The form tells the machine what changed without
// the card's values (the autosaved fields go to the wizard's autosave, §4), so the server's errors on a
// field go as soon as it is edited (§5).
import type { FieldErrors, FormFields } from '../../../contract/entities.ts';
import { type CheckoutFormMode, checkoutFormSchema } from '../../../contract/schemas.ts';
import type { CheckoutValues } from '../../../machines/checkout.types.ts';
import { focusErrorSummary } from '../../components/error-summary.tsx';
import { type MachineForm, useMachineForm } from '../../components/use-machine-form.ts';
import type { CheckoutRef } from '../../machine-refs.ts';
import { CHECKOUT_LABELS, initialValues, isAutosaved } from './checkout-fields.ts';

export type CheckoutForm = MachineForm<CheckoutValues>;

export function useCheckoutForm(
  checkout: CheckoutRef,
  fields: FormFields,
  machineErrors: FieldErrors,
  mode: CheckoutFormMode,
): CheckoutForm {
  return useMachineForm<CheckoutValues>({
    initialValues: initialValues(fields),
    schema: checkoutFormSchema(mode),
    labels: CHECKOUT_LABELS,
    serverErrors: machineErrors,
    onEdit: (name, value) => {
      if (isAutosaved(name)) checkout.send({ type: 'checkout.change', fields: { [name]: value } });
      else checkout.send({ type: 'checkout.edited', names: [name] });
    },
    onInvalid: () => checkout.send({ type: 'checkout.invalid' }),
    onSubmit: (values) => {
      checkout.send({ type: 'checkout.submit', values });
      if (checkout.getSnapshot().context.showErrors) focusErrorSummary();
    },
  });
}
