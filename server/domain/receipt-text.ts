// The receipt as one short text message (§2 receipt, SMS receipt modal), with where the deposit is
// (docs/decisions/0048); every word from locales/ (RECEIPT_TEXT, DEPOSIT_STATUS).
import type { DepositStatusInfo } from '../../contract/deposit-status.ts';
import type { ReceiptInfo } from '../../contract/entities.ts';
import { type Place, formatDate, formatMoney } from '../../contract/format.ts';
import { type TextLocale, serverText } from '../texts.ts';

const p2 = (n: number) => String(n).padStart(2, '0');

/** MM/dd/yyyy HH:mm UTC: a status time, named with its zone. */
export function time(iso: string): string {
  const d = new Date(iso);
  return `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())} UTC`;
}

function statusSentence(s: DepositStatusInfo, locale: TextLocale): string {
  const reason = serverText(
    locale,
    s.refusal_reason === 'released' ? 'DEPOSIT_STATUS.REASON_RELEASED' : 'DEPOSIT_STATUS.REASON_UNKNOWN',
  );
  switch (s.status) {
    case 'posted':
      return serverText(locale, 'RECEIPT_TEXT.STATUS_POSTED', { time: time(s.posted_at ?? s.submitted_at) });
    case 'refused':
      // docs/decisions/0049: a held deposit's refusal releases the hold; money taken is refunded.
      return s.charged
        ? serverText(locale, 'RECEIPT_TEXT.STATUS_REFUSED', { reason, time: time(s.expected_at ?? s.submitted_at) })
        : serverText(locale, 'RECEIPT_TEXT.STATUS_REFUSED_RELEASED', {
            reason,
            time: time(s.refused_at ?? s.submitted_at),
          });
    case 'cancelled':
      return serverText(locale, 'RECEIPT_TEXT.STATUS_CANCELLED', { time: time(s.cancelled_at ?? s.submitted_at) });
    case 'refunded':
      return serverText(locale, 'RECEIPT_TEXT.STATUS_REFUNDED', {
        reason,
        time: time(s.refunded_at ?? s.submitted_at),
      });
    default:
      return serverText(locale, 'RECEIPT_TEXT.STATUS_SUBMITTED', { time: time(s.expected_at ?? s.submitted_at) });
  }
}

/**
 * The receipt as one short text; the recipient is the person or, for a phone account, the number. Money
 * and the deposit's date as the receipt page writes them (contract/format.ts): the date on the calendar
 * of the facility (`place`), so the page and the text name the same day.
 */
export function receiptText(
  r: ReceiptInfo,
  status: DepositStatusInfo,
  locale: TextLocale,
  enroll: boolean,
  place: Place,
): string {
  const person = `${r.recipient_first_name ?? ''} ${r.recipient_last_name ?? ''}`.trim();
  const who = r.deposit_type === 'dest' ? (r.deposit_phone_no_label ?? r.deposit_phone_no ?? '') : person;
  const parts = [
    serverText(locale, 'RECEIPT_TEXT.BODY', {
      order: r.order_number,
      date: formatDate(r.deposit_time, place),
      amount: formatMoney(r.amount, locale),
      who,
      facility: r.facility_label,
      total: formatMoney(r.total, locale),
    }),
    statusSentence(status, locale),
  ];
  if (enroll) parts.push(serverText(locale, 'RECEIPT_TEXT.ENROLL'));
  return parts.join(' ');
}
