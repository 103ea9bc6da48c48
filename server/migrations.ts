// Numbered schema migrations, applied in order at start and recorded in the migrations table.
// Plain SQL kept close to the standard so a PostgreSQL port changes types, not structure:
// integers for money (cents), ISO-8601 text for times, 0/1 integers for booleans, JSON as text.

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'sessions and form state',
    sql: `
      CREATE TABLE sessions (
        id TEXT PRIMARY KEY,
        csrf_token TEXT NOT NULL,
        user_id TEXT NULL,
        created_at TEXT NOT NULL,
        last_seen_at TEXT NOT NULL
      );
      CREATE INDEX sessions_last_seen ON sessions (last_seen_at);
      CREATE TABLE form_states (
        session_id TEXT PRIMARY KEY REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
        fields_json TEXT NOT NULL,
        errors_json TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: 'reference data: countries, regions, facilities, inmates, fees',
    sql: `
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
      CREATE TABLE inmates (
        id TEXT PRIMARY KEY,
        facility_id INTEGER NOT NULL REFERENCES facilities (id),
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        date_of_birth TEXT NULL,
        book_date TEXT NULL,
        booking_code TEXT NOT NULL,
        principal_code TEXT NOT NULL,
        fraud_flag INTEGER NOT NULL,
        photo_url TEXT NULL
      );
      CREATE INDEX inmates_facility_last ON inmates (facility_id, last_name, first_name);
      CREATE INDEX inmates_facility_booking ON inmates (facility_id, booking_code);
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
  },
  {
    id: 3,
    name: 'card vault, deposits ledger, outbox, client errors',
    sql: `
      CREATE TABLE vault_tokens (
        token TEXT PRIMARY KEY,
        session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE ON UPDATE CASCADE,
        brand TEXT NOT NULL,
        last4 TEXT NOT NULL,
        exp_month TEXT NOT NULL,
        exp_year TEXT NOT NULL,
        outcome TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX vault_tokens_session ON vault_tokens (session_id);
      -- The ledger outlives sessions: no foreign key to sessions.
      CREATE TABLE deposits (
        id TEXT PRIMARY KEY,
        order_number TEXT NOT NULL UNIQUE,
        session_id TEXT NOT NULL,
        facility_id INTEGER NOT NULL REFERENCES facilities (id),
        inmate_id TEXT NOT NULL REFERENCES inmates (id),
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
        created_at TEXT NOT NULL,
        response_json TEXT NOT NULL
      );
      CREATE INDEX deposits_inmate_time ON deposits (inmate_id, created_at);
      CREATE INDEX deposits_email_time ON deposits (payer_email, created_at);
      CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        channel TEXT NOT NULL CHECK (channel IN ('sms', 'email')),
        "to" TEXT NOT NULL,
        subject TEXT NULL,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE TABLE client_errors (
        id INTEGER PRIMARY KEY,
        session_id TEXT NULL,
        message TEXT NOT NULL,
        stack TEXT NULL,
        url TEXT NULL,
        user_agent TEXT NULL,
        created_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 4,
    name: 'payers, sign-in failures, phone accounts, transfers, saved cards, recurring deposits',
    sql: `
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
        created_at TEXT NOT NULL
      );
      -- Sign-in attempts not (yet) known to have succeeded: the lockout counts them per email and
      -- per session.
      CREATE TABLE login_failures (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        session_id TEXT NOT NULL,
        at TEXT NOT NULL
      );
      CREATE INDEX login_failures_email ON login_failures (email, at);
      CREATE INDEX login_failures_session ON login_failures (session_id, at);
      -- A payer's friends-and-family prepaid phone accounts (§3 Prepaid destination account).
      -- Removing one from the list keeps the row (and its balance and activity): deleted_at.
      CREATE TABLE dest_accounts (
        id INTEGER PRIMARY KEY,
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
        created_at TEXT NOT NULL,
        deleted_at TEXT NULL
      );
      CREATE UNIQUE INDEX dest_accounts_phone ON dest_accounts (user_id, deposit_phone_no) WHERE deleted_at IS NULL;
      CREATE UNIQUE INDEX dest_accounts_one_primary ON dest_accounts (user_id) WHERE is_primary = 1 AND deleted_at IS NULL;
      -- §3 Destination activity, per purse (pp prepaid, pr regulated); amounts signed.
      CREATE TABLE dest_activity (
        id INTEGER PRIMARY KEY,
        account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
        purse TEXT NOT NULL CHECK (purse IN ('pp', 'pr')),
        event_at TEXT NOT NULL,
        event_desc TEXT NOT NULL,
        amount_cents INTEGER NOT NULL
      );
      CREATE INDEX dest_activity_account ON dest_activity (account_id, purse, event_at);
      -- One row per balance transfer, written in the transaction that moves the money.
      CREATE TABLE balance_transfers (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id),
        src_account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
        dst_account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
        amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
        fee_cents INTEGER NOT NULL CHECK (fee_cents >= 0),
        created_at TEXT NOT NULL,
        CHECK (src_account_id <> dst_account_id)
      );
      -- Saved cards: vault-style, never a number (docs/decisions/0003).
      CREATE TABLE saved_cards (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id),
        token TEXT NOT NULL UNIQUE,
        brand TEXT NOT NULL,
        last4 TEXT NOT NULL,
        exp_month TEXT NOT NULL,
        exp_year TEXT NOT NULL,
        name TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX saved_cards_user ON saved_cards (user_id);
      -- §3 Recurring deposit: to an inmate (inmate_id) or a phone account (dest_account_id).
      CREATE TABLE recurring_deposits (
        id INTEGER PRIMARY KEY,
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
        created_at TEXT NOT NULL,
        cancelled_at TEXT NULL,
        CHECK ((inmate_id IS NULL) <> (dest_account_id IS NULL))
      );
      CREATE INDEX recurring_deposits_user ON recurring_deposits (user_id);
      -- The deposits ledger learns whose account a deposit belongs to (a guest's deposits are linked
      -- when the guest creates an account) and, for phone deposits, the number.
      ALTER TABLE deposits ADD COLUMN user_id TEXT NULL REFERENCES users (id);
      ALTER TABLE deposits ADD COLUMN deposit_phone_no TEXT NULL;
      CREATE INDEX deposits_user_time ON deposits (user_id, created_at);
    `,
  },
  {
    id: 5,
    name: 'approved depositors, voicemail offers, pam payments, saved-card vault tokens',
    sql: `
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
      -- What the sandbox pam endpoint received (the external endpoint's own record).
      CREATE TABLE pam_payments (
        id INTEGER PRIMARY KEY,
        ref TEXT NULL,
        payload TEXT NOT NULL,
        valid INTEGER NOT NULL CHECK (valid IN (0, 1)),
        total_cents INTEGER NULL,
        received_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX pam_payments_ref ON pam_payments (ref) WHERE ref IS NOT NULL;
      -- A token from /vault/tokenize_saved_card stands for one saved card (with its code checked).
      ALTER TABLE vault_tokens ADD COLUMN saved_card_id INTEGER NULL;
    `,
  },
  {
    id: 6,
    name: 'phone deposits: deposits without an inmate, the destinations registry',
    sql: `
      -- A dest deposit goes to a phone number, not an inmate (docs/decisions/0010): inmate_id becomes
      -- optional. SQLite cannot drop NOT NULL in place, so the table is rebuilt (nothing refers to it).
      CREATE TABLE deposits_next (
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
        created_at TEXT NOT NULL,
        response_json TEXT NOT NULL,
        user_id TEXT NULL REFERENCES users (id),
        deposit_phone_no TEXT NULL,
        CHECK (inmate_id IS NOT NULL OR deposit_phone_no IS NOT NULL)
      );
      INSERT INTO deposits_next (id, order_number, session_id, facility_id, inmate_id, deposit_type, amount_cents,
        fee_cents, tax_cents, total_cents, card_token, card_brand, card_last4, card_exp, payer_email, created_at,
        response_json, user_id, deposit_phone_no)
      SELECT id, order_number, session_id, facility_id, inmate_id, deposit_type, amount_cents,
        fee_cents, tax_cents, total_cents, card_token, card_brand, card_last4, card_exp, payer_email, created_at,
        response_json, user_id, deposit_phone_no
      FROM deposits;
      DROP TABLE deposits;
      ALTER TABLE deposits_next RENAME TO deposits;
      CREATE INDEX deposits_inmate_time ON deposits (inmate_id, created_at);
      CREATE INDEX deposits_email_time ON deposits (payer_email, created_at);
      CREATE INDEX deposits_user_time ON deposits (user_id, created_at);
      CREATE INDEX deposits_phone_time ON deposits (deposit_phone_no, created_at);
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
        created_at TEXT NOT NULL
      );
      CREATE INDEX dest_accounts_phone_any ON dest_accounts (deposit_phone_no);
    `,
  },
  {
    id: 7,
    name: 'phone verification codes',
    sql: `
      -- §4 phone verification: one row per code sent to a phone account, by text or call. Only a
      -- salted hash of the code is kept; the rows also count the sends per hour and the wrong tries.
      CREATE TABLE phone_verification_codes (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id),
        account_id INTEGER NOT NULL REFERENCES dest_accounts (id),
        channel TEXT NOT NULL CHECK (channel IN ('sms', 'call')),
        code_salt TEXT NOT NULL,
        code_hash TEXT NOT NULL,
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        wrong_attempts INTEGER NOT NULL DEFAULT 0 CHECK (wrong_attempts >= 0),
        -- Set when the code was used, or when a newer code replaced it.
        closed_at TEXT NULL
      );
      CREATE INDEX phone_verification_codes_account ON phone_verification_codes (account_id, created_at);
    `,
  },
  {
    id: 8,
    name: 'professional verification requests',
    sql: `
      -- §3 Professional request: one row per request a payer sent, PENDING (waiting for review) or
      -- FAILED (refused at once). A payer has at most one pending request per facility (§8 EXISTED).
      CREATE TABLE professional_requests (
        id INTEGER PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users (id),
        facility_id INTEGER NOT NULL REFERENCES facilities (id),
        bar_number TEXT NOT NULL,
        issue_state TEXT NOT NULL,
        issue_date TEXT NOT NULL,
        business_phone TEXT NOT NULL,
        phone_ext TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('PENDING', 'FAILED')),
        created_at TEXT NOT NULL
      );
      CREATE UNIQUE INDEX professional_requests_one_pending
        ON professional_requests (user_id, facility_id) WHERE status = 'PENDING';
      CREATE INDEX professional_requests_bar ON professional_requests (bar_number, issue_state, status);
    `,
  },
  {
    id: 9,
    name: 'account notification choices',
    sql: `
      -- §7 account notification status: how a payer wants to be notified; no row means not chosen yet
      -- (notificationNeedsExecuted).
      CREATE TABLE account_notifications (
        user_id TEXT PRIMARY KEY REFERENCES users (id),
        sms INTEGER NOT NULL CHECK (sms IN (0, 1)),
        email INTEGER NOT NULL CHECK (email IN (0, 1)),
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 10,
    name: 'identity verification attempts',
    sql: `
      -- §4 identity verification: how many times a payer's answers did not match.
      CREATE TABLE identity_attempts (
        user_id TEXT PRIMARY KEY REFERENCES users (id),
        failures INTEGER NOT NULL CHECK (failures >= 0),
        updated_at TEXT NOT NULL
      );
    `,
  },
  {
    id: 11,
    name: 'unified wallets and their facility services',
    sql: `
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
  },
  {
    id: 20,
    name: 'pam payments: the card the sandbox endpoint charged',
    sql: `
      -- The sandbox pam endpoint takes the card itself (§2 pam variant); it keeps what a receipt shows.
      ALTER TABLE pam_payments ADD COLUMN card_brand TEXT NULL;
      ALTER TABLE pam_payments ADD COLUMN card_last4 TEXT NULL;
      ALTER TABLE pam_payments ADD COLUMN card_exp TEXT NULL;
    `,
  },
  {
    id: 21,
    name: 'pam recurring deposits: the payment whose card they repeat on',
    sql: `
      -- §4 pam mode: a recurring deposit set up at the pam checkout repeats on the card the payment
      -- endpoint took for its first payment (pam_payments.ref); one schedule per payment at most.
      ALTER TABLE recurring_deposits ADD COLUMN pam_ref TEXT NULL;
      CREATE UNIQUE INDEX recurring_deposits_pam_ref ON recurring_deposits (pam_ref) WHERE pam_ref IS NOT NULL;
    `,
  },
];
