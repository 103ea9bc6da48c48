// What contract/accounts.ts's calls and rules build on, without its form rules (yup, phone and card rules): the
// app's first screen imports these and loads no schema (docs/decisions/0063). contract/accounts.ts re-exports them.
import { MSG } from './messages.ts';

// Paths of §7. The spec does not show the is-logged-in call nor the saved-card calls: `me`,
// `creditCards` and `creditCard` are this codebase's choice.
export const ACCOUNT_PATHS = {
  login: '/auth/login',
  logout: '/auth/logout',
  /** Is-logged-in check (path not in the spec). */
  me: '/auth/me',
  register: '/pay/register',
  destAccounts: '/account/dest_accounts',
  /** POST with METHOD_OVERRIDE_HEADER: DELETE removes the phone account from the payer's list. */
  destAccount: (id: number | string) => `/account/dest_accounts/${id}`,
  destinations: '/account/destinations',
  makePrimary: '/account/destinations/make_primary',
  transferFees: '/account/destinations/bal_transfer_fees',
  transfer: '/account/destinations/bal_transfer',
  breakage: '/account/destinations/update_breakage_notification',
  /** The payer's own phone accounts that hold a number (docs/decisions/0059). */
  destinationOwners: '/account/destinations/get_destination_owners',
  recurringDeposits: '/account/recurring_deposits',
  /** POST with METHOD_OVERRIDE_HEADER: DELETE cancels the recurring deposit. */
  recurringDeposit: (id: number | string) => `/account/recurring_deposits/${id}`,
  depositHistory: '/account/deposit_history',
  accountHistory: '/account/deposit_history/account_history',
  /** Saved cards (paths not in the spec). */
  creditCards: '/account/credit_cards',
  /** POST with METHOD_OVERRIDE_HEADER: DELETE removes the saved card. */
  creditCard: (id: number | string) => `/account/credit_cards/${id}`,
} as const;

/** §7: deletions are POSTs that carry this header with the value DELETE. */
export const METHOD_OVERRIDE_HEADER = 'x-http-method-override';

/** §9: prepaid rows whose phone begins with this are hidden from every list. */
export const SNAP_PREFIX = 'SNAP';

export function accountErrorKey(code: AccountErrorCode): string {
  return `ERROR.${code}`;
}

export const BREAKAGE_ENROLLED = 1;

export const BREAKAGE_DECLINED = 3;

/** Dollars with at most two decimals, as a number or text; NaN when it is not one. */
export function parseTransferAmount(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return NaN;
    const cents = Math.round(value * 100);
    return Math.abs(cents - value * 100) < 1e-6 ? cents / 100 : NaN;
  }
  if (typeof value !== 'string' || !/^\d{1,6}(\.\d{1,2})?$/.test(value.trim())) return NaN;
  return Math.round(Number(value.trim()) * 100) / 100;
}

/**
 * §5 transfer amount: a number of at least 0 (a fee quote may ask for 0) or above 0 (a transfer),
 * never a fraction of a cent. Returns an i18n key or null.
 */
export function transferAmountError(value: unknown, allowZero: boolean): string | null {
  if (value === undefined || value === null || value === '') return MSG.required;
  let n = NaN;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)\s*$/.test(value)) n = Number(value);
  if (!Number.isFinite(n)) return MSG.numeric;
  if (allowZero ? n < 0 : n <= 0) return MSG.tooLow;
  if (n > TRANSFER_AMOUNT_MAX) return MSG.tooMany;
  if (Number.isNaN(parseTransferAmount(value))) return MSG.invalid;
  return null;
}

/** §8 codes the account calls answer with; each is the i18n key `ERROR.<code>`. */
export const ACCOUNT_ERROR_CODES = [
  'ERROR_LOGIN', // sign-in delayed after repeated failures of the account (429 with Retry-After)
  'ERROR_LOGIN_CREDENTIALS', // unknown email or wrong password: one message for both
  'ACCOUNT_EXISTS', // registration with an email that has an account (409)
  'INSUFFICIENT_FUNDS',
  'SAME_SRC_DST',
  'SRC_DST_FRAUD', // the source phone account is fraud-flagged
  'DST_DST_FRAUD', // the destination phone account is fraud-flagged
  'TRANSFER_NEEDS_TWO_VERIFIED', // §5: a transfer needs at least two verified accounts
  'ACCOUNT_NOT_VALIDATED', // §6: transfers only between validated accounts
  'GENERIC_TRANSER_ERROR', // spelled as in §8; the client's fallback for a transfer error it cannot name
  'ERROR_CHANGING_PRIMARY_ACCOUNT',
  'ERROR_DELETING_DEPOSIT', // cancelling a recurring deposit failed
  'ERROR_DELETING_CARD', // the card is unknown, or an active recurring deposit still uses it
  'ERROR_DELETING_ACCOUNT', // the phone account is unknown
] as const;

export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export const TRANSFER_AMOUNT_MAX = 10_000;
