// The receipt's text message (§2 receipt: the SMS receipt modal, US billing only; §7 POST /pay/sms_send
// {phone_no, receipt, enroll}). The server writes the text from the deposit it processed for this
// session, never from what the client sends; texts go to the outbox (architecture).
import * as yup from 'yup';
import { MSG } from './schemas.ts';
import { phoneError, phoneNumberFor } from './phone.ts';
export { SMS_SEND_PATH } from './receipt-base.ts';

export interface SmsSendRequest {
  /** §5: at least 10 digits; the US mask '(###) ###-####' is accepted. */
  phone_no: string;
  /** The deposit_id of the receipt shown; it must be this session's last deposit. */
  receipt: string;
  /** Opt in to text receipts for later deposits to this number. */
  enroll: boolean;
}

export interface SmsSendResponse {
  success: boolean;
  /** The text had been sent for this receipt already: no second message. */
  already_sent: boolean;
}

/** Field errors beyond §5's generic ones (ERROR.<code> in locales). */
export const SMS_ERRORS = {
  /** The session has no processed deposit, or another one than `receipt`. */
  noReceipt: 'ERROR.NO_RECEIPT',
  /** §2: the text receipt is for US billing addresses only. */
  usOnly: 'ERROR.SMS_US_ONLY',
} as const;

/** §5: the SMS receipt goes to a US number (the phone rule of contract/phone.ts, for the US). */
export const smsSendSchema = yup.object({
  phone_no: yup
    .string()
    .required(MSG.required)
    .test('us-phone', MSG.phoneCountry, function (v) {
      const e = phoneError(v ?? '', 'US');
      return e === null ? true : this.createError({ message: e });
    }),
  receipt: yup.string().trim().required(MSG.required).max(64, MSG.tooMany),
  enroll: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required),
});

/** The 10 digits of a US number (a leading 1 dropped). */
export function usDigits(phone: string): string {
  const n = phoneNumberFor(phone, 'US');
  if (n) return n.nationalNumber;
  const d = phone.replace(/\D/g, '');
  return d.length === 11 && d.startsWith('1') ? d.slice(1) : d;
}
