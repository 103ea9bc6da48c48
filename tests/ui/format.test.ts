// contract/format.ts: the one place money and times are written for people (decision 0040).
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatDate,
  formatMoney,
  formatSum,
  formatTime,
  timeZoneOf,
  toCents,
} from '../../contract/format.ts';

describe('money', () => {
  it('writes integer cents with Intl in the payer\u2019s language', () => {
    expect(formatCents(123450, 'en')).toBe('$1,234.50');
    expect(formatCents(2500, 'es')).toMatch(/25[.,]00/);
    expect(formatMoney(25, 'en')).toBe('$25.00');
    expect(formatMoney(null, 'en')).toBe('$0.00');
  });

  it('adds wire amounts in cents, never in floating dollars', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(formatSum([0.1, 0.2], 'en')).toBe('$0.30');
    expect(formatSum([2.95, 0.3], 'en')).toBe('$3.25');
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(-4.35)).toBe(-435);
  });
});

describe('dates and times', () => {
  // 03:30 on March 1st in UTC is still February 28th in Texas, and in Arizona.
  const nearMidnight = '2026-03-01T03:30:00.000Z';

  it('shows a moment on the calendar of the facility\u2019s state', () => {
    expect(timeZoneOf({ state: 'TX' })).toBe('America/Chicago');
    expect(timeZoneOf({ state: 'ON', country: 'CA' })).toBe('America/Toronto');
    expect(formatDate(nearMidnight, { state: 'TX', country: 'US' })).toBe('02/28/2026');
    expect(formatDate(nearMidnight, { state: 'AZ' })).toBe('02/28/2026');
    expect(formatTime(nearMidnight, 'en', { state: 'TX' })).toMatch(/^9:30\sPM$/);
  });

  it('shows a calendar date as written, whatever the zone', () => {
    expect(formatDate('1990-01-31')).toBe('01/31/1990');
    expect(formatDate('1990-01-31', { state: 'HI' })).toBe('01/31/1990');
  });

  it('shows nothing for no date, and an unknown place in the reader\u2019s zone', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatTime(null, 'en')).toBe('');
    expect(timeZoneOf({ state: '' })).toBeUndefined();
    expect(timeZoneOf({ state: 'ZZ' })).toBeUndefined();
    expect(formatDate(nearMidnight, { state: 'ZZ' })).toMatch(/^\d{2}\/\d{2}\/2026$/);
  });
});
