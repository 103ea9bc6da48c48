// Errors reported by the browser (§7: client errors POSTed to /development/log_js_error).
import type { Db } from '../db.ts';

export interface ClientErrorRow {
  session_id: string | null;
  message: string;
  stack: string | null;
  url: string | null;
  user_agent: string | null;
  created_at: string;
}

export function createClientErrorRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO client_errors (session_id, message, stack, url, user_agent, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return {
    insert(e: ClientErrorRow): void {
      insert.run(e.session_id, e.message, e.stack, e.url, e.user_agent, e.created_at);
    },
  };
}

export type ClientErrorRepo = ReturnType<typeof createClientErrorRepo>;
