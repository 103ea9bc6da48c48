// Word to the payer when a deposit moves (docs/decisions/0053), on both engines: a receipt e-mail at
// submit; an e-mail, and a text to a number the payer opted in with, when the deposit posts, is refused,
// refunded or cancelled, each exactly once, in the language the deposit was paid in. E-mails are
// delivered for real to a local SMTP server (smtp-server) this file starts on a free port; one that
// refuses is tried again later by the job's backoff, and nothing is lost. Two instances on one
// PostgreSQL database send each e-mail once.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { depositCancelPath, type DepositCancelResponse } from '../../contract/deposit-status.ts';
import { SMS_SEND_PATH } from '../../contract/receipt.ts';
import { buildApp } from '../../server/app.ts';
import { type Config, loadConfig } from '../../server/config.ts';
import type { MailConfig } from '../../server/mail-config.ts';
import { writeNotices } from '../../server/domain/deposit-notices.ts';
import { type Client, type TestServer, fillCheckout, fixedClock, newClient, startServer } from './helpers.ts';

/** What the local mail server received: one entry per message it accepted. */
interface Received {
  to: string;
  messageId: string;
  subject: string;
  text: string;
}

/** Quoted-printable lines as they were written (the message's text part). */
function unquote(s: string): string {
  return Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

function parse(raw: string, to: string): Received {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const header = (name: string) => new RegExp(`^${name}: *(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head)?.[1] ?? '';
  const body = rest.join('\n\n');
  return {
    to,
    messageId: header('Message-ID').trim(),
    subject: header('Subject').replace(/\r?\n[ \t]/g, ' '),
    text: /quoted-printable/i.test(head) ? unquote(body) : body,
  };
}

const received: Received[] = [];
/** How many of the next messages the mail server refuses (451: try again later). */
let refuseNext = 0;
let smtp: SMTPServer;
let smtpPort = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext -= 1;
          const err = Object.assign(new Error('mailbox busy, try again later'), { responseCode: 451 });
          callback(err);
          return;
        }
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        received.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpPort = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const clock = fixedClock('2026-11-22T12:00:00.000Z');
const POST_SECONDS = 60;
const config = (): Partial<Config> => ({
  depositPostSeconds: POST_SECONDS,
  mail: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, from: 'Deposits <no-reply@deposits.test>', timeoutMs: 5000 },
});

let servers: TestServer[] = [];
afterEach(async () => {
  for (const s of servers) await s.dispose();
  servers = [];
  refuseNext = 0;
});

async function site(): Promise<TestServer> {
  const s = await startServer({ now: clock.now, config: config() });
  servers.push(s);
  return s;
}

let payers = 0;
/** A guest's $25 deposit, paid; answers the client, its deposit id and order number. */
async function paid(
  s: TestServer,
  options: { inmateId?: string; locale?: 'es' } = {},
): Promise<{ c: Client; id: string; order: string; email: string }> {
  payers += 1;
  const email = `notice${payers}@example.com`;
  const c = await newClient(s.app);
  if (options.locale) await c.get(`/pay/set_locale/${options.locale}`);
  await fillCheckout(c, { deposit_inmate_id: options.inmateId ?? '100001', extra: { email } });
  const res = await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
  expect(res.body.success).toBe(true);
  const receipt = res.body.cached_deposit_info;
  return { c, id: receipt?.deposit_id ?? '', order: receipt?.order_number ?? '', email };
}

interface Notice {
  channel: string;
  to: string;
  subject: string;
  body: string;
  notice_key: string;
  sent_at: unknown;
}

async function notices(s: TestServer, depositId: string): Promise<Notice[]> {
  return s.query<Notice>(
    'SELECT channel, "to", subject, body, notice_key, sent_at FROM outbox WHERE notice_key LIKE ? ORDER BY id',
    [`${depositId}:%`],
  );
}

const keys = (rows: Notice[]) => rows.map((r) => r.notice_key.split(':').slice(1).join(':'));

/** Moves the clock past the posting window and runs every step that comes due (mail jobs included). */
async function settle(s: TestServer, seconds = POST_SECONDS + 1): Promise<void> {
  clock.advance(seconds * 1000);
  await s.app.jobs.drain();
}

describe('word when a deposit moves', () => {
  it('e-mails a receipt at submit, then the posting by e-mail and text, each once, delivered over SMTP', async () => {
    const s = await site();
    const d = await paid(s);
    expect(keys(await notices(s, d.id))).toEqual(['receipt:email']);
    // The payer opts in to texts at a US number on the receipt page.
    await d.c.post(SMS_SEND_PATH, { phone_no: '(512) 555-0101', receipt: d.id, enroll: false });
    await settle(s);
    await settle(s, 5);
    const rows = await notices(s, d.id);
    expect(keys(rows)).toEqual(['receipt:email', 'posted:email', 'posted:sms']);
    const [receipt, posted, text] = rows;
    expect(receipt).toMatchObject({ to: d.email, subject: `Receipt for your deposit, order ${d.order}` });
    expect(receipt?.body).toContain('$25.00 to John Smith at Harris County Jail, $29.95 in all');
    expect(receipt?.body).toContain('The money is held on your card');
    expect(posted?.subject).toBe(`Your deposit has posted, order ${d.order}`);
    expect(posted?.body).toMatch(
      /posted it to the account on 11\/22\/2026 12:01 UTC\. Your payment of \$29\.95 is complete\./,
    );
    expect(text).toMatchObject({ to: '5125550101', channel: 'sms' });
    expect(text?.body).toMatch(new RegExp(`^Order ${d.order}, \\$25\\.00 to John Smith: The facility posted it`));
    // Both e-mails were taken by the mail server, once each, with the text the outbox holds.
    const mine = received.filter((m) => m.to === d.email);
    expect(mine.map((m) => m.subject)).toEqual([receipt?.subject, posted?.subject]);
    expect(mine[1]?.text.replace(/\r\n/g, '\n')).toContain(posted?.body ?? '-');
    expect(new Set(mine.map((m) => m.messageId)).size).toBe(2);
    expect(rows.filter((r) => r.channel === 'email').every((r) => r.sent_at !== null)).toBe(true);
    expect(await s.query("SELECT id FROM jobs WHERE kind = 'mail'")).toEqual([]);
  });

  it('tells a Spanish payer of a refusal in Spanish: not charged, the hold released', async () => {
    const s = await site();
    // Inmate 100006 was released: the sandbox facility refuses deposits to him.
    const d = await paid(s, { inmateId: '100006', locale: 'es' });
    await d.c.post(SMS_SEND_PATH, { phone_no: '5125550102', receipt: d.id, enroll: false });
    await settle(s);
    const rows = await notices(s, d.id);
    expect(keys(rows)).toEqual(['receipt:email', 'refused:email', 'refused:sms']);
    expect(rows[0]?.subject).toBe(`Recibo de su depósito, orden ${d.order}`);
    expect(rows[1]?.subject).toBe(`Su depósito fue rechazado, orden ${d.order}`);
    for (const r of rows.slice(1)) {
      expect(r.body).toContain('la persona ha sido puesta en libertad');
      expect(r.body).toContain('No se le cobra nada: se libera la retención de $29.95 en su tarjeta.');
    }
    const deposit = await s.query<{ voided_at: unknown }>('SELECT voided_at FROM deposits WHERE id = ?', [d.id]);
    expect(deposit[0]?.voided_at).not.toBeNull();
  });

  it('tells of money taken and then refunded: the refusal says it will be refunded, the refund says when', async () => {
    const s = await site();
    const d = await paid(s, { inmateId: '100006' });
    // A payment taken at once (as the pam endpoint takes it): a refusal is refunded, not released.
    await s.query('UPDATE deposits SET captured_at = authorized_at WHERE id = ?', [d.id]);
    await s.query("UPDATE sandbox_charges SET state = 'captured' WHERE idempotency_key = ?", [d.id]);
    await settle(s);
    const rows = await notices(s, d.id);
    expect(keys(rows)).toEqual(['receipt:email', 'refused:email', 'refunded:email']);
    expect(rows[1]?.body).toContain('The $29.95 taken from your card will be refunded');
    expect(rows[2]?.subject).toBe(`Your money was refunded, order ${d.order}`);
    expect(rows[2]?.body).toMatch(/The \$29\.95 was refunded to your card on 11\/22\/2026 \d\d:\d\d UTC\./);
  });

  it('tells of a cancel by e-mail only when no number was given: nothing taken', async () => {
    const s = await site();
    const d = await paid(s);
    const res = await d.c.post<DepositCancelResponse>(depositCancelPath(d.id), {});
    expect(res.body.cancelled).toBe(true);
    // The same step again (a second instance, a retried job) writes nothing more.
    await s.app.money.store.transaction((repos) =>
      writeNotices(repos, s.app.money, d.id, 'cancelled', clock.now().toISOString()),
    );
    await settle(s);
    const rows = await notices(s, d.id);
    expect(keys(rows)).toEqual(['receipt:email', 'cancelled:email']);
    expect(rows[1]?.body).toContain('Nothing was taken from your card: the hold of $29.95 is released.');
  });

  it('tries a refusing mail server again later, with the job backoff, and loses nothing', async () => {
    const s = await site();
    refuseNext = 2;
    const d = await paid(s);
    await s.app.jobs.drain();
    const [job] = await s.query<{ attempts: number; last_error: string }>(
      "SELECT attempts, last_error FROM jobs WHERE kind = 'mail'",
    );
    expect(job).toMatchObject({ attempts: 1, last_error: expect.stringContaining('451') });
    expect((await notices(s, d.id))[0]?.sent_at).toBeNull();
    expect(received.filter((m) => m.to === d.email)).toEqual([]);
    // Each later try comes after its wait (2 s, then 4 s, give or take a quarter); the third is taken.
    for (let i = 0; i < 3; i += 1) await settle(s, 10);
    expect(refuseNext).toBe(0);
    expect(received.filter((m) => m.to === d.email)).toHaveLength(1);
    expect((await notices(s, d.id))[0]?.sent_at).not.toBeNull();
    expect(await s.query("SELECT id FROM jobs WHERE kind = 'mail'")).toEqual([]);
  });

  it.skipIf(process.env['TEST_ENGINE'] !== 'postgres')(
    'two instances on one database send each e-mail once',
    async () => {
      const s = await site();
      const other = await buildApp({
        databaseUrl: 'postgresUrl' in s.location ? s.location.postgresUrl : '',
        now: clock.now,
        // Its sender's host names the messages it hands over (their Message-ID), to tell the two apart.
        config: { ...config(), mail: { ...(config().mail as MailConfig), from: 'Deposits <no-reply@other.test>' } },
      });
      try {
        const deposits: Awaited<ReturnType<typeof paid>>[] = [];
        // More e-mails than one take claims (10): the second instance takes those the first has not locked.
        for (let i = 0; i < 12; i += 1) deposits.push(await paid(s));
        await Promise.all([s.app.jobs.drain(), other.jobs.drain()]);
        for (const d of deposits) {
          expect(received.filter((m) => m.to === d.email)).toHaveLength(1);
          expect((await notices(s, d.id)).map((r) => r.sent_at !== null)).toEqual([true]);
        }
        const mine = received.filter((m) => deposits.some((d) => d.email === m.to));
        // Both instances took some: neither took a row the other held.
        expect(mine.some((m) => m.messageId.endsWith('@other.test>'))).toBe(true);
        expect(mine.some((m) => m.messageId.endsWith('@deposits.test>'))).toBe(true);
      } finally {
        await other.close();
      }
    },
  );

  it('reads SMTP_URL, MAIL_FROM and SMTP_TIMEOUT_MS, and refuses a URL that is not smtp:// or smtps://', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com', MAIL_FROM: 'A <a@b.example>' }).mail).toEqual({
      smtpUrl: 'smtps://u:p@mail.example.com',
      from: 'A <a@b.example>',
      timeoutMs: 10_000,
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://x', SMTP_TIMEOUT_MS: '5' })).toThrow(/SMTP_TIMEOUT_MS/);
  });
});
