// Errors reported by the browser (§7: client errors POSTed to /development/log_js_error).
import type { Executor } from '../db.ts';
import { purgeCreatedBefore } from './rows.ts';

export interface ClientErrorRow {
  session_id: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  created_at: string;
}

export function createClientErrorRepo(db: Executor) {
  return {
    async insert(e: ClientErrorRow): Promise<void> {
      await db
        .insertInto('client_errors')
        .values({
          session_id: e.session_id,
          message: e.message,
          stack: e.stack,
          url: e.url,
          user_agent: e.user_agent,
          created_at: e.created_at,
        })
        .execute();
    },
    /** Retention (server/retention.ts): deletes the reports created before cutoff (ISO time); how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      return purgeCreatedBefore(db, 'client_errors', cutoff);
    },
  };
}
