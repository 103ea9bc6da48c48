// The analytics client id of a session (docs/decisions/0059): kept beside the session, never with a
// payer, a deposit or the form state, and deleted with the session.
import type { Executor } from '../db.ts';

export function createSessionAnalyticsRepo(db: Executor) {
  return {
    /** Keeps the session's id, replacing the one it had. */
    async put(sessionId: string, gaClientId: string, at: string): Promise<void> {
      await db
        .insertInto('session_analytics')
        .values({ session_id: sessionId, ga_client_id: gaClientId, updated_at: at })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ ga_client_id: gaClientId, updated_at: at }))
        .execute();
    },
  };
}
