// Retention (docs/decisions/0039): what only abuse makes grow is purged on a schedule. Each purge is
// one DELETE by age, so several instances running it at once delete each row once and agree on the
// result; a failed run is logged and the next one catches up.
import type { Config } from './config.ts';
import type { Store } from './repo/repos.ts';
import { sessionIdleMs } from './security.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long each kind of row is kept. */
export const RETENTION = {
  /** A vault token stands for a card during one checkout; an older one is entered again. */
  vaultTokenMs: 60 * MINUTE,
  /** Client error reports: long enough to read a week's reports and the weekend's. */
  clientErrorMs: 30 * DAY,
  /** The sandbox outbox (texts and emails): a receipt's one-text-per-deposit rule reads a week back. */
  outboxMs: 7 * DAY,
} as const;

export interface RetentionReport {
  sessions: number;
  vaultTokens: number;
  clientErrors: number;
  outbox: number;
  rateLimits: number;
}

/** Purges once: sessions past the idle limit (their form state and tokens go with them), then by age. */
export async function purgeExpired(store: Store, config: Config, now: Date): Promise<RetentionReport> {
  const { repos } = store;
  const t = now.getTime();
  const before = (ms: number) => new Date(t - ms).toISOString();
  return {
    sessions: await repos.sessions.purgeIdle(before(sessionIdleMs(config))),
    vaultTokens: await repos.vault.purgeBefore(before(RETENTION.vaultTokenMs)),
    clientErrors: await repos.clientErrors.purgeBefore(before(RETENTION.clientErrorMs)),
    outbox: await repos.outbox.purgeBefore(before(RETENTION.outboxMs)),
    rateLimits: await repos.rateLimits.purgeExpired(t),
  };
}
