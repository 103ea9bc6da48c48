// Accounts, sign-in and the account calls of spec §7 ("Auth and session", "Accounts"): paths,
// request and response shapes, the §5 rules as yup schemas, the §8 codes and the §9 constants.
//
// How the account calls answer:
// - 200 with the data, or for an action `{ success: true, errors: {} }`.
// - 200 with `{ success: false, errors: { form: key } }` when a business rule of §8 refuses the action
//   (INSUFFICIENT_FUNDS, ERROR_CHANGING_PRIMARY_ACCOUNT...): the §7 shapes carry success and errors.
// - 400 with field errors for input that breaks a §5 rule (never a 500).
// - 401 with form ERROR.UNAUTHORIZED when the session is not signed in.
// - 404 for an id or phone number that is not one of the signed-in payer's: another payer's record
//   and a record that does not exist get the same answer.
// - Sign-in answers 400 for wrong credentials (not 401, which means "session ended" to the client) and
//   429 with Retry-After while the account's sign-in delay runs; registration answers 409 for an email that has an account.
// Error keys on the wire are `ERROR.<code>` for the codes of ACCOUNT_ERROR_CODES below.
import type { DepositStatusInfo } from './deposit-status.ts';
import * as yup from 'yup';
import type { DepositType, RecurringInterval } from './entities.ts';
import { MSG, guestContactSchema, nameSchema } from './schemas.ts';
import { PHONE_MAX_LENGTH, isStoredPhone, payerPhoneError } from './phone.ts';
export {
  SNAP_PREFIX,
  accountErrorKey,
  parseTransferAmount,
  ACCOUNT_PATHS,
  METHOD_OVERRIDE_HEADER,
  type AccountErrorCode,
} from './accounts-base.ts';
import { transferAmountError } from './accounts-base.ts';

// §9 and §5 constants.
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const PIN_LENGTH = 6;
/**
 * Sign-in delay (docs/decisions/0039), never a lockout a stranger could cause: this many failures for
 * one account within the window cost nothing...
 */
export const LOGIN_FREE_FAILURES = 5;
/** ...then each further attempt waits 1, 2, 4... seconds after the latest failure, at most this long. */
export const LOGIN_MAX_DELAY_SECONDS = 60;
/** Failures older than this are forgotten. */
export const LOGIN_WINDOW_MINUTES = 15;

/** The wait, in seconds, after the latest of `failures` failures of one account within the window. */
export function loginDelaySeconds(failures: number): number {
  if (failures < LOGIN_FREE_FAILURES) return 0;
  return Math.min(LOGIN_MAX_DELAY_SECONDS, 2 ** (failures - LOGIN_FREE_FAILURES));
}

/** Field (or `form`) -> i18n key. */
export type AccountErrors = Record<string, string>;

export interface AccountErrorBody {
  errors: AccountErrors;
}

/** The answer of an action (make primary, delete, cancel, alerts). */
export interface ActionResponse {
  success: boolean;
  errors: AccountErrors;
}

// ---------------------------------------------------------------- sign-in and registration

export type ValidateStatus = 'pending' | 'validated' | 'rejected';

export interface AccountUser {
  email: string;
  first_name: string;
  last_name: string;
  validate_status: ValidateStatus;
}

// POST /auth/login
export interface LoginRequest {
  email: string;
  password: string;
}
/** The session id rotates at sign-in: later state-changing calls send this new CSRF token. */
export interface LoginResponse {
  success: true;
  csrf_token: string;
  user: AccountUser;
}

// POST /auth/logout
export interface LogoutResponse {
  success: boolean;
  redirect_to: '/';
}

// GET /auth/me
export interface MeResponse {
  logged_in: boolean;
  user: AccountUser | null;
}

// POST /pay/register (§3 New account). email, names and phone default to the form state's email,
// billing_first_name, billing_last_name and phone_no when the body leaves them out.
export interface RegisterRequest {
  email?: string;
  password: string;
  password_again: string;
  pin: string;
  pin_again: string;
  first_name?: string;
  last_name?: string;
  phone_no?: string;
}
export type RegisterResponse = LoginResponse;

const emailSchema = guestContactSchema.pick(['email']);

export const loginSchema = emailSchema.shape({
  password: yup.string().required(MSG.required).max(PASSWORD_MAX, MSG.tooMany),
});

