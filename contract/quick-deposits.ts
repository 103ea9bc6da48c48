// Quick deposits (§2 deposit.deposit_or_schedule_visit, §3 quick-deposit account, §6, §7 GET
// /pay/quick_deposits, §9): the signed-in payer's recent recipients, each with two amounts that start
// a deposit straight at the checkout step.
//
// How the call answers:
// - 200 `{ quick_deposits }`: one card per recipient (a person for flex, trust and bail, a phone
//   account for dest), most recently paid first, at most QUICK_DEPOSIT_MAX_CARDS. A recipient whose
//   facility no longer takes the deposit's type, whose facility is closed, or whose phone account the
//   payer removed gets no card.
// - 401 with form ERROR.UNAUTHORIZED when the session is not signed in (§6 login required).
import type { DepositType } from './entities.ts';

export const QUICK_DEPOSIT_PATHS = {
  quickDeposits: '/pay/quick_deposits',
} as const;

/** §9: the quick-deposit amounts, which are also the configured trust amounts unless configured otherwise. */
export const QUICK_DEPOSIT_AMOUNTS = [25, 50] as const;
/** §9: the step between the two amounts of a card when they would be the same. */
export const QUICK_DEPOSIT_INCREMENT = 25;
/** Cards on the page; the spec gives no number, this is this codebase's choice (the §9 page of results). */
export const QUICK_DEPOSIT_MAX_CARDS = 6;

/** §3 purse_reg: 1 regulated, 0 not regulated, -1 neither (not a phone deposit). */
export type PurseReg = -1 | 0 | 1;

/** §3 quick-deposit account, with what the page needs to start the deposit. Money in dollars. */
export interface QuickDeposit {
  /** The recipient's key: type, facility, and the person's id or the phone number. */
  id: string;
  deposit_type: DepositType;
  facility_id: number;
  facility_label: string;
  /** The facility's word for the person ('Inmate', 'Resident', 'Detainee'). */
  inmate_label: string;
  deposit_inmate_id: string;
  deposit_inmate_first_name: string;
  deposit_inmate_last_name: string;
  photo_url: string | null;
  /** dest only: the payer's phone account the deposit goes to (null otherwise). */
  dest_account_id: number | null;
  deposit_phone_no: string | null;
  deposit_phone_no_label: string | null;
  deposit_phone_country: string | null;
  purse_reg: PurseReg;
  /** dest only: the balance of the purse the deposit goes to (regulated or prepaid); null otherwise. */
  prepaid_balance: number | null;
  /** §9: the two amounts, smaller first, inside the facility's limits. */
  depositPresetOne: number;
  depositPresetTwo: number;
  /** The amount of the two that the payer sent last (for trust, the first configured one). */
  depositAmountDefault: number;
  /**
   * §6/§8: the payer's primary phone account, this card's phone account or the person is
   * fraud-flagged: the card cannot start a deposit (FRAUD_CONTROL_MESSAGE).
   */
  blocked: boolean;
  /** When the payer last paid this recipient (ISO 8601). */
  last_deposit_time: string;
}

export interface QuickDepositsResponse {
  quick_deposits: QuickDeposit[];
}

/** The different amounts of a card (one when the facility's limits leave room for only one). */
export function quickAmounts(q: Pick<QuickDeposit, 'depositPresetOne' | 'depositPresetTwo'>): number[] {
  return q.depositPresetOne === q.depositPresetTwo ? [q.depositPresetOne] : [q.depositPresetOne, q.depositPresetTwo];
}
