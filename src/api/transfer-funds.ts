// Balance transfer between the payer's own phone accounts (§7 "Accounts": dest_accounts,
// bal_transfer_fees, bal_transfer).
import { ACCOUNT_PATHS } from '../../contract/accounts-base.ts';
import type {
  DestAccountsResponse,
  DestinationAccount,
  TransferFeesResponse,
  TransferRequest,
  TransferResponse,
} from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

export async function transferAccounts(api: ApiClient): Promise<DestinationAccount[]> {
  const answer = await api.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts);
  return answer.dest_accounts;
}

/** §7: a newer quote stops the older one; its signal aborts the older request. */
export function transferFee(
  api: ApiClient,
  request: TransferRequest,
  signal?: AbortSignal,
): Promise<TransferFeesResponse> {
  return api.get<TransferFeesResponse>(
    ACCOUNT_PATHS.transferFees,
    { amount: String(request.amount), src_ani: request.src_ani, dst_ani: request.dst_ani },
    signal ? { signal } : {},
  );
}

export function transferBalance(api: ApiClient, request: TransferRequest): Promise<TransferResponse> {
  return api.post<TransferResponse>(ACCOUNT_PATHS.transfer, request);
}
