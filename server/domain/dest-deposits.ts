// Friends-and-family phone deposits (§1 dest): the number step's fields in /state/save (§5), the phone
// account a deposit goes to, and the credit of its balance (docs/decisions/0010). Pure logic over
// repository reads and writes; no SQL here. The contract is contract/dest-deposits.ts.
import type { Purse } from '../../contract/accounts.ts';
import { DEST_DEPOSIT_ERRORS, destLabelError, destPhone } from '../../contract/dest-deposits.ts';
import { EMPTY_FORM, type Facility, type FormFields } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import type { DestAccountView } from '../repo/dest-accounts.ts';
import type { Repos } from '../repo/repos.ts';

/** The number step's fields; /state/save applies them together, after the facility and the type. */
export const DEST_FIELD_KEYS = [
  'dest_account_id',
  'deposit_phone_country',
  'deposit_phone_no',
  'deposit_phone_no_label',
] as const satisfies readonly (keyof FormFields)[];

/** Longest text a phone field takes before its rule is even looked at (as form-rules MAX_TEXT). */
const MAX_RAW = 200;

type Errors = Record<string, string>;

export interface DestSaveContext {
  repos: Repos;
  userId: string | null;
  /** Country codes a payer may choose (§3 Country option). */
  allowedCountries: () => Promise<string[]>;
}

/** §4: another facility or deposit type clears the number step, as it clears the recipient. */
export function clearDestFields(fields: FormFields, errors: Errors): void {
  for (const k of DEST_FIELD_KEYS) {
    (fields as unknown as Record<string, unknown>)[k] = EMPTY_FORM[k];
    delete errors[k];
  }
}

function setError(errors: Errors, key: string, error: string | null): void {
  if (error) errors[key] = error;
  else delete errors[key];
}

/** A phone account id as saved: null for none; undefined when it is not an id. */
function accountId(raw: unknown): number | null | undefined {
  if (raw === null || raw === '') return null;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw.trim()) : raw;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : undefined;
}

/** Text of a phone field, or undefined when the JSON value is not one. */
function text(raw: unknown): string | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
  return typeof raw === 'string' ? raw : undefined;
}

/** The signed-in payer's own visible account, never another payer's. */
async function ownAccount(ctx: DestSaveContext, id: number): Promise<DestAccountView | undefined> {
  return ctx.userId === null ? undefined : await ctx.repos.destAccounts.findById(ctx.userId, id);
}

/** §3/§5: a number is flagged on the fraud list or on any phone account. */
export async function isFraudFlagged(repos: Repos, phone: string, account?: DestAccountView): Promise<boolean> {
  return Boolean(account?.fraud_flag) || (await repos.destinations.isFraudFlagged(phone));
}

/**
 * Applies the number step's fields of one save (contract/dest-deposits.ts states the rules). A chosen
 * account decides the number, label and country; otherwise the typed number is checked for its
 * country, kept in its stored form, checked for a fraud flag, and labelled when the label is empty.
 */
export async function applyDestFields(
  fields: FormFields,
  errors: Errors,
  patch: Record<string, unknown>,
  ctx: DestSaveContext,
): Promise<void> {
  const has = (k: (typeof DEST_FIELD_KEYS)[number]) => Object.hasOwn(patch, k);
  if (!DEST_FIELD_KEYS.some(has)) return;

  if (has('dest_account_id')) {
    const id = accountId(patch.dest_account_id);
    if (id !== null && id !== undefined) {
      await chooseAccount(fields, errors, id, ctx);
      return;
    }
    // Back to "a new number" (something that is no id too, docs/decisions/0037): what the account
    // filled in goes with it.
    if (fields.dest_account_id !== null) clearDestFields(fields, errors);
    fields.dest_account_id = null;
    setError(errors, 'dest_account_id', id === undefined ? MSG.invalid : null);
  }

  const before = { phone: fields.deposit_phone_no, country: fields.deposit_phone_country };
  if (has('deposit_phone_country')) await savePhoneCountry(fields, errors, patch.deposit_phone_country, ctx);
  // A number that is no text (or too long) clears the number; its error is set once the rest is done.
  const badNumber = has('deposit_phone_no') ? saveTypedNumber(fields, patch.deposit_phone_no) : null;
  const numberTouched = has('deposit_phone_country') || has('deposit_phone_no');
  const derivedLabel = await checkNumber(fields, errors, numberTouched, ctx);
  if (badNumber) errors.deposit_phone_no = badNumber;

  const changed = fields.deposit_phone_no !== before.phone || fields.deposit_phone_country !== before.country;
  if (changed && fields.dest_account_id !== null) {
    // Another number than the chosen account's: a new number.
    fields.dest_account_id = null;
    delete errors.dest_account_id;
  }
  if (has('deposit_phone_no_label')) {
    saveLabel(fields, errors, patch.deposit_phone_no_label);
  } else if (changed) {
    // A label names its number: a new number without a label of its own gets the derived one.
    fields.deposit_phone_no_label = '';
    delete errors.deposit_phone_no_label;
  }
  if (fields.deposit_phone_no_label === '') fields.deposit_phone_no_label = derivedLabel;
}

