// Display helpers of the app's own (money and times: contract/format.ts).
import type { TFunction } from 'i18next';
import type { RecurringInterval } from '../contract/accounts.ts';

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
 * A phone account's number for display: a North American number (US and Canada, §9) as
 * (512) 555-0101; any other number as stored.
 */
export function formatPhone(phone: string): string {
  if (!/^\+?[\d\s().-]+$/.test(phone)) return phone;
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (national.length !== 10) return phone;
  return `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
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
