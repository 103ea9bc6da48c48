// The checkout choices of the form state beyond amount and card (contract/checkout-services.ts):
// the saved card, recurring and roundup fields, as /state/save applies them. Pure logic over
// repository reads; /pay/process_deposit checks them all again before it charges.
import { NO_ROUNDUP_ID, RECURRING_DAYS } from '../../contract/checkout-services.ts';
import type { Facility, FormFields, SelectedRoundup } from '../../contract/entities.ts';
import { MSG, amountError, effectiveLimits, expiryValid } from '../../contract/schemas.ts';
import { toCents, toDollars } from '../money.ts';
import type { Repos } from '../repo/repos.ts';
import type { SavedCardRow } from '../repo/saved-cards.ts';
import { quote, roundups } from './fees.ts';
import { cardDisplay } from './sandbox-processor.ts';

/** Written only through applyCheckoutChoices (never by the generic field loop). */
export const CHECKOUT_CHOICE_KEYS = [
  'saved_card_id',
  'recurring_type',
  'recurring_increment',
  'roundups',
  'selected_roundup',
] as const satisfies readonly (keyof FormFields)[];

export interface ChoiceContext {
  repos: Repos;
  userId: string | null;
  now: Date;
}

type Errors = Record<string, string>;

/** A whole number within [min, max] from a number or its text; null when it is not one. */
function wholeIn(raw: unknown, min: number, max: number): number | null {
  const n = typeof raw === 'string' && /^-?\d{1,3}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

/** A saved card's expiry problem (an i18n key) or null. */
export function savedCardExpired(card: SavedCardRow, now: Date): string | null {
  return expiryValid(card.exp_month, card.exp_year, now) ? null : MSG.expiry;
}

/** §4/§9: is the unified-wallet mode on for this form (server owned, domain/unified-wallet.ts). */
function unifiedWallet(fields: FormFields): boolean {
  return fields.unified_wallet_enabled;
}

/** The server's own roundup options for the saved amount (§4; /pay/get_fees_and_roundups gives the same). */
export async function roundupOptions(repos: Repos, fields: FormFields, facility: Facility | undefined) {
  const type = fields.deposit_type;
  if (!facility || type === '') return [];
  // §4: an amount out of bounds turns roundups off.
  if (amountError(fields.deposit_amount, effectiveLimits(facility)) !== null || fields.deposit_amount === null)
    return [];
  return await roundups(repos.fees, {
    facility,
    type,
    amountCents: toCents(fields.deposit_amount),
    limits: effectiveLimits(facility),
    unifiedWallet: unifiedWallet(fields),
  });
}

function asSelected(r: SelectedRoundup): SelectedRoundup {
  return {
    id: r.id,
    amount: r.amount,
    roundup_amount: r.roundup_amount,
    roundup_diff: r.roundup_diff,
    fee: r.fee,
    tax: r.tax,
  };
}

/** The id the payer picked, read from what the client sent: an object with id, a number, or null. */
function pickedId(raw: unknown): number | null | undefined {
  if (raw === null || raw === '') return null;
  const id = typeof raw === 'object' && !Array.isArray(raw) ? (raw as { id?: unknown }).id : raw;
  const n = wholeIn(id, NO_ROUNDUP_ID, 99);
  return n === null ? undefined : n;
}

/** One save's checkout choices, updated in place by the rules below. */
interface ChoiceRun {
  readonly fields: FormFields;
  readonly errors: Errors;
  readonly patch: Record<string, unknown>;
  readonly facility: Facility | undefined;
  readonly ctx: ChoiceContext;
}

function setError(run: ChoiceRun, key: string, error: string | null): void {
  if (error) run.errors[key] = error;
  else delete run.errors[key];
}

function has(run: ChoiceRun, key: string): boolean {
  return Object.hasOwn(run.patch, key);
}

/** §6: the saved card chosen, the payer's own and not expired; another card needs another token. */
async function savedCardChoice(run: ChoiceRun): Promise<void> {
  const { fields, patch, ctx } = run;
  const raw = patch.saved_card_id;
  const id = raw === null || raw === '' ? null : wholeIn(raw, 1, 999_999_999);
  // Something that is no card id clears the choice, as "a new card" does (docs/decisions/0037).
  const bad = id === null && raw !== null && raw !== '';
  if (id !== fields.saved_card_id) {
    // A token belongs to one card: choosing another card (or a new one) needs a new token,
    // unless this same save brings it.
    if (!has(run, 'card_token')) {
      fields.card_token = '';
      fields.card_brand = '';
      fields.card_display = '';
      fields.credit_card_month = '';
      fields.credit_card_year = '';
    }
    fields.saved_card_id = id;
  }
  setError(run, 'saved_card_id', bad ? MSG.invalid : null);
  if (fields.saved_card_id !== null) {
    // §6: saved cards belong to a signed-in payer; another payer's id is simply not found.
    const card = ctx.userId ? await ctx.repos.savedCards.findForUser(ctx.userId, fields.saved_card_id) : undefined;
    if (!card) {
      setError(run, 'saved_card_id', MSG.invalid);
    } else {
      if (fields.card_token === '') {
        fields.card_brand = card.brand;
        fields.card_display = cardDisplay(card.brand, card.last4);
        fields.credit_card_month = card.exp_month;
        fields.credit_card_year = card.exp_year;
      }
      setError(run, 'saved_card_id', savedCardExpired(card, ctx.now));
    }
  }
}

/** §4/§9: the interval of a recurring deposit and its day, in the interval's range. */
function recurringChoice(run: ChoiceRun): void {
  const { fields, patch } = run;
  if (has(run, 'recurring_type')) {
    const t = patch.recurring_type;
    if (t === '' || t === null) {
      fields.recurring_type = '';
      // §4: clearing recurring empties the increment.
      fields.recurring_increment = null;
      setError(run, 'recurring_type', null);
      setError(run, 'recurring_increment', null);
    } else if (t === 'weekly' || t === 'monthly') {
      fields.recurring_type = t;
      setError(run, 'recurring_type', null);
    } else {
      // No interval this save could mean: recurring is off, never the earlier interval.
      fields.recurring_type = '';
      fields.recurring_increment = null;
      setError(run, 'recurring_type', MSG.invalid);
    }
  }
  let badIncrement = false;
  if (has(run, 'recurring_increment')) {
    const raw = patch.recurring_increment;
    if (raw === null || raw === '') {
      fields.recurring_increment = null;
      setError(run, 'recurring_increment', null);
    } else {
      const n = wholeIn(raw, 0, 28);
      badIncrement = n === null;
      fields.recurring_increment = n;
      if (n === null) setError(run, 'recurring_increment', MSG.invalid);
    }
  }
  if ((has(run, 'recurring_type') || has(run, 'recurring_increment')) && !badIncrement) {
    const t = fields.recurring_type;
    const n = fields.recurring_increment;
    // §9: weekly days 0 to 6, monthly days 1 to 28.
    const outOfRange = t !== '' && n !== null && (n < RECURRING_DAYS[t].min || n > RECURRING_DAYS[t].max);
    setError(run, 'recurring_increment', outOfRange ? MSG.invalid : null);
  }
}

/** §4: roundups on or off, and the option picked, from the server's own options. */
async function roundupChoice(run: ChoiceRun): Promise<void> {
  const { fields, patch, facility, ctx } = run;
  if (has(run, 'roundups')) {
    if (typeof patch.roundups === 'boolean') {
      fields.roundups = patch.roundups;
      setError(run, 'roundups', null);
    } else {
      fields.roundups = false;
      setError(run, 'roundups', MSG.invalid);
    }
  }
  let badPick = false;
  if (has(run, 'selected_roundup')) {
    const id = pickedId(patch.selected_roundup);
    badPick = id === undefined;
    fields.selected_roundup = id === undefined || id === null ? null : { ...emptyRoundup(), id };
  }
  const roundupError = await deriveRoundup(fields, facility, ctx.repos, has(run, 'selected_roundup'));
  setError(run, 'selected_roundup', badPick ? MSG.invalid : roundupError);
}

/**
 * Applies the checkout choices of one save. `patch` holds what the client sent; fields and errors
 * are updated in place. A value a choice cannot take clears that choice and sets its error, so the
 * earlier choice is never charged (docs/decisions/0037); a later good value clears the error.
 */
export async function applyCheckoutChoices(
  fields: FormFields,
  errors: Errors,
  patch: Record<string, unknown>,
  facility: Facility | undefined,
  ctx: ChoiceContext,
): Promise<void> {
  const run: ChoiceRun = { fields, errors, patch, facility, ctx };
  if (has(run, 'saved_card_id')) await savedCardChoice(run);
  recurringChoice(run);
  await roundupChoice(run);
}

function emptyRoundup(): SelectedRoundup {
  return { id: NO_ROUNDUP_ID, amount: 0, roundup_amount: 0, roundup_diff: 0, fee: 0, tax: 0 };
}

/**
 * Fills selected_roundup from the server's options for the current amount, never from the client's
 * figures (§4: picking one replaces amount, fees and total; 'No thanks' restores them). An id that is
 * no longer offered (the amount changed) is dropped. Returns the selected_roundup error: the payer
 * picked an option that is not offered, or a roundup together with recurring.
 */
export async function deriveRoundup(
  fields: FormFields,
  facility: Facility | undefined,
  repos: Repos,
  picked: boolean,
): Promise<string | null> {
  const sel = fields.selected_roundup;
  if (sel === null) {
    fields.roundups = false;
    return null;
  }
  const option = (await roundupOptions(repos, fields, facility)).find((o) => o.id === sel.id);
  if (!option) {
    fields.selected_roundup = null;
    fields.roundups = false;
    return picked && sel.id !== NO_ROUNDUP_ID ? MSG.invalid : null;
  }
  fields.selected_roundup = asSelected(option);
  fields.roundups = option.id !== NO_ROUNDUP_ID;
  // §9: free calls apply only to one-time payments.
  return fields.roundups && fields.recurring_type !== '' ? MSG.invalid : null;
}

/** deposit_fee and deposit_total of a picked roundup (they replace the amount's own, §4). */
export async function roundupPrice(
  repos: Repos,
  fields: FormFields,
  facility: Facility | undefined,
): Promise<Pick<FormFields, 'deposit_fee' | 'deposit_total'> | undefined> {
  const sel = fields.selected_roundup;
  if (!facility || !sel || sel.id === NO_ROUNDUP_ID || fields.deposit_type === '') return undefined;
  const q = await quote(repos.fees, facility, fields.deposit_type, toCents(sel.roundup_amount));
  if (!q) return undefined;
  return { deposit_fee: toDollars(q.feeCents + q.taxCents), deposit_total: toDollars(q.totalCents) };
}
