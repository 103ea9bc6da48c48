// Nothing a payer enters is lost (docs/decisions/0046). The wizard autosaves what is typed 250 ms
// later (§4); a reload, a closed laptop or a session that ended in between would lose it. So the tab
// also keeps, in its session storage (gone when the tab closes), the values the payer entered: never a
// card number, security code, card token or password (the keys below are the only ones kept).
// When the app loads the form state, what the server does not have yet is saved to it first.
import type { StateAllResponse } from '../contract/api.ts';
import { BILLING_KEYS, CONTACT_KEYS, TERMS_KEYS, type FormFields } from '../contract/entities.ts';

/** The values a payer enters in the wizard, and only those. */
export const DRAFT_KEYS = [
  'facility_country',
  'facility_state',
  'facility_id',
  'deposit_type',
  'deposit_inmate_id',
  'dest_account_id',
  'deposit_phone_country',
  'deposit_phone_no',
  'deposit_phone_no_label',
  'deposit_amount',
  'deposit_amount_id',
  ...BILLING_KEYS,
  ...CONTACT_KEYS,
  ...TERMS_KEYS,
  'saved_card_id',
  'recurring_type',
  'recurring_increment',
  'roundups',
  'selected_roundup',
] as const satisfies readonly (keyof FormFields)[];
export type DraftKey = (typeof DRAFT_KEYS)[number];

export interface FormDraft {
  /** Whether the payer was signed in: a signed-in payer's values never go into a guest's session. */
  signedIn: boolean;
  /** The deposit was made: its values are not put back into a new session. */
  deposited: boolean;
  fields: Partial<Pick<FormFields, DraftKey>>;
  /** Values the server has not confirmed yet (typed, not saved). */
  pending: DraftKey[];
}

const STORAGE_KEY = 'deposit-site.form-draft';

function isDraftKey(key: string): key is DraftKey {
  return (DRAFT_KEYS as readonly string[]).includes(key);
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** The draft of what the wizard knows: its fields, and which of them are not saved yet. */
export function draftOf(fields: FormFields, unsaved: Partial<FormFields>, signedIn: boolean): FormDraft {
  const kept: Record<string, unknown> = {};
  for (const key of DRAFT_KEYS) kept[key] = fields[key];
  return {
    signedIn,
    deposited: fields.deposit_id !== '',
    fields: kept as FormDraft['fields'],
    pending: Object.keys(unsaved).filter(isDraftKey),
  };
}

/**
 * What to save before the app goes on with the server's answer: the values the payer entered that
 * the server does not have. Those not saved yet when the page went away; every kept value when a
 * guest's session ended (the server answers with a new, empty form state) before the deposit was made.
 * Nothing across a change of who is signed in.
 */
export function restoreOf(draft: FormDraft | null, answer: StateAllResponse): Partial<FormFields> | null {
  if (!draft || draft.signedIn !== (answer.fields.logged_in === true)) return null;
  const sessionEnded =
    !draft.signedIn && !draft.deposited && answer.fields.facility_id === null && draft.fields.facility_id != null;
  const keys = sessionEnded ? DRAFT_KEYS.filter((k) => k in draft.fields) : draft.pending;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = draft.fields[key];
    if (value !== undefined && !same(value, answer.fields[key])) out[key] = value;
  }
  return Object.keys(out).length > 0 ? (out as Partial<FormFields>) : null;
}

export interface DraftStore {
  read(): FormDraft | null;
  write(draft: FormDraft): void;
  clear(): void;
}

/** The draft in a Storage (the tab's session storage); a storage that refuses is no storage. */
export function createDraftStore(storage: Storage | undefined): DraftStore {
  let last = '';
  return {
    read() {
      try {
        const raw = storage?.getItem(STORAGE_KEY);
        if (!raw) return null;
        const draft = JSON.parse(raw) as FormDraft;
        if (typeof draft !== 'object' || draft === null || !Array.isArray(draft.pending)) return null;
        const fields: Record<string, unknown> = {};
        for (const [k, v] of Object.entries(draft.fields ?? {})) if (isDraftKey(k)) fields[k] = v;
        return {
          signedIn: draft.signedIn === true,
          deposited: draft.deposited === true,
          fields: fields as FormDraft['fields'],
          pending: draft.pending.filter((k) => typeof k === 'string' && isDraftKey(k)),
        };
      } catch {
        return null;
      }
    },
    write(draft) {
      const raw = JSON.stringify(draft);
      if (raw === last) return;
      last = raw;
      try {
        storage?.setItem(STORAGE_KEY, raw);
      } catch {
        // Private browsing or a full storage: the server's copy is all there is.
      }
    },
    clear() {
      last = '';
      try {
        storage?.removeItem(STORAGE_KEY);
      } catch {
        // As above.
      }
    },
  };
}

