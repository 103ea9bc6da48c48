// Update profile (§2 "also: update profile"; §3 the payer's names and phone) and the account notification
// status (§7 POST /pay/get_account_notification_status and /pay/update_account_notification_status,
// notificationNeedsExecuted). Signed in only: 401 for a guest; a payer only ever reads and changes their
// own.
import * as yup from 'yup';
import { MSG, nameSchema } from './schemas.ts';
import { payerPhoneError } from './phone.ts';
export { PROFILE_PATHS } from './profile-base.ts';

export interface Profile {
  first_name: string;
  last_name: string;
  phone: string;
  /** Shown, not changed here. */
  email: string;
}
export type ProfileRequest = Omit<Profile, 'email'>;

export interface NotificationStatus {
  /** The payer has not chosen yet how to be notified. */
  notificationNeedsExecuted: boolean;
  sms: boolean;
  email: boolean;
}
export type NotificationStatusRequest = Pick<NotificationStatus, 'sms' | 'email'>;

/** §5: names of letters, hyphens and spaces (2 at least); a valid phone number, masks allowed. */
export const profileSchema = yup.object({
  first_name: nameSchema.max(60, MSG.tooMany),
  last_name: nameSchema.max(60, MSG.tooMany),
  // The profile names no country: a US number, or any country's written with its + code.
  phone: yup
    .string()
    .trim()
    .required(MSG.required)
    .test('phone', MSG.phoneCountry, function (v) {
      const e = payerPhoneError(v ?? '');
      return e === null ? true : this.createError({ message: e });
    }),
});

export const notificationStatusSchema = yup.object({
  sms: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required),
  email: yup.boolean().strict().typeError(MSG.invalid).required(MSG.required),
});
