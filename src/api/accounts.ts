// The signed-in payer's account calls (§7 "Accounts"). Deletions are POSTs with the DELETE override.
import {
  ACCOUNT_PATHS,
  METHOD_OVERRIDE_HEADER,
  type ActionResponse,
  type SavedCardsResponse,
} from '../../contract/accounts.ts';
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
