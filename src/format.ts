// Display helpers of the app's own (money and times: contract/format.ts).
import type { TFunction } from 'i18next';
import type { RecurringInterval } from '../contract/entities.ts';
import { formatPhone as formatContractPhone } from '../contract/phone.ts';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
};

/** A card brand as printed on cards ('visa' -> 'Visa'); an unknown brand as given. */
export function brandName(brand: string): string {
  return BRANDS[brand.toLowerCase()] ?? brand;
}

/** The last four digits of a masked card ('**** **** **** 1111' -> '1111'). */
export function lastFour(display: string): string {
  return display.replace(/\D/g, '').slice(-4);
}

/**
 * A phone account's number for display (contract/phone.ts): a North American number (US and Canada,
 * §9) as (512) 555-0101; any other valid number with its country code; anything else as stored.
 */
export function formatPhone(phone: string): string {
  return formatContractPhone(phone);
}

/** A phone account as the payer named it, with its number: 'Mom, (512) 555-0101', or the number alone. */
export function phoneLabel(phone: string, label: string): string {
  const number = formatPhone(phone);
  return label && label !== number ? `${label}, ${number}` : number;
}

/**
 * §4/§9 the schedule in words: monthly on a day 1-28 ("Every month on day 15"), weekly on a day of the
 * week 0-6 ("Every week on Friday"), bi-weekly on the 1st and the 15th (pam).
 */
export function scheduleText(t: TFunction, interval: RecurringInterval, day: number): string {
  if (interval === 'weekly') return t('RECURRING.WEEKLY', { day: t(`RECURRING.WEEKDAY_${day}`) });
  if (interval === 'biweekly') return t('RECURRING.BIWEEKLY');
  return t('RECURRING.MONTHLY', { day });
}