/** The number's country as sent: one a payer may choose (§3 Country option). */
async function savePhoneCountry(fields: FormFields, errors: Errors, raw: unknown, ctx: DestSaveContext): Promise<void> {
  const country = text(raw);
  if (country === undefined || country.length > MAX_RAW) {
    fields.deposit_phone_country = '';
    setError(errors, 'deposit_phone_country', MSG.invalid);
    return;
  }
  fields.deposit_phone_country = country.trim();
  const c = fields.deposit_phone_country;
  setError(
    errors,
    'deposit_phone_country',
    c === '' ? MSG.required : (await ctx.allowedCountries()).includes(c) ? null : MSG.invalid,
  );
}

/** The number as typed; the error of a value that is no number's text (it clears the number), or null. */
function saveTypedNumber(fields: FormFields, raw: unknown): string | null {
  const typed = text(raw);
  if (typed === undefined || typed.length > MAX_RAW) {
    fields.deposit_phone_no = '';
    return typed === undefined ? MSG.invalid : MSG.tooMany;
  }
  fields.deposit_phone_no = typed;
  return null;
}

/**
 * The number against its country's rule and the fraud list, when this save touched it (kept in its
 * stored form); the label the number's rule derives from it, or ''.
 */
async function checkNumber(
  fields: FormFields,
  errors: Errors,
  touched: boolean,
  ctx: DestSaveContext,
): Promise<string> {
  if (!touched) {
    if (fields.deposit_phone_no === '') return '';
    const r = destPhone(fields.deposit_phone_no, fields.deposit_phone_country);
    return r.ok ? r.label : '';
  }
  const typed = fields.deposit_phone_no;
  if (typed.trim() === '') {
    // Not yet filled: /pay/process_deposit requires it.
    fields.deposit_phone_no = '';
    delete errors.deposit_phone_no;
    return '';
  }
  if (errors.deposit_phone_country) {
    // The country's rule cannot be applied until the country is good.
    delete errors.deposit_phone_no;
    return '';
  }
  const r = destPhone(typed, fields.deposit_phone_country);
  if (!r.ok) {
    setError(errors, 'deposit_phone_no', r.error);
    return '';
  }
  fields.deposit_phone_no = r.phone;
  setError(errors, 'deposit_phone_no', (await isFraudFlagged(ctx.repos, r.phone)) ? DEST_DEPOSIT_ERRORS.fraud : null);
  return r.label;
}

/** The label as sent (contract/dest-deposits.ts destLabelError). */
function saveLabel(fields: FormFields, errors: Errors, raw: unknown): void {
  const label = text(raw);
  if (label === undefined || label.length > MAX_RAW) {
    fields.deposit_phone_no_label = '';
    setError(errors, 'deposit_phone_no_label', label === undefined ? MSG.invalid : MSG.tooMany);
    return;
  }
  fields.deposit_phone_no_label = label.trim();
  setError(errors, 'deposit_phone_no_label', destLabelError(fields.deposit_phone_no_label));
}

async function chooseAccount(fields: FormFields, errors: Errors, id: number, ctx: DestSaveContext): Promise<void> {
  clearDestFields(fields, errors);
  fields.dest_account_id = id;
  const account = await ownAccount(ctx, id);
  if (!account) {
    // Another payer's account and an unknown one get the same answer, and nothing of either.
    errors.dest_account_id = DEST_DEPOSIT_ERRORS.accountNotFound;
    return;
  }
  fields.deposit_phone_no = account.deposit_phone_no;
  fields.deposit_phone_no_label = account.deposit_phone_no_label;
  fields.deposit_phone_country = account.deposit_phone_country;
  // §5/§8: a fraud-flagged account blocks the deposit.
  if (await isFraudFlagged(ctx.repos, account.deposit_phone_no, account))
    errors.dest_account_id = DEST_DEPOSIT_ERRORS.fraud;
}

