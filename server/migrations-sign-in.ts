// Migration 14 (docs/decisions/0039), in portable SQL like the others (server/migrations.ts lists it in
// order): the sign-in delay keyed to the account and the client.
import { portable } from './portable-sql.ts';

export const SIGN_IN_MIGRATION = portable(
  14,
  'sign-in delay per account and client',
  `
  -- The sign-in delay counts an account's failures from one client (its address, or its IPv6 /64),
  -- so that a stranger's wrong passwords slow the stranger, not the owner (docs/decisions/0039).
  ALTER TABLE login_failures ADD COLUMN client TEXT NOT NULL DEFAULT '';
  CREATE INDEX login_failures_email_client ON login_failures (email, client, at);
  `,
);
