// The signed-in payer's account calls (§7 "Accounts"). Deletions are POSTs with the DELETE override.
import { ACCOUNT_PATHS, METHOD_OVERRIDE_HEADER } from '../../contract/accounts-base.ts';
import type {
  ActionResponse,
  RecurringDeposit,
  RecurringDepositsResponse,
  SavedCardsResponse,
} from '../../contract/accounts.ts';
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services-base.ts';
import type { PamRecurringDepositsResponse } from '../../contract/checkout-services.ts';
import type { ApiClient } from './client.ts';

export function savedCards(api: ApiClient): Promise<SavedCardsResponse> {
  return api.get<SavedCardsResponse>(ACCOUNT_PATHS.creditCards);
}

export function removeSavedCard(api: ApiClient, id: number): Promise<ActionResponse> {
  return api.post<ActionResponse>(
    ACCOUNT_PATHS.creditCard(id),
    {},
    { headers: { [METHOD_OVERRIDE_HEADER]: 'DELETE' } },
  );
}

/** The payer's recurring deposits: the site's own and the pam ones (§7), in one list. */
export async function recurringDeposits(api: ApiClient): Promise<RecurringDeposit[]> {
  const [own, pam] = await Promise.all([
    api.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits),
    api.post<PamRecurringDepositsResponse>(CHECKOUT_SERVICE_PATHS.pamRecurringDeposits, {}),
  ]);
  // The account list names the pam ones too; they are taken from the pam call, once (§7: their own ids).
  return [...own.recurring_deposits.filter((r) => !r.isPam), ...pam.recurring_deposits];
}

export function cancelRecurringDeposit(api: ApiClient, deposit: RecurringDeposit): Promise<ActionResponse> {
  if (deposit.isPam) {
    return api.post<ActionResponse>(CHECKOUT_SERVICE_PATHS.cancelPamRecurringDeposit, {
      account_guid: deposit.account_guid,
      deposit_id: deposit.id,
    });
  }
  return api.post<ActionResponse>(
    ACCOUNT_PATHS.recurringDeposit(deposit.id),
    {},
    { headers: { [METHOD_OVERRIDE_HEADER]: 'DELETE' } },
  );
}
