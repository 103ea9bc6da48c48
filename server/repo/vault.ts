// The sandbox card vault: tokens stand for cards. Only brand, last four, expiry and the sandbox
// outcome are kept; the number and security code never reach this table (architecture: cards).
import type { Executor } from '../db.ts';
import { purgeCreatedBefore } from './rows.ts';
import { runShaped } from './shapes.ts';

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

export function createVaultRepo(db: Executor) {
  return {
    async insert(t: VaultToken): Promise<void> {
      await db
        .insertInto('vault_tokens')
        .values({
          token: t.token,
          session_id: t.session_id,
          brand: t.brand,
          last4: t.last4,
          exp_month: t.exp_month,
          exp_year: t.exp_year,
          outcome: t.outcome,
          created_at: t.created_at,
          saved_card_id: t.saved_card_id ?? null,
        })
        .execute();
    },
    /** A token only ever resolves for the session that created it. */
    async findForSession(token: string, sessionId: string): Promise<VaultToken | undefined> {
      // Read by every save of the checkout and every submit: compiled once (server/repo/shapes.ts).
      const [row] = await runShaped(db, 'vault:forSession', { token, sessionId }, (value) =>
        db
          .selectFrom('vault_tokens')
          .select([
            'token',
            'session_id',
            'brand',
            'last4',
            'exp_month',
            'exp_year',
            'outcome',
            'created_at',
            'saved_card_id',
          ])
          .where('token', '=', value('token'))
          .where('session_id', '=', value('sessionId')),
      );
      return row;
    },
    /** The sandbox processor reads the outcome of the card a token stands for, whoever's session made it. */
    async findByToken(token: string): Promise<Pick<VaultToken, 'outcome'> | undefined> {
      const [row] = await runShaped(db, 'vault:outcome', { token }, (value) =>
        db.selectFrom('vault_tokens').select(['outcome']).where('token', '=', value('token')),
      );
      return row;
    },
    /** Retention (server/retention.ts): deletes the tokens created before cutoff (ISO time); how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      return purgeCreatedBefore(db, 'vault_tokens', cutoff);
    },
  };
}
