// The rules of POST /state/save: which fields a payer may write, how each is checked, and what the
// server fills in itself. Pure logic over repository reads; no SQL here.
import type * as yup from 'yup';
import { CHECKOUT_PRESETS, OTHER_PRESET_ID } from '../../contract/constants.ts';
import {
  BILLING_KEYS,
  CONTACT_KEYS,
  EMPTY_FORM,
  LOCALES,
  SERVER_OWNED_FIELDS,
  TERMS_KEYS,
  type Facility,
  type FieldErrors,
  type FormFields,
} from '../../contract/entities.ts';
import {
  MSG,
  amountError,
  billingSchema,
  effectiveLimits,
  guestContactSchema,
  parseAmount,
} from '../../contract/schemas.ts';
import { offersType } from '../../contract/rules.ts';
import { toCents, toDollars } from '../money.ts';
import type { FormState } from '../repo/form-state.ts';
import type { Repos } from '../repo/repos.ts';
import { tokenExpiredError } from './card.ts';
import { CHECKOUT_CHOICE_KEYS, applyCheckoutChoices, roundupPrice } from './checkout-fields.ts';
import { endDeepContact, payerTypeError, primaryNoOf } from './deep-contact.ts';
import { DEST_FIELD_KEYS, applyDestFields, clearDestFields } from './dest-deposits.ts';
import { allowedCountries } from './facility-options.ts';
import { quote } from './fees.ts';
import { RESELECT_DEPOSIT_TYPE, isDepositType } from './offers.ts';
import { isMaxedOut, unifiedWalletFieldsOf } from './unified-wallet.ts';
import { cardDisplay } from './sandbox-processor.ts';

export const ERROR_FACILITY_NOT_FOUND = 'ERROR.FACILITY_NOT_FOUND';
export const ERROR_FRAUD = 'ERROR.FRAUD_CONTROL_MESSAGE';

/** Text fields longer than this are refused rather than stored. */
export const MAX_TEXT = 200;

type Key = keyof FormFields;

const RECIPIENT_FIELDS = [
  'deposit_inmate_first_name',
  'deposit_inmate_last_name',
  'deposit_inmate_booking_code',
  'deposit_inmate_booking_date',
  'deposit_inmate_dob',
  'dep_principal_code',
] as const satisfies readonly Key[];

const CARD_FIELDS = [
  'card_brand',
  'card_display',
  'credit_card_month',
  'credit_card_year',
] as const satisfies readonly Key[];

/**
 * Filled by the server from the database or the vault, so a save never sets them: besides the
 * contract's SERVER_OWNED_FIELDS, the recipient's details (from deposit_inmate_id) and the card's
 * expiry (from card_token).
 */
export const SERVER_FILLED_FIELDS: readonly Key[] = [...SERVER_OWNED_FIELDS, ...RECIPIENT_FIELDS, ...CARD_FIELDS];

/**
 * The order fields are applied in: the facility before what depends on it (changing facility
 * clears type and recipient, then a type or recipient in the same save applies to the new one).
 */
const WRITE_ORDER: readonly Key[] = [
  'facility_country',
  'facility_state',
  'facility_id',
  'deposit_type',
  'deposit_inmate_id',
  'deposit_amount',
  'deposit_amount_id',
  'card_token',
  ...BILLING_KEYS,
  ...CONTACT_KEYS,
  ...TERMS_KEYS,
  'locale',
];

const WRITABLE = new Set<Key>((Object.keys(EMPTY_FORM) as Key[]).filter((k) => !SERVER_FILLED_FIELDS.includes(k)));

/** Every writable field: those with a place in WRITE_ORDER, then any field added to the contract since. */
const APPLY_ORDER: readonly Key[] = [
  ...WRITE_ORDER.filter((k) => WRITABLE.has(k)),
  ...[...WRITABLE].filter((k) => !WRITE_ORDER.includes(k)),
];

export interface SaveContext {
  repos: Repos;
  sessionId: string;
  now: Date;
  /** The signed-in payer of the session, if any (saved cards are theirs only). */
  userId?: string | null;
  /** §8: a missing como service id is only logged. */
  log?: { warn: (details: object, message: string) => void };
}

type Coerced = { ok: true; value: unknown } | { ok: false; error: string };

