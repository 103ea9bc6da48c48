// What the stories' play functions check: that the screen shows the state the story names, in the
// story's language.
import { formatMoney } from '../../contract/format.ts';
import { i18n, isLocale } from '../../src/i18n.ts';

/** The text of an i18n key in the story's language. */
export function t(key: string, values: Record<string, unknown> = {}): string {
  return i18n.t(key, values);
}

/** An amount as the screens show it in the story's language. */
export function money(amount: number): string {
  return formatMoney(amount, isLocale(i18n.language) ? i18n.language : 'en');
}

/** The values of a select's options, placeholder left out. */
export function optionValues(select: HTMLElement): string[] {
  return [...(select as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
}
