// Per-client limit counters (docs/decisions/0039): one row per key and fixed window (two make a sliding one: server/limits.ts), counted up in one
// statement that every instance on the database shares (INSERT ... ON CONFLICT DO UPDATE ... RETURNING,
// the same SQL on SQLite and PostgreSQL). Keys carry no address, number or e-mail in clear: the
// limits hash them first (server/limits.ts).
import { sql } from 'kysely';
import type { Executor } from '../db.ts';
import { changed } from './rows.ts';

export function createRateLimitRepo(db: Executor) {
  return {
    /** Counts one hit of key in the window that starts at windowStart (ms); the window's hits so far. */
    async hit(key: string, windowStart: number, expiresAt: number): Promise<number> {
      const r = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      return Number(r.hits);
    },
    /**
     * Counts one hit of key in the window that starts at windowStart only while the window holds fewer
     * than `room` (at least 1): the window's hits with this one, or undefined when there was no room
     * (nothing counted). One statement, so hits at the same time cannot pass the room together.
     */
    async hitWithin(key: string, windowStart: number, expiresAt: number, room: number): Promise<number | undefined> {
      const r = await db
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, hits: 1, expires_at: expiresAt })
        .onConflict((oc) =>
          oc
            .columns(['key', 'window_start'])
            .doUpdateSet({ hits: sql`rate_limits.hits + 1` })
            .where('rate_limits.hits', '<', room),
        )
        .returning('hits')
        .executeTakeFirst();
      return r ? Number(r.hits) : undefined;
    },
    /** The hits of key in the window that starts at windowStart, without counting one. */
    async read(key: string, windowStart: number): Promise<number> {
      const r = await db
        .selectFrom('rate_limits')
        .select('hits')
        .where('key', '=', key)
        .where('window_start', '=', windowStart)
        .executeTakeFirst();
      return r ? Number(r.hits) : 0;
    },
    /** Deletes the windows that ended before now (ms); how many. */
    async purgeExpired(now: number): Promise<number> {
      return changed(await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst());
    },
  };
}
