// The calls of /account/destination_accounts (§7 "Accounts"): the payer's phone accounts, one
// account's activity per purse, inactivity alerts, and removal (a POST with the DELETE override).
import { ACCOUNT_PATHS, METHOD_OVERRIDE_HEADER } from '../../contract/accounts-base.ts';
import type {
  AccountHistoryResponse,
  ActionResponse,
  BreakageRequest,
  BreakageResponse,
  DestAccountsResponse,
  DestinationAccount,
  DestinationActivity,
  Purse,
} from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

export async function destinationAccounts(api: ApiClient): Promise<DestinationAccount[]> {
  return (await api.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts)).dest_accounts;
}

export async function accountActivity(
  api: ApiClient,
  input: { destinationId: string; purse: Purse },
): Promise<DestinationActivity[]> {
  const answer = await api.get<AccountHistoryResponse>(ACCOUNT_PATHS.accountHistory, {
    destination_id: input.destinationId,
    deposit_type: input.purse,
  });
  return answer.activity;
}

export function updateInactivityAlerts(api: ApiClient, request: BreakageRequest): Promise<BreakageResponse> {
  return api.post<BreakageResponse>(ACCOUNT_PATHS.breakage, request);
}

export function removeDestinationAccount(api: ApiClient, id: number): Promise<ActionResponse> {
  return api.post<ActionResponse>(
    ACCOUNT_PATHS.destAccount(id),
    {},
    { headers: { [METHOD_OVERRIDE_HEADER]: 'DELETE' } },
  );
}
