// §7 form state: a save applies the patch's rules to the stored form, and a clear empties it; each in
// one transaction, so two saves of one session never lose each other's fields. The form is an autosave
// of what the page shows: a crash may cost the last moments of typing, never money, so its commits do
// not wait for the disk (RELAXED, server/db.ts; docs/decisions/0023).
import type { FastifyBaseLogger } from 'fastify';
import { EMPTY_FORM } from '../../contract/entities.ts';
import type { FormState } from '../repo/form-state.ts';
import type { Store } from '../repo/repos.ts';
import type { UserRow } from '../repo/users.ts';
import { deepContactBase, deepContactState, primaryNoOf, type DeepContactInput } from './deep-contact.ts';
import { applySave } from './form-rules.ts';

const RELAXED = { durability: 'relaxed' } as const;

export async function saveFormPatch(
  store: Store,
  session: { id: string; user_id: string | null },
  patch: Record<string, unknown>,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<FormState> {
  return store.transaction(async (repos) => {
    const next = await applySave(await repos.formState.get(session.id), patch, {
      repos,
      sessionId: session.id,
      now,
      userId: session.user_id,
      ...(log ? { log } : {}),
    });
    await repos.formState.save(session.id, next, now.toISOString());
    return next;
  }, RELAXED);
}

/** Empties the form; the language choice outlives it. */
export async function clearForm(store: Store, sessionId: string, now: Date): Promise<FormState> {
  return store.transaction(async (repos) => {
    const { fields } = await repos.formState.get(sessionId);
    const next: FormState = { fields: { ...EMPTY_FORM, locale: fields.locale }, errors: {} };
    await repos.formState.save(sessionId, next, now.toISOString());
    return next;
  }, RELAXED);
}

/** Changes the stored form with `change` (in one transaction); returns the new state. */
export async function updateForm(
  store: Store,
  sessionId: string,
  change: (state: FormState) => FormState,
  now: Date,
): Promise<FormState> {
  return store.transaction(async (repos) => {
    const next = change(await repos.formState.get(sessionId));
    await repos.formState.save(sessionId, next, now.toISOString());
    return next;
  }, RELAXED);
}

/**
 * §4 deep contact: the session's form becomes a new deposit to the person the link names; null (and
 * nothing changed: the payer keeps what they had) when the link names no one known.
 */
export async function startDeepContact(
  store: Store,
  session: { id: string; user_id: string | null },
  input: DeepContactInput,
  now: Date,
): Promise<FormState | null> {
  return store.transaction(async (repos) => {
    // The facility goes in through the /state/save rules: every field a facility choice writes.
    const withFacility = await applySave(
      deepContactBase(await repos.formState.get(session.id), session.user_id),
      { facility_id: input.facilityId },
      { repos, sessionId: session.id, now, userId: session.user_id },
    );
    const next = await deepContactState(repos, withFacility, input);
    if (next) await repos.formState.save(session.id, next, now.toISOString());
    return next;
  });
}

/** §6 sign-in: the form is marked signed in, and the account's email becomes the payer's contact email. */
export async function markSignedIn(store: Store, sessionId: string, user: UserRow, now: Date): Promise<void> {
  await store.transaction(async (repos) => {
    const state = await repos.formState.get(sessionId);
    const primary_no = await primaryNoOf(repos, user.id);
    const fields = { ...state.fields, logged_in: true, email: user.email, primary_no };
    await repos.formState.save(sessionId, { fields, errors: state.errors }, now.toISOString());
  });
}
