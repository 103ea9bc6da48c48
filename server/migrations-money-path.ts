// Migration 12 (docs/decisions/0049), in portable SQL like the others (server/migrations.ts lists it in
// order): the deposit's states and step times, the job table, and the sandbox processor's and facility
// system's own records.
import { portable } from './portable-sql.ts';

export const MONEY_PATH_MIGRATION = portable(
  12,
  'money path: deposit states and step times, jobs, the sandbox processor and facility system',
  `
    -- docs/decisions/0049: a deposit moves through named states, each step's time written when it
    -- happens. Rows from before are deposits whose card was charged and which posted (or were refused
    -- and refunded) as they were written.
    ALTER TABLE deposits ADD COLUMN state TEXT NOT NULL DEFAULT 'posted';
    ALTER TABLE deposits ADD COLUMN charge_id TEXT NULL;
    ALTER TABLE deposits ADD COLUMN decline_code TEXT NULL;
    ALTER TABLE deposits ADD COLUMN lease_until {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN authorized_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN declined_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN failed_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN sent_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN captured_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN voided_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN cancelled_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN expected_at {{TS}} NULL;
    ALTER TABLE deposits ADD COLUMN dest_account_id INTEGER NULL;
    UPDATE deposits SET state = 'refused' WHERE refused_at IS NOT NULL;
    UPDATE deposits SET authorized_at = created_at, captured_at = created_at;
    -- The reconciler's sweep reads the few deposits with a step still to take (server/repo/deposits.ts
    -- OPEN_STEPS, the same words), never the whole ledger.
    CREATE INDEX deposits_open ON deposits (created_at) WHERE state IN ('authorizing', 'authorized', 'posting') OR (state = 'posted' AND captured_at IS NULL) OR (state IN ('refused', 'cancelled', 'failed') AND ((charge_id IS NOT NULL AND voided_at IS NULL AND captured_at IS NULL) OR (captured_at IS NOT NULL AND refunded_at IS NULL)));
    -- One job mechanism (docs/decisions/0049): posting, capture, void, refund, settling an authorization
    -- whose answer was lost, and the periodic runs (recurring deposits, the reconciler's sweep). A job is
    -- taken by setting locked_until (FOR UPDATE SKIP LOCKED on PostgreSQL); one job per kind and ref.
    CREATE TABLE jobs (
      id {{ID}},
      kind TEXT NOT NULL,
      ref TEXT NOT NULL,
      run_at {{TS}} NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      locked_until {{TS}} NULL,
      last_error TEXT NULL,
      created_at {{TS}} NOT NULL
    );
    CREATE UNIQUE INDEX jobs_kind_ref ON jobs (kind, ref);
    CREATE INDEX jobs_due ON jobs (run_at);
    -- The sandbox payment processor's own records (server/adapters/sandbox-processor.ts): one charge per
    -- idempotency key, as a real processor keeps them on its side.
    CREATE TABLE sandbox_charges (
      idempotency_key TEXT PRIMARY KEY,
      charge_id TEXT NOT NULL UNIQUE,
      source TEXT NOT NULL,
      amount_cents INTEGER NOT NULL,
      state TEXT NOT NULL,
      decline_code TEXT NULL,
      -- How many times an authorization with this key was asked for (the tests count the processor's calls).
      authorize_calls INTEGER NOT NULL DEFAULT 1,
      created_at {{TS}} NOT NULL,
      updated_at {{TS}} NOT NULL
    );
    -- The sandbox facility account system and phone platform (server/adapters/sandbox-posting.ts): what
    -- it received, by deposit id, and what it answered.
    CREATE TABLE sandbox_postings (
      deposit_id TEXT PRIMARY KEY,
      result TEXT NOT NULL,
      reason TEXT NULL,
      answered_at {{TS}} NOT NULL
    );
    `,
);
