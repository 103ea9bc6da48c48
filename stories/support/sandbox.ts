// A small in-memory stand-in for the reference API, over the fixture files only (fixtures/README.md).
// Both ways a story can reach it share this one implementation: the MSW handlers of handlers.ts put
// it behind HTTP, the direct fakes of drive.ts call it from `fromPromise` actors.
import {
  registerSchema,
  type DestinationAccount,
  type LoginResponse,
  type LogoutResponse,
  type RegisterRequest,
  type SavedCard,
  type SavedCardsResponse,
} from '../../contract/accounts.ts';
import { SMS_ERRORS, smsSendSchema, type SmsSendRequest, type SmsSendResponse } from '../../contract/receipt.ts';
import { DEST_ACCOUNTS, sampleDepositStatus } from '../../fixtures/samples.ts';
import type {
  CancelRefusal,
  DepositCancelResponse,
  DepositStatus,
  DepositStatusInfo,
} from '../../contract/deposit-status.ts';
import { offersType } from '../../contract/rules.ts';
import { toCents, toDollars } from '../../contract/format.ts';
import { sandboxLegalUrls } from '../../contract/legal.ts';
import {
  CHECKOUT_SERVICE_ERRORS,
  NO_ROUNDUP_ID,
  type PreparePamDepositResponse,
  type TokenizeSavedCardRequest,
} from '../../contract/checkout-services.ts';
import type {
  CheckoutResponse,
  FeesAndRoundupsResponse,
  SearchInmatesResponse,
  SiteInfo,
  StateAllResponse,
  StateSaveResponse,
  TokenizeRequest,
  TokenizeResponse,
} from '../../contract/api.ts';
import {
  CHECKOUT_PRESETS,
  DEFAULT_FACILITY_RULES,
  RESULTS_PER_PAGE,
  SANCTIONED_COUNTRIES,
} from '../../contract/constants.ts';
import {
  EMPTY_FORM,
  SERVER_OWNED_FIELDS,
  type CountryOption,
  type DepositType,
  type Facility,
  type Fee,
  type FacilitySummary,
  type FieldErrors,
  type FormFields,
  type Inmate,
  type Locale,
  type ReceiptInfo,
  type StateOption,
} from '../../contract/entities.ts';
import {
  MSG,
  SEARCH_FIELDS,
  amountError,
  collectErrors,
  effectiveLimits,
  expiryValid,
  limitsUnusable,
} from '../../contract/schemas.ts';
import { cardBrand, cardDigits } from '../../contract/cards.ts';
import { FIELD_NO_TRUST } from '../../contract/errors.ts';
import { aniDigits, destPhone, destinationFraudFlagSchema } from '../../contract/dest-deposits.ts';
import * as yup from 'yup';
import countriesJson from '../../fixtures/countries.json' with { type: 'json' };
import facilitiesJson from '../../fixtures/facilities.json' with { type: 'json' };
import feesJson from '../../fixtures/fees.json' with { type: 'json' };
import inmatesJson from '../../fixtures/inmates.json' with { type: 'json' };
import payersJson from '../../fixtures/payers.json' with { type: 'json' };
import regionsJson from '../../fixtures/regions.json' with { type: 'json' };
import testCardsJson from '../../fixtures/test-cards.json' with { type: 'json' };
import approvedDepositorsJson from '../../fixtures/approved-depositors.json' with { type: 'json' };
import unifiedWalletsJson from '../../fixtures/unified-wallets.json' with { type: 'json' };
import type {
  AllowedMinMaxRequest,
  AllowedMinMaxResponse,
  CnInmateRequest,
  CnInmateResponse,
  IsApprovedDepositorRequest,
  IsApprovedDepositorResponse,
} from '../../contract/checkout-services.ts';
import { EMPTY_UNIFIED_WALLET_FIELDS, SERVICE_OF_TYPE } from '../../contract/unified-wallet.ts';
import voicemailOffersJson from '../../fixtures/voicemail-offers.json' with { type: 'json' };
import {
  type CpaSettingsRequest,
  type CpaSettingsResponse,
  type VoicemailOffersResponse,
  cpaSettingsSchema,
} from '../../contract/checkout-services.ts';
import { DEFAULT_CPA_LINKS, DEFAULT_CPA_STATES } from '../../server/config.ts';

// ---------------------------------------------------------------- the fixture data, typed

const FACILITIES: readonly Facility[] = facilitiesJson;
const COUNTRIES: readonly CountryOption[] = countriesJson;
const REGIONS: Record<string, readonly StateOption[] | undefined> = regionsJson;
/** §3: the server derives `age`; the fixture file leaves it out. */
const INMATES: readonly Omit<Inmate, 'age'>[] = inmatesJson;

interface TestCard {
  number: string;
  brand: string;
  outcome: string;
  description: string;
}
const TEST_CARDS: readonly TestCard[] = testCardsJson;

