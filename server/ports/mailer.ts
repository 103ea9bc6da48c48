// The mailer port (docs/decisions/0053): hands one e-mail to a mail server. Called by the mail job,
// outside any database transaction, with a timeout. Adapter: SMTP through nodemailer
// (server/adapters/smtp-mailer.ts), when SMTP_URL is set; without it, e-mails stay in the outbox.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The message's own id, the same at every try (`<notice key@host>`): a mail server or reader that
   * sees one twice (a worker that died after handing it over) can tell it is the same message.
   */
  messageId: string;
}

export interface Mailer {
  readonly name: string;
  /** Resolves once the server accepted the message; throws when it refused it or could not be reached. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}
