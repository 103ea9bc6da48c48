// The signed-in payer's deposit history (§7 GET /account/deposit_history; §9 20 per page).
import { ACCOUNT_PATHS } from '../../contract/accounts-base.ts';
import type { DepositHistoryResponse } from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

/** One page (1-based) of the payer's deposits, newest first. */
export function depositHistory(api: ApiClient, page: number, signal?: AbortSignal): Promise<DepositHistoryResponse> {
  return api.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory, { page }, signal ? { signal } : undefined);
}
