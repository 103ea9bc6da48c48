// Word to the payer when a deposit moves (docs/decisions/0053). A receipt e-mail at submit; then an
// e-mail and, when the payer asked for a text receipt at a US number, a text each time the deposit
// posts, is refused, refunded or cancelled: in the language the deposit was paid in, with its order
// number and what happens to the money. Each notice is an outbox row written in the transaction that
// moves the deposit, under a key unique per deposit, event and channel, so that no step taken twice
// and no second instance writes it again. With SMTP_URL set, a `mail` job (one per e-mail, the job
// mechanism of docs/decisions/0049) hands each e-mail to the mail server outside any transaction, and
// is tried again with the job's backoff while the server refuses it or cannot be reached.
import { formatCents } from '../../contract/format.ts';
import type { Mailer } from '../ports/mailer.ts';
import type { NoticeDeposit } from '../repo/notices.ts';
import type { Repos, Store } from '../repo/repos.ts';
import { type TextLocale, serverText } from '../texts.ts';
import { withTimeout } from './timeout.ts';
import { time } from './receipt-text.ts';

export const NOTICE_EVENTS = ['receipt', 'posted', 'refused', 'refunded', 'cancelled'] as const;
export type NoticeEvent = (typeof NOTICE_EVENTS)[number];

/** E-mail over SMTP (SMTP_URL): the mail server and how long one hand-over may take in all. */
export interface MailDeps {
  mailer: Mailer;
  timeoutMs: number;
  /** MAIL_FROM: its host names the messages' own ids. */
  from: string;
}

/** What writing a notice needs to know of the instance: whether e-mails go to a mail server. */
export interface NoticeDeps {
  mail?: MailDeps | undefined;
}

const REASON_KEYS: Record<string, string> = {
  released: 'DEPOSIT_STATUS.REASON_RELEASED',
  not_accepted: 'DEPOSIT_STATUS.REASON_NOT_ACCEPTED',
};

function localeOf(d: NoticeDeposit): TextLocale {
  return d.locale === 'es' ? 'es' : 'en';
}

/** What happened, and what becomes of the money: the sentence each event adds to the deposit's line. */
function eventSentence(d: NoticeDeposit, event: NoticeEvent, locale: TextLocale): string {
  const t = (key: string, values: Record<string, string> = {}) => serverText(locale, `NOTICE.${key}`, values);
  const total = formatCents(d.total_cents, locale);
  const charged = d.captured_at !== null;
  switch (event) {
    case 'receipt':
      return charged
        ? t('RECEIPT_PAID', { time: time(d.created_at), expected: time(d.expected_at ?? d.created_at) })
        : t('RECEIPT_HELD', { time: time(d.created_at), expected: time(d.expected_at ?? d.created_at) });
    case 'posted':
      return t('POSTED', { time: time(d.posted_at ?? d.created_at), total });
    case 'refused': {
      const reason = serverText(locale, REASON_KEYS[d.refusal_reason ?? ''] ?? 'DEPOSIT_STATUS.REASON_UNKNOWN');
      const at = time(d.refused_at ?? d.created_at);
      // docs/decisions/0049: a held deposit's refusal voids the authorization; money taken is refunded.
      return charged
        ? t('REFUSED_REFUND', { time: at, reason, total })
        : t('REFUSED_RELEASED', { time: at, reason, total });
    }
    case 'refunded':
      return t('REFUNDED', { time: time(d.refunded_at ?? d.created_at), total });
    case 'cancelled':
      return t('CANCELLED', { time: time(d.cancelled_at ?? d.created_at), total });
  }
}

/** A notice's words: the e-mail's subject and text, and the text message. */
export function noticeTexts(d: NoticeDeposit, event: NoticeEvent): { subject: string; email: string; sms: string } {
  const locale = localeOf(d);
  const order = d.order_number;
  const who = `${d.first_name ?? ''} ${d.last_name ?? ''}`.trim() || (d.deposit_phone_no ?? '');
  const amount = formatCents(d.amount_cents, locale);
  const what = serverText(locale, 'NOTICE.DEPOSIT', {
    order,
    amount,
    who,
    facility: d.facility_label ?? '',
    total: formatCents(d.total_cents, locale),
    brand: d.card_brand,
    last4: d.card_last4,
  });
  const sentence = eventSentence(d, event, locale);
  const key = event.toUpperCase();
  return {
    subject: serverText(locale, `NOTICE.SUBJECT_${key}`, { order }),
    email: [what, sentence, serverText(locale, 'NOTICE.EMAIL_END', { order })].join('\n\n'),
    sms: serverText(locale, 'NOTICE.SMS', { order, amount, who, event: sentence }),
  };
}

/** The outbox key of one notice: unique per deposit, event and channel (outbox_notice_key). */
export function noticeKey(depositId: string, event: NoticeEvent, channel: 'sms' | 'email'): string {
  return `${depositId}:${event}:${channel}`;
}

/**
 * Writes the notices of `event` for a deposit, in the caller's transaction (the one that moved it).
 * A notice already written (the step taken twice, by another instance) is not written again. The
 * receipt is e-mailed only: its text is the one the payer asks for on the receipt page.
 */
export async function writeNotices(
  repos: Repos,
  deps: NoticeDeps,
  depositId: string,
  event: NoticeEvent,
  at: string,
): Promise<void> {
  const d = await repos.notices.findDeposit(depositId);
  if (!d) return;
  const words = noticeTexts(d, event);
  const base = { subject: words.subject, created_at: at, session_id: d.session_id };
  if (d.payer_email.includes('@')) {
    const id = await repos.notices.insert({
      ...base,
      key: noticeKey(d.id, event, 'email'),
      channel: 'email',
      to: d.payer_email,
      body: words.email,
    });
    if (id !== null && deps.mail) await repos.jobs.schedule('mail', String(id), at, at);
  }
  if (d.notify_phone && event !== 'receipt') {
    await repos.notices.insert({
      ...base,
      key: noticeKey(d.id, event, 'sms'),
      channel: 'sms',
      to: d.notify_phone,
      body: words.sms,
    });
  }
}

/** The host part of the sender's address, for the messages' own ids. */
function hostOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The mail job: hands one e-mail notice to the mail server, outside any transaction, then records
 * when it was taken. A refusal or a server out of reach throws: the job runs again with its backoff.
 * A notice already taken, or gone with the outbox's retention, is done.
 */
export async function deliverMail(
  deps: { store: Store; now: () => Date; mail?: MailDeps | undefined },
  ref: string,
): Promise<'done'> {
  const mail = deps.mail;
  if (!mail) throw new Error('no mail server on this instance (SMTP_URL)');
  const id = Number(ref);
  const m = await deps.store.repos.notices.findMail(id);
  if (!m || m.sent_at !== null) return 'done';
  const local = (m.notice_key ?? `outbox-${m.id}`).replace(/[^A-Za-z0-9.-]/g, '.');
  // A hand-over that takes longer than the job's lease is given up.
  await withTimeout(
    mail.mailer.send({
      to: m.to,
      subject: m.subject,
      text: m.body,
      messageId: `<${local}@${hostOf(mail.from)}>`,
    }),
    mail.timeoutMs,
    () => new Error('mail server: no answer in time'),
  );
  const at = deps.now().toISOString();
  await deps.store.transaction((repos) => repos.notices.markSent(id, at));
  return 'done';
}
