// How the product writes money and times for people: the app's screens and the server's texts (the
// SMS receipt, the payment endpoint's page) all format here, so a receipt reads the same on the page
// and in the text (docs/decisions/0040).
//
// - Money is integer cents until it is shown; the wire carries dollars with at most two decimals
//   (contract/entities.ts), which toCents turns into cents exactly. Intl writes the currency.
// - A time is shown in the time zone of the facility it belongs to, named by the facility's state or
//   province; where no facility is known (a phone account's activity), in the reader's own zone.
// - A calendar date (a date of birth, YYYY-MM-DD) has no time zone: it is shown as written.
import type { Locale } from './entities.ts';

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', es: 'es-US' };

// ---------------------------------------------------------------- money

/** Dollars (at most two decimals, as the wire carries them) to integer cents; half away from zero. */
export function toCents(dollars: number): number {
  if (!Number.isFinite(dollars)) throw new RangeError('amount is not a finite number');
  return Math.round(Math.abs(dollars) * 100 + 1e-9) * Math.sign(dollars);
}

/** Integer cents to dollars for the wire. */
export function toDollars(cents: number): number {
  if (!Number.isInteger(cents)) throw new RangeError('cents must be an integer');
  return cents / 100;
}

const moneyFormats = new Map<Locale, Intl.NumberFormat>();

/** Integer cents as the payer reads them, in Intl's US-dollar format of their language ('$1,234.50'). */
export function formatCents(cents: number, locale: Locale): string {
  let format = moneyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'USD' });
    moneyFormats.set(locale, format);
  }
  return format.format(toDollars(Math.round(cents)));
}

/** An amount as the wire carries it (dollars); nothing known reads as $0.00. */
export function formatMoney(dollars: number | null | undefined, locale: Locale): string {
  return formatCents(typeof dollars === 'number' && Number.isFinite(dollars) ? toCents(dollars) : 0, locale);
}

/** Several wire amounts added in cents, as one figure ('fee and tax'). */
export function formatSum(dollars: readonly number[], locale: Locale): string {
  return formatCents(
    dollars.reduce((sum, d) => sum + (Number.isFinite(d) ? toCents(d) : 0), 0),
    locale,
  );
}

const shareFormats = new Map<string, Intl.NumberFormat>();

/**
 * A part of a whole, both in cents, as a share the payer reads ('20%' for a $4.95 fee on $25.00): to the
 * nearest whole percent, below 1% with one decimal so a fee never reads as 0%; '' without a whole
 * (docs/decisions/0052).
 */
export function formatShare(partCents: number, wholeCents: number, locale: Locale): string {
  if (!(wholeCents > 0) || !Number.isFinite(partCents)) return '';
  const share = partCents / wholeCents;
  const digits = share < 0.01 ? 1 : 0;
  const key = `${locale}:${digits}`;
  let format = shareFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'percent', maximumFractionDigits: digits });
    shareFormats.set(key, format);
  }
  return format.format(share);
}

// ---------------------------------------------------------------- time zones

/**
 * The zone of each US state and Canadian province; a state across two zones has the zone most of its
 * people live in (docs/decisions/0040).
 */
const ZONES: Record<string, string> = {
  'America/New_York':
    'US:CT US:DE US:DC US:FL US:GA US:IN US:KY US:ME US:MD US:MA US:MI US:NH US:NJ US:NY US:NC US:OH US:PA US:RI US:SC US:VT US:VA US:WV',
  'America/Chicago': 'US:AL US:AR US:IL US:IA US:KS US:LA US:MN US:MS US:MO US:NE US:ND US:OK US:SD US:TN US:TX US:WI',
  'America/Denver': 'US:CO US:ID US:MT US:NM US:UT US:WY',
  'America/Phoenix': 'US:AZ',
  'America/Los_Angeles': 'US:CA US:NV US:OR US:WA',
  'America/Anchorage': 'US:AK',
  'Pacific/Honolulu': 'US:HI',
  'America/Toronto': 'CA:ON CA:QC',
  'America/Halifax': 'CA:NB CA:NS CA:PE',
  'America/St_Johns': 'CA:NL',
  'America/Winnipeg': 'CA:MB',
  'America/Regina': 'CA:SK',
  'America/Edmonton': 'CA:AB CA:NT',
  'America/Vancouver': 'CA:BC',
  'America/Whitehorse': 'CA:YT',
  'America/Iqaluit': 'CA:NU',
};
const ZONE_OF = new Map(
  Object.entries(ZONES).flatMap(([zone, places]) => places.split(' ').map((place) => [place, zone] as const)),
);

/** A facility's place, as form state and facilities name it. */
export interface Place {
  state: string;
  country?: string | undefined;
}

/** The time zone times at `place` are shown in; undefined (the reader's own zone) when it is not known. */
export function timeZoneOf(place: Place | null | undefined): string | undefined {
  if (!place?.state) return undefined;
  return ZONE_OF.get(`${place.country || 'US'}:${place.state.toUpperCase()}`);
}

// ---------------------------------------------------------------- dates and times

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function instant(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * §2 receipt date MM/dd/yyyy. A calendar date as written; a moment (ISO 8601 with a time) on the
 * calendar of `place` (see timeZoneOf). '' when there is nothing to show.
 */
export function formatDate(iso: string | null | undefined, place?: Place | null): string {
  const calendar = iso ? CALENDAR_DATE.exec(iso) : null;
  if (calendar) return `${calendar[2]}/${calendar[3]}/${calendar[1]}`;
  const d = instant(iso);
  if (!d) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timeZoneOf(place),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')}`;
}

/** The time of day of a moment, on the clock of `place` ('3:05 PM'). */
export function formatTime(iso: string | null | undefined, locale: Locale, place?: Place | null): string {
  const d = instant(iso);
  if (!d) return '';
  return d.toLocaleTimeString(INTL_LOCALE[locale], { hour: 'numeric', minute: '2-digit', timeZone: timeZoneOf(place) });
}

// ---------------------------------------------------------------- words in sentences

/**
 * A sentence that ends with an abbreviation ends with the abbreviation's own period (RAE; English style
 * alike): a time written '3:45 p.m.' at the end of a sentence gets no second period ('a las 3:45 p.m.',
 * not 'p.m..'). Applied to every text once its values are filled in (src/language.ts, server/texts.ts).
 */
export function closeSentences(text: string): string {
  return text.replace(/(\b[ap]\.\s?m\.)\./gi, '$1');
}

/**
 * A label (a facility's name for the people it holds, §1 inmate_label) inside a sentence: Spanish writes
 * common nouns in lower case there ('Busque al interno', not 'al Interno'). A word in capitals (an
 * acronym such as 'ICE') is kept as it is.
 */
export function inSentence(label: string, locale?: string): string {
  return label.replace(/[\p{L}\p{M}]+/gu, (word) =>
    word.length > 1 && word === word.toLocaleUpperCase(locale) ? word : word.toLocaleLowerCase(locale),
  );
}