/** The checkout's own choices: it saves them itself (the amount before the fees, the rest with the deposit). */
const CHECKOUT_OWN_KEYS = [
  'deposit_amount',
  'deposit_amount_id',
  'saved_card_id',
  'recurring_type',
  'recurring_increment',
  'roundups',
  'selected_roundup',
] as const satisfies readonly DraftKey[];

/** What the checkout machine holds of the payer's choices (machines/checkout.types.ts). */
interface CheckoutLike {
  amount?: Pick<FormFields, 'deposit_amount' | 'deposit_amount_id'>;
  payment?: Pick<FormFields, 'saved_card_id'>;
  choice?: Pick<FormFields, 'recurring_type' | 'recurring_increment' | 'roundups' | 'selected_roundup'>;
}

/** The checkout's own choices as they are now: the amount, the saved card, recurring and roundup. */
function checkoutOwnValues(
  context: CheckoutLike | undefined,
): Pick<FormFields, (typeof CHECKOUT_OWN_KEYS)[number]> | null {
  if (!context?.amount || !context.payment || !context.choice) return null;
  const { amount, payment, choice } = context;
  return {
    deposit_amount: amount.deposit_amount,
    deposit_amount_id: amount.deposit_amount_id,
    saved_card_id: payment.saved_card_id,
    recurring_type: choice.recurring_type,
    recurring_increment: choice.recurring_increment,
    roundups: choice.roundups,
    selected_roundup: choice.selected_roundup,
  };
}

interface WizardLike {
  fields: FormFields;
  dirty: Partial<FormFields>;
  inFlight: Partial<FormFields>;
}
interface ActorLike {
  id: string;
  getSnapshot(): { context?: unknown; children?: Record<string, ActorLike | undefined> };
}
/** The part of XState's inspection event this reads (the composition root's `inspect` option). */
export interface SnapshotEventLike {
  type: string;
  rootId: string;
  actorRef: ActorLike & { sessionId: string };
  snapshot?: { context?: unknown };
}

/**
 * An `inspect` callback of the app actor that keeps the draft in step with the wizard: the wizard's
 * fields and the checkout's own choices, and which of them the server does not have yet. Signing out
 * forgets the draft.
 */
export function draftKeeper(store: DraftStore): (event: SnapshotEventLike) => void {
  let signedIn: boolean | null = null;
  let wizard: ActorLike | null = null;
  return (event) => {
    if (event.type !== '@xstate.snapshot') return;
    const ref = event.actorRef;
    if (ref.sessionId === event.rootId) {
      const now = (event.snapshot?.context as { signedIn?: boolean } | undefined)?.signedIn === true;
      if (signedIn === true && !now) store.clear();
      signedIn = now;
      return;
    }
    if (ref.id === 'wizard') wizard = ref;
    else if (ref.id !== 'checkout') return;
    if (!wizard || signedIn === null) return;
    const w = wizard.getSnapshot();
    const context = w.context as WizardLike | undefined;
    if (!context?.fields) return;
    const checkout = checkoutOwnValues(w.children?.['checkout']?.getSnapshot().context as CheckoutLike | undefined);
    const fields: FormFields = { ...context.fields };
    const unsaved: Record<string, unknown> = { ...context.inFlight, ...context.dirty };
    if (checkout) {
      for (const key of CHECKOUT_OWN_KEYS) {
        const value = checkout[key];
        (fields as unknown as Record<string, unknown>)[key] = value;
        if (!same(value, context.fields[key])) unsaved[key] = value;
      }
    }
    store.write(draftOf(fields, unsaved as Partial<FormFields>, signedIn));
  };
}
