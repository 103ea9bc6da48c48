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
];
