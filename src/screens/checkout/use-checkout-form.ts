// The checkout form's field layer (docs/decisions/0041): Formik owns what the payer types (values,
// touched, blur validation with the contract's schemas); the checkout machine receives the values, valid,
// with the submit, and owns the flow. The form tells the machine what changed without the card's values
// (the autosaved fields go to the wizard's autosave, §4), so the server's errors on a field go as soon as
// it is edited (§5). A server error on a field wins over the form's own until then.
import { useFormik } from 'formik';
import { useState } from 'react';
import type { FieldErrors } from '../../../contract/entities.ts';
import { type CheckoutFormMode, checkoutFormSchema } from '../../../contract/schemas.ts';
import type { CheckoutValues } from '../../../machines/checkout.types.ts';
import { focusErrorSummary } from '../../components/error-summary.tsx';
import type { CheckoutRef } from '../../machine-refs.ts';
import { CHECKOUT_LABELS, initialValues, isAutosaved } from './checkout-fields.ts';
import type { FormFields } from '../../../contract/entities.ts';

export type CheckoutFieldName = keyof CheckoutValues;

export interface CheckoutForm {
  values: CheckoutValues;
  /** The message a field shows: the server's until edited, else the form's once the field was left. */
  errorOf: (name: string) => string | undefined;
  set: (name: CheckoutFieldName, value: string | boolean) => void;
  /** Props of a TextField for a string field. */
  text: (name: CheckoutFieldName) => {
    name: string;
    labelKey: string;
    value: string;
    error: string | undefined;
    onValue: (v: string) => void;
    onBlur: (e: React.FocusEvent) => void;
  };
  /** The form's own errors since a submit was tried, for the error summary. */
  attemptErrors: FieldErrors;
  submit: (e: React.FormEvent) => void;
}

export function useCheckoutForm(
  checkout: CheckoutRef,
  fields: FormFields,
  machineErrors: FieldErrors,
  mode: CheckoutFormMode,
): CheckoutForm {
  const formik = useFormik<CheckoutValues>({
    initialValues: initialValues(fields),
    validationSchema: checkoutFormSchema(mode),
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });
  const [attempted, setAttempted] = useState(false);
  const set = (name: CheckoutFieldName, value: string | boolean) => {
    void formik.setFieldValue(name, value, false);
    if (isAutosaved(name)) checkout.send({ type: 'checkout.change', fields: { [name]: value } });
    else checkout.send({ type: 'checkout.edited', names: [name] });
  };
  const errorOf = (name: string): string | undefined => {
    const fromServer = (machineErrors as Record<string, string | undefined>)[name];
    if (fromServer) return fromServer;
    const own = (formik.errors as Record<string, unknown>)[name];
    const touched = (formik.touched as Record<string, unknown>)[name];
    return touched && typeof own === 'string' ? own : undefined;
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setAttempted(true);
    void formik.setTouched(Object.fromEntries(Object.keys(formik.values).map((k) => [k, true])), false);
    void formik.validateForm().then((found) => {
      if (Object.keys(found).length > 0) {
        checkout.send({ type: 'checkout.invalid' });
        focusErrorSummary();
        return;
      }
      checkout.send({ type: 'checkout.submit', values: formik.values });
      if (checkout.getSnapshot().context.showErrors) focusErrorSummary();
    });
  };
  return {
    values: formik.values,
    errorOf,
    set,
    text: (name) => ({
      name,
      labelKey: CHECKOUT_LABELS[name] ?? name,
      value: String(formik.values[name] ?? ''),
      error: errorOf(name),
      onValue: (v: string) => set(name, v),
      onBlur: formik.handleBlur,
    }),
    attemptErrors: attempted ? (formik.errors as FieldErrors) : {},
    submit,
  };
}
