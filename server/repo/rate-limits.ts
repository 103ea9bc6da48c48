// Per-client limit counters (docs/decisions/0039): one row per key and fixed window (two make a sliding one: server/limits.ts), counted up in one
// statement that every instance on the database shares (INSERT ... ON CONFLICT DO UPDATE ... RETURNING,
// the same SQL on SQLite and PostgreSQL). Keys carry no address, number or e-mail in clear: the
// limits hash them first (server/limits.ts).
import { sql } from 'kysely';
import type { Executor } from '../db.ts';
import { changed } from './rows.ts';
import { runShaped } from './shapes.ts';

export function createRateLimitRepo(db: Executor) {
  return {
    /**
     * Counts one hit of key in the window that starts at windowStart only while the window holds fewer
     * than `room` (at least 1): the window's hits with this one, or undefined when there was no room
     * (nothing counted). One statement, so hits at the same time cannot pass the room together.
     */
    async hitWithin(key: string, windowStart: number, expiresAt: number, room: number): Promise<number | undefined> {
      const values = { key, windowStart, expiresAt, room };
      const [r] = await runShaped(db, 'rateLimits:hitWithin', values, (value, fixed) =>
        db
          .insertInto('rate_limits')
          .values({
            key: value('key'),
            window_start: value('windowStart'),
            hits: fixed(1),
            expires_at: value('expiresAt'),
          })
          .onConflict((oc) =>
            oc
              .columns(['key', 'window_start'])
              .doUpdateSet({ hits: sql`rate_limits.hits + 1` })
              .where('rate_limits.hits', '<', value('room')),
          )
          .returning('hits'),
      );
      return r ? Number(r.hits) : undefined;
    },
    /** Counts one hit of key in the window that starts at windowStart (ms), whatever its count; its hits so far. */
    async hit(key: string, windowStart: number, expiresAt: number): Promise<number> {
      // No room to keep: the largest count the column holds on both engines (a 32-bit integer).
      const hits = await this.hitWithin(key, windowStart, expiresAt, 2_147_483_647);
      if (hits === undefined) throw new Error('rate limit: no count returned');
      return hits;
    },
    /** The hits of key in the window that starts at windowStart, without counting one. */
    async read(key: string, windowStart: number): Promise<number> {
      const [r] = await runShaped(db, 'rateLimits:read', { key, windowStart }, (value) =>
        db
          .selectFrom('rate_limits')
          .select('hits')
          .where('key', '=', value('key'))
          .where('window_start', '=', value('windowStart')),
      );
      return r ? Number(r.hits) : 0;
    },
    /** The hits of key in two windows (a sliding window's previous and current ones), in one statement. */
    async readTwo(
      key: string,
      previousStart: number,
      currentStart: number,
    ): Promise<{ previous: number; current: number }> {
      const rows = await runShaped(db, 'rateLimits:readTwo', { key, previousStart, currentStart }, (value) =>
        db
          .selectFrom('rate_limits')
          .select(['window_start', 'hits'])
          .where('key', '=', value('key'))
          .where('window_start', 'in', [value('previousStart'), value('currentStart')]),
      );
      const hitsAt = (start: number) => Number(rows.find((r) => Number(r.window_start) === start)?.hits ?? 0);
      return { previous: hitsAt(previousStart), current: hitsAt(currentStart) };
    },
    /** Deletes the windows that ended before now (ms); how many. */
    async purgeExpired(now: number): Promise<number> {
      return changed(await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst());
    },
  };
}