interface FeeTier {
  min: number;
  max: number;
  fee: number;
}
const FEE_SCHEDULES: Partial<Record<DepositType, readonly FeeTier[]>> = feesJson.schedules;
const FEE_TAX: readonly { country: string; state: string; rate: number }[] = feesJson.tax;

/** Phone numbers whose fraud flag is 1 (§5 number step). */
export const FRAUD_FLAGGED_NUMBERS: readonly string[] = ['5125550666'];

/** Stories show fixed dates: the sandbox's clock stands still at this instant. */
/** The sandbox's clock: the stories show the same dates and ages whenever they run. */
export const STORY_NOW = new Date('2026-11-20T15:04:00Z');

const SITE: SiteInfo = {
  customer_service_phone: '1-800-555-0100',
  support_phone: '1-800-555-0199',
  visit_url: 'https://visits.example.com/schedule',
  legal_urls: sandboxLegalUrls(),
};

function facilityById(id: number): Facility {
  const found = FACILITIES.find((f) => f.id === id);
  if (!found) throw new Error(`fixtures/facilities.json has no facility ${id}`);
  return found;
}

function ageOn(dob: string | null, now: Date): number | null {
  if (!dob) return null;
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const age = now.getUTCFullYear() - y;
  const birthdayPassed = now.getUTCMonth() + 1 > m || (now.getUTCMonth() + 1 === m && now.getUTCDate() >= d);
  return birthdayPassed ? age : age - 1;
}

function withAge(i: Omit<Inmate, 'age'>): Inmate {
  return { ...i, age: ageOn(i.date_of_birth, STORY_NOW) };
}

export function inmateById(id: string): Inmate {
  const found = INMATES.find((i) => i.id === id);
  if (!found) throw new Error(`fixtures/inmates.json has no inmate ${id}`);
  return withAge(found);
}

/** A sandbox card of fixtures/test-cards.json by its outcome (docs/test-cards.md). */
export function testCard(outcome: string): TestCard {
  const found = TEST_CARDS.find((c) => c.outcome === outcome);
  if (!found) throw new Error(`fixtures/test-cards.json has no card with outcome ${outcome}`);
  return found;
}

/** What the payer types into the card fields for a test card (any future expiry, any code). */
export function cardInput(card: TestCard): TokenizeRequest {
  return {
    credit_card: card.number,
    credit_card_cvc: card.brand === 'amex' ? '1234' : '123',
    credit_card_month: '12',
    credit_card_year: String(new Date().getFullYear() + 2),
  };
}

// ---------------------------------------------------------------- form states the stories start from

/** The facility step done: country, state and facility of a fixture facility. */
export function facilityFields(facilityId: number, base: FormFields = EMPTY_FORM): FormFields {
  const f = facilityById(facilityId);
  return { ...base, facility_id: f.id, facility_state: f.state, facility_country: f.country };
}

/**
 * §3 unified wallet: the fields the server writes from the facility and type on every save
 * (server/domain/unified-wallet.ts), from fixtures/unified-wallets.json.
 */
export function withUnifiedWallet(f: FormFields): FormFields {
  if (f.facility_id === null) return { ...f, ...EMPTY_UNIFIED_WALLET_FIELDS };
  const wallet = unifiedWalletsJson.find((w) => w.facility_id === f.facility_id);
  if (!wallet) return { ...f, ...EMPTY_UNIFIED_WALLET_FIELDS, como_facility_id: String(f.facility_id) };
  const has = (name: string) => wallet.facilityServices.some((s) => s.serviceName === name);
  const name = f.deposit_type === '' ? undefined : SERVICE_OF_TYPE[f.deposit_type];
  return {
    ...f,
    unified_wallet_enabled: true,
    oc_facility_id: wallet.oc_facility_id,
    uw_pinDebit: has('PINDEBIT') ? wallet.uwInmate : '',
    uw_advpay: has('ADVPAY') ? wallet.uwVisitor : '',
    uw_trust: has('TRUST') ? wallet.uwTrust : '',
    como_facility_id: String(f.facility_id),
    como_service_id: wallet.facilityServices.find((s) => s.serviceName === name)?.serviceId ?? '',
  };
}

/** The recipient step done: a flex deposit to a fixture inmate at the inmate's facility. */
export function recipientFields(inmateId: string): FormFields {
  const i = inmateById(inmateId);
  return {
    ...facilityFields(i.facility_id),
    deposit_type: 'flex',
    deposit_inmate_id: i.id,
    deposit_inmate_first_name: i.first_name,
    deposit_inmate_last_name: i.last_name,
    deposit_inmate_booking_code: i.booking_code,
    deposit_inmate_booking_date: i.book_date ?? '',
    deposit_inmate_dob: i.date_of_birth ?? '',
    dep_principal_code: i.principal_code,
  };
}

