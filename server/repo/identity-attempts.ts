// §4 identity verification: how many times a payer's answers did not match, and the status it sets.
import type { Executor } from '../db.ts';

export function createIdentityAttemptRepo(db: Executor) {
  return {
    /** Counts one more failure of the payer's; returns the count. */
    async addFailure(userId: string, at: string): Promise<number> {
      const row = await db
        .insertInto('identity_attempts')
        .values({ user_id: userId, failures: 1, updated_at: at })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            failures: eb('identity_attempts.failures', '+', 1),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .returning('failures')
        .executeTakeFirstOrThrow();
      return Number(row.failures);
    },
    async setValidateStatus(userId: string, status: 'validated' | 'rejected'): Promise<void> {
      await db.updateTable('users').set({ validate_status: status }).where('id', '=', userId).execute();
    },
  };
}
