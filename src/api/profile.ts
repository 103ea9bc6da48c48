// Update profile and the account notification status (contract/profile.ts).
import { PROFILE_PATHS } from '../../contract/profile-base.ts';
import type { NotificationStatus, NotificationStatusRequest, Profile, ProfileRequest } from '../../contract/profile.ts';
import type { ApiClient } from './client.ts';

export async function loadProfile(api: ApiClient): Promise<{ profile: Profile; notifications: NotificationStatus }> {
  const [profile, notifications] = await Promise.all([
    api.get<Profile>(PROFILE_PATHS.profile),
    api.post<NotificationStatus>(PROFILE_PATHS.notificationStatus, {}),
  ]);
  return { profile, notifications };
}

/** The names and phone first (their field errors stop here), then the notification choice. */
export async function saveProfile(
  api: ApiClient,
  input: { profile: ProfileRequest; notifications: NotificationStatusRequest },
): Promise<{ profile: Profile; notifications: NotificationStatus }> {
  const profile = await api.post<Profile>(PROFILE_PATHS.profile, input.profile);
  const notifications = await api.post<NotificationStatus>(PROFILE_PATHS.updateNotificationStatus, input.notifications);
  return { profile, notifications };
}
