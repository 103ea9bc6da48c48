// The analytics client id (§7 POST /pay/set_ga_client_id; docs/decisions/0059). A payment site keeps
// of it only what the call needs: an id of the documented shape, on the session (gone with it), never
// joined to the payer, a deposit or the form state, and never written to a log line.
import type { Repos } from '../repo/repos.ts';

/**
 * A client id is two numbers joined by a dot ("1234567890.1700000000": a random number and the time it
 * was made); the whole _ga cookie value ("GA1.1.1234567890.1700000000") is taken for its id. Anything
 * else (an e-mail, a name, a phone number pasted by a tag manager) is refused.
 */
const CLIENT_ID = /^(?:GA\d\.\d{1,2}\.)?(\d{1,20}\.\d{1,20})$/;

/** The client id a value holds, or null when it is not of the documented shape. */
export function gaClientIdOf(value: string): string | null {
  return CLIENT_ID.exec(value)?.[1] ?? null;
}

/** Keeps the session's client id (a valid one: see gaClientIdOf), replacing the one it had. */
export async function keepGaClientId(
  repos: Pick<Repos, 'sessionAnalytics'>,
  sessionId: string,
  clientId: string,
  at: Date,
): Promise<void> {
  await repos.sessionAnalytics.put(sessionId, clientId, at.toISOString());
}
