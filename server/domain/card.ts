// Rules about a vault token used for a deposit.
import { expiryValid, MSG } from '../../contract/schemas.ts';
import type { VaultToken } from '../repo/vault.ts';

/** A token stands in for hosted card fields; like them it is good for a limited time. */
export const VAULT_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The error key for a token that can no longer be charged, or null. */
export function tokenExpiredError(token: VaultToken, now: Date): string | null {
  if (!expiryValid(token.exp_month, token.exp_year, now)) return MSG.expiry;
  if (now.getTime() - Date.parse(token.created_at) > VAULT_TOKEN_TTL_MS) return MSG.expiry;
  return null;
}
