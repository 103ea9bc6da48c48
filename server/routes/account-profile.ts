// Update profile and the account notification status (contract/profile.ts). Every route answers 401 to
// a guest and reads or changes only the signed-in payer's own row.
import type { FastifyInstance } from 'fastify';
import {
  PROFILE_PATHS,
  notificationStatusSchema,
  profileSchema,
  type NotificationStatus,
  type Profile,
} from '../../contract/profile.ts';
import type { Deps } from '../deps.ts';
import { setNotificationChoice, updateProfile } from '../domain/account-changes.ts';
import { badRequest, validate } from '../http.ts';
import type { UserRow } from '../repo/users.ts';
import { signedInGuard } from '../signed-in.ts';
import { NO_QUERY, routeSchema } from '../api-schemas.ts';

function profileOf(u: UserRow): Profile {
  return { first_name: u.first_name, last_name: u.last_name, phone: u.phone, email: u.email };
}

export async function accountProfileRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  const { store, repos, now } = deps;
  const guard = signedInGuard(deps);
  app.addHook('onRequest', guard.onRequest);

  const status = async (userId: string): Promise<NotificationStatus> => {
    const choice = await repos.accountProfile.notifications(userId);
    return { notificationNeedsExecuted: choice === null, sms: choice?.sms ?? false, email: choice?.email ?? false };
  };

  app.get(
    PROFILE_PATHS.profile,
    {
      schema: routeSchema({ summary: "The payer's profile", tags: ['Account'], query: NO_QUERY, response: 'Profile' }),
    },
    async (request) => profileOf(guard.user(request)),
  );

  app.post(
    PROFILE_PATHS.profile,
    {
      schema: routeSchema({
        summary: "Saves the payer's profile",
        tags: ['Account'],
        body: 'ProfileRequest',
        response: 'Profile',
      }),
    },
    async (request, reply) => {
      const body = validate(profileSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      await updateProfile(store, user.id, body.value);
      return profileOf((await repos.users.findById(user.id)) ?? user);
    },
  );

  app.post(
    PROFILE_PATHS.notificationStatus,
    {
      schema: routeSchema({
        summary: "The payer's notification choices",
        body: 'EmptyRequest',
        tags: ['Account'],
        response: 'NotificationStatus',
      }),
    },
    async (request) => status(guard.user(request).id),
  );

  app.post(
    PROFILE_PATHS.updateNotificationStatus,
    {
      schema: routeSchema({
        summary: "Saves the payer's notification choices",
        tags: ['Account'],
        body: 'NotificationStatusRequest',
        response: 'NotificationStatus',
      }),
    },
    async (request, reply) => {
      const body = validate(notificationStatusSchema, request.body);
      if (!body.ok) return badRequest(reply, body.errors);
      const user = guard.user(request);
      await setNotificationChoice(store, user.id, body.value, now());
      return status(user.id);
    },
  );
}
