// The money path's configuration (docs/decisions/0049): PROCESSOR, POSTING and their settings, read
// from the environment by loadConfig (server/config.ts).
import { ConfigError, int, text, type Env } from './config-env.ts';

/**
 * The money path's configuration (docs/decisions/0049): which payment processor and posting adapter
 * serve the deposit path, their timeouts, the sandbox's fault timings, and the job workers' pace.
 */
export interface MoneyConfig {
  /** PROCESSOR: `sandbox` (the embedded default) or `stripe`. */
  processor: 'sandbox' | 'stripe';
  /** STRIPE_SECRET_KEY, and STRIPE_API_BASE (an http(s) origin; Stripe's own when unset). */
  stripe?: { secretKey: string; apiBase?: string };
  /** POSTING: `sandbox` (the embedded facility system) or `http` (a facility account system's HTTP API). */
  posting: 'sandbox' | 'http';
  /** POSTING_URL and POSTING_TOKEN: the facility account system's HTTP API (POSTING=http). */
  postingHttp?: { url: string; token?: string };
  /** PROCESSOR_TIMEOUT_MS: how long a call to the processor may take before its outcome is unknown. */
  processorTimeoutMs: number;
  /** POSTING_TIMEOUT_MS: the same for the facility's system. */
  postingTimeoutMs: number;
  /** SANDBOX_PROCESSOR_LATENCY_MS and SANDBOX_POSTING_LATENCY_MS: each sandbox answer waits this long. */
  sandboxProcessorLatencyMs: number;
  sandboxPostingLatencyMs: number;
  /**
   * SANDBOX_POSTING_FAILURES: the sandbox facility system answers 503 to the first this many sends of
   * each deposit (counted by each instance), as a facility that is down for a while.
   */
  sandboxPostingFailures: number;
  /** JOB_POLL_MS: how often each instance's job workers look for due jobs; 0 for none (tests drive them). */
  jobPollMs: number;
}

export const DEFAULT_MONEY_CONFIG: MoneyConfig = {
  processor: 'sandbox',
  posting: 'sandbox',
  processorTimeoutMs: 10_000,
  postingTimeoutMs: 10_000,
  sandboxProcessorLatencyMs: 0,
  sandboxPostingLatencyMs: 0,
  sandboxPostingFailures: 0,
  jobPollMs: 1000,
};

/** The money path's configuration with its defaults filled in. */
export function moneyConfigOf(config: { money?: Partial<MoneyConfig> }): MoneyConfig {
  return { ...DEFAULT_MONEY_CONFIG, ...config.money };
}

function originOf(env: Env, key: string): string | undefined {
  const v = env[key]?.trim();
  if (!v) return undefined;
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    throw new ConfigError(`${key} must be an http or https URL`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ConfigError(`${key} must be an http or https URL`);
  return v.replace(/\/+$/, '');
}

/** docs/decisions/0049: PROCESSOR, POSTING and their settings; only those the environment sets. */
export function moneyConfig(env: Env): { money?: Partial<MoneyConfig> } {
  const d = DEFAULT_MONEY_CONFIG;
  const processor = text(env, 'PROCESSOR', d.processor);
  if (processor !== 'sandbox' && processor !== 'stripe') throw new ConfigError('PROCESSOR must be sandbox or stripe');
  const posting = text(env, 'POSTING', d.posting);
  if (posting !== 'sandbox' && posting !== 'http') throw new ConfigError('POSTING must be sandbox or http');
  const secretKey = env.STRIPE_SECRET_KEY?.trim();
  if (processor === 'stripe' && !secretKey) throw new ConfigError('STRIPE_SECRET_KEY is needed when PROCESSOR=stripe');
  const stripeBase = originOf(env, 'STRIPE_API_BASE');
  const postingUrl = originOf(env, 'POSTING_URL');
  if (posting === 'http' && !postingUrl) throw new ConfigError('POSTING_URL is needed when POSTING=http');
  const postingToken = env.POSTING_TOKEN?.trim();
  const ms = (key: string, name: keyof MoneyConfig, min: number, max: number): Partial<MoneyConfig> =>
    env[key]?.trim() ? { [name]: int(env, key, d[name] as number, min, max) } : {};
  const money: Partial<MoneyConfig> = {
    ...(env.PROCESSOR?.trim() ? { processor } : {}),
    ...(secretKey ? { stripe: { secretKey, ...(stripeBase ? { apiBase: stripeBase } : {}) } } : {}),
    ...(env.POSTING?.trim() ? { posting } : {}),
    ...(postingUrl ? { postingHttp: { url: postingUrl, ...(postingToken ? { token: postingToken } : {}) } } : {}),
    ...ms('PROCESSOR_TIMEOUT_MS', 'processorTimeoutMs', 100, 120_000),
    ...ms('POSTING_TIMEOUT_MS', 'postingTimeoutMs', 100, 120_000),
    ...ms('SANDBOX_PROCESSOR_LATENCY_MS', 'sandboxProcessorLatencyMs', 0, 600_000),
    ...ms('SANDBOX_POSTING_LATENCY_MS', 'sandboxPostingLatencyMs', 0, 600_000),
    ...ms('SANDBOX_POSTING_FAILURES', 'sandboxPostingFailures', 0, 1000),
    ...ms('JOB_POLL_MS', 'jobPollMs', 0, 600_000),
  };
  return Object.keys(money).length > 0 ? { money } : {};
}

/** SANDBOX=true asks for the sandbox by name (docs/decisions/0050); unset or false adds nothing. */
