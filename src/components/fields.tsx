// Labelled form controls. §5: a field error shows on the label as "label - message".
import type { ChangeEvent, FocusEvent, InputHTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface BaseProps {
  name: string;
  labelKey: string;
  error?: string | null | undefined;
  hintKey?: string;
}

function Label({ name, labelKey, error }: BaseProps) {
  const { t } = useTranslation();
  return (
    <label htmlFor={`field-${name}`} className={error ? 'label label--error' : 'label'}>
      {t(labelKey)}
      {error ? <span className="label__error"> - {t(error)}</span> : null}
    </label>
  );
}

export function TextField({
  name,
  labelKey,
  error,
  hintKey,
  value,
  onValue,
  ...rest
}: BaseProps & { value: string; onValue: (v: string) => void } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'onChange' | 'name'
  >) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <Label name={name} labelKey={labelKey} error={error} />
      {hintKey ? (
        <p className="hint" id={`hint-${name}`}>
          {t(hintKey)}
        </p>
      ) : null}
      <input
        id={`field-${name}`}
        name={name}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintKey ? `hint-${name}` : undefined}
        onChange={(e: ChangeEvent<HTMLInputElement>) => onValue(e.target.value)}
        {...rest}
      />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField({
  name,
  labelKey,
  error,
  value,
  options,
  placeholderKey,
  onValue,
  onBlur,
  disabled,
  autoComplete,
}: BaseProps & {
  value: string;
  options: Option[];
  placeholderKey?: string;
  onValue: (v: string) => void;
  /** A form's field layer checks the choice when the field is left. */
  onBlur?: (e: FocusEvent<HTMLSelectElement>) => void;
  disabled?: boolean;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="field">
      <Label name={name} labelKey={labelKey} error={error} />
      <select
        id={`field-${name}`}
        name={name}
        value={value}
        disabled={disabled}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onValue(e.target.value)}
        onBlur={onBlur}
      >
        {placeholderKey ? <option value="">{t(placeholderKey)}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField({
  name,
  children,
  error,
  checked,
  onValue,
}: {
  name: string;
  children: ReactNode;
  error?: string | null | undefined;
  checked: boolean;
  onValue: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className={error ? 'checkbox checkbox--error' : 'checkbox'}>
      <input
        type="checkbox"
        id={`field-${name}`}
        name={name}
        checked={checked}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onValue(e.target.checked)}
      />
      <label htmlFor={`field-${name}`}>
        {children}
        {error ? <span className="label__error"> - {t(error)}</span> : null}
      </label>
    </div>
  );
}

/** A form's submit button: while its call is under way it says so and cannot be pressed again. */
export function SubmitButton({ busy, labelKey }: { busy: boolean; labelKey: string }) {
  const { t } = useTranslation();
  return (
    <button type="submit" className="button" disabled={busy} aria-busy={busy || undefined}>
      {busy ? t('WIZARD.PLEASE_WAIT') : t(labelKey)}
    </button>
  );
}
