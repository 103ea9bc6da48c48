// What the stories' play functions check: that the screen shows the state the story names, in the
// story's language.
import { formatMoney, formatShare, toCents } from '../../contract/format.ts';
import { i18n, isLocale } from '../../src/i18n.ts';

/** The text of an i18n key in the story's language. */
export function t(key: string, values: Record<string, unknown> = {}): string {
  return i18n.t(key, values);
}

/** An amount as the screens show it in the story's language. */
export function money(amount: number): string {
  return formatMoney(amount, isLocale(i18n.language) ? i18n.language : 'en');
}

/** A fee as a share of its amount, as the screens write it in the story's language ('20%'). */
export function share(fee: number, amount: number): string {
  return formatShare(toCents(fee), toCents(amount), isLocale(i18n.language) ? i18n.language : 'en');
}

/** A fee in plain words beside its amount ('Fee $4.95, 20% of $25.00', docs/decisions/0052). */
export function feeShare(fee: number, amount: number): string {
  return t('CHECKOUT.FEE_SHARE', { fee: money(fee), share: share(fee, amount), amount: money(amount) });
}

/** The values of a select's options, placeholder left out. */
export function optionValues(select: HTMLElement): string[] {
  return [...(select as HTMLSelectElement).options].map((o) => o.value).filter(Boolean);
}
