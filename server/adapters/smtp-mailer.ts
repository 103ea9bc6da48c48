// SMTP through nodemailer (docs/decisions/0053): SMTP_URL names the server (smtp://user:pass@host:587,
// smtps://... for TLS from the start), MAIL_FROM the sender. One transport per instance; every
// call has connection, greeting and socket timeouts, so that a server that stops answering fails the
// job's try (and the job tries again later) instead of holding it.
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from '../ports/mailer.ts';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  timeoutMs: number;
}

export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const url = new URL(options.url);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  });
  return {
    name: 'smtp',
    async send(m: MailMessage) {
      await transport.sendMail({
        from: options.from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        messageId: m.messageId,
      });
    },
    close: () => transport.close(),
  };
}
