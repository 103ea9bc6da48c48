// Form state per session (§3 "kept by the server"), stored as JSON text.
import { EMPTY_FORM, type FieldErrors, type FormFields } from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { runShaped, runShapedWrite } from './shapes.ts';

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

/** The columns of a stored form state (read alone, or with the session, server/repo/sessions.ts). */
export interface StoredFormState {
  fields_json: string;
  errors_json: string;
}

/** The form state of a stored row; a session without one has the empty form. */
export function formStateOf(row: StoredFormState | undefined | null): FormState {
  if (!row) return { fields: { ...EMPTY_FORM }, errors: {} };
  return {
    fields: mergeFields(JSON.parse(row.fields_json)),
    errors: JSON.parse(row.errors_json) as FieldErrors,
  };
}

/** A form state's row as stored. */
function stored(sessionId: string, state: FormState, now: string) {
  return {
    session_id: sessionId,
    fields_json: JSON.stringify(state.fields),
    errors_json: JSON.stringify(state.errors),
    updated_at: now,
  };
}

export function createFormStateRepo(db: Executor) {
  return {
    async get(sessionId: string): Promise<FormState> {
      // Read by nearly every request: compiled once (docs/decisions/0055).
      const [r] = await runShaped(db, 'formState:get', { sessionId }, (value) =>
        db
          .selectFrom('form_states')
          .select(['fields_json', 'errors_json'])
          .where('session_id', '=', value('sessionId')),
      );
      return formStateOf(r);
    },
    async save(sessionId: string, state: FormState, now: string): Promise<void> {
      await runShapedWrite(db, 'formState:save', stored(sessionId, state, now), (value) =>
        db
          .insertInto('form_states')
          .values({
            session_id: value('session_id'),
            fields_json: value('fields_json'),
            errors_json: value('errors_json'),
            updated_at: value('updated_at'),
          })
          .onConflict((oc) =>
            oc.column('session_id').doUpdateSet((eb) => ({
              fields_json: eb.ref('excluded.fields_json'),
              errors_json: eb.ref('excluded.errors_json'),
              updated_at: eb.ref('excluded.updated_at'),
            })),
          ),
      );
    },
    /**
     * Replaces a saved form state, if the session still has one: a step that ends after the session
     * was purged (its form state goes with it) changes nothing.
     */
    async replace(sessionId: string, state: FormState, now: string): Promise<void> {
      await runShapedWrite(db, 'formState:replace', stored(sessionId, state, now), (value) =>
        db
          .updateTable('form_states')
          .set({
            fields_json: value('fields_json'),
            errors_json: value('errors_json'),
            updated_at: value('updated_at'),
          })
          .where('session_id', '=', value('session_id')),
      );
    },
    async remove(sessionId: string): Promise<void> {
      await db.deleteFrom('form_states').where('session_id', '=', sessionId).execute();
    },
  };
}
