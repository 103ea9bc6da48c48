// Sessions (architecture: opaque random id, server-side row, rotates at login).
import type { Executor } from '../db.ts';
import type { StoredFormState } from './form-state.ts';
import { changed } from './rows.ts';
import { runShaped, runShapedWrite } from './shapes.ts';

export interface SessionRow {
  id: string;
  csrf_token: string;
  user_id: string | null;
  created_at: string;
  last_seen_at: string;
}

export function createSessionRepo(db: Executor) {
  return {
    async insert(row: SessionRow): Promise<void> {
      await db.insertInto('sessions').values(row).execute();
    },
    /** The session if it was seen after idleCutoff (ISO time). */
    async findActive(id: string, idleCutoff: string): Promise<SessionRow | undefined> {
      // Every request's first query: compiled once (docs/decisions/0055).
      const [row] = await runShaped(db, 'session:findActive', { id, idleCutoff }, (value) =>
        db
          .selectFrom('sessions')
          .select(['id', 'csrf_token', 'user_id', 'created_at', 'last_seen_at'])
          .where('id', '=', value('id'))
          .where('last_seen_at', '>', value('idleCutoff')),
      );
      return row;
    },
    /**
     * findActive and the session's stored form state (null without one) in one statement, for the
     * requests that read both (docs/decisions/0065).
     */
    async findActiveWithForm(
      id: string,
      idleCutoff: string,
    ): Promise<{ session: SessionRow; form: StoredFormState | null } | undefined> {
      const [row] = await runShaped(db, 'session:findActiveWithForm', { id, idleCutoff }, (value) =>
        db
          .selectFrom('sessions')
          .leftJoin('form_states', 'form_states.session_id', 'sessions.id')
          .select([
            'sessions.id',
            'sessions.csrf_token',
            'sessions.user_id',
            'sessions.created_at',
            'sessions.last_seen_at',
            'form_states.fields_json',
            'form_states.errors_json',
          ])
          .where('sessions.id', '=', value('id'))
          .where('sessions.last_seen_at', '>', value('idleCutoff')),
      );
      if (!row) return undefined;
      const { fields_json, errors_json, ...session } = row;
      return { session, form: fields_json === null || errors_json === null ? null : { fields_json, errors_json } };
    },
    async touch(id: string, now: string): Promise<void> {
      await runShapedWrite(db, 'session:touch', { id, now }, (value) =>
        db
          .updateTable('sessions')
          .set({ last_seen_at: value('now') })
          .where('id', '=', value('id')),
      );
    },
    /** Gives the session a new id and CSRF token, keeping its form state and tokens (ON UPDATE CASCADE). */
    async rotate(oldId: string, newId: string, newCsrfToken: string, now: string): Promise<boolean> {
      const r = await db
        .updateTable('sessions')
        .set({ id: newId, csrf_token: newCsrfToken, last_seen_at: now })
        .where('id', '=', oldId)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    /** Rotation and sign-in in one statement: the new id is signed in, the old one is gone. */
    async signIn(oldId: string, newId: string, newCsrfToken: string, now: string, userId: string): Promise<boolean> {
      const r = await db
        .updateTable('sessions')
        .set({ id: newId, csrf_token: newCsrfToken, last_seen_at: now, user_id: userId })
        .where('id', '=', oldId)
        .executeTakeFirst();
      return changed(r) === 1;
    },
    async setUser(id: string, userId: string | null): Promise<void> {
      await db.updateTable('sessions').set({ user_id: userId }).where('id', '=', id).execute();
    },
    async remove(id: string): Promise<void> {
      await db.deleteFrom('sessions').where('id', '=', id).execute();
    },
    /** Deletes sessions idle since idleCutoff; their form state and tokens go with them. */
    async purgeIdle(idleCutoff: string): Promise<number> {
      return changed(await db.deleteFrom('sessions').where('last_seen_at', '<=', idleCutoff).executeTakeFirst());
    },
  };
}
