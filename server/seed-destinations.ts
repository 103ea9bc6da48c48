// Seeds the destinations registry with the fraud list of fixtures/fraud-numbers.json when the registry
// is empty (architecture: "seeded from fixtures/ when empty").
import { transaction, type Db } from './db.ts';
import { loadFraudNumbers } from './dest-fixtures.ts';
import type { Repos } from './repo/repos.ts';

/** The time the seeded rows carry. */
const SEEDED_AT = '2025-01-01T00:00:00.000Z';

export function seedDestinationsIfEmpty(db: Db, repos: Repos): boolean {
  if (repos.destinations.count() > 0) return false;
  const rows = loadFraudNumbers();
  transaction(db, () => {
    for (const r of rows) {
      repos.destinations.insert({
        ...r,
        fraud_flag: true,
        guest_prepaid_cents: 0,
        guest_regulated_cents: 0,
        created_at: SEEDED_AT,
      });
    }
  });
  return true;
}