/** §5 create account: password at least 6 with confirmation; PIN exactly 6 digits with confirmation. */
export const registerSchema = emailSchema.shape({
  password: yup.string().required(MSG.required).min(PASSWORD_MIN, MSG.keepTyping).max(PASSWORD_MAX, MSG.tooMany),
  password_again: yup
    .string()
    .required(MSG.required)
    .oneOf([yup.ref('password')], MSG.noMatch),
  pin: yup
    .string()
    .required(MSG.required)
    .matches(/^\d*$/, MSG.numeric)
    .min(PIN_LENGTH, MSG.keepTyping)
    .max(PIN_LENGTH, MSG.tooMany),
  pin_again: yup
    .string()
    .required(MSG.required)
    .oneOf([yup.ref('pin')], MSG.noMatch),
  first_name: nameSchema.max(60, MSG.tooMany),
  last_name: nameSchema.max(60, MSG.tooMany),
  // Optional: left out, the form state's phone_no is taken. Given, it follows the profile's rule.
  phone_no: yup
    .string()
    .trim()
    .test('phone', MSG.phoneCountry, function (v) {
      const e = v ? payerPhoneError(v) : null;
      return e === null ? true : this.createError({ message: e });
    }),
});

// ---------------------------------------------------------------- phone accounts (§3)

/** §3 breakage: 1 or 2 enrolled, 3 declined (§4 inactivity alert: enrol sets 1, unenrol 3). */
export type BreakageStatus = 1 | 2 | 3;

export interface DestinationAccount {
  id: number;
  deposit_phone_no: string;
  deposit_phone_no_label: string;
  deposit_phone_country: string;
  deposit_phone_is_us: boolean;
  validate_status: ValidateStatus;
  validated: boolean;
  primary: boolean;
  current_primary: boolean;
  /** Dollars. */
  prepaid_balance: number;
  regulated_balance: number;
  /** §9: prepaid_balance under LOW_BALANCE_THRESHOLD (constants.ts). */
  low_balance: boolean;
  fraud_flag: boolean;
  facilities: { id: number; label: string }[];
  facility_id: number | null;
  /** The phone account's id at the provider; account_history takes it. */
  destination_id: string;
  breakage: { sms: BreakageStatus; email: BreakageStatus };
}

// GET /account/dest_accounts: §9 SNAP rows hidden; primary first, then balance descending.
export interface DestAccountsResponse {
  dest_accounts: DestinationAccount[];
}

// GET /account/destinations?ani= (one account, 404 if not the payer's) and /account/destinations/ (all).
export interface DestinationsResponse {
  destinations: DestinationAccount[];
}

/** A phone account's number as sent: punctuation is ignored. */
export function normaliseAni(value: string): string {
  return value.replace(/[\s().-]/g, '');
}
/** A phone account's number, in its stored form (contract/phone.ts isStoredPhone), punctuation allowed. */
export const aniSchema = yup
  .string()
  .required(MSG.required)
  .max(PHONE_MAX_LENGTH, MSG.tooMany)
  .test('ani', MSG.invalid, (v) => v === undefined || isStoredPhone(normaliseAni(v)));

export const destinationsQuerySchema = yup.object({ ani: aniSchema.notRequired() });

// POST /account/destinations/make_primary (§2: validated accounts only).
export interface MakePrimaryRequest {
  ani: string;
}
export const makePrimarySchema = yup.object({ ani: aniSchema });

// POST /account/destinations/update_breakage_notification
export interface BreakageRequest {
  ani: string;
  sms_status: BreakageStatus;
  email_status: BreakageStatus;
}
export interface BreakageResponse extends ActionResponse {
  breakage: { sms: BreakageStatus; email: BreakageStatus };
}
const breakageStatus = yup.number().typeError(MSG.numeric).required(MSG.required).oneOf([1, 2, 3], MSG.invalid);
export const breakageSchema = yup.object({
  ani: aniSchema,
  sms_status: breakageStatus,
  email_status: breakageStatus,
});
// POST /account/destinations/get_destination_owners {ani}: the ids (DestinationAccount.id) of the
// signed-in payer's phone accounts that hold the number; never another payer's (docs/decisions/0059).
// A number the payer holds no account for answers 404, whether or not anyone else does.
/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface DestinationOwnersRequest {
  ani: string;
}
export interface DestinationOwnersResponse {
  connected_mv_ids: number[];
}
export const destinationOwnersSchema = yup.object({ ani: aniSchema });

/** §4 the inactivity-alerts dialog's two channels, as the payer ticks them (alertRequest makes the call's statuses). */
export const alertChoiceSchema = yup.object({
  sms: yup.boolean().required(MSG.required),
  email: yup.boolean().required(MSG.required),
});

// ---------------------------------------------------------------- balance transfer

// GET /account/destinations/bal_transfer_fees?amount=&src_ani=&dst_ani=
export interface TransferFeesResponse {
  success: boolean;
  /** Dollars; null when the transfer could not be made. */
  transfer_fee: number | null;
  errors: AccountErrors;
}

