// Saved cards (§3): vault-style rows (docs/decisions/0003). The token stays on the server; the
// payer sees brand, last four, expiry and name.
import type { Db } from '../db.ts';
import { type Row, int, str } from './rows.ts';

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

const COLUMNS = 'id, user_id, token, brand, last4, exp_month, exp_year, name, created_at';

function toCard(r: Row): SavedCardRow {
  return {
    id: int(r, 'id'),
    user_id: str(r, 'user_id'),
    token: str(r, 'token'),
    brand: str(r, 'brand'),
    last4: str(r, 'last4'),
    exp_month: str(r, 'exp_month'),
    exp_year: str(r, 'exp_year'),
    name: str(r, 'name'),
    created_at: str(r, 'created_at'),
  };
}

export function createSavedCardRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO saved_cards (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const list = db.prepare(`SELECT ${COLUMNS} FROM saved_cards WHERE user_id = ? ORDER BY id`);
  const find = db.prepare(`SELECT ${COLUMNS} FROM saved_cards WHERE user_id = ? AND id = ?`);
  const inUse = db.prepare(
    'SELECT 1 AS found FROM recurring_deposits WHERE user_id = ? AND card_id = ? AND cancelled_at IS NULL LIMIT 1',
  );
  const remove = db.prepare('DELETE FROM saved_cards WHERE user_id = ? AND id = ?');

  return {
    insert(c: SavedCardRow): void {
      insert.run(c.id, c.user_id, c.token, c.brand, c.last4, c.exp_month, c.exp_year, c.name, c.created_at);
    },
    listForUser(userId: string): SavedCardRow[] {
      return list.all(userId).map(toCard);
    },
    findForUser(userId: string, id: number): SavedCardRow | undefined {
      const r = find.get(userId, id);
      return r ? toCard(r) : undefined;
    },
    /** Whether an active recurring deposit of the user charges this card. */
    usedByRecurring(userId: string, id: number): boolean {
      return inUse.get(userId, id) !== undefined;
    },
    remove(userId: string, id: number): boolean {
      return Number(remove.run(userId, id).changes) === 1;
    },
  };
}

export type SavedCardRepo = ReturnType<typeof createSavedCardRepo>;