/** Ana Lopez, payer A of fixtures/README.md. */
const PAYER = (() => {
  const ana = payersJson.find((p) => p.email === 'ana@example.com');
  if (!ana) throw new Error('fixtures/payers.json has no payer ana@example.com');
  return ana;
})();

/** Ana's saved cards as GET /account/credit_cards answers them (expired as of the story clock). */
const SAVED_CARDS: readonly SavedCard[] = PAYER.cards.map((c) => ({
  id: c.id,
  card_type: c.brand,
  card_display: `**** **** **** ${c.last4}`,
  name: c.name,
  card_expiration: `${c.exp_month}/${c.exp_year}`,
  expired: !expiryValid(c.exp_month, c.exp_year, STORY_NOW),
}));

/** Ana signed in at checkout: the four terms ticked, no new-card billing needed with a saved card. */
export function signedInFields(base: FormFields): FormFields {
  return {
    ...base,
    logged_in: true,
    email: PAYER.email,
    terms_1: true,
    terms_2: true,
    terms_3: true,
    terms_4: true,
    billing_agree_terms: true,
  };
}

/** A guest's billing address, contact details and the four terms: what a new-card checkout needs. */
export function billingFields(base: FormFields): FormFields {
  return {
    ...base,
    billing_first_name: PAYER.first_name,
    billing_last_name: PAYER.last_name,
    billing_address1: '12 Main St',
    billing_city: 'Austin',
    billing_state: 'TX',
    billing_zip: '78701',
    billing_country: 'US',
    email: PAYER.email,
    phone_no: PAYER.phone,
    phone_country: 'US',
    terms_1: true,
    terms_2: true,
    terms_3: true,
    terms_4: true,
    billing_agree_terms: true,
  };
}

// ---------------------------------------------------------------- answers

/** An answer other than 2xx, as the reference server gives it: a status and `{ errors }`. */
export class SandboxError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  constructor(status: number, errors: FieldErrors) {
    super(`sandbox answered ${status}`);
    this.status = status;
    this.errors = errors;
  }
}

/** §4/§8: what /pay/process_deposit answers; by default the tokenized test card decides. */
export type DepositAnswer = 'card' | 'duplicate' | { error: string };

export interface SandboxSetup {
  /** The form state the server keeps for this session (GET /state/all answers it). */
  fields?: FormFields;
  errors?: FieldErrors;
  /** The session's language on the server. */
  locale?: Locale;
  deposit?: DepositAnswer;
  /** The most matches a search counts, as the server's searchCap (docs/decisions/0023); 120 by default. */
  searchCap?: number;
  /** Where the receipt's deposit is (docs/decisions/0048); submitted by default. */
  depositStatus?: DepositStatus;
  /**
   * What POST /pay/deposit_cancel answers (docs/decisions/0049): by default it cancels a deposit that can
   * be; a refusal names what happened meanwhile; `tooMany` is the per-client limit's 429.
   */
  cancel?: CancelRefusal | 'tooMany';
}

const round2 = (x: number) => Math.round(x * 100) / 100;

function feeFor(facility: Facility, type: DepositType, amount: number): Fee | null {
  const tier = FEE_SCHEDULES[type]?.find((t) => amount >= t.min && amount <= t.max);
  if (!tier) return null;
  const rate = FEE_TAX.find((t) => t.country === facility.country && t.state === facility.state)?.rate ?? 0;
  const tax = round2(tier.fee * rate);
  return { fee: tier.fee, tax, total: toDollars(toCents(amount) + toCents(tier.fee) + toCents(tax)) };
}

/** The receipt of a deposit of the form state's amount, paid with `card` (§2 receipt content). */
function receiptFor(fields: FormFields, card: TokenizeResponse, depositId = 'D00000001'): ReceiptInfo {
  const facility = facilityById(fields.facility_id ?? 0);
  const inmate = inmateById(fields.deposit_inmate_id);
  const type = fields.deposit_type || 'flex';
  const amount = fields.deposit_amount ?? 0;
  const { fee, tax } = feeFor(facility, type, amount) ?? { fee: 0, tax: 0 };
  return {
    deposit_id: depositId,
    order_number: depositId,
    deposit_time: STORY_NOW.toISOString(),
    deposit_type: type,
    recipient_first_name: inmate.first_name,
    recipient_last_name: inmate.last_name,
    recipient_dob: inmate.date_of_birth,
    recipient_age: inmate.age,
    booking_code: inmate.booking_code,
    facility_id: facility.id,
    facility_label: facility.label,
    inmate_label: facility.inmate_label,
    amount,
    fee,
    tax,
    total: round2(amount + fee + tax),
    card_brand: card.brand,
    card_last4: card.last4,
    card_expiry: `${card.exp_month}/${card.exp_year}`,
    billing_country: fields.billing_country,
  };
}

