// What each invoked actor of the machines takes and returns. The machines refer to actors by
// name; src/api/actors.ts implements them over HTTP, tests and stories provide fakes (§7 calls).
import type {
  CheckoutResponse,
  FeesAndRoundupsResponse,
  SearchInmatesResponse,
  StateAllResponse,
  StateSaveResponse,
  TokenizeRequest,
  TokenizeResponse,
} from '../contract/api.ts';
import type {
  ActionResponse,
  DestAccountsResponse,
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MakePrimaryRequest,
  RegisterRequest,
  DepositHistoryResponse,
  RecurringDeposit,
  RegisterResponse,
  SavedCardsResponse,
} from '../contract/accounts.ts';
import type {
  CpaSettingsRequest,
  CpaSettingsResponse,
  VoicemailOffersResponse,
} from '../contract/checkout-services.ts';
import type {
  PreparePamDepositRequest,
  PreparePamDepositResponse,
  TokenizeSavedCardRequest,
} from '../contract/checkout-services.ts';
import type { LogJsErrorRequest } from '../contract/api.ts';
import type { CompletePamDepositRequest, CompletePamDepositResponse } from '../contract/pam.ts';
import type { LegalDocument, LegalTextResponse } from '../contract/legal.ts';
import type { DeepContactRequest } from '../contract/deep-contact.ts';
import type {
  AllowedMinMaxRequest,
  AllowedMinMaxResponse,
  CnInmateRequest,
  CnInmateResponse,
  IsApprovedDepositorRequest,
  IsApprovedDepositorResponse,
} from '../contract/checkout-services.ts';
import type { SearchMode } from './wizard.types.ts';
import type { SmsSendRequest, SmsSendResponse } from '../contract/receipt.ts';
import type { DepositStatusInfo } from '../contract/deposit-status-base.ts';
import type { DepositCancelResponse } from '../contract/deposit-status.ts';
import type { VerifyRequest, VerifyResponse } from '../contract/identity.ts';
import type { NotificationStatus, NotificationStatusRequest, Profile, ProfileRequest } from '../contract/profile.ts';
import type { QuickDeposit } from '../contract/quick-deposits.ts';
import type { ProfessionalRequest } from '../contract/professional-base.ts';
import type { ProfessionalFacility, SaveProfessionalResponse, SsoTokenResponse } from '../contract/professional.ts';
import type {
  CheckCodeRequest,
  CheckCodeResponse,
  SendCodeResponse,
  VerifyChannel,
} from '../contract/phone-verification.ts';
import type { TransferFeesResponse, TransferRequest, TransferResponse } from '../contract/accounts.ts';
import type {
  BreakageRequest,
  BreakageResponse,
  DestinationAccount,
  ValidateStatus,
  DestinationActivity,
  Purse,
} from '../contract/accounts.ts';
import type {
  CountryOption,
  Facility,
  FacilitySummary,
  FieldErrors,
  FormFields,
  Locale,
  StateOption,
} from '../contract/entities.ts';

/**
 * A failed call, as every actor rejects with it (never a raw HTTP error): `errors` holds field
 * errors of a 400 answer; `code` is an i18n key for the whole failure ('ERROR.NETWORK',
 * 'ERROR.UNEXPECTED', 'ERROR.FEES_TIMEOUT'...); `status` the HTTP status (0 without an answer).
 */
export interface CallFailure {
  status: number;
  code: string;
  errors: FieldErrors;
  /** The answer's request id, a reference the payer can quote to customer service (docs/decisions/0051). */
  requestId?: string;
}

export function isCallFailure(x: unknown): x is CallFailure {
  return typeof x === 'object' && x !== null && 'code' in x && 'errors' in x && 'status' in x;
}

/** Turns whatever an actor rejected with into a CallFailure. */
export function toCallFailure(x: unknown): CallFailure {
  return isCallFailure(x) ? x : { status: 0, code: 'ERROR.UNEXPECTED', errors: {} };
}

