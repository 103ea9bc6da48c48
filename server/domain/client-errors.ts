// §8: the site's error reports (POST /development/log_js_error), kept for the operator with the
// session that sent them; retention deletes them later (server/retention.ts).
import type { ClientErrorRow } from '../repo/client-errors.ts';
import type { Repos } from '../repo/repos.ts';

/** Records one report (its fields already cut to their limits by the route). */
export async function recordClientError(
  repos: Repos,
  sessionId: string,
  report: Omit<ClientErrorRow, 'session_id' | 'created_at'>,
  now: Date,
): Promise<void> {
  await repos.clientErrors.insert({ ...report, session_id: sessionId, created_at: now.toISOString() });
}