/** docs/test-cards.md: no Amex; security code 000 fails; a listed number gives its outcome. */
function outcomeOf(digits: string, cvc: string, brand: string): string {
  if (brand === 'amex') return 'NO_AMEX';
  if (cvc === '000') return 'CVV_MATCH';
  return TEST_CARDS.find((c) => c.number === digits)?.outcome ?? 'APPROVED';
}

/** "Smith, John" is last then first; "John Smith" first then last; one word matches either name. */
type Person = Omit<Inmate, 'age'>;

/** People by the given keys (lower-cased names, then id), as the server's indexes order them. */
function byKeys(keys: readonly ((i: Person) => string)[]): (a: Person, b: Person) => number {
  return (a, b) => {
    for (const key of keys) {
      const [x, y] = [key(a), key(b)];
      if (x !== y) return x < y ? -1 : 1;
    }
    return 0;
  };
}
const firstOf = (i: Person) => i.first_name.toLowerCase();
const lastOf = (i: Person) => i.last_name.toLowerCase();
const idOf = (i: Person) => i.id;
/** Last name, first name, id: the server's name order. */
const BY_NAME = byKeys([lastOf, firstOf, idOf]);
const BY_FIRST = byKeys([firstOf, lastOf, idOf]);

/**
 * §2 name search as the server answers it (server/repo/inmates.ts, docs/decisions/0023): last names
 * that start with the query, by last name; then first names that do, by first name; then, for two words
 * ("first last" or "last, first"), the people who match both, by the name of the longer word.
 */
function nameSearch(people: readonly Person[], query: string): Person[] {
  const whole = query
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*,\s*/g, ', ');
  let [first, last] = [whole, whole];
  const comma = whole.indexOf(',');
  const space = whole.indexOf(' ');
  if (comma >= 0) [last, first] = [whole.slice(0, comma).trim(), whole.slice(comma + 1).trim()];
  else if (space >= 0) [first, last] = [whole.slice(0, space), whole.slice(space + 1)];
  const byLast = people.filter((i) => lastOf(i).startsWith(whole));
  const byFirst = people.filter((i) => !lastOf(i).startsWith(whole) && firstOf(i).startsWith(whole));
  const both =
    first === whole && last === whole
      ? []
      : people.filter(
          (i) =>
            !lastOf(i).startsWith(whole) &&
            !firstOf(i).startsWith(whole) &&
            firstOf(i).startsWith(first) &&
            lastOf(i).startsWith(last),
        );
  return [
    ...byLast.toSorted(BY_NAME),
    ...byFirst.toSorted(BY_FIRST),
    ...both.toSorted(first.length > last.length ? BY_FIRST : BY_NAME),
  ];
}

/** §5 the searches' rules, the server's own (contract/schemas.ts). */
const NAME_SEARCH = yup.object(SEARCH_FIELDS.name);
const BOOKING_SEARCH = yup.object(SEARCH_FIELDS.booking);
const ICE_SEARCH = yup.object(SEARCH_FIELDS.ice);

/** As the server answers a facility: with the default configuration's rules (§6). */
function knownFacility(id: number): Facility {
  const found = FACILITIES.find((f) => f.id === id);
  if (!found) throw new SandboxError(404, { facility_id: 'ERROR.FACILITY_NOT_FOUND' });
  const r = DEFAULT_FACILITY_RULES;
  const has = (ids: readonly number[]) => ids.includes(id);
  return {
    ...found,
    rules: {
      trust_redirect_url: has(r.trustRedirectFacilityIds) ? r.trustRedirectUrl : null,
      trust_third_party: has(r.noTrustFacilityIds),
      prepaid_to_trust: has(r.prepaidToTrustFacilityIds),
    },
  };
}

export type Sandbox = ReturnType<typeof createSandbox>;

/** One payer's session on the stand-in server, starting from `setup`. */
/** The server's default search cap (server/config.ts DEFAULT_SEARCH_CAP). */
const SEARCH_CAP = 120;