/** Where a dest deposit goes: the number, how it is shown, and the signed-in payer's account for it. */
export interface DestTarget {
  phone: string;
  label: string;
  country: string;
  /** The chosen account, or the payer's account with that number; undefined for a guest or a new number. */
  account: DestAccountView | undefined;
}

/**
 * The phone account of the saved form for /pay/process_deposit; its problems go into `errors`
 * (answered with 400) and the result is then undefined.
 */
export async function checkDestination(
  repos: Repos,
  userId: string | null,
  fields: FormFields,
  allowedCountries: readonly string[],
  errors: Errors,
): Promise<DestTarget | undefined> {
  if (fields.dest_account_id !== null) {
    const account = userId === null ? undefined : await repos.destAccounts.findById(userId, fields.dest_account_id);
    if (!account) {
      errors.dest_account_id = DEST_DEPOSIT_ERRORS.accountNotFound;
      return undefined;
    }
    return {
      phone: account.deposit_phone_no,
      label: account.deposit_phone_no_label,
      country: account.deposit_phone_country,
      account,
    };
  }
  const country = fields.deposit_phone_country;
  if (!allowedCountries.includes(country)) {
    errors.deposit_phone_country = country === '' ? MSG.required : MSG.invalid;
    return undefined;
  }
  const r = destPhone(fields.deposit_phone_no, country);
  if (!r.ok) {
    errors.deposit_phone_no = r.error;
    return undefined;
  }
  const label = fields.deposit_phone_no_label === '' ? r.label : fields.deposit_phone_no_label;
  const account = userId === null ? undefined : await repos.destAccounts.findByPhone(userId, r.phone);
  return { phone: r.phone, label, country, account };
}

/** §3 purse_reg: a phone deposit at an FCC-regulated facility goes to the regulated purse. */
export function purseFor(facility: Facility): Purse {
  return facility.fcc_regulated ? 'pr' : 'pp';
}

/**
 * The phone account a dest deposit goes to, in the caller's transaction (when the authorization is
 * recorded): a signed-in payer's account for the number, or a new one, pending until verified by text
 * or call (§4); null for a guest, whose deposit goes to the number's shared guest balance.
 */
export async function ensureDestAccount(
  repos: Repos,
  input: { userId: string | null; target: DestTarget; facility: Facility; at: string },
): Promise<number | null> {
  const { userId, target, facility, at } = input;
  const destination = await repos.destinations.ensure(target.phone, target.country, at);
  if (userId === null) return null;
  return (
    target.account?.id ??
    (await repos.destAccounts.create({
      user_id: userId,
      destination_id: destination.destination_id,
      deposit_phone_no: target.phone,
      deposit_phone_no_label: target.label,
      deposit_phone_country: target.country,
      validate_status: 'pending',
      is_primary: false,
      prepaid_balance_cents: 0,
      regulated_balance_cents: 0,
      fraud_flag: false,
      facility_id: facility.id,
      breakage_sms: 3,
      breakage_email: 3,
      created_at: at,
    }))
  );
}

/**
 * Credits a posted dest deposit's amount, in the caller's transaction: the payer's phone account, or
 * for a guest the number's shared guest balance. The sandbox phone platform does this when it posts
 * (server/adapters/sandbox-posting.ts); a real platform keeps its balances itself.
 */
export async function creditDestinationBalance(
  repos: Repos,
  input: {
    userId: string | null;
    accountId: number | null;
    phone: string;
    facilityId: number;
    amountCents: number;
    at: string;
  },
): Promise<void> {
  const { userId, accountId, phone, amountCents, at } = input;
  const facility = await repos.facilities.findById(input.facilityId);
  if (!facility) throw new Error('facility vanished');
  const purse = purseFor(facility);
  if (userId === null || accountId === null) {
    if (!(await repos.destinations.creditGuest(phone, purse, amountCents))) throw new Error('destination vanished');
    return;
  }
  if (!(await repos.destAccounts.creditPurse(userId, accountId, purse, amountCents))) {
    throw new Error('phone account vanished');
  }
  await repos.destAccounts.insertActivity({
    account_id: accountId,
    purse,
    event_at: at,
    event_desc: 'DEPOSIT',
    amount_cents: amountCents,
  });
}
