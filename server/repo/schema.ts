// The tables as the repositories see them (server/migrations.ts), for Kysely's typed queries. Times are
// ISO-8601 text on both engines (server/db.ts turns PostgreSQL's timestamps into it); booleans 0/1;
// money integer cents. `Generated` marks a column the database fills in.
import type { Generated } from 'kysely';

type Ts = string;
type Bit = number;

export interface Schema {
  sessions: { id: string; csrf_token: string; user_id: string | null; created_at: Ts; last_seen_at: Ts };
  session_analytics: { session_id: string; ga_client_id: string; updated_at: Ts };
  form_states: { session_id: string; fields_json: string; errors_json: string; updated_at: Ts };
  countries: { code: string; country: string; country_code: string; regex: string; allowed: Bit; sort: number };
  regions: { country: string; code: string; name: string };
  facilities: {
    id: number;
    label: string;
    country: string;
    state: string;
    deposit_types_json: string;
    flex_disabled: Bit;
    fnf_prepaid_enabled: Bit;
    is_juve: Bit;
    is_ice: Bit;
    is_canada: Bit;
    min_deposit_cents: number;
    max_deposit_cents: number;
    pam_enabled: Bit;
    fcc_regulated: Bit;
    tablet_only_fac: Bit;
    touch_pay_enabled: Bit;
    inmate_label: string;
  };
  inmates: {
    id: string;
    facility_id: number;
    first_name: string;
    last_name: string;
    first_lower: string;
    last_lower: string;
    date_of_birth: string | null;
    book_date: string | null;
    booking_code: string;
    booking_upper: string;
    principal_code: string;
    fraud_flag: Bit;
    photo_url: string | null;
  };
  fee_tiers: { deposit_type: string; min_cents: number; max_cents: number; fee_cents: number };
  tax_rates: { country: string; state: string; rate_basis_points: number };
  users: {
    id: string;
    email: string;
    password_hash: string;
    pin_hash: string;
    first_name: string;
    last_name: string;
    phone: string;
    validate_status: string;
    dob: string | null;
    ssn_last4: string | null;
    professional: Generated<Bit>;
    created_at: Ts;
  };
  vault_tokens: {
    token: string;
    session_id: string;
    brand: string;
    last4: string;
    exp_month: string;
    exp_year: string;
    outcome: string;
    created_at: Ts;
    saved_card_id: number | null;
  };
  deposits: {
    id: string;
    order_number: string;
    session_id: string;
    facility_id: number;
    inmate_id: string | null;
    deposit_type: string;
    amount_cents: number;
    fee_cents: number;
    tax_cents: number;
    total_cents: number;
    card_token: string;
    card_brand: string;
    card_last4: string;
    card_exp: string;
    payer_email: string;
    created_at: Ts;
    response_json: string;
    user_id: string | null;
    deposit_phone_no: string | null;
    posted_at: Ts | null;
    refused_at: Ts | null;
    refunded_at: Ts | null;
    refusal_reason: string | null;
    state: Generated<string>;
    charge_id: string | null;
    decline_code: string | null;
    lease_until: Ts | null;
    authorized_at: Ts | null;
    declined_at: Ts | null;
    failed_at: Ts | null;
    sent_at: Ts | null;
    captured_at: Ts | null;
    voided_at: Ts | null;
    cancelled_at: Ts | null;
    expected_at: Ts | null;
    dest_account_id: number | null;
    /** Migration 13 (docs/decisions/0053): the language the deposit was paid in. */
    locale: Generated<string>;
    /** Migration 13: the US number the payer asked to be texted at about this deposit. */
    notify_phone: Generated<string | null>;
  };
  jobs: {
    id: Generated<number>;
    kind: string;
    ref: string;
    run_at: Ts;
    attempts: Generated<number>;
    locked_until: Ts | null;
    last_error: string | null;
    created_at: Ts;
  };
  sandbox_charges: {
    idempotency_key: string;
    charge_id: string;
    source: string;
    amount_cents: number;
    state: string;
    decline_code: string | null;
    authorize_calls: Generated<number>;
    created_at: Ts;
    updated_at: Ts;
  };
  sandbox_postings: { deposit_id: string; result: string; reason: string | null; answered_at: Ts };
  outbox: {
    id: Generated<number>;
    channel: string;
    to: string;
    subject: string | null;
    body: string;
    created_at: Ts;
    /** Migration 10: the session that caused the message (docs/decisions/0035). */
    session_id: string | null;
    /** Migration 13 (docs/decisions/0053): deposit, event and channel of a notice; null for other messages. */
    notice_key: Generated<string | null>;
    /** Migration 13: when the mail server took it. */
    sent_at: Generated<Ts | null>;
  };
  client_errors: {
    id: Generated<number>;
    session_id: string | null;
    message: string;
    stack: string | null;
    url: string | null;
    user_agent: string | null;
    created_at: Ts;
  };
  login_failures: { id: Generated<number>; email: string; session_id: string; client: Generated<string>; at: Ts };
  /** Migration 10: per-client limit counters (docs/decisions/0039); times in ms since 1970. */
  rate_limits: { key: string; window_start: number; hits: number; expires_at: number };
  dest_accounts: {
    id: Generated<number>;
    user_id: string;
    destination_id: string;
    deposit_phone_no: string;
    deposit_phone_no_label: string;
    deposit_phone_country: string;
    validate_status: string;
    is_primary: Bit;
    prepaid_balance_cents: number;
    regulated_balance_cents: number;
    fraud_flag: Bit;
    facility_id: number | null;
    breakage_sms: number;
    breakage_email: number;
    created_at: Ts;
    deleted_at: Ts | null;
  };
  dest_activity: {
    id: Generated<number>;
    account_id: number;
    purse: string;
    event_at: Ts;
    event_desc: string;
    amount_cents: number;
  };
  balance_transfers: {
    id: Generated<number>;
    user_id: string;
    src_account_id: number;
    dst_account_id: number;
    amount_cents: number;
    fee_cents: number;
    created_at: Ts;
  };
  saved_cards: {
    id: Generated<number>;
    user_id: string;
    token: string;
    brand: string;
    last4: string;
    exp_month: string;
    exp_year: string;
    name: string;
    created_at: Ts;
  };
  recurring_deposits: {
    id: Generated<number>;
    user_id: string;
    card_id: number | null;
    amount_cents: number;
    interval_type: string;
    day_in_interval: number;
    deposit_type: string;
    facility_id: number;
    inmate_id: string | null;
    dest_account_id: number | null;
    account_guid: string;
    is_pam: Bit;
    created_at: Ts;
    cancelled_at: Ts | null;
    pam_ref: string | null;
  };
  approved_depositors: { user_id: string; facility_id: number; inmate_id: string; approved: Bit };
  voicemail_offers: { tier_cents: number; voicemails: number };
  pam_payments: {
    id: Generated<number>;
    ref: string | null;
    payload: string;
    valid: Bit;
    total_cents: number | null;
    received_at: Ts;
    card_brand: string | null;
    card_last4: string | null;
    card_exp: string | null;
  };
  destinations: {
    deposit_phone_no: string;
    deposit_phone_country: string;
    destination_id: string;
    fraud_flag: Bit;
    guest_prepaid_cents: number;
    guest_regulated_cents: number;
    created_at: Ts;
  };
  phone_verification_codes: {
    id: Generated<number>;
    user_id: string;
    account_id: number;
    channel: string;
    code_salt: string;
    code_hash: string;
    created_at: Ts;
    expires_at: Ts;
    wrong_attempts: Generated<number>;
    closed_at: Ts | null;
  };
  professional_requests: {
    id: Generated<number>;
    user_id: string;
    facility_id: number;
    bar_number: string;
    issue_state: string;
    issue_date: string;
    business_phone: string;
    phone_ext: string;
    status: string;
    created_at: Ts;
  };
  account_notifications: { user_id: string; sms: Bit; email: Bit; updated_at: Ts };
  identity_attempts: { user_id: string; failures: number; updated_at: Ts };
  unified_wallets: {
    facility_id: number;
    oc_facility_id: string;
    uw_visitor: string;
    uw_inmate: string;
    uw_trust: string;
  };
  unified_wallet_services: { oc_facility_id: string; service_name: string; service_id: string };
  server_keys: { name: string; secret: string; created_at: Ts };
}
