// E-mail over SMTP (docs/decisions/0053): SMTP_URL, MAIL_FROM and SMTP_TIMEOUT_MS, read from the
// environment by loadConfig (server/config.ts). Unset SMTP_URL: e-mails stay in the outbox only.
import { ConfigError, int, text, type Env } from './config-env.ts';

export interface MailConfig {
  /** SMTP_URL: smtp://[user:password@]host[:port] (STARTTLS when offered) or smtps:// (TLS from the start). */
  smtpUrl: string;
  /** MAIL_FROM: the sender of every e-mail. */
  from: string;
  /** SMTP_TIMEOUT_MS: how long connecting, the greeting and each answer may take. */
  timeoutMs: number;
}

export const DEFAULT_MAIL_FROM = 'Deposits <no-reply@localhost>';
const DEFAULT_SMTP_TIMEOUT_MS = 10_000;

/** The mail configuration when SMTP_URL is set; nothing otherwise (the other two are checked either way). */
export function mailConfig(env: Env): { mail?: MailConfig } {
  const from = text(env, 'MAIL_FROM', DEFAULT_MAIL_FROM);
  const timeoutMs = int(env, 'SMTP_TIMEOUT_MS', DEFAULT_SMTP_TIMEOUT_MS, 100, 120_000);
  const url = env.SMTP_URL?.trim();
  if (!url) return {};
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (u.protocol !== 'smtp:' && u.protocol !== 'smtps:')
    throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// URL');
  return { mail: { smtpUrl: url, from, timeoutMs } };
}
