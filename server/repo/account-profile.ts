// The payer's own names and phone (§3) and notification choices (§7 account notification status).
import type { Executor } from '../db.ts';
import { bit, bool, changed } from './rows.ts';

export function createAccountProfileRepo(db: Executor) {
  return {
    async update(userId: string, p: { first_name: string; last_name: string; phone: string }): Promise<boolean> {
      const r = await db
        .updateTable('users')
        .set({ first_name: p.first_name, last_name: p.last_name, phone: p.phone })
        .where('id', '=', userId)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    /** null when the payer has not chosen yet. */
    async notifications(userId: string): Promise<{ sms: boolean; email: boolean } | null> {
      const r = await db
        .selectFrom('account_notifications')
        .select(['sms', 'email'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return r ? { sms: bool(r.sms), email: bool(r.email) } : null;
    },
    async setNotifications(userId: string, choice: { sms: boolean; email: boolean }, at: string): Promise<void> {
      await db
        .insertInto('account_notifications')
        .values({ user_id: userId, sms: bit(choice.sms), email: bit(choice.email), updated_at: at })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            sms: eb.ref('excluded.sms'),
            email: eb.ref('excluded.email'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },
  };
}
