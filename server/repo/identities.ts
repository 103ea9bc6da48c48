// Tables whose ids the database numbers ({{ID}} in server/migrations.ts). Rows seeded from fixtures/
// carry their own ids; PostgreSQL's identity sequences do not see those, so after such a seed each
// sequence is moved past the largest id (SQLite numbers from the largest id by itself).
import { sql } from 'kysely';
import type { Engine, Executor } from '../db.ts';

const IDENTITY_TABLES = [
  'outbox',
  'client_errors',
  'login_failures',
  'dest_accounts',
  'dest_activity',
  'balance_transfers',
  'saved_cards',
  'recurring_deposits',
  'pam_payments',
  'phone_verification_codes',
  'professional_requests',
] as const;

export function createIdentityRepo(db: Executor, engine: Engine) {
  return {
    async continueAfterExplicitIds(): Promise<void> {
      if (engine !== 'postgres') return;
      for (const table of IDENTITY_TABLES) {
        await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), COALESCE((SELECT MAX(id) FROM ${sql.table(table)}), 0) + 1, false)`.execute(
          db,
        );
      }
    },
  };
}
