// The payer's own names and phone (§3) and notification choices (§7 account notification status).
import type { Db } from '../db.ts';
import { bit, bool } from './rows.ts';

export function createAccountProfileRepo(db: Db) {
  const updateNames = db.prepare('UPDATE users SET first_name = ?, last_name = ?, phone = ? WHERE id = ?');
  const getChoice = db.prepare('SELECT sms, email FROM account_notifications WHERE user_id = ?');
  const setChoice = db.prepare(`INSERT INTO account_notifications (user_id, sms, email, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (user_id) DO UPDATE SET sms = excluded.sms, email = excluded.email, updated_at = excluded.updated_at`);
  return {
    update(userId: string, p: { first_name: string; last_name: string; phone: string }): boolean {
      return Number(updateNames.run(p.first_name, p.last_name, p.phone, userId).changes) === 1;
    },
    /** null when the payer has not chosen yet. */
    notifications(userId: string): { sms: boolean; email: boolean } | null {
      const r = getChoice.get(userId);
      return r ? { sms: bool(r, 'sms'), email: bool(r, 'email') } : null;
    },
    setNotifications(userId: string, choice: { sms: boolean; email: boolean }, at: string): void {
      setChoice.run(userId, bit(choice.sms), bit(choice.email), at);
    },
  };
}