/** Accepts the JSON value for a field when it has the field's type (numbers may come as text). */
function coerce(key: Key, raw: unknown): Coerced {
  const empty = EMPTY_FORM[key];
  if (typeof empty === 'boolean') {
    return typeof raw === 'boolean' ? { ok: true, value: raw } : { ok: false, error: MSG.invalid };
  }
  if (typeof empty === 'string') {
    if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
    if (typeof raw !== 'string') return { ok: false, error: MSG.invalid };
    if (raw.length > MAX_TEXT) return { ok: false, error: MSG.tooMany };
    return { ok: true, value: raw };
  }
  // Nullable numbers: facility_id, deposit_amount.
  if (raw === null || raw === '') return { ok: true, value: null };
  if (key === 'facility_id') {
    const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
    return typeof n === 'number' && Number.isInteger(n) && n > 0
      ? { ok: true, value: n }
      : { ok: false, error: MSG.numeric };
  }
  if (key === 'deposit_amount') {
    if (typeof raw === 'string' && raw.length > MAX_TEXT) return { ok: false, error: MSG.tooMany };
    if (typeof raw === 'number' || typeof raw === 'string') return { ok: true, value: parseAmount(raw) };
    return { ok: false, error: MSG.amountInvalid };
  }
  // Any other nullable number field the contract may add.
  return typeof raw === 'number' && Number.isFinite(raw) ? { ok: true, value: raw } : { ok: false, error: MSG.invalid };
}

/** The message of one field of a yup object schema, checked against all values (for dependent rules). */
function fieldError(schema: yup.AnyObjectSchema, key: string, values: FormFields): string | null {
  try {
    schema.validateSyncAt(key, values);
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : MSG.invalid;
  }
}

function isBlank(v: unknown): boolean {
  return v === '' || v === null || v === undefined;
}

/** Countries a payer may choose (§3: allowed, and never a sanctioned one). */
export async function allowedCountryCodes(repos: Repos): Promise<string[]> {
  return (await allowedCountries(repos)).map((c) => c.code);
}

/** One save as it is applied: the state being built, the facility it is for, and the request's context. */
interface SaveRun {
  readonly ctx: SaveContext;
  readonly patch: Record<string, unknown>;
  readonly fields: FormFields;
  readonly errors: Record<string, string>;
  /** The chosen facility as the fields stand now (a facility_id of this save changes it). */
  facility: Facility | undefined;
}

function setError(run: SaveRun, key: string, error: string | null): void {
  if (error) run.errors[key] = error;
  else delete run.errors[key];
}

/** Sets a field as given (the coercion has typed it). */
function setValue(run: SaveRun, key: Key, value: unknown): void {
  (run.fields as unknown as Record<string, unknown>)[key] = value;
}

function clearRecipient(run: SaveRun): void {
  run.fields.deposit_inmate_id = '';
  for (const k of RECIPIENT_FIELDS) run.fields[k] = '';
  setError(run, 'deposit_inmate_id', null);
}

function clearCard(run: SaveRun): void {
  for (const k of CARD_FIELDS) run.fields[k] = '';
}

function checkAmount(run: SaveRun): void {
  const v = run.fields.deposit_amount;
  setError(run, 'deposit_amount', v === null ? null : amountError(v, effectiveLimits(run.facility)));
}

/** A billing or contact field against its schema, with every value (zip and state depend on the country). */
function checkAgainst(schema: yup.AnyObjectSchema, run: SaveRun, key: Key): void {
  setError(run, key, isBlank(run.fields[key]) ? null : fieldError(schema, key, run.fields));
}

/**
 * How each field is written and checked. A field without a rule is kept as sent, and its error
 * cleared. A rule may write other fields too (a new facility clears the type and the recipient).
 */
type FieldRule = (run: SaveRun, value: unknown, key: Key) => void | Promise<void>;

const billingRule: FieldRule = (run, value, key) => {
  setValue(run, key, value);
  checkAgainst(billingSchema, run, key);
  // Zip and state rules depend on the country.
  if (key === 'billing_country') {
    checkAgainst(billingSchema, run, 'billing_zip');
    checkAgainst(billingSchema, run, 'billing_state');
  }
};

const contactRule: FieldRule = (run, value, key) => {
  setValue(run, key, value);
  checkAgainst(guestContactSchema, run, key);
  if (key === 'phone_country') checkAgainst(guestContactSchema, run, 'phone_no');
};

