// Recipient search (§7 /pay/search_inmates).
import { PATHS, type SearchInmatesResponse } from '../../contract/api.ts';
import type { ApiClient } from './client.ts';

export function searchInmates(
  api: ApiClient,
  input: { facilityId: number; query: string; page: number },
  signal?: AbortSignal,
): Promise<SearchInmatesResponse> {
  return api.get<SearchInmatesResponse>(
    PATHS.searchInmates,
    { facility_id: input.facilityId, name_query: input.query, page: input.page },
    signal ? { signal } : {},
  );
}
