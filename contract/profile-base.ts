// What contract/profile.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/profile.ts re-exports them.

export const PROFILE_PATHS = {
  /** GET and POST. */
  profile: '/account/profile',
  /** POST (empty body). */
  notificationStatus: '/pay/get_account_notification_status',
  /** POST {sms, email}. */
  updateNotificationStatus: '/pay/update_account_notification_status',
} as const;