const FIELD_RULES: Partial<Record<Key, FieldRule>> = {
  async facility_country(run, value) {
    const code = String(value);
    run.fields.facility_country = code;
    const ok = code === '' || (await allowedCountryCodes(run.ctx.repos)).includes(code);
    setError(run, 'facility_country', ok ? null : MSG.invalid);
  },

  async facility_state(run, value) {
    const code = String(value);
    run.fields.facility_state = code;
    const ok = code === '' || (await run.ctx.repos.geo.regionExists(run.fields.facility_country, code));
    setError(run, 'facility_state', ok ? null : MSG.invalid);
  },

  async facility_id(run, value) {
    const { fields } = run;
    const id = value as number | null;
    if (id !== fields.facility_id) {
      // Changing facility clears the deposit type, the recipient and the phone number (they belong
      // to the old one).
      fields.deposit_type = '';
      setError(run, 'deposit_type', null);
      clearRecipient(run);
      clearDestFields(fields, run.errors);
    }
    // §4: a facility chosen on the facility step (even the link's own, confirmed again) is the
    // normal wizard: deep contact ends, the recipient stays until the facility changes.
    endDeepContact(fields);
    fields.facility_id = id;
    run.facility = id === null ? undefined : await run.ctx.repos.facilities.findById(id);
    const facility = run.facility;
    setError(run, 'facility_id', id !== null && !facility ? ERROR_FACILITY_NOT_FOUND : null);
    fields.min_deposit_amount = facility ? facility.deposit_limits.min : null;
    fields.max_deposit_amount = facility ? facility.deposit_limits.max : null;
    if (facility) {
      fields.facility_country = facility.country;
      fields.facility_state = facility.state;
      setError(run, 'facility_country', null);
      setError(run, 'facility_state', null);
    }
    checkAmount(run);
  },

  deposit_type(run, value) {
    const { fields, facility } = run;
    const type = String(value);
    // §4: the phone number belongs to the dest deposit it was chosen for.
    if (type !== fields.deposit_type && (type === '' || isDepositType(type))) clearDestFields(fields, run.errors);
    if (type === '') {
      fields.deposit_type = '';
      setError(run, 'deposit_type', null);
    } else if (!isDepositType(type)) {
      setError(run, 'deposit_type', MSG.depositType);
    } else {
      fields.deposit_type = type;
      // §5: trust and bail are not for a non-US billing country or a primary number starting 011.
      const offered = facility && offersType(facility, type);
      setError(run, 'deposit_type', offered ? payerTypeError(type, fields) : RESELECT_DEPOSIT_TYPE);
    }
  },

  async deposit_inmate_id(run, value) {
    const { fields, facility } = run;
    const id = String(value).trim();
    clearRecipient(run);
    // §4: a recipient chosen by the normal search ends deep contact.
    endDeepContact(fields);
    fields.deposit_inmate_id = id;
    if (id === '') return;
    const inmate = facility ? await run.ctx.repos.inmates.findInFacility(id, facility.id) : undefined;
    if (!inmate) {
      setError(run, 'deposit_inmate_id', MSG.invalid);
    } else if (inmate.fraud_flag) {
      // §5: a fraud-flagged inmate blocks the deposit.
      setError(run, 'deposit_inmate_id', ERROR_FRAUD);
    } else {
      fields.deposit_inmate_first_name = inmate.first_name;
      fields.deposit_inmate_last_name = inmate.last_name;
      fields.deposit_inmate_booking_code = inmate.booking_code;
      fields.deposit_inmate_booking_date = inmate.book_date ?? '';
      fields.deposit_inmate_dob = inmate.date_of_birth ?? '';
      fields.dep_principal_code = inmate.principal_code;
    }
  },

  deposit_amount(run, value) {
    const v = value as number | null;
    const unreadable = v !== null && Number.isNaN(v);
    run.fields.deposit_amount = unreadable ? null : v;
    setError(run, 'deposit_amount', unreadable ? MSG.amountInvalid : null);
    if (!unreadable) checkAmount(run);
  },

  deposit_amount_id(run, value) {
    const id = String(value);
    run.fields.deposit_amount_id = id;
    const ok = id === '' || id === OTHER_PRESET_ID || CHECKOUT_PRESETS.some((p) => String(p) === id);
    setError(run, 'deposit_amount_id', ok ? null : MSG.invalid);
  },

  async card_token(run, value) {
    const { fields, ctx } = run;
    const token = String(value).trim();
    fields.card_token = token;
    clearCard(run);
    if (token === '') return setError(run, 'card_token', null);
    // A token resolves only for the session that created it.
    const t = await ctx.repos.vault.findForSession(token, ctx.sessionId);
    if (!t) return setError(run, 'card_token', MSG.invalid);
    fields.card_brand = t.brand;
    fields.card_display = cardDisplay(t.brand, t.last4);
    fields.credit_card_month = t.exp_month;
    fields.credit_card_year = t.exp_year;
    setError(run, 'card_token', tokenExpiredError(t, ctx.now));
  },

  locale(run, value) {
    const locale = String(value);
    const ok = (LOCALES as readonly string[]).includes(locale);
    if (ok) run.fields.locale = locale as FormFields['locale'];
    setError(run, 'locale', ok ? null : MSG.invalid);
  },

  ...Object.fromEntries(BILLING_KEYS.map((k) => [k, billingRule])),
  ...Object.fromEntries(CONTACT_KEYS.map((k) => [k, contactRule])),
};

const keptAsSent: FieldRule = (run, value, key) => {
  setValue(run, key, value);
  setError(run, key, null);
};