export interface ActorIO {
  /** GET /state/all */
  loadFormState: { input: void; output: StateAllResponse };
  /** POST /state/save */
  saveFormState: { input: { fields: Partial<FormFields> }; output: StateSaveResponse };
  /** POST /state/clear */
  clearFormState: { input: void; output: StateSaveResponse };
  /** POST /pay/deep_contact (contract/deep-contact.ts) */
  startDeepContact: { input: DeepContactRequest; output: StateSaveResponse };
  /** GET /pay/set_locale/{locale} */
  setLocale: { input: { locale: Locale }; output: { locale: Locale } };
  /** GET /pay/allowed_countries, /pay/get_state_list, /pay/get_fac_list in one go. */
  loadFacilityOptions: {
    input: { country: string; region: string };
    output: { countries: CountryOption[]; regions: StateOption[]; facilities: FacilitySummary[] };
  };
  /** GET /pay/facility/{id} */
  loadFacility: { input: { facilityId: number }; output: Facility };
  /** GET /pay/search_inmates */
  searchInmates: {
    /** mode 'name' asks /pay/search_inmates; 'booking' and 'ice' (with lastName) /pay/search_inmates_special. */
    input: { facilityId: number; query: string; page: number; mode?: SearchMode; lastName?: string };
    output: SearchInmatesResponse;
  };
  /** GET /pay/get_fees_and_roundups */
  getFees: {
    /** unifiedWallet and ocFacilityId: §7 unified_wallet_flag and oc_facility_id in unified-wallet mode. */
    input: { facilityId: number; depositType: string; amount: number; unifiedWallet?: boolean; ocFacilityId?: string };
    output: FeesAndRoundupsResponse;
  };
  /** POST /pay/is_approved_depositor (§5 unified-wallet trust) */
  isApprovedDepositor: { input: IsApprovedDepositorRequest; output: IsApprovedDepositorResponse };
  /** POST /pay/get_cn_inmate (§5 unified-wallet trust) */
  getCnInmate: { input: CnInmateRequest; output: CnInmateResponse };
  /** POST /pay/get_allowed_min_max (§5 unified-wallet trust: min and max from the service) */
  getAllowedMinMax: { input: AllowedMinMaxRequest; output: AllowedMinMaxResponse };
  /** POST /vault/tokenize */
  tokenizeCard: { input: TokenizeRequest; output: TokenizeResponse };
  /** GET /auth/me and GET /account/dest_accounts: the payer's status and phone accounts (identity.verify) */
  loadIdentity: { input: void; output: { status: ValidateStatus; accounts: DestinationAccount[] } };
  /** POST /pay/verify (§4) */
  verifyIdentity: { input: VerifyRequest; output: VerifyResponse };
  /** GET /account/profile and POST /pay/get_account_notification_status */
  loadProfile: { input: void; output: { profile: Profile; notifications: NotificationStatus } };
  /** POST /account/profile, then /pay/update_account_notification_status */
  saveProfile: {
    input: { profile: ProfileRequest; notifications: NotificationStatusRequest };
    output: { profile: Profile; notifications: NotificationStatus };
  };
  /** POST /pay/prepare_pam_deposit {fees_acknowledged} (§2 pam variant) */
  preparePamDeposit: { input: PreparePamDepositRequest; output: PreparePamDepositResponse };
  /** The pam return leg (contract/pam.ts): the endpoint's signed result becomes the deposit and receipt. */
  completePamDeposit: { input: CompletePamDepositRequest; output: CompletePamDepositResponse };
  /** The browser form-posts the payload, urlencoded, to the payment endpoint and leaves the site (§2) */
  postPamPayload: { input: { payUrl: string; payload: string }; output: void };
  /** POST /vault/tokenize_saved_card: a saved card with its security code (§4 card choice) */
  tokenizeSavedCard: { input: TokenizeSavedCardRequest; output: TokenizeResponse };
  /** POST /pay/sms_send {phone_no, receipt, enroll} (§2 SMS receipt modal) */
  sendSmsReceipt: { input: SmsSendRequest; output: SmsSendResponse };
  /** GET /pay/deposit_status/:id (contract/deposit-status.ts) */
  loadDepositStatus: { input: { depositId: string }; output: DepositStatusInfo };
  /** POST /pay/deposit_cancel/:id (contract/deposit-status.ts): cancelled, or why not, with the status after. */
  cancelDeposit: { input: { depositId: string }; output: DepositCancelResponse };
  /** POST /account/destinations/get_destination_fraud_flag {ani} (§5 number step) */
  checkDestinationFraud: { input: { ani: string; country: string }; output: { fraud_flag: number } };
  /** POST /pay/process_deposit */
  processDeposit: { input: { confirmDuplicate: boolean }; output: CheckoutResponse };
  /** POST /auth/logout (§7: success, redirect_to) */
  signOut: { input: void; output: LogoutResponse };
  /** The session warning's "Stay signed in" (GET /auth/me): the server sees the session again. */
  keepSessionAlive: { input: void; output: { signedIn: boolean } };
  /** POST /auth/login */
  signIn: { input: LoginRequest; output: LoginResponse };
  /** POST /pay/register */
  register: { input: RegisterRequest; output: RegisterResponse };
  /** GET /account/credit_cards */
  loadSavedCards: { input: void; output: SavedCardsResponse };
  /** POST /account/credit_cards/{id} with the DELETE override */
  removeSavedCard: { input: { id: number }; output: ActionResponse };
  /** GET /account/recurring_deposits and POST /pay/get_pam_recurring_deposits, as one list */
  loadRecurringDeposits: { input: void; output: RecurringDeposit[] };
  /** POST /account/recurring_deposits/{id} (DELETE override), or /pay/cancel_pam_recurring_deposit */
  cancelRecurringDeposit: { input: { deposit: RecurringDeposit }; output: ActionResponse };
  /** GET /account/dest_accounts: the payer's phone accounts a transfer may choose from (§6) */
  loadTransferAccounts: { input: void; output: DestinationAccount[] };
  /** GET /account/destinations/bal_transfer_fees?amount=&src_ani=&dst_ani= */
  quoteTransferFee: { input: TransferRequest; output: TransferFeesResponse };
  /** POST /account/destinations/bal_transfer {amount, src_ani, dst_ani} */
  transferBalance: { input: TransferRequest; output: TransferResponse };
  /** GET /account/deposit_history?page= (§9: 20 per page) */
  loadDepositHistory: { input: { page: number }; output: DepositHistoryResponse };
  /** GET /account/dest_accounts (the primary account page chooses among the validated ones) */
  loadPrimaryAccounts: { input: void; output: DestAccountsResponse };
  /** POST /account/destinations/make_primary {ani} */
  makePrimaryAccount: { input: MakePrimaryRequest; output: ActionResponse };
  /** GET /account/dest_accounts (§9: SNAP rows hidden; primary first, then balance descending) */
  loadDestinationAccounts: { input: void; output: DestinationAccount[] };
  /** GET /account/deposit_history/account_history?destination_id=&deposit_type=pp|pr */
  loadAccountActivity: { input: { destinationId: string; purse: Purse }; output: DestinationActivity[] };
  /** POST /account/destinations/update_breakage_notification {ani, sms_status, email_status} */
  updateInactivityAlerts: { input: BreakageRequest; output: BreakageResponse };
  /** POST /account/dest_accounts/{id} with the DELETE override */
  removeDestinationAccount: { input: { id: number }; output: ActionResponse };
  /** GET the translated URL of a legal text (§7; SiteInfo.legal_urls) */
  loadLegalText: { input: { document: LegalDocument; locale: Locale; url: string }; output: LegalTextResponse };
  /** POST /development/log_js_error (§7; §8: at most 4 reports, one at a time) */
  sendErrorReport: { input: LogJsErrorRequest; output: void };
  /** GET /pay/quick_deposits (§2 deposit_or_schedule_visit quick-deposit cards) */
  loadQuickDeposits: { input: void; output: QuickDeposit[] };
  /** POST /account/destinations/validate_via_sms or /validate_via_phone {ani} (§4 phone verification) */
  sendVerificationCode: { input: { ani: string; channel: VerifyChannel }; output: SendCodeResponse };
  /** POST /auth/validate_phone_number {ani, code} */
  confirmPhoneCode: { input: CheckCodeRequest; output: CheckCodeResponse };
  /** GET /fusion/get_facility_for_professional_request */
  loadProfessionalFacilities: { input: void; output: ProfessionalFacility[] };
  /** GET the sso token of the signed-in payer (§6: when the form state has none) */
  loadSsoToken: { input: void; output: SsoTokenResponse };
  /** POST /fusion/save_professional_request */
  saveProfessionalRequest: { input: ProfessionalRequest; output: SaveProfessionalResponse };
  /** GET /pay/get_voicemail_offers (§7; §9 tiers 25, 50, 75, 100, 150) */
  loadVoicemailOffers: { input: void; output: VoicemailOffersResponse };
  /** POST /pay/get_cpa_settings {state, lang} (§7; §9 cpastates) */
  getCpaSettings: { input: CpaSettingsRequest; output: CpaSettingsResponse };
  /** Loads the global header's navigation script once per page load (§2 shared layout) */
  loadNavScript: { input: { url: string }; output: void };
}
