// Text messages and emails waiting to be sent (architecture: readable in development).
import type { OutboxMessage } from '../../contract/api.ts';
import type { Db } from '../db.ts';
import { int, str, strOrNull } from './rows.ts';

export type NewOutboxMessage = Omit<OutboxMessage, 'id'>;

export function createOutboxRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO outbox (channel, "to", subject, body, created_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const list = db.prepare('SELECT id, channel, "to", subject, body, created_at FROM outbox ORDER BY id DESC LIMIT ?');
  const bySubject = db.prepare('SELECT 1 AS found FROM outbox WHERE channel = ? AND subject = ? LIMIT 1');

  return {
    insert(m: NewOutboxMessage): number {
      const r = insert.get(m.channel, m.to, m.subject, m.body, m.created_at);
      if (!r) throw new Error('outbox insert returned no id');
      return int(r, 'id');
    },
    hasSubject(channel: 'sms' | 'email', subject: string): boolean {
      return bySubject.get(channel, subject) !== undefined;
    },
    /** Newest first. */
    list(limit: number): OutboxMessage[] {
      return list.all(limit).map((r) => ({
        id: int(r, 'id'),
        channel: str(r, 'channel') === 'sms' ? 'sms' : 'email',
        to: str(r, 'to'),
        subject: strOrNull(r, 'subject'),
        body: str(r, 'body'),
        created_at: str(r, 'created_at'),
      }));
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
