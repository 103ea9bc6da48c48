// Sign-in (§7 POST /auth/login, §8 ERROR_LOGIN and ERROR_LOGIN_CREDENTIALS) with a lockout: after
// LOGIN_MAX_FAILURES failures for one email, or from one session, within LOGIN_WINDOW_MINUTES,
// further attempts are refused without checking the password until the oldest failure leaves the
// window. An unknown email and a wrong password look the same, in the answer and in its timing.
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '../../contract/accounts.ts';
import type { Repos } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { minutesBefore } from './dates.ts';
import { verifyNothing, verifySecret } from './passwords.ts';

export type LoginOutcome = { kind: 'ok'; user: UserRow } | { kind: 'locked' } | { kind: 'bad_credentials' };

export function isLocked(repos: Repos, email: string, sessionId: string, now: Date): boolean {
  const since = minutesBefore(now, LOGIN_WINDOW_MINUTES);
  return (
    repos.users.failuresSince({ email }, since) >= LOGIN_MAX_FAILURES ||
    repos.users.failuresSince({ sessionId }, since) >= LOGIN_MAX_FAILURES
  );
}

/**
 * Checks email (lower-cased) and password. The attempt is recorded as a failure before the slow
 * password check and withdrawn only on success, so attempts running at the same time cannot get
 * past the limit together.
 */
export async function attemptLogin(
  repos: Repos,
  email: string,
  password: string,
  sessionId: string,
  now: Date,
): Promise<LoginOutcome> {
  repos.users.purgeFailures(minutesBefore(now, LOGIN_WINDOW_MINUTES));
  if (isLocked(repos, email, sessionId, now)) return { kind: 'locked' };
  const attempt = repos.users.addFailure(email, sessionId, now.toISOString());
  const user = repos.users.findByEmail(email);
  const ok = user ? await verifySecret(password, user.password_hash) : await verifyNothing(password);
  if (!user || !ok) return { kind: 'bad_credentials' };
  repos.users.removeFailure(attempt);
  repos.users.clearFailures(email);
  return { kind: 'ok', user };
}