// POST /account/destinations/bal_transfer: amount dollars (at most two decimals), moved from src to
// dst; the fixed fee is taken from src on top of the amount.
export interface TransferRequest {
  amount: number | string;
  src_ani: string;
  dst_ani: string;
}
export interface TransferResponse {
  success: boolean;
  transfer_fee: number | null;
  errors: AccountErrors;
}

function transferAmountSchema(allowZero: boolean) {
  return yup.mixed<number | string>().test({
    name: 'amount',
    test(value) {
      const key = transferAmountError(value, allowZero);
      return key === null ? true : this.createError({ message: key });
    },
  });
}

export const transferFeesQuerySchema = yup.object({
  amount: transferAmountSchema(true),
  src_ani: aniSchema,
  dst_ani: aniSchema,
});
export const transferSchema = yup.object({
  amount: transferAmountSchema(false),
  src_ani: aniSchema,
  dst_ani: aniSchema,
});

// ---------------------------------------------------------------- recurring deposits (§3)

export type RecurringDepositType = 'TRUST' | 'INMATEACCOUNT' | 'FRIENDSNFAMILY';

export interface RecurringDeposit {
  id: number;
  /** Dollars. */
  amount: number;
  card_type: string;
  card_display: string;
  interval_type: RecurringInterval;
  /** Day of month 1..28 (monthly), day of week 0..6 (weekly), 1 or 15 (biweekly). */
  day_in_interval: number;
  deposit_type: RecurringDepositType;
  recipient: string;
  recipient_type: 'Inmate' | 'Destination';
  display_name: string;
  account_guid: string;
  isPam: boolean;
}

// GET /account/recurring_deposits: §9 sorted by amount descending.
export interface RecurringDepositsResponse {
  recurring_deposits: RecurringDeposit[];
}

// ---------------------------------------------------------------- deposit history (§3)

export interface DepositHistoryItem {
  id: string;
  order_number: string;
  deposit_time: string; // ISO 8601
  recipient: string;
  /** Dollars. */
  amount: number;
  deposit_type: DepositType;
  /** 1 regulated, 0 not regulated, -1 neither (not a phone deposit). */
  purse_reg: -1 | 0 | 1;
  /** The deposit went to the payer's current primary phone account. */
  primary: boolean;
  facility_closed: boolean;
  /** 0 while the person is held. */
  inmate_status: number;
  facility_flex_disabled: boolean;
  facility_fnf_prepaid_disabled: boolean;
  deposit_inmate_name: string;
  deposit_inmate_id: string;
  names: { first_name: string; last_name: string };
  deposit_phone_no: string | null;
  facility_id: number;
  facility_label: string;
  /** Where the deposit is: submitted, posted, refused, refunded, with each step's time (docs/decisions/0048). */
  status: DepositStatusInfo;
}

/** §9: deposit history pages hold 20 (DEPOSIT_HISTORY_PAGE_SIZE). */
export interface DepositHistoryResponse {
  deposits: DepositHistoryItem[];
  page: number; // 1-based
  per_page: number;
  total: number;
  pages: number;
}
export const depositHistoryQuerySchema = yup.object({
  page: yup
    .string()
    .matches(/^\d{1,5}$/, MSG.numeric)
    .test('page', MSG.invalid, (v) => v === undefined || Number(v) >= 1),
});

// GET /account/deposit_history/account_history?destination_id=&deposit_type=pp|pr
/** pp: the prepaid purse; pr: the regulated purse. */
export type Purse = 'pp' | 'pr';
/** What happened, as a code; the screen shows the i18n key `ACCOUNT.ACTIVITY_<code>`. */
export const ACTIVITY_EVENTS = ['DEPOSIT', 'CALL', 'TRANSFER_IN', 'TRANSFER_OUT', 'TRANSFER_FEE'] as const;
export type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];
export interface DestinationActivity {
  event_at: string; // ISO 8601
  event_desc: ActivityEvent;
  /** Dollars; negative when money left the account. */
  amount: number;
}
export interface AccountHistoryResponse {
  activity: DestinationActivity[];
}
export const accountHistoryQuerySchema = yup.object({
  destination_id: yup
    .string()
    .required(MSG.required)
    .max(40, MSG.tooMany)
    .matches(/^[A-Za-z0-9-]+$/, MSG.invalid),
  deposit_type: yup.string().required(MSG.required).oneOf(['pp', 'pr'], MSG.invalid),
});

// ---------------------------------------------------------------- saved cards (§3)

/** Vault-style: the number never exists here, only brand, last four, expiry and the name. */
export interface SavedCard {
  id: number;
  card_type: string;
  card_display: string;
  name: string;
  /** MM/YYYY */
  card_expiration: string;
  expired: boolean;
}
export interface SavedCardsResponse {
  credit_cards: SavedCard[];
}