export function createSandbox(setup: SandboxSetup = {}) {
  let fields: FormFields = withUnifiedWallet(setup.fields ?? EMPTY_FORM);
  let errors: FieldErrors = setup.errors ?? {};
  let locale: Locale = setup.locale ?? 'en';
  let card: (TokenizeResponse & { outcome: string }) | null = null;
  let deposits = 0;
  const textsSent = new Set<string>();
  /** Where the receipt's deposit is now: a cancel moves it (docs/decisions/0049). */
  let depositStatus: DepositStatus = setup.depositStatus ?? 'submitted';
  /** Sent to the facility meanwhile: still submitted, no longer cancellable. */
  let sent = false;

  /** The receipt's deposit as GET /pay/deposit_status answers it, or 404 for any other id. */
  const statusOf = (depositId: string): DepositStatusInfo => {
    const receipt = fields.cached_deposit_info;
    if (!receipt || receipt.deposit_id !== depositId) throw new SandboxError(404, { form: 'ERROR.NOT_FOUND' });
    const info = sampleDepositStatus(depositId, receipt.deposit_time, depositStatus);
    // A pam payment is captured by its endpoint at payment (docs/decisions/0049): the money is taken until
    // a refund; the stand-in offers no cancel for it.
    if (receipt.pam) {
      const taken = depositStatus === 'submitted' || depositStatus === 'posted' || depositStatus === 'refused';
      return { ...info, charged: taken, cancellable: false };
    }
    return sent ? { ...info, cancellable: false } : info;
  };

  const saveAnswer = (): StateSaveResponse => ({ fields, errors });

  return {
    stateAll(): StateAllResponse {
      return { fields, errors, locale, csrf_token: 'story-csrf', site: SITE };
    },

    /** Merges what was sent, leaving alone the fields that only the server writes; no field errors. */
    stateSave(sent: Partial<FormFields>): StateSaveResponse {
      const owned: readonly string[] = SERVER_OWNED_FIELDS;
      const accepted = Object.fromEntries(Object.entries(sent).filter(([k]) => !owned.includes(k)));
      fields = { ...fields, ...accepted };
      fields = { ...fields, billing_agree_terms: fields.terms_1 && fields.terms_2 && fields.terms_3 && fields.terms_4 };
      fields = withUnifiedWallet(fields);
      errors = {};
      return saveAnswer();
    },

    stateClear(): StateSaveResponse {
      fields = { ...EMPTY_FORM, locale, logged_in: fields.logged_in };
      errors = {};
      return saveAnswer();
    },

    /** POST /auth/logout: the session ends; the next one starts empty and signed out. */
    signOut(): LogoutResponse {
      fields = { ...EMPTY_FORM, locale };
      errors = {};
      return { success: true, redirect_to: '/' };
    },

    setLocale(l: Locale): { locale: Locale } {
      locale = l;
      return { locale };
    },

    /** §3/§9: allowed countries only, and never a sanctioned one whatever the data says. */
    countries(): { countries: CountryOption[] } {
      const banned: readonly string[] = SANCTIONED_COUNTRIES;
      return {
        countries: COUNTRIES.filter((c) => c.allowed && !banned.includes(c.code)).toSorted((a, b) => a.sort - b.sort),
      };
    },

    regions(country: string): { states: StateOption[] } {
      const list = REGIONS[country];
      if (!list) throw new SandboxError(400, { country: MSG.invalid });
      // In the server's order: by name.
      return { states: list.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
    },

    facilityList(country: string, region: string): { facilities: FacilitySummary[] } {
      return {
        // In the server's order: by label, then id.
        facilities: FACILITIES.filter((f) => f.country === country && f.state === region)
          .toSorted((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : a.id - b.id))
          .map(({ id, label, state, country: c }) => ({ id, label, state, country: c })),
      };
    },

    facility(id: number): { facility: Facility } {
      return { facility: knownFacility(id) };
    },

    /**
     * §2 search at one facility, §9 six per page; results never cross facilities: by name, by booking
     * number (juvenile, Canadian), or by A-number (kept as 'A' + digits in booking_code) and the first
     * letters of the last name (ICE).
     */
    searchInmates(
      facilityId: number,
      query: string,
      page: number,
      mode: 'name' | 'booking' | 'ice' = 'name',
      lastName = '',
    ): SearchInmatesResponse {
      // §5: the server's rules for each kind of search (server/routes/inmates.ts).
      const problems =
        mode === 'name'
          ? collectErrors(NAME_SEARCH, { name_query: query })
          : mode === 'booking'
            ? collectErrors(BOOKING_SEARCH, { booking_code: query })
            : collectErrors(ICE_SEARCH, { name_query: query, inmate_last_name: lastName });
      if (Object.keys(problems).length > 0) throw new SandboxError(400, problems);
      const here = INMATES.filter((i) => i.facility_id === facilityId);
      // Booking numbers and A-numbers are answered in name order (server/repo/inmates.ts).
      const all =
        mode === 'name'
          ? nameSearch(here, query)
          : here
              .filter((i) =>
                mode === 'booking'
                  ? i.booking_code.toUpperCase().startsWith(query.trim().toUpperCase())
                  : i.booking_code.startsWith(`A${query.trim().replace(/^[Aa]/, '')}`) &&
                    i.last_name.toLowerCase().startsWith(lastName.trim().toLowerCase()),
              )
              .toSorted(BY_NAME);
      // Counted up to the cap; past it the answer says there are more (docs/decisions/0023).
      const cap = setup.searchCap ?? SEARCH_CAP;
      const total = Math.min(all.length, cap);
      const start = (page - 1) * RESULTS_PER_PAGE;
      return {
        inmates: all.slice(start, Math.min(total, start + RESULTS_PER_PAGE)).map(withAge),
        total,
        more: all.length > cap,
        page,
        per_page: RESULTS_PER_PAGE,
      };
    },

    /**
     * The fee tier of fixtures/fees.json and the tax of the facility's region. Roundups as the server
     * gives them (§9): dest only, not at tablet-only facilities; "No thanks", then the next multiple of
     * 5 (1 free call) and of 10 (2 free calls) within the facility's maximum.
     */
    fees(facilityId: number, type: DepositType, amount: number): FeesAndRoundupsResponse {
      const facility = knownFacility(facilityId);
      if (!offersType(facility, type))
        throw new SandboxError(400, { deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' });
      const limits = effectiveLimits(facility);
      const amountKey = amountError(amount, limits);
      if (amountKey) throw new SandboxError(400, { deposit_amount: amountKey });
      const quote = feeFor(facility, type, amount);
      if (!quote) throw new SandboxError(400, { deposit_amount: MSG.amountLimit });
      const roundups: FeesAndRoundupsResponse['roundups'] = [];
      if (type === 'dest' && !facility.tablet_only_fac) {
        roundups.push({ id: NO_ROUNDUP_ID, amount, roundup_amount: amount, roundup_diff: 0, ...quote, free_calls: 0 });
        const byFive = Math.floor(amount / 5) * 5 + 5;
        const byTen = Math.floor(byFive / 10) * 10 + 10;
        for (const [id, to, calls] of [
          [1, byFive, 1],
          [2, byTen, 2],
        ] as const) {
          const q = to <= limits.max ? feeFor(facility, type, to) : null;
          if (q)
            roundups.push({
              id,
              amount,
              roundup_amount: to,
              roundup_diff: round2(to - amount),
              ...q,
              free_calls: calls,
            });
        }
      }
      // §9 presets priced like the amount, as the server answers them (docs/decisions/0052).
      const presets = CHECKOUT_PRESETS.filter((a) => amountError(a, limits) === null).flatMap((a) => {
        const q = feeFor(facility, type, a);
        return q ? [{ amount: a, ...q }] : [];
      });
      return { original_deposit_best_fee: quote, roundups, presets };
    },

    /** POST /pay/register (§5 rules): the guest becomes a signed-in payer. */
    register(input: RegisterRequest): LoginResponse {
      const problems = collectErrors(registerSchema, { ...input });
      if (Object.keys(problems).length > 0) throw new SandboxError(400, problems);
      fields = { ...fields, logged_in: true };
      return {
        success: true,
        csrf_token: 'story-csrf',
        user: {
          email: input.email ?? fields.email,
          first_name: input.first_name ?? '',
          last_name: input.last_name ?? '',
          validate_status: 'pending',
        },
      };
    },

    /** POST /pay/is_approved_depositor (signed in): payer A's rows of fixtures/approved-depositors.json. */
    approvedDepositor(input: IsApprovedDepositorRequest): IsApprovedDepositorResponse {
      if (!fields.logged_in) throw new SandboxError(401, { form: 'ERROR.UNAUTHORIZED' });
      const row = approvedDepositorsJson.find(
        (r) =>
          r.email === PAYER.email &&
          String(r.facility_id) === String(input.como_facility_id) &&
          r.inmate_id === input.inmate_id,
      );
      return { approvedDepositor: row?.approved ?? false };
    },

    /** POST /pay/get_cn_inmate (§5): returnCode 0 for an inmate of the facility, else 1. */
    cnInmate(input: CnInmateRequest): CnInmateResponse {
      const i = INMATES.find(
        (x) => x.id === input.inmate_id && String(x.facility_id) === String(input.como_facility_id),
      );
      return i
        ? {
            returnCode: 0,
            principalId: i.principal_code,
            firstName: i.first_name,
            lastName: i.last_name,
            dateOfBirth: i.date_of_birth,
            fraud_flag: i.fraud_flag,
          }
        : { returnCode: 1, principalId: '', firstName: '', lastName: '', dateOfBirth: null, fraud_flag: false };
    },

    /** POST /pay/get_allowed_min_max (§5): the facility's range; unusable limits as they are (§4). */
    allowedMinMax(input: AllowedMinMaxRequest): AllowedMinMaxResponse {
      const f = FACILITIES.find((x) => String(x.id) === String(input.como_facility_id));
      if (!f) throw new SandboxError(400, { facility_id: 'ERROR.FACILITY_NOT_FOUND' });
      if (!INMATES.some((i) => i.id === input.inmate_id && i.facility_id === f.id))
        throw new SandboxError(400, { inmate_id: MSG.invalid } as FieldErrors);
      if (limitsUnusable(f.deposit_limits)) return { minAmount: f.deposit_limits.min, maxAmount: f.deposit_limits.max };
      const { min, max } = effectiveLimits(f);
      return { minAmount: min, maxAmount: max };
    },

    /** GET /pay/get_voicemail_offers: fixtures/voicemail-offers.json (§9 tiers). */
    voicemailOffers(): VoicemailOffersResponse {
      return { offers: voicemailOffersJson.map((o) => ({ ...o })) };
    },

    /** POST /pay/get_cpa_settings: the server's default CPA states and links (§9 cpastates VA). */
    cpaSettings(input: CpaSettingsRequest): CpaSettingsResponse {
      const problems = collectErrors(cpaSettingsSchema, { ...input });
      if (Object.keys(problems).length > 0) throw new SandboxError(400, problems);
      if (!DEFAULT_CPA_STATES.includes(input.state.trim().toUpperCase()))
        return { isCPAState: false, cpaLabel: '', cpaUrl: '' };
      const link = DEFAULT_CPA_LINKS[input.lang === 'es' ? 'es' : 'en'];
      return { isCPAState: true, cpaLabel: link.label, cpaUrl: link.url };
    },

    /** POST /pay/prepare_pam_deposit: a signed-in payer's summary for the payment endpoint (§2 pam). */
    preparePam(): PreparePamDepositResponse {
      if (!fields.logged_in) throw new SandboxError(401, { form: 'ERROR.UNAUTHORIZED' });
      return { pam_payload: 'story.payload', pay_url: '/sandbox/pam/pay', fields, errors: {} };
    },

    /** POST /pay/sms_send: once per deposit, US billing only (the server writes the text). */
    /** GET /pay/deposit_status/:id: the status of this session's deposit, five-minute steps from its time. */
    depositStatus(depositId: string): DepositStatusInfo {
      return statusOf(depositId);
    },

    /** POST /pay/deposit_cancel/:id: cancels the receipt's deposit while it can be, else says why not. */
    cancelDeposit(depositId: string): DepositCancelResponse {
      const before = statusOf(depositId);
      if (setup.cancel === 'tooMany') throw new SandboxError(429, { form: 'ERROR.TOO_MANY_REQUESTS' });
      // What happened meanwhile, as the story asks.
      if (setup.cancel === 'ALREADY_SENT') sent = true;
      if (setup.cancel === 'ALREADY_POSTED') depositStatus = 'posted';
      if (setup.cancel === 'ALREADY_ENDED') depositStatus = 'refused';
      const now = setup.cancel ? statusOf(depositId) : before;
      if (now.cancellable) {
        depositStatus = 'cancelled';
        return { cancelled: true, refusal: null, status: statusOf(depositId) };
      }
      if (now.status === 'cancelled') return { cancelled: false, refusal: 'ALREADY_ENDED', status: now };
      const refusal: CancelRefusal =
        now.status === 'posted' ? 'ALREADY_POSTED' : now.status === 'submitted' ? 'ALREADY_SENT' : 'ALREADY_ENDED';
      return { cancelled: false, refusal, status: now };
    },

    smsSend(input: SmsSendRequest): SmsSendResponse {
      const problems = collectErrors(smsSendSchema, { ...input });
      if (Object.keys(problems).length > 0) throw new SandboxError(400, problems);
      const receipt = fields.cached_deposit_info;
      if (!receipt || receipt.deposit_id !== input.receipt) throw new SandboxError(400, { form: SMS_ERRORS.noReceipt });
      if (receipt.billing_country !== 'US') throw new SandboxError(400, { phone_no: SMS_ERRORS.usOnly });
      const already = textsSent.has(receipt.deposit_id);
      textsSent.add(receipt.deposit_id);
      return { success: true, already_sent: already };
    },

    /** GET /account/dest_accounts: a signed-in payer's phone accounts (SNAP rows hidden, §9). */
    destAccounts(): DestinationAccount[] {
      if (!fields.logged_in) throw new SandboxError(401, { form: 'ERROR.UNAUTHORIZED' });
      return DEST_ACCOUNTS.filter((a) => !a.deposit_phone_no.startsWith('SNAP'));
    },

    /** §5: the fraud flag of a number (fixtures/README.md names the flagged sample number). */
    destinationFraudFlag(ani: string, country?: string): { fraud_flag: number } {
      const problems = collectErrors(destinationFraudFlagSchema, { ani, ...(country ? { country } : {}) });
      if (Object.keys(problems).length > 0) throw new SandboxError(400, problems);
      let phone = aniDigits(ani);
      if (country) {
        // As the server does: with a country, the number in its stored form first (contract/dest-deposits.ts).
        const stored = destPhone(ani, country);
        if (!stored.ok) throw new SandboxError(400, { ani: stored.error } as FieldErrors);
        phone = stored.phone;
      }
      return { fraud_flag: FRAUD_FLAGGED_NUMBERS.includes(phone) ? 1 : 0 };
    },

    /** GET /account/credit_cards: a signed-in payer's saved cards. */
    savedCards(): SavedCardsResponse {
      if (!fields.logged_in) throw new SandboxError(401, { form: 'ERROR.UNAUTHORIZED' });
      return { credit_cards: [...SAVED_CARDS] };
    },

    /** POST /vault/tokenize_saved_card: the code decides the outcome (000 fails) and is forgotten. */
    tokenizeSaved(input: TokenizeSavedCardRequest): TokenizeResponse {
      const saved = SAVED_CARDS.find((c) => c.id === Number(input.saved_card_id));
      if (!fields.logged_in || !saved) throw new SandboxError(404, { form: 'ERROR.NOT_FOUND' });
      if (saved.expired) throw new SandboxError(400, { saved_card_id: 'VALIDATION.CARD_EXPIRED' });
      if (!/^\d{3,4}$/.test(input.credit_card_cvc)) throw new SandboxError(400, { credit_card_cvc: MSG.cvc });
      const [exp_month = '', exp_year = ''] = saved.card_expiration.split('/');
      card = {
        token: `tok_story_saved_${saved.id}`,
        brand: saved.card_type,
        last4: saved.card_display.slice(-4),
        exp_month,
        exp_year,
        outcome: input.credit_card_cvc === '000' ? 'CVV_MATCH' : 'APPROVED',
      };
      const { outcome: _outcome, ...answer } = card;
      return answer;
    },

    /** The sandbox vault: the number is used here and forgotten; its outcome is kept with the token. */
    tokenize(input: TokenizeRequest): TokenizeResponse {
      const digits = cardDigits(input.credit_card);
      const brand = cardBrand(digits);
      if (!brand) throw new SandboxError(400, { credit_card: MSG.cardNumber });
      card = {
        token: `tok_story_${digits.slice(-4)}`,
        brand,
        last4: digits.slice(-4),
        exp_month: input.credit_card_month,
        exp_year: input.credit_card_year,
        outcome: outcomeOf(digits, input.credit_card_cvc, brand),
      };
      const { outcome: _outcome, ...answer } = card;
      return answer;
    },

    processDeposit(confirmDuplicate: boolean): CheckoutResponse {
      const answer = setup.deposit ?? 'card';
      const base: CheckoutResponse = {
        success: false,
        warning: null,
        error: null,
        errors: {},
        duplicate: null,
        cached_deposit_info: null,
        form_state: fields,
      };
      if (answer === 'duplicate' && !confirmDuplicate) {
        // §4: the same amount to the same recipient eight minutes ago: a trust deposit that the payer's
        // recurring deposit charged (the warning says which deposit it means).
        const earlier = new Date(STORY_NOW.getTime() - 8 * 60_000).toISOString();
        return {
          ...base,
          warning: 'DUPLICATE_TRANSACTION_WARNING',
          duplicate: {
            amount: fields.deposit_amount ?? 0,
            deposit_time: earlier,
            order_number: 'R601-2026-11',
            deposit_type: 'trust',
            facility_label: 'Harris County Jail',
            card_brand: 'visa',
            card_last4: '1111',
            recurring: true,
          },
        };
      }
      // §8 FIELD_NO_TRUST: the server's default no-trust billing state (docs/decisions/0008).
      if (fields.deposit_type === 'trust' && fields.billing_country === 'US' && fields.billing_state === 'NJ') {
        return {
          ...base,
          error: FIELD_NO_TRUST,
          errors: { billing_state: CHECKOUT_SERVICE_ERRORS.noTrust },
        };
      }
      const outcome = typeof answer === 'object' ? answer.error : (card?.outcome ?? 'APPROVED');
      // The processor's faults (docs/test-cards.md): its answer is lost, nothing is taken, the form
      // keeps the card for a retry.
      if (outcome.startsWith('PROCESSOR_')) return { ...base, form_state: fields, error: 'PAYMENT_NOT_CONFIRMED' };
      if (outcome !== 'APPROVED' || !card) {
        // §8: the payer enters the card again; every other field stays.
        fields = { ...fields, card_token: '', card_brand: '', card_display: '' };
        // A processor sentence with no code (docs/test-cards.md DECLINED).
        return { ...base, form_state: fields, error: outcome === 'DECLINED' ? 'card declined' : outcome };
      }
      deposits += 1;
      const receipt = receiptFor(fields, card, `D${String(deposits).padStart(8, '0')}`);
      fields = { ...fields, deposit_id: receipt.deposit_id, card_token: '', cached_deposit_info: receipt };
      return { ...base, success: true, cached_deposit_info: receipt, form_state: fields };
    },
  };
}

/** The form state after a deposit of `fields` paid with `card`, as the sandbox answers it. */
export function afterDeposit(fields: FormFields, card: TestCard = testCard('APPROVED')): FormFields {
  const session = createSandbox({ fields });
  session.tokenize(cardInput(card));
  const answer = session.processDeposit(false);
  if (!answer.success) throw new Error(`a deposit paid with ${card.number} does not succeed`);
  return answer.form_state;
}
