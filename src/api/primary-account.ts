// The primary account calls (§7 "Accounts"): the payer's phone accounts, and the change of the
// primary one (§2: validated accounts only; the server refuses any other with
// ERROR_CHANGING_PRIMARY_ACCOUNT, §8).
import { ACCOUNT_PATHS } from '../../contract/accounts-base.ts';
import type { ActionResponse, DestAccountsResponse, MakePrimaryRequest } from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

export function primaryAccounts(api: ApiClient): Promise<DestAccountsResponse> {
  return api.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts);
}

export function makePrimaryAccount(api: ApiClient, request: MakePrimaryRequest): Promise<ActionResponse> {
  return api.post<ActionResponse>(ACCOUNT_PATHS.makePrimary, { ani: request.ani } satisfies MakePrimaryRequest);
}
