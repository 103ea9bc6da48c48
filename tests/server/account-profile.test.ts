// Update profile and the account notification status (contract/profile.ts): good input, bad input, a
// guest, and a payer who can only ever read and change their own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_PATHS, type NotificationStatus, type Profile } from '../../contract/profile.ts';
import { ANA, BEN, signedIn } from './account-helpers.ts';
import { type TestServer, newClient, startServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('profile', () => {
  it('reads and updates the payer’s own names and phone; the email stays', async () => {
    const ben = await signedIn(server.app, BEN);
    const before = await ben.get<Profile>(PROFILE_PATHS.profile);
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ email: 'ben@example.com' });
    const res = await ben.post<Profile>(PROFILE_PATHS.profile, {
      first_name: 'Benjamin',
      last_name: 'Carter-Ruiz',
      phone: '(713) 555-0199',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      first_name: 'Benjamin',
      last_name: 'Carter-Ruiz',
      phone: '(713) 555-0199',
      email: 'ben@example.com',
    });
    expect((await ben.get<Profile>(PROFILE_PATHS.profile)).body.first_name).toBe('Benjamin');
    // Another payer's profile is untouched.
    const ana = await signedIn(server.app, ANA);
    expect((await ana.get<Profile>(PROFILE_PATHS.profile)).body).toMatchObject({
      email: 'ana@example.com',
      first_name: 'Ana',
    });
  });

  it('refuses bad input with a field error per field, never a 500', async () => {
    const ben = await signedIn(server.app, BEN);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ first_name: '', last_name: 'Carter', phone: '7135550100' }, { first_name: 'VALIDATION.REQUIRED' }],
      [{ first_name: 'B', last_name: 'Carter', phone: '7135550100' }, { first_name: 'VALIDATION.KEEP_TYPING' }],
      [{ first_name: 'Ben', last_name: 'C4rter', phone: '7135550100' }, { last_name: 'VALIDATION.INVALID_ENTRY' }],
      [{ first_name: 'Ben', last_name: 'Carter', phone: '555' }, { phone: 'VALIDATION.KEEP_TYPING' }],
      // §5 one phone rule (contract/phone.ts): no US area code starts with 5-5-5.
      [
        { first_name: 'Ben', last_name: 'Carter', phone: '555 123 4567' },
        { phone: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' },
      ],
      [{ first_name: { x: 1 }, last_name: 'Carter', phone: '7135550100' }, { first_name: 'VALIDATION.INVALID_ENTRY' }],
    ];
    for (const [body, errors] of cases) {
      const res = await ben.post(PROFILE_PATHS.profile, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ errors });
    }
  });

  it('answers 401 to a guest', async () => {
    const guest = await newClient(server.app);
    await guest.start();
    expect((await guest.get(PROFILE_PATHS.profile)).status).toBe(401);
    expect((await guest.post(PROFILE_PATHS.profile, { first_name: 'X' })).status).toBe(401);
    expect((await guest.post(PROFILE_PATHS.notificationStatus, {})).status).toBe(401);
    expect((await guest.post(PROFILE_PATHS.updateNotificationStatus, { sms: true, email: true })).status).toBe(401);
  });
});

describe('account notification status', () => {
  it('needs a choice until the payer makes one; each payer has their own', async () => {
    const ana = await signedIn(server.app, ANA);
    const ben = await signedIn(server.app, BEN);
    expect((await ana.post<NotificationStatus>(PROFILE_PATHS.notificationStatus, {})).body).toEqual({
      notificationNeedsExecuted: true,
      sms: false,
      email: false,
    });
    const set = await ana.post<NotificationStatus>(PROFILE_PATHS.updateNotificationStatus, { sms: true, email: false });
    expect(set.body).toEqual({ notificationNeedsExecuted: false, sms: true, email: false });
    expect((await ana.post<NotificationStatus>(PROFILE_PATHS.notificationStatus, {})).body.sms).toBe(true);
    expect((await ben.post<NotificationStatus>(PROFILE_PATHS.notificationStatus, {})).body).toMatchObject({
      notificationNeedsExecuted: true,
    });
  });

  it('refuses a choice that is not two booleans', async () => {
    const ben = await signedIn(server.app, BEN);
    // The route's schema answers the first problem of a body (docs/decisions/0055).
    const wrong = await ben.post(PROFILE_PATHS.updateNotificationStatus, { sms: 'yes', email: true });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: { sms: 'VALIDATION.INVALID_ENTRY' } });
    const missing = await ben.post(PROFILE_PATHS.updateNotificationStatus, { sms: true });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ errors: { email: 'VALIDATION.REQUIRED' } });
  });
});
