// Sessions (architecture: opaque random id, server-side row, rotates at login).
import type { Db } from '../db.ts';
import { type Row, str, strOrNull } from './rows.ts';

export interface SessionRow {
  id: string;
  csrf_token: string;
  user_id: string | null;
  created_at: string;
  last_seen_at: string;
}

function toSession(r: Row): SessionRow {
  return {
    id: str(r, 'id'),
    csrf_token: str(r, 'csrf_token'),
    user_id: strOrNull(r, 'user_id'),
    created_at: str(r, 'created_at'),
    last_seen_at: str(r, 'last_seen_at'),
  };
}

export function createSessionRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO sessions (id, csrf_token, user_id, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
  );
  const findActive = db.prepare(
    'SELECT id, csrf_token, user_id, created_at, last_seen_at FROM sessions WHERE id = ? AND last_seen_at > ?',
  );
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ? WHERE id = ?');
  // Form state and vault tokens follow the id (ON UPDATE CASCADE), so rotation is one statement.
  const rotate = db.prepare('UPDATE sessions SET id = ?, csrf_token = ?, last_seen_at = ? WHERE id = ?');
  const setUser = db.prepare('UPDATE sessions SET user_id = ? WHERE id = ?');
  const signIn = db.prepare('UPDATE sessions SET id = ?, csrf_token = ?, last_seen_at = ?, user_id = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM sessions WHERE id = ?');
  const purge = db.prepare('DELETE FROM sessions WHERE last_seen_at <= ?');

  return {
    insert(row: SessionRow): void {
      insert.run(row.id, row.csrf_token, row.user_id, row.created_at, row.last_seen_at);
    },
    /** The session if it was seen after idleCutoff (ISO time). */
    findActive(id: string, idleCutoff: string): SessionRow | undefined {
      const r = findActive.get(id, idleCutoff);
      return r ? toSession(r) : undefined;
    },
    touch(id: string, now: string): void {
      touch.run(now, id);
    },
    /** Gives the session a new id and CSRF token, keeping its form state and tokens. */
    rotate(oldId: string, newId: string, newCsrfToken: string, now: string): boolean {
      return Number(rotate.run(newId, newCsrfToken, now, oldId).changes) === 1;
    },
    /** Rotation and sign-in in one statement: the new id is signed in, the old one is gone. */
    signIn(oldId: string, newId: string, newCsrfToken: string, now: string, userId: string): boolean {
      return Number(signIn.run(newId, newCsrfToken, now, userId, oldId).changes) === 1;
    },
    setUser(id: string, userId: string | null): void {
      setUser.run(userId, id);
    },
    remove(id: string): void {
      remove.run(id);
    },
    /** Deletes sessions idle since idleCutoff; their form state and tokens go with them. */
    purgeIdle(idleCutoff: string): number {
      return Number(purge.run(idleCutoff).changes);
    },
  };
}

export type SessionRepo = ReturnType<typeof createSessionRepo>;
