// Sign-in (§7 POST /auth/login, §8 ERROR_LOGIN and ERROR_LOGIN_CREDENTIALS) with a lockout: after
// LOGIN_MAX_FAILURES failures for one email, or from one session, within LOGIN_WINDOW_MINUTES,
// further attempts are refused without checking the password until the oldest failure leaves the
// window. An unknown email and a wrong password look the same, in the answer and in its timing.
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '../../contract/accounts.ts';
import type { Repos, Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { minutesBefore } from './dates.ts';
import { verifyNothing, verifySecret } from './passwords.ts';

export type LoginOutcome = { kind: 'ok'; user: UserRow } | { kind: 'locked' } | { kind: 'bad_credentials' };

export async function isLocked(repos: Repos, email: string, sessionId: string, now: Date): Promise<boolean> {
  const since = minutesBefore(now, LOGIN_WINDOW_MINUTES);
  return (
    (await repos.users.failuresSince({ email }, since)) >= LOGIN_MAX_FAILURES ||
    (await repos.users.failuresSince({ sessionId }, since)) >= LOGIN_MAX_FAILURES
  );
}

/**
 * Checks email (lower-cased) and password. The attempt is recorded as a failure before the slow
 * password check and withdrawn only on success; the lock check and that record are one transaction,
 * so attempts running at the same time cannot get past the limit together.
 */
export async function attemptLogin(
  store: Store,
  email: string,
  password: string,
  sessionId: string,
  now: Date,
): Promise<LoginOutcome> {
  const attempt = await store.transaction(async (repos) => {
    await repos.users.purgeFailures(minutesBefore(now, LOGIN_WINDOW_MINUTES));
    if (await isLocked(repos, email, sessionId, now)) return undefined;
    return repos.users.addFailure(email, sessionId, now.toISOString());
  });
  if (attempt === undefined) return { kind: 'locked' };
  const { repos } = store;
  const user = await repos.users.findByEmail(email);
  const ok = user ? await verifySecret(password, user.password_hash) : await verifyNothing(password);
  if (!user || !ok) return { kind: 'bad_credentials' };
  await repos.users.removeFailure(attempt);
  await repos.users.clearFailures(email);
  return { kind: 'ok', user };
}

/** A unique-key violation on users.email, as either engine reports it. */
function isEmailTaken(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const pg = err as Error & { code?: string; constraint?: string };
  return (
    /UNIQUE constraint failed: users\.email/.test(err.message) ||
    (pg.code === '23505' && pg.constraint === 'users_email_key')
  );
}

/**
 * §7 register: writes the new payer and makes the deposits this browser made as a guest theirs, in one
 * transaction; 'exists' when the email has an account (two registrations of one email at the same time:
 * the second finds the first's row).
 */
export async function registerAccount(store: Store, user: UserRow, sessionId: string): Promise<'created' | 'exists'> {
  try {
    return await store.transaction(async (repos) => {
      if (await repos.users.findByEmail(user.email)) return 'exists';
      await repos.users.insert(user);
      await repos.depositHistory.linkSessionDeposits(sessionId, user.id);
      return 'created';
    });
  } catch (err) {
    if (isEmailTaken(err)) return 'exists';
    throw err;
  }
}
