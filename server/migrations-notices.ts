// Migrations 13 and 15 (docs/decisions/0053), in portable SQL like the others (server/migrations.ts
// lists them in order): word to the payer when a deposit moves. The deposit keeps the language it was
// paid in and the US number its payer asked to be texted at; an outbox row that stands for a deposit's notice carries a
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

/** Migration 15: one receipt text per deposit, behind a unique index (server/domain/receipt-sms.ts). */
export const RECEIPT_TEXT_MIGRATION = portable(
  15,
  'one receipt text per deposit',
  `
  -- POST /pay/sms_send texts a deposit's receipt once (§2 receipt): the index says so, so that two
  -- requests at once cannot both send it. Any double sent before the index is left out first.
  DELETE FROM outbox
  WHERE channel = 'sms' AND subject LIKE 'receipt:%'
    AND id NOT IN (
      SELECT MIN(id) FROM outbox WHERE channel = 'sms' AND subject LIKE 'receipt:%' GROUP BY subject
    );
  CREATE UNIQUE INDEX outbox_one_receipt_text ON outbox (subject)
  WHERE channel = 'sms' AND subject LIKE 'receipt:%';
  `,
);
