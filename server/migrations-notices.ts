// Migration 13 (docs/decisions/0053), in portable SQL like the others (server/migrations.ts lists it in
// order): word to the payer when a deposit moves. The deposit keeps the language it was paid in and the
// US number its payer asked to be texted at; an outbox row that stands for a deposit's notice carries a
// key unique per deposit, event and channel, so that no instance writes it twice, and the time it was
// handed to the mail server.
import { portable } from './portable-sql.ts';

export const NOTICES_MIGRATION = portable(
  13,
  'deposit notices: the payer language and texted number, one outbox row per deposit, event and channel',
  `
    -- The language of the checkout that made the deposit (deposits before it: English).
    ALTER TABLE deposits ADD COLUMN locale TEXT NOT NULL DEFAULT 'en';
    -- The US number given in the receipt's text-receipt modal (§2): the deposit's later moves are texted there.
    ALTER TABLE deposits ADD COLUMN notify_phone TEXT NULL;
    -- deposit id, event and channel ('<id>:posted:email'); NULL for the other messages (codes, receipts
    -- asked for by text). NULLs are distinct on both engines: only notices are held to one row.
    ALTER TABLE outbox ADD COLUMN notice_key TEXT NULL;
    CREATE UNIQUE INDEX outbox_notice_key ON outbox (notice_key);
    -- When the mail server took the e-mail (SMTP_URL set); NULL while it waits or without a mail server.
    ALTER TABLE outbox ADD COLUMN sent_at {{TS}} NULL;
    `,
);
