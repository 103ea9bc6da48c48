// Numbered schema migrations, applied in order at start and recorded in schema_migrations
// (server/db.ts). One set serves both engines: each is written once in portable SQL
// (server/portable-sql.ts says its words: {{ID}}, {{TS}}, {{BYTES}}).
import { ANALYTICS_MIGRATION } from './migrations-analytics.ts';
import { MONEY_PATH_MIGRATION } from './migrations-money-path.ts';
import { NOTICES_MIGRATION, RECEIPT_TEXT_MIGRATION } from './migrations-notices.ts';
import { SIGN_IN_MIGRATION } from './migrations-sign-in.ts';
import { portable, type Migration } from './portable-sql.ts';

export type { Migration };

export const MIGRATIONS: readonly Migration[] = [
  portable(
    1,
    'sessions and form state',
    `
    CREATE TABLE sessions (
      id TEXT PRIMARY KEY,
      csrf_token TEXT NOT NULL,
      user_id TEXT NULL,
      created_at {{TS}} NOT NULL,
      last_seen_at {{TS}} NOT NULL
    );
    CREATE INDEX sessions_last_seen ON sessions (last_seen_at);
    CREATE TABLE form_states (
      session_id TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
      fields_json TEXT NOT NULL,
      errors_json TEXT NOT NULL,
      updated_at {{TS}} NOT NULL
    );
    `,
  ),
  portable(
    2,
    'reference data: countries, regions, facilities, inmates, fees',
    `
    CREATE TABLE countries (
      code TEXT PRIMARY KEY,
      country TEXT NOT NULL,
      country_code TEXT NOT NULL,
      regex TEXT NOT NULL,
      allowed INTEGER NOT NULL,
      sort INTEGER NOT NULL
    );
    CREATE TABLE regions (
      country TEXT NOT NULL REFERENCES countries (code),
      code TEXT NOT NULL,
      name TEXT NOT NULL,
      PRIMARY KEY (country, code)
    );
    CREATE TABLE facilities (
      id INTEGER PRIMARY KEY,
      label TEXT NOT NULL,
      country TEXT NOT NULL,
      state TEXT NOT NULL,
      deposit_types_json TEXT NOT NULL,
      flex_disabled INTEGER NOT NULL,
      fnf_prepaid_enabled INTEGER NOT NULL,
      is_juve INTEGER NOT NULL,
      is_ice INTEGER NOT NULL,
      is_canada INTEGER NOT NULL,
      min_deposit_cents INTEGER NOT NULL,
      max_deposit_cents INTEGER NOT NULL,
      pam_enabled INTEGER NOT NULL,
      fcc_regulated INTEGER NOT NULL,
      tablet_only_fac INTEGER NOT NULL,
      touch_pay_enabled INTEGER NOT NULL,
      inmate_label TEXT NOT NULL
    );
    CREATE INDEX facilities_region ON facilities (country, state);
    -- §2 recipient search: names and booking codes are also kept normalized (lower-case names,
    -- upper-case codes) so that a prefix search is an index range scan on both engines.
    CREATE TABLE inmates (
      id TEXT PRIMARY KEY,
      facility_id INTEGER NOT NULL REFERENCES facilities (id),
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      first_lower TEXT {{BYTES}} NOT NULL,
      last_lower TEXT {{BYTES}} NOT NULL,
      date_of_birth TEXT NULL,
      book_date TEXT NULL,
      booking_code TEXT NOT NULL,
      booking_upper TEXT {{BYTES}} NOT NULL,
      principal_code TEXT NOT NULL,
      fraud_flag INTEGER NOT NULL,
      photo_url TEXT NULL
    );
    CREATE INDEX inmates_facility_last ON inmates (facility_id, last_lower, first_lower, id);
    CREATE INDEX inmates_facility_first ON inmates (facility_id, first_lower, last_lower, id);
    CREATE INDEX inmates_facility_booking ON inmates (facility_id, booking_upper);
    CREATE TABLE fee_tiers (
      deposit_type TEXT NOT NULL,
      min_cents INTEGER NOT NULL,
      max_cents INTEGER NOT NULL,
      fee_cents INTEGER NOT NULL,
      PRIMARY KEY (deposit_type, min_cents)
    );
    CREATE TABLE tax_rates (
      country TEXT NOT NULL,
      state TEXT NOT NULL,
      rate_basis_points INTEGER NOT NULL,
      PRIMARY KEY (country, state)
    );
    `,
  ),
  portable(
    3,
    'payers, card vault, deposits ledger, outbox, client errors',
    `
    -- Payers (§3 New account, §6 signed-in user). email is stored lower-cased; passwords and PINs
    -- only as scrypt hashes (server/domain/passwords.ts).
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      password_hash TEXT NOT NULL,
      pin_hash TEXT NOT NULL,
      first_name TEXT NOT NULL,
      last_name TEXT NOT NULL,
      phone TEXT NOT NULL,
      validate_status TEXT NOT NULL CHECK (validate_status IN ('pending', 'validated', 'rejected')),
      dob TEXT NULL,
      ssn_last4 TEXT NULL,
      professional INTEGER NOT NULL DEFAULT 0,
      created_at {{TS}} NOT NULL
    );
    CREATE TABLE vault_tokens (
      token TEXT PRIMARY KEY,
      session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
      brand TEXT NOT NULL,
      last4 TEXT NOT NULL,
      exp_month TEXT NOT NULL,
      exp_year TEXT NOT NULL,
      outcome TEXT NOT NULL,
      created_at {{TS}} NOT NULL,
      -- A token from /vault/tokenize_saved_card stands for one saved card (with its code checked).
      saved_card_id INTEGER NULL
    );
    CREATE INDEX vault_tokens_session ON vault_tokens (session_id);
    -- The ledger outlives sessions: no foreign key to sessions. A deposit goes to an inmate, or to a
    -- phone number (dest, docs/decisions/0010); user_id links it to a payer's account.
    CREATE TABLE deposits (
      id TEXT PRIMARY KEY,
      order_number TEXT NOT NULL UNIQUE,
      session_id TEXT NOT NULL,
      facility_id INTEGER NOT NULL REFERENCES facilities (id),
      inmate_id TEXT NULL REFERENCES inmates (id),
      deposit_type TEXT NOT NULL,
      amount_cents INTEGER NOT NULL,
      fee_cents INTEGER NOT NULL,
      tax_cents INTEGER NOT NULL,
      total_cents INTEGER NOT NULL,
      card_token TEXT NOT NULL,
      card_brand TEXT NOT NULL,
      card_last4 TEXT NOT NULL,
      card_exp TEXT NOT NULL,
      payer_email TEXT NOT NULL,
      created_at {{TS}} NOT NULL,
      response_json TEXT NOT NULL,
      user_id TEXT NULL REFERENCES users (id),
      deposit_phone_no TEXT NULL,
      CHECK (inmate_id IS NOT NULL OR deposit_phone_no IS NOT NULL)
    );
    -- §4 duplicate rule: the latest deposit of one amount to one recipient, found without a scan.
    CREATE INDEX deposits_inmate_amount_time ON deposits (inmate_id, amount_cents, created_at);
    CREATE INDEX deposits_phone_amount_time ON deposits (deposit_phone_no, amount_cents, created_at);
    CREATE INDEX deposits_email_time ON deposits (payer_email, created_at);
    CREATE INDEX deposits_user_time ON deposits (user_id, created_at);
    CREATE TABLE outbox (
      id {{ID}},
      channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
      "to" TEXT NOT NULL,
      subject TEXT NULL,
      body TEXT NOT NULL,
      created_at {{TS}} NOT NULL
    );
    CREATE TABLE client_errors (
      id {{ID}},
      session_id TEXT NULL,
      message TEXT NOT NULL,
      stack TEXT NULL,
      url TEXT NULL,
      user_agent TEXT NULL,
      created_at {{TS}} NOT NULL
    );
    `,
  ),
  portable(
    4,
    'sign-in failures, phone accounts, transfers, saved cards, recurring deposits',
    `
    -- Sign-in attempts not (yet) known to have succeeded. The sign-in delay (docs/decisions/0039)
    -- counts them per email and client (the client column is migration 14's): after five in 15 minutes
    -- each attempt waits 1, 2, 4... seconds, at most 60; no account is ever locked. session_id is kept
    -- for the record only.
    CREATE TABLE login_failures (
      id {{ID}},
      email TEXT NOT NULL,
      session_id TEXT NOT NULL,
      at {{TS}} NOT NULL
    );
    CREATE INDEX login_failures_email ON login_failures (email, at);
    CREATE INDEX login_failures_session ON login_failures (session_id, at);
    -- A payer's friends-and-family prepaid phone accounts (§3 Prepaid destination account).
    -- Removing one from the list keeps the row (and its balance and activity): deleted_at.
    CREATE TABLE dest_accounts (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      destination_id TEXT NOT NULL,
      deposit_phone_no TEXT NOT NULL,
      deposit_phone_no_label TEXT NOT NULL,
      deposit_phone_country TEXT NOT NULL,
      validate_status TEXT NOT NULL CHECK (validate_status IN ('pending', 'validated', 'rejected')),
      is_primary INTEGER NOT NULL CHECK (is_primary IN (0, 1)),
      prepaid_balance_cents INTEGER NOT NULL CHECK (prepaid_balance_cents >= 0),
      regulated_balance_cents INTEGER NOT NULL CHECK (regulated_balance_cents >= 0),
      fraud_flag INTEGER NOT NULL CHECK (fraud_flag IN (0, 1)),
      facility_id INTEGER NULL REFERENCES facilities (id),
      breakage_sms INTEGER NOT NULL CHECK (breakage_sms IN (1, 2, 3)),
      breakage_email INTEGER NOT NULL CHECK (breakage_email IN (1, 2, 3)),
      created_at {{TS}} NOT NULL,
      deleted_at {{TS}} NULL
    );
    CREATE UNIQUE INDEX dest_accounts_phone ON dest_accounts (user_id, deposit_phone_no) WHERE deleted_at IS NULL;
    CREATE UNIQUE INDEX dest_accounts_one_primary ON dest_accounts (user_id) WHERE is_primary = 1 AND deleted_at IS NULL;
    CREATE INDEX dest_accounts_phone_any ON dest_accounts (deposit_phone_no);
    -- §3 Destination activity, per purse (pp prepaid, pr regulated); amounts signed.
    CREATE TABLE dest_activity (
      id {{ID}},
      account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
      purse TEXT NOT NULL CHECK (purse IN ('pp', 'pr')),
      event_at {{TS}} NOT NULL,
      event_desc TEXT NOT NULL,
      amount_cents INTEGER NOT NULL
    );
    CREATE INDEX dest_activity_account ON dest_activity (account_id, purse, event_at);
    -- One row per balance transfer, written in the transaction that moves the money.
    CREATE TABLE balance_transfers (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      src_account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
      dst_account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      fee_cents INTEGER NOT NULL CHECK (fee_cents >= 0),
      created_at {{TS}} NOT NULL,
      CHECK (src_account_id <> dst_account_id)
    );
    -- Saved cards: vault-style, never a number (docs/decisions/0003).
    CREATE TABLE saved_cards (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      token TEXT NOT NULL UNIQUE,
      brand TEXT NOT NULL,
      last4 TEXT NOT NULL,
      exp_month TEXT NOT NULL,
      exp_year TEXT NOT NULL,
      name TEXT NOT NULL,
      created_at {{TS}} NOT NULL
    );
    CREATE INDEX saved_cards_user ON saved_cards (user_id);
    -- §3 Recurring deposit: to an inmate (inmate_id) or a phone account (dest_account_id). pam_ref: a
    -- schedule set up at the pam checkout repeats on the card the payment endpoint took for that
    -- payment (pam_payments.ref); one schedule per payment at most.
    CREATE TABLE recurring_deposits (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      card_id INTEGER NULL REFERENCES saved_cards (id) ON DELETE SET NULL,
      amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
      interval_type TEXT NOT NULL CHECK (interval_type IN ('monthly', 'weekly', 'biweekly')),
      day_in_interval INTEGER NOT NULL,
      deposit_type TEXT NOT NULL CHECK (deposit_type IN ('TRUST', 'INMATEACCOUNT', 'FRIENDSNFAMILY')),
      facility_id INTEGER NOT NULL REFERENCES facilities (id),
      inmate_id TEXT NULL REFERENCES inmates (id),
      dest_account_id INTEGER NULL REFERENCES dest_accounts (id),
      account_guid TEXT NOT NULL,
      is_pam INTEGER NOT NULL CHECK (is_pam IN (0, 1)),
      created_at {{TS}} NOT NULL,
      cancelled_at {{TS}} NULL,
      pam_ref TEXT NULL,
      CHECK ((inmate_id IS NULL) <> (dest_account_id IS NULL))
    );
    CREATE INDEX recurring_deposits_user ON recurring_deposits (user_id);
    CREATE UNIQUE INDEX recurring_deposits_pam_ref ON recurring_deposits (pam_ref) WHERE pam_ref IS NOT NULL;
    `,
  ),
  portable(
    5,
    'approved depositors, voicemail offers, pam payments, destinations',
    `
    -- §6: approved depositor status per payer and recipient, enforced by the server. A payer with no
    -- row is not approved; approved 0 records a refused request.
    CREATE TABLE approved_depositors (
      user_id TEXT NOT NULL REFERENCES users (id),
      facility_id INTEGER NOT NULL REFERENCES facilities (id),
      inmate_id TEXT NOT NULL REFERENCES inmates (id),
      approved INTEGER NOT NULL CHECK (approved IN (0, 1)),
      PRIMARY KEY (user_id, facility_id, inmate_id)
    );
    -- §7/§9 voicemail offers: one pair per deposit tier.
    CREATE TABLE voicemail_offers (
      tier_cents INTEGER PRIMARY KEY,
      voicemails INTEGER NOT NULL CHECK (voicemails >= 0)
    );
    -- What the sandbox pam endpoint received (the external endpoint's own record), with the card it
    -- took itself (§2 pam variant): what a receipt shows.
    CREATE TABLE pam_payments (
      id {{ID}},
      ref TEXT NULL,
      payload TEXT NOT NULL,
      valid INTEGER NOT NULL CHECK (valid IN (0, 1)),
      total_cents INTEGER NULL,
      received_at {{TS}} NOT NULL,
      card_brand TEXT NULL,
      card_last4 TEXT NULL,
      card_exp TEXT NULL
    );
    CREATE UNIQUE INDEX pam_payments_ref ON pam_payments (ref) WHERE ref IS NOT NULL;
    -- One row per phone number ever deposited to or fraud-flagged, the provider's view of it: its
    -- destination id (shared by every payer's account for the number), its fraud flag (§5), and the
    -- balance guests deposited, which belongs to no payer's account.
    CREATE TABLE destinations (
      deposit_phone_no TEXT PRIMARY KEY,
      deposit_phone_country TEXT NOT NULL,
      destination_id TEXT NOT NULL UNIQUE,
      fraud_flag INTEGER NOT NULL CHECK (fraud_flag IN (0, 1)),
      guest_prepaid_cents INTEGER NOT NULL CHECK (guest_prepaid_cents >= 0),
      guest_regulated_cents INTEGER NOT NULL CHECK (guest_regulated_cents >= 0),
      created_at {{TS}} NOT NULL
    );
    `,
  ),
  portable(
    6,
    'phone verification codes, professional requests, notifications, identity attempts',
    `
    -- §4 phone verification: one row per code sent to a phone account, by text or call. Only a
    -- salted hash of the code is kept; the rows also count the sends per hour and the wrong tries.
    CREATE TABLE phone_verification_codes (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
      channel TEXT NOT NULL CHECK (channel IN ('sms', 'call')),
      code_salt TEXT NOT NULL,
      code_hash TEXT NOT NULL,
      created_at {{TS}} NOT NULL,
      expires_at {{TS}} NOT NULL,
      wrong_attempts INTEGER NOT NULL DEFAULT 0 CHECK (wrong_attempts >= 0),
      -- Set when the code was used, or when a newer code replaced it.
      closed_at {{TS}} NULL
    );
    CREATE INDEX phone_verification_codes_account ON phone_verification_codes (account_id, created_at);
    -- §3 Professional request: one row per request a payer sent, PENDING (waiting for review) or
    -- FAILED (refused at once). A payer has at most one pending request per facility (§8 EXISTED).
    CREATE TABLE professional_requests (
      id {{ID}},
      user_id TEXT NOT NULL REFERENCES users (id),
      facility_id INTEGER NOT NULL REFERENCES facilities (id),
      bar_number TEXT NOT NULL,
      issue_state TEXT NOT NULL,
      issue_date TEXT NOT NULL,
      business_phone TEXT NOT NULL,
      phone_ext TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('PENDING', 'FAILED')),
      created_at {{TS}} NOT NULL
    );
    CREATE UNIQUE INDEX professional_requests_one_pending
      ON professional_requests (user_id, facility_id) WHERE status = 'PENDING';
    CREATE INDEX professional_requests_bar ON professional_requests (bar_number, issue_state, status);
    -- §7 account notification status: how a payer wants to be notified; no row means not chosen yet
    -- (notificationNeedsExecuted).
    CREATE TABLE account_notifications (
      user_id TEXT PRIMARY KEY REFERENCES users (id),
      sms INTEGER NOT NULL CHECK (sms IN (0, 1)),
      email INTEGER NOT NULL CHECK (email IN (0, 1)),
      updated_at {{TS}} NOT NULL
    );
    -- §4 identity verification: how many times a payer's answers did not match.
    CREATE TABLE identity_attempts (
      user_id TEXT PRIMARY KEY REFERENCES users (id),
      failures INTEGER NOT NULL CHECK (failures >= 0),
      updated_at {{TS}} NOT NULL
    );
    `,
  ),
  portable(
    7,
    'unified wallets and their facility services',
    `
    -- §3 Unified wallet: a facility's wallet (at most one) and its codes (§9 ames, pin-debit,
    -- purse-reg; '' when that purse is not in the wallet).
    CREATE TABLE unified_wallets (
      facility_id INTEGER PRIMARY KEY REFERENCES facilities (id),
      oc_facility_id TEXT NOT NULL UNIQUE,
      uw_visitor TEXT NOT NULL,
      uw_inmate TEXT NOT NULL,
      uw_trust TEXT NOT NULL
    );
    -- §3 Facility services: the wallet's services, one of each name at most.
    CREATE TABLE unified_wallet_services (
      oc_facility_id TEXT NOT NULL REFERENCES unified_wallets (oc_facility_id),
      service_name TEXT NOT NULL CHECK (service_name IN ('PINDEBIT', 'ADVPAY', 'TRUST')),
      service_id TEXT NOT NULL,
      PRIMARY KEY (oc_facility_id, service_name)
    );
    `,
  ),
  portable(
    8,
    'server keys',
    `
    -- Keys that sign what one instance hands out and another verifies (pam payloads, professional
    -- single sign-on tokens), when the configuration gives none: generated once, shared by every
    -- instance on this database (docs/decisions/0022).
    CREATE TABLE server_keys (
      name TEXT PRIMARY KEY,
      secret TEXT NOT NULL,
      created_at {{TS}} NOT NULL
    )
    `,
  ),
  portable(
    9,
    'recipient search and duplicate rule at scale',
    `
    -- §2 booking-number and A-number search (docs/decisions/0023): the booking index also holds the
    -- names and the id, so a search reads its candidates from the index alone, in its order, however
    -- many people the facility holds.
    DROP INDEX inmates_facility_booking;
    CREATE INDEX inmates_facility_booking_names ON inmates (facility_id, booking_upper, last_lower, first_lower, id);
    -- §4 duplicate rule and §8 daily maximum read the payer's own recent deposits (by session, by
    -- email and recipient), never the recipient's: a popular recipient may get thousands a day, and
    -- an index led by the recipient drew the planners to read them all.
    DROP INDEX deposits_inmate_amount_time;
    DROP INDEX deposits_phone_amount_time;
    DROP INDEX deposits_email_time;
    CREATE INDEX deposits_session_time ON deposits (session_id, created_at);
    CREATE INDEX deposits_payer_inmate_time ON deposits (payer_email, inmate_id, created_at);
    CREATE INDEX deposits_payer_phone_time ON deposits (payer_email, deposit_phone_no, created_at);
    `,
  ),
  portable(
    10,
    'outbox: the session that caused each message; per-client limit counters; retention indexes',
    `
    -- The sandbox shows a session only the texts and emails it caused (docs/decisions/0035). The id
    -- follows the session when it rotates at sign-in; a message outlives its session, unread.
    ALTER TABLE outbox ADD COLUMN session_id TEXT NULL REFERENCES sessions (id) ON DELETE SET NULL ON UPDATE CASCADE;
    CREATE INDEX outbox_session ON outbox (session_id);
    -- Per-client limits (docs/decisions/0039): one counter per key (a limit's name and a hash of the
    -- client: address, session, account, phone number, card fingerprint) and fixed window, shared by
    -- every instance. Windows are milliseconds since 1970; a row is purged once expires_at is past.
    CREATE TABLE rate_limits (
      key TEXT NOT NULL,
      window_start BIGINT NOT NULL,
      hits INTEGER NOT NULL,
      expires_at BIGINT NOT NULL,
      PRIMARY KEY (key, window_start)
    );
    CREATE INDEX rate_limits_expiry ON rate_limits (expires_at);
    -- Retention (server/retention.ts) deletes by age without a scan.
    CREATE INDEX outbox_created ON outbox (created_at);
    CREATE INDEX client_errors_created ON client_errors (created_at);
    CREATE INDEX vault_tokens_created ON vault_tokens (created_at);
    `,
  ),
  portable(
    11,
    'deposit status: submitted, posted, or refused and refunded',
    `
    -- The deposit status tracker (docs/decisions/0048): the time of each step of a deposit after its
    -- charge (created_at is its submission). The processor writes them; the status read is the latest
    -- step whose time has come. refusal_reason names why a facility refused (contract/deposit-status.ts).
    ALTER TABLE deposits ADD COLUMN posted_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN refused_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN refunded_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN refusal_reason TEXT NULL;
    -- Deposits charged before the tracker were posted as they were charged.
    UPDATE deposits SET posted_at = created_at WHERE posted_at IS NULL AND refused_at IS NULL;
    `,
  ),
  MONEY_PATH_MIGRATION,
  NOTICES_MIGRATION,
  SIGN_IN_MIGRATION,
  RECEIPT_TEXT_MIGRATION,
  ANALYTICS_MIGRATION,
];
