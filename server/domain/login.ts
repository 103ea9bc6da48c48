// Sign-in (§7 POST /auth/login, §8 ERROR_LOGIN and ERROR_LOGIN_CREDENTIALS) with a delay instead of a
// lockout (docs/decisions/0039): after LOGIN_FREE_FAILURES failures of one account from one client (an
// address, or an IPv6 /64: server/limits.ts clientAddress) within LOGIN_WINDOW_MINUTES, each further
// attempt from that client must wait 1, 2, 4... seconds (at most LOGIN_MAX_DELAY_SECONDS) after its
// latest failure; an attempt that comes sooner is refused without checking the password. A stranger's
// failures slow the stranger only: the owner, from another address, signs in at once. Attempts from
// one address, whatever the account, are limited by server/limits.ts. An unknown email and a wrong
// password look the same, in the answer and in its timing.
import { LOGIN_WINDOW_MINUTES, loginDelaySeconds } from '../../contract/accounts.ts';
import type { Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { minutesBefore } from './dates.ts';
import { verifyNothing, verifySecret } from './passwords.ts';

export type LoginOutcome =
  { kind: 'ok'; user: UserRow } | { kind: 'wait'; seconds: number } | { kind: 'bad_credentials' };

/**
 * Checks email (lower-cased) and password. The attempt is recorded as a failure before the slow
 * password check and withdrawn only on success; the delay check and that record are one transaction,
 * so attempts running at the same time cannot get past the delay together.
 */
export async function attemptLogin(
  store: Store,
  email: string,
  password: string,
  client: { address: string; sessionId: string },
  now: Date,
): Promise<LoginOutcome> {
  const attempt = await store.transaction(async (repos): Promise<{ wait: number } | { id: number }> => {
    const since = minutesBefore(now, LOGIN_WINDOW_MINUTES);
    await repos.users.purgeFailures(since);
    const { count, latest } = await repos.users.recentFailures(email, client.address, since);
    const waitMs = latest ? loginDelaySeconds(count) * 1000 - (now.getTime() - Date.parse(latest)) : 0;
    if (waitMs > 0) return { wait: waitMs / 1000 };
    return { id: await repos.users.addFailure(email, client.address, client.sessionId, now.toISOString()) };
  });
  if ('wait' in attempt) return { kind: 'wait', seconds: attempt.wait };
  const { repos } = store;
  const user = await repos.users.findByEmail(email);
  const ok = user ? await verifySecret(password, user.password_hash) : await verifyNothing(password);
  if (!user || !ok) return { kind: 'bad_credentials' };
  await repos.users.removeFailure(attempt.id);
  await repos.users.clearFailures(email, client.address);
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