/** Fields applied together after the others: they depend on the facility, type, amount and card of this same save. */
const APPLIED_AFTER: ReadonlySet<string> = new Set([...CHECKOUT_CHOICE_KEYS, ...DEST_FIELD_KEYS]);

/**
 * What the server fills in once every field of the save is written, in this order, each named for
 * what it does.
 */
const FOLLOW_UPS: readonly ((run: SaveRun) => Promise<void> | void)[] = [
  async function unifiedWallet(run) {
    // §3 unified wallet: written from the facility and type of this state, whatever the client sent;
    // before the roundups and prices below, which it turns off (§9).
    const { fields, facility, ctx } = run;
    const wallet = await unifiedWalletFieldsOf(ctx.repos, facility, fields.deposit_type);
    Object.assign(fields, wallet.fields);
    // §4 maxed out: unified wallet with unusable limits takes no amount at all (process_deposit refuses it too).
    if (facility && isMaxedOut(fields, facility) && fields.deposit_amount !== null && fields.deposit_amount > 0) {
      setError(run, 'deposit_amount', MSG.amountLimit);
    }
    if (wallet.missingService) {
      ctx.log?.warn(
        { facility_id: fields.facility_id, deposit_type: fields.deposit_type },
        'unified wallet: no como service id for this deposit type',
      );
    }
  },
  async function destFields({ fields, errors, patch, ctx }) {
    await applyDestFields(fields, errors, patch, {
      repos: ctx.repos,
      userId: ctx.userId ?? null,
      allowedCountries: () => allowedCountryCodes(ctx.repos),
    });
  },
  async function checkoutChoices({ fields, errors, patch, facility, ctx }) {
    await applyCheckoutChoices(fields, errors, patch, facility, {
      repos: ctx.repos,
      userId: ctx.userId ?? null,
      now: ctx.now,
    });
  },
  function agreedToTerms({ fields }) {
    fields.billing_agree_terms = TERMS_KEYS.every((k) => fields[k]);
  },
  async function prices({ fields, errors, facility, ctx }) {
    Object.assign(fields, await priceFields(ctx.repos, fields, facility, errors));
    Object.assign(fields, await roundupPrice(ctx.repos, fields, facility));
  },
];

/**
 * Applies a save to the stored state. Unknown and server-filled keys are ignored. A value that
 * fails its rule is still kept (the payer loses nothing) and its error is stored; a later good
 * value clears that error (§5 "Server-side errors clear on edit"). A value of the wrong JSON type
 * (or too long) cannot be kept in a typed field: it clears the field and sets the error, so that no
 * earlier value stays behind to be charged (docs/decisions/0037). An empty value
 * is "not yet filled": required fields are enforced when the deposit is processed, so the autosave
 * of an early step (§4) never blocks on fields of a later one.
 */
export async function applySave(
  state: FormState,
  patch: Record<string, unknown>,
  ctx: SaveContext,
): Promise<FormState> {
  const fields: FormFields = { ...state.fields };
  const run: SaveRun = {
    ctx,
    patch,
    fields,
    errors: { ...(state.errors as Record<string, string>) },
    facility: fields.facility_id === null ? undefined : await ctx.repos.facilities.findById(fields.facility_id),
  };
  // §5: the 011 rule reads the payer's primary number as it is now (server owned).
  fields.primary_no = await primaryNoOf(ctx.repos, ctx.userId);

  for (const key of APPLY_ORDER) {
    if (!Object.hasOwn(patch, key) || APPLIED_AFTER.has(key)) continue;
    const c = coerce(key, patch[key]);
    // A value the field cannot hold (the wrong JSON type, too long) clears the field, then its error
    // is set: an earlier value is never left in place to be charged.
    await (FIELD_RULES[key] ?? keptAsSent)(run, c.ok ? c.value : EMPTY_FORM[key], key);
    if (!c.ok) setError(run, key, c.error);
  }
  for (const followUp of FOLLOW_UPS) await followUp(run);
  return { fields, errors: run.errors as FieldErrors };
}

/**
 * deposit_fee (the fee plus its tax) and deposit_total from the schedule, once facility, type and
 * amount are all good; null otherwise.
 */
export async function priceFields(
  repos: Repos,
  fields: FormFields,
  facility: Facility | undefined,
  errors: Record<string, string>,
): Promise<Pick<FormFields, 'deposit_fee' | 'deposit_total'>> {
  const type = fields.deposit_type;
  if (!facility || type === '' || fields.deposit_amount === null || errors.deposit_amount || errors.deposit_type) {
    return { deposit_fee: null, deposit_total: null };
  }
  const q = await quote(repos.fees, facility, type, toCents(fields.deposit_amount));
  if (!q) return { deposit_fee: null, deposit_total: null };
  return { deposit_fee: toDollars(q.feeCents + q.taxCents), deposit_total: toDollars(q.totalCents) };
}
