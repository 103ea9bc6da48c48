// Saved cards (§3): vault-style rows (docs/decisions/0003). The token stays on the server; the
// payer sees brand, last four, expiry and name.
import type { Executor } from '../db.ts';
import { changed } from './rows.ts';

export interface SavedCardRow {
  id: number;
  user_id: string;
  token: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  name: string;
  created_at: string;
}

const COLUMNS = ['id', 'user_id', 'token', 'brand', 'last4', 'exp_month', 'exp_year', 'name', 'created_at'] as const;

export function createSavedCardRepo(db: Executor) {
  return {
    async insert(c: SavedCardRow): Promise<void> {
      await db
        .insertInto('saved_cards')
        .values({
          id: c.id,
          user_id: c.user_id,
          token: c.token,
          brand: c.brand,
          last4: c.last4,
          exp_month: c.exp_month,
          exp_year: c.exp_year,
          name: c.name,
          created_at: c.created_at,
        })
        .execute();
    },
    async listForUser(userId: string): Promise<SavedCardRow[]> {
      const rows = await db
        .selectFrom('saved_cards')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
    async findForUser(userId: string, id: number): Promise<SavedCardRow | undefined> {
      const r = await db
        .selectFrom('saved_cards')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return r ? { ...r, id: Number(r.id) } : undefined;
    },
    /** Whether an active recurring deposit of the user charges this card. */
    async usedByRecurring(userId: string, id: number): Promise<boolean> {
      const r = await db
        .selectFrom('recurring_deposits')
        .select('id')
        .where('user_id', '=', userId)
        .where('card_id', '=', id)
        .where('cancelled_at', 'is', null)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
    async remove(userId: string, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('saved_cards')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return changed(r) === 1;
    },
  };
}
