// Every form's field layer (docs/decisions/0041): Formik owns what the payer types (values, touched,
// validation with the contract's yup schema on blur, on submit, and as it is typed once a field shows
// its error); the form's machine receives the values, valid, with its submit event and owns the flow
// (saving, the server's answer, outcomes). No value is kept in both.
//
// The server's field errors come from the machine's answer: a field shows the server's message until it
// is edited, then its own schema's (§5: server-side errors clear on edit). A screen that must tell its
// machine about an edit (an autosaved field, §4) passes `onEdit`.
import { type FormikTouched, useFormik } from 'formik';
import { type FocusEvent, type FormEvent, useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import type { FieldErrors } from '../../contract/entities.ts';
import { ERROR_SUMMARY_ID } from './error-summary.tsx';

/** A form's values: text and checkboxes. */
export type FormValues<V> = { [K in keyof V]: string | boolean };

export interface MachineFormOptions<V extends FormValues<V>> {
  initialValues: V;
  /** The contract's schema for these values (or a function of them, for rules that depend on a choice). */
  schema: AnyObjectSchema;
  /** Field name -> label key (the fields' labels and the error summary's links). */
  labels: Readonly<Record<string, string>>;
  /** The machine's field errors (the server's answer), shown until the field is edited. */
  serverErrors?: FieldErrors | undefined;
  /** The values passed the schema: the screen sends them to its machine. */
  onSubmit: (values: V) => void;
  /** The schema found fields to correct (the screen may tell its machine, which may add its own). */
  onInvalid?: () => void;
  /**
   * Where focus goes after a refused submit. By default the error summary, or the first field to correct
   * when the screen shows none; a modal over a page that has one says where (its own field).
   */
  focusInvalid?: () => void;
  /** A field was edited (after the form took the value). */
  onEdit?: <K extends keyof V & string>(name: K, value: V[K]) => void;
}

export interface TextProps {
  name: string;
  labelKey: string;
  value: string;
  error: string | undefined;
  onValue: (v: string) => void;
  onBlur: (e: FocusEvent) => void;
}

export interface CheckProps {
  name: string;
  checked: boolean;
  error: string | undefined;
  onValue: (v: boolean) => void;
}

export interface MachineForm<V extends FormValues<V>> {
  values: V;
  /** The message a field shows: the server's until edited, else the form's once the field was left. */
  errorOf: (name: string) => string | undefined;
  set: <K extends keyof V & string>(name: K, value: V[K]) => void;
  /** Props of a TextField for a string field. */
  text: (name: keyof V & string) => TextProps;
  /** Props of a CheckboxField for a boolean field. */
  check: (name: keyof V & string) => CheckProps;
  /** The form's own errors since a submit was tried, for the error summary. */
  attemptErrors: FieldErrors;
  /** The server's errors not yet edited away, then the form's own since a submit: the error summary's list. */
  summaryErrors: FieldErrors;
  /** A submit was tried and found fields to correct. */
  invalid: boolean;
  submit: (e?: FormEvent) => void;
  /** Puts values in (a choice made elsewhere on the screen), without validating. */
  reset: (values: V) => void;
}

export function useMachineForm<V extends FormValues<V>>(options: MachineFormOptions<V>): MachineForm<V> {
  const { labels, serverErrors = {}, onSubmit, onInvalid, onEdit, focusInvalid } = options;
  const formik = useFormik<V>({
    initialValues: options.initialValues,
    validationSchema: options.schema,
    validateOnChange: false,
    validateOnBlur: true,
    onSubmit: () => undefined,
  });
  const [attempted, setAttempted] = useState(false);
  const [invalid, setInvalid] = useState(false);
  // Names edited since the machine's errors last changed: their server errors are no longer shown.
  const [edited, setEdited] = useState<{ of: FieldErrors; names: ReadonlySet<string> }>({
    of: serverErrors,
    names: new Set(),
  });
  const editedNames = edited.of === serverErrors ? edited.names : new Set<string>();
  const fromServer = (name: string): string | undefined =>
    editedNames.has(name) ? undefined : (serverErrors as Record<string, string | undefined>)[name];
  const own = (name: string): string | undefined => {
    const message = (formik.errors as Record<string, unknown>)[name];
    const touched = (formik.touched as Record<string, unknown>)[name];
    return touched && typeof message === 'string' ? message : undefined;
  };
  const errorOf = (name: string) => fromServer(name) ?? own(name);

  const set = <K extends keyof V & string>(name: K, value: V[K]) => {
    // A field checks itself when left; once it shows its own error, it is checked again as it is typed,
    // so the error goes as soon as the value is right.
    void formik.setFieldValue(name, value, own(name) !== undefined);
    // Several fields may be set in one handler (a country empties its number): each counts.
    setEdited((prev) => ({
      of: serverErrors,
      names: new Set([...(prev.of === serverErrors ? prev.names : []), name]),
    }));
    onEdit?.(name, value);
  };
  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    setAttempted(true);
    void formik.setTouched(
      Object.fromEntries(Object.keys(formik.values).map((k) => [k, true])) as FormikTouched<V>,
      false,
    );
    void formik.validateForm().then((found) => {
      const failed = Object.keys(found).length > 0;
      setInvalid(failed);
      if (failed) {
        onInvalid?.();
        if (focusInvalid) focusInvalid();
        else focusSummaryOrField(Object.keys(labels).find((name) => name in found) ?? Object.keys(found)[0]);
      } else {
        onSubmit(formik.values);
      }
    });
  };
  const attemptErrors = attempted ? (formik.errors as FieldErrors) : {};
  const summaryErrors: Record<string, string> = {};
  for (const name of new Set([...Object.keys(serverErrors), ...Object.keys(attemptErrors)])) {
    const message = attempted ? errorOf(name) : fromServer(name);
    if (message) summaryErrors[name] = message;
  }
  return {
    values: formik.values,
    errorOf,
    set,
    text: (name) => ({
      name,
      labelKey: labels[name] ?? name,
      value: String(formik.values[name] ?? ''),
      error: errorOf(name),
      onValue: (v: string) => set(name, v as V[typeof name]),
      onBlur: formik.handleBlur,
    }),
    check: (name) => ({
      name,
      checked: formik.values[name] === true,
      error: errorOf(name),
      onValue: (v: boolean) => set(name, v as V[typeof name]),
    }),
    attemptErrors,
    summaryErrors: summaryErrors as FieldErrors,
    invalid,
    submit,
    reset: (values) => void formik.setValues(values, false),
  };
}

/** After the render: the error summary if the screen shows one, else the field named. */
function focusSummaryOrField(name: string | undefined): void {
  requestAnimationFrame(() => {
    const summary = document.getElementById(ERROR_SUMMARY_ID);
    if (summary) summary.focus();
    else if (name) document.getElementById(`field-${name}`)?.focus();
  });
}
