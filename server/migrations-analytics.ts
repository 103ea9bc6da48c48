// Migration 16 (docs/decisions/0059), in portable SQL like the others (server/migrations.ts lists it in
// order): the analytics client id a session was given (§7 POST /pay/set_ga_client_id).
import { portable } from './portable-sql.ts';

export const ANALYTICS_MIGRATION = portable(
  16,
  'the analytics client id of a session',
  `
  -- One row per session at most, gone with its session (idle purge, sign-out) and following it when
  -- it rotates at sign-in. Nothing else refers to it: no payer, deposit or log line carries the id.
  CREATE TABLE session_analytics (
    session_id TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
    ga_client_id TEXT NOT NULL,
    updated_at {{TS}} NOT NULL
  );
  `,
);
