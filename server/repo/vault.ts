// The sandbox card vault: tokens stand for cards. Only brand, last four, expiry and the sandbox
// outcome are kept; the number and security code never reach this table (architecture: cards).
import type { Db } from '../db.ts';
import { type Row, intOrNull, str } from './rows.ts';

export interface VaultToken {
  token: string;
  session_id: string;
  brand: string;
  last4: string;
  exp_month: string;
  exp_year: string;
  /** What the sandbox processor answers when this token is charged (fixtures/test-cards.json). */
  outcome: string;
  created_at: string;
  /** Set when the token stands for a saved card (/vault/tokenize_saved_card); null for a new card. */
  saved_card_id?: number | null;
}

function toToken(r: Row): VaultToken {
  return {
    token: str(r, 'token'),
    session_id: str(r, 'session_id'),
    brand: str(r, 'brand'),
    last4: str(r, 'last4'),
    exp_month: str(r, 'exp_month'),
    exp_year: str(r, 'exp_year'),
    outcome: str(r, 'outcome'),
    created_at: str(r, 'created_at'),
    saved_card_id: intOrNull(r, 'saved_card_id'),
  };
}

export function createVaultRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO vault_tokens (token, session_id, brand, last4, exp_month, exp_year, outcome, created_at, saved_card_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const find = db.prepare(
    'SELECT token, session_id, brand, last4, exp_month, exp_year, outcome, created_at, saved_card_id FROM vault_tokens WHERE token = ? AND session_id = ?',
  );

  return {
    insert(t: VaultToken): void {
      insert.run(
        t.token,
        t.session_id,
        t.brand,
        t.last4,
        t.exp_month,
        t.exp_year,
        t.outcome,
        t.created_at,
        t.saved_card_id ?? null,
      );
    },
    /** A token only ever resolves for the session that created it. */
    findForSession(token: string, sessionId: string): VaultToken | undefined {
      const r = find.get(token, sessionId);
      return r ? toToken(r) : undefined;
    },
  };
}

export type VaultRepo = ReturnType<typeof createVaultRepo>;
