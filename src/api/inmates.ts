// Recipient search (§7 /pay/search_inmates).
import { PATHS, type SearchInmatesResponse } from '../../contract/api.ts';
import type { SearchMode } from '../../machines/wizard.types.ts';
import type { ApiClient } from './client.ts';

export function searchInmates(
  api: ApiClient,
  input: { facilityId: number; query: string; page: number; mode?: SearchMode; lastName?: string },
  signal?: AbortSignal,
): Promise<SearchInmatesResponse> {
  const options = signal ? { signal } : {};
  const common = { facility_id: input.facilityId, page: input.page };
  // §2/§7: juvenile and Canadian facilities by booking number; ICE by A-number and last-name letters.
  if (input.mode === 'booking') {
    return api.get<SearchInmatesResponse>(
      PATHS.searchInmatesSpecial,
      { ...common, booking_code: input.query },
      options,
    );
  }
  if (input.mode === 'ice') {
    return api.get<SearchInmatesResponse>(
      PATHS.searchInmatesSpecial,
      { ...common, name_query: input.query, inmate_last_name: input.lastName ?? '' },
      options,
    );
  }
  return api.get<SearchInmatesResponse>(PATHS.searchInmates, { ...common, name_query: input.query }, options);
}
