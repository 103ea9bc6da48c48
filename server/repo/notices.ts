// Word to the payer when a deposit moves (docs/decisions/0053): what a notice says of a deposit, the
// number its payer asked to be texted at, and the notices themselves, outbox rows held to one per
// deposit, event and channel (outbox_notice_key) whatever the number of instances.
import type { Executor } from '../db.ts';
import { runShaped } from './shapes.ts';

/** What a notice says of one deposit: the ledger row with its facility and recipient. */
export interface NoticeDeposit {
  id: string;
  order_number: string;
  session_id: string;
  deposit_type: string;
  amount_cents: number;
  total_cents: number;
  card_brand: string;
  card_last4: string;
  payer_email: string;
  locale: string;
  notify_phone: string | null;
  deposit_phone_no: string | null;
  state: string;
  created_at: string;
  expected_at: string | null;
  posted_at: string | null;
  refused_at: string | null;
  refunded_at: string | null;
  cancelled_at: string | null;
  captured_at: string | null;
  refusal_reason: string | null;
  facility_label: string | null;
  first_name: string | null;
  last_name: string | null;
}

export interface NewNotice {
  /** '<deposit id>:<event>:<channel>': unique (outbox_notice_key). */
  key: string;
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
  created_at: string;
  /** The session that made the deposit, if it still exists: the sandbox outbox shows it its notices. */
  session_id: string;
}

/** An e-mail notice as the mail job reads it. */
export interface MailNotice {
  id: number;
  to: string;
  subject: string;
  body: string;
  notice_key: string | null;
  sent_at: string | null;
}

export function createNoticeRepo(db: Executor) {
  return {
    async findDeposit(id: string): Promise<NoticeDeposit | undefined> {
      // Read in the transaction of every step a payer hears of: compiled once (server/repo/shapes.ts).
      const [row] = await runShaped(db, 'notices:deposit', { id }, (value) =>
        db
          .selectFrom('deposits as d')
          .leftJoin('facilities as f', 'f.id', 'd.facility_id')
          .leftJoin('inmates as i', 'i.id', 'd.inmate_id')
          .select([
            'd.id',
            'd.order_number',
            'd.session_id',
            'd.deposit_type',
            'd.amount_cents',
            'd.total_cents',
            'd.card_brand',
            'd.card_last4',
            'd.payer_email',
            'd.locale',
            'd.notify_phone',
            'd.deposit_phone_no',
            'd.state',
            'd.created_at',
            'd.expected_at',
            'd.posted_at',
            'd.refused_at',
            'd.refunded_at',
            'd.cancelled_at',
            'd.captured_at',
            'd.refusal_reason',
            'f.label as facility_label',
            'i.first_name',
            'i.last_name',
          ])
          .where('d.id', '=', value('id')),
      );
      return row && { ...row, amount_cents: Number(row.amount_cents), total_cents: Number(row.total_cents) };
    },
    /** The payer asked to be texted at this US number about the deposit (the receipt's text modal). */
    async setPhone(depositId: string, phone: string): Promise<void> {
      await db.updateTable('deposits').set({ notify_phone: phone }).where('id', '=', depositId).execute();
    },
    /** The language of the payer's latest deposit (a recurring deposit is written in it); 'en' if none. */
    async latestLocale(userId: string): Promise<string> {
      const r = await db
        .selectFrom('deposits')
        .select('locale')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return r?.locale ?? 'en';
    },
    /** Writes a notice once: its id, or null when this deposit's notice of this event and channel exists. */
    async insert(n: NewNotice): Promise<number | null> {
      const [r] = await runShaped(db, 'notices:insert', { ...n }, (value) =>
        db
          .insertInto('outbox')
          .values((eb) => ({
            channel: value('channel'),
            to: value('to'),
            subject: value('subject'),
            body: value('body'),
            created_at: value('created_at'),
            notice_key: value('key'),
            // A purged session is no longer there to read it (outbox.session_id references sessions).
            session_id: eb.selectFrom('sessions').select('sessions.id').where('sessions.id', '=', value('session_id')),
          }))
          .onConflict((oc) => oc.column('notice_key').doNothing())
          .returning('id'),
      );
      return r ? Number(r.id) : null;
    },
    async findMail(id: number): Promise<MailNotice | undefined> {
      const row = await db
        .selectFrom('outbox')
        .select(['id', 'to', 'subject', 'body', 'notice_key', 'sent_at'])
        .where('id', '=', id)
        .where('channel', '=', 'email')
        .executeTakeFirst();
      return row && { ...row, id: Number(row.id), subject: row.subject ?? '' };
    },
    async markSent(id: number, at: string): Promise<void> {
      await db.updateTable('outbox').set({ sent_at: at }).where('id', '=', id).where('sent_at', 'is', null).execute();
    },
  };
}
