// Seeds the destinations registry with the fraud list of fixtures/fraud-numbers.json when the registry
// is empty (architecture: "seeded from fixtures/ when empty").
import { loadFraudNumbers } from './dest-fixtures.ts';
import type { Store } from './repo/repos.ts';

/** The time the seeded rows carry. */
const SEEDED_AT = '2025-01-01T00:00:00.000Z';

export async function seedDestinationsIfEmpty(store: Store): Promise<boolean> {
  if ((await store.repos.destinations.count()) > 0) return false;
  const rows = loadFraudNumbers();
  return store.transaction(async (repos) => {
    if ((await repos.destinations.count()) > 0) return false;
    for (const r of rows) {
      await repos.destinations.insert({
        ...r,
        fraud_flag: true,
        guest_prepaid_cents: 0,
        guest_regulated_cents: 0,
        created_at: SEEDED_AT,
      });
    }
    return true;
  });
}
