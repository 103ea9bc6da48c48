// Keys generated once and kept in the database, shared by every instance (docs/decisions/0022).
import type { Executor } from '../db.ts';

export function createServerKeyRepo(db: Executor) {
  return {
    /** The stored secret of `name`; when there is none, stores `candidate` (first writer wins) and returns it. */
    async getOrCreate(name: string, candidate: string, now: string): Promise<string> {
      await db
        .insertInto('server_keys')
        .values({ name, secret: candidate, created_at: now })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_keys')
        .select('secret')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.secret;
    },
  };
}
