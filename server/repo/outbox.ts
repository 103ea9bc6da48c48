// Text messages and emails waiting to be sent (architecture: in the sandbox a session may read the
// messages it caused; docs/decisions/0035).
import type { OutboxMessage } from '../../contract/api.ts';
import type { Executor } from '../db.ts';
import { purgeCreatedBefore } from './rows.ts';

export type NewOutboxMessage = Omit<OutboxMessage, 'id'> & {
  /** The session whose request caused the message; null when none did (a scheduled job). */
  session_id: string | null;
};

/** The columns of a new message (a notice's key and sent time are the notices repository's). */
function rowOf(m: NewOutboxMessage) {
  const { channel, to, subject, body, created_at, session_id } = m;
  return { channel, to, subject, body, created_at, session_id };
}

export function createOutboxRepo(db: Executor) {
  return {
    async insert(m: NewOutboxMessage): Promise<number> {
      const r = await db.insertInto('outbox').values(rowOf(m)).returning('id').executeTakeFirstOrThrow();
      return Number(r.id);
    },
    /**
     * Inserts a message that a unique index allows once (a deposit's receipt text, migration 15):
     * false, and nothing written, when it is already there.
     */
    async insertOnce(m: NewOutboxMessage): Promise<boolean> {
      const r = await db
        .insertInto('outbox')
        .values(rowOf(m))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return r !== undefined;
    },
    /** The messages one session caused, newest first. */
    async listForSession(sessionId: string, limit: number): Promise<OutboxMessage[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(['id', 'channel', 'to', 'subject', 'body', 'created_at'])
        .where('session_id', '=', sessionId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), channel: r.channel === 'sms' ? 'sms' : 'email' }));
    },
    /** Retention (server/retention.ts): deletes the messages created before cutoff (ISO time); how many. */
    async purgeBefore(cutoff: string): Promise<number> {
      return purgeCreatedBefore(db, 'outbox', cutoff);
    },
  };
}
