// Small pure helpers over form fields and field errors, shared by the machines.
import type { FieldErrors } from '../contract/entities.ts';

/** The entries of `source` named in `keys` (absent ones are left out). */
export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    if (key in source) out[key] = source[key];
  }
  return out;
}

/** `errors` without the entries named in `keys` (§5: server-side errors clear on edit). */
export function withoutErrors(errors: FieldErrors, keys: readonly string[]): FieldErrors {
  const out: Record<string, string | undefined> = { ...errors };
  for (const key of keys) delete out[key];
  return out as FieldErrors;
}

export function hasEntries(x: object): boolean {
  return Object.keys(x).length > 0;
}

/** §8: error text uppercased, spaces to underscores ('card declined' -> 'CARD_DECLINED'). */
export function normaliseCode(text: string): string {
  return text.trim().toUpperCase().replace(/\s+/g, '_');
}

/**
 * The i18n key a checkout error answer is shown with: 'ERROR.' + the normalised code, or
 * ERROR.DEPOSIT_ERROR when there is no text (§8 default). The machine cannot see the
 * translations: §8 "if no translation, GENERIC_DEPOSIT_FAILED" is applied at render time with
 * contract `checkoutErrorKey`.
 */
export function checkoutErrorKeyOf(text: string | null | undefined): string {
  const code = text ? normaliseCode(text) : '';
  return code ? `ERROR.${code}` : 'ERROR.DEPOSIT_ERROR';
}

/** §8 warnings: 'ERROR.' + the normalised code, default ERROR.DEPOSIT_WARNING (translated at render). */
export function checkoutWarningKeyOf(text: string | null | undefined): string {
  const code = text ? normaliseCode(text) : '';
  return code ? `ERROR.${code}` : 'ERROR.DEPOSIT_WARNING';
}
