// Form state per session (§3 "kept by the server"), stored as JSON text.
import { EMPTY_FORM, type FieldErrors, type FormFields } from '../../contract/entities.ts';
import type { Db } from '../db.ts';
import { str } from './rows.ts';

export interface FormState {
  fields: FormFields;
  errors: FieldErrors;
}

/** EMPTY_FORM with the stored values of known keys: a field added later reads its default. */
function mergeFields(stored: unknown): FormFields {
  const out: FormFields = { ...EMPTY_FORM };
  if (stored && typeof stored === 'object') {
    for (const [k, v] of Object.entries(stored)) {
      if (Object.hasOwn(EMPTY_FORM, k)) (out as unknown as Record<string, unknown>)[k] = v;
    }
  }
  return out;
}

export function createFormStateRepo(db: Db) {
  const get = db.prepare('SELECT fields_json, errors_json FROM form_states WHERE session_id = ?');
  const upsert = db.prepare(`
    INSERT INTO form_states (session_id, fields_json, errors_json, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (session_id) DO UPDATE SET
      fields_json = excluded.fields_json, errors_json = excluded.errors_json, updated_at = excluded.updated_at
  `);
  const remove = db.prepare('DELETE FROM form_states WHERE session_id = ?');

  return {
    get(sessionId: string): FormState {
      const r = get.get(sessionId);
      if (!r) return { fields: { ...EMPTY_FORM }, errors: {} };
      return {
        fields: mergeFields(JSON.parse(str(r, 'fields_json'))),
        errors: JSON.parse(str(r, 'errors_json')) as FieldErrors,
      };
    },
    save(sessionId: string, state: FormState, now: string): void {
      upsert.run(sessionId, JSON.stringify(state.fields), JSON.stringify(state.errors), now);
    },
    remove(sessionId: string): void {
      remove.run(sessionId);
    },
  };
}

export type FormStateRepo = ReturnType<typeof createFormStateRepo>;
