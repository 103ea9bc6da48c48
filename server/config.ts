// Server configuration from environment variables with safe defaults (architecture: "Configuration
// ... comes from environment variables"). The defaults match fixtures/ (see fixtures/README.md).
import { DEFAULT_FACILITY_RULES } from '../contract/constants.ts';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../contract/session.ts';
import type { LegalUrls } from '../contract/legal.ts';
import { NAV_PATHS, isNavScriptUrl } from '../contract/nav-header.ts';
import { legalUrlsFromEnv } from './legal-urls.ts';
import type { Limit, LimitName } from './limits.ts';
import { serverText } from './texts.ts';
import { ConfigError, amount, factor, flag, int, text, type Env } from './config-env.ts';
import { mailConfig, type MailConfig } from './mail-config.ts';
import { moneyConfig, moneyConfigOf, type MoneyConfig } from './money-config.ts';

export { ConfigError } from './config-env.ts';
export { DEFAULT_MONEY_CONFIG, moneyConfigOf, type MoneyConfig } from './money-config.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /**
   * PostgreSQL connection string (postgres://...); absent means the embedded SQLite file under
   * dataDir (docs/decisions/0022). Environment: DATABASE_URL.
   */
  databaseUrl?: string;
  /**
   * Production mode: keys must come from the configuration (a missing one stops the server) and
   * nothing is generated; nothing of the sandbox's outbox is readable over HTTP, whatever devEndpoints
   * says (loadConfig refuses DEV_ENDPOINTS=true with it; docs/decisions/0035); the sandbox is refused
   * unless `sandbox` asks for it (docs/decisions/0050). Environment: NODE_ENV=production.
   */
  production?: boolean;
  staticDir: string;
  /** §8: the customer service number and the second support number (professional and limit errors). */
  customerServicePhone: string;
  supportPhone: string;
  /** §2: external visit scheduling URL. */
  visitUrl: string;
  /**
   * §2 pam variant: the external payment endpoint the checkout form-posts its payload to (an http(s)
   * URL, or a path on this site); by default the sandbox's own /sandbox/pam/pay.
   */
  payUrl: string;
  /** §6: facilities whose trust deposits go to an external site, and that site. */
  trustRedirectFacilityIds: number[];
  trustRedirectUrl: string;
  /** §6: facilities that show a no-trust message. */
  noTrustFacilityIds: number[];
  /** §6: facilities whose prepaid (dest) deposits are redirected to trust. */
  prepaidToTrustFacilityIds: number[];
  /** §8 DEPOSIT_EXCEEDS_LIMIT: most one payer email may deposit to one recipient in 24 hours, dollars. */
  dailyMaxPerRecipient: number;
  /** Marks the session cookie Secure; on whenever the site is served over HTTPS. */
  cookieSecure: boolean;
  /**
   * The development endpoints: the sandbox outbox (GET /development/outbox), which shows a session the
   * texts and emails it caused. Off unless asked for; refused in production mode. Environment:
   * DEV_ENDPOINTS. The client error log (§7) is not one of them: it is always on.
   */
  devEndpoints: boolean;
  /**
   * §9: the fixed, non-refundable fee of a balance transfer between a payer's phone accounts, in
   * dollars. Optional: absent means DEFAULT_TRANSFER_FEE. Environment: TRANSFER_FEE.
   */
  transferFee?: number;
  /** §2: closed facilities; deposit history disables repeating deposits there. Environment: CLOSED_FACILITY_IDS. */
  closedFacilityIds?: number[];
  /**
   * Key of the pam payload's HMAC signature; absent means a key generated once and kept in the
   * database, shared by every instance (server/keys.ts). Environment: PAM_SIGNING_KEY.
   */
  pamSigningKey?: string;
  /** Key of the professional request's single sign-on token (§6), as pamSigningKey. Environment: SSO_SIGNING_KEY. */
  ssoSigningKey?: string;
  /** §8 FIELD_NO_TRUST: billing states whose residents may not make trust deposits. Environment: NO_TRUST_BILLING_STATES. */
  noTrustBillingStates?: string[];
  /** §9 cpastates: states that show the CPA link. Environment: CPA_STATES. */
  cpaStates?: string[];
  /** The CPA link's label and address per language. Environment: CPA_LABEL_EN, CPA_LABEL_ES, CPA_URL_EN, CPA_URL_ES. */
  cpaLinks?: Record<'en' | 'es', { label: string; url: string }>;
  /**
   * §7: the translated URL of each legal text, per document and language: a path of this site or an
   * http(s) URL. Optional: absent means the sandbox providers (server/legal-urls.ts). Environment:
   * TERMS_URL_EN, TERMS_URL_ES, PRIVACY_URL_EN, PRIVACY_URL_ES (one left unset keeps its default).
   */
  legalUrls?: LegalUrls;
  /**
   * §9: the two quick-deposit amounts of a trust card, dollars; absent means QUICK_DEPOSIT_AMOUNTS
   * (contract/quick-deposits.ts). Environment: QUICK_DEPOSIT_AMOUNTS, two amounts such as "25,50".
   */
  quickDepositAmounts?: [number, number];
  /**
   * §4 recurring deposits: minutes between runs of the due ones (server/main.ts), 0 for none.
   * Environment: RECURRING_RUN_MINUTES.
   */
  recurringRunMinutes?: number;
  /**
   * §2 shared layout: the global header's navigation script (contract/nav-header.ts): a path of this
   * site or an http(s) URL; '' for none. Environment: NAV_SCRIPT_URL (unset: DEFAULT_NAV_SCRIPT_URL).
   */
  navScriptUrl?: string;
  /**
   * §2 recipient search: the most matches one search counts and pages through (docs/decisions/0023);
   * absent means DEFAULT_SEARCH_CAP. More matches than this are answered as "more than N".
   */
  searchCap?: number;
  /**
   * §2 recipient search: how long an instance answers a search it made again from what it read
   * (docs/decisions/0062); absent means DEFAULT_SEARCH_KEEP_MS, 0 keeps none (each search reads the
   * database).
   */
  searchKeepMs?: number;
  /** Level of the server's log lines (pino's levels). Environment: LOG_LEVEL (unset: info). */
  logLevel?: LogLevel;
  /**
   * Minutes without a request after which a session ends (docs/decisions/0045): the payer is signed
   * out; a guest's form state goes with it (the page keeps the non-card values). Environment:
   * SESSION_IDLE_MINUTES (unset: DEFAULT_SESSION_IDLE_MINUTES).
   */
  sessionIdleMinutes?: number;
  /**
   * Seconds after its authorization at which a deposit is sent to the facility (or the phone platform);
   * until then the payer may cancel it (docs/decisions/0049). Environment: DEPOSIT_POST_SECONDS (unset:
   * DEFAULT_DEPOSIT_POST_SECONDS).
   */
  depositPostSeconds?: number;
  /**
   * Per-client limits (server/limits.ts, docs/decisions/0039): every limit's max is multiplied by this
   * (a test bench or a site behind one shared address may raise it). Environment: RATE_LIMIT_FACTOR
   * (unset: 1).
   */
  rateLimitFactor?: number;
  /** Limits set one by one (tests); the others follow rateLimitFactor. */
  limits?: Partial<Record<LimitName, Limit>>;
  /**
   * The proxies in front of the server whose X-Forwarded-For is believed, so that the per-address
   * limits count the payer's address and not the proxy's: a number of hops, or a comma-separated
   * list of addresses and CIDR ranges. Environment: TRUST_PROXY (unset: none, the socket's address).
   */
  trustProxy?: number | string[];
  /**
   * Retention (server/retention.ts): minutes between purges of ended sessions, vault tokens, old
   * client error reports and outbox rows, and past limit windows; 0 for none. Environment:
   * RETENTION_RUN_MINUTES (unset: 60).
   */
  retentionRunMinutes?: number;
  /** The money path's adapters and their timings (docs/decisions/0049). */
  money?: Partial<MoneyConfig>;
  /** E-mail over SMTP (docs/decisions/0053); unset: e-mails stay in the outbox. Environment: SMTP_URL. */
  mail?: MailConfig;
  /**
   * The sandbox asked for by name: its processor, facility system, payers and stand-ins are then
   * allowed in production mode too (a public demonstration), and the site says it is a test site
   * (docs/decisions/0050). Environment: SANDBOX (unset: false).
   */
  sandbox?: boolean;
  /** Health, metrics, start and shutdown (docs/decisions/0051). */
  operations?: Partial<OperationsConfig>;
}

/** What an operator sets about start, shutdown and metrics (docs/decisions/0051). */
export interface OperationsConfig {
  /**
   * METRICS_TOKEN: the bearer token GET /metrics asks for. In production mode /metrics answers
   * nobody without it; elsewhere it is open unless the token is set.
   */
  metricsToken?: string;
  /** DB_START_WAIT_SECONDS: how long a starting server waits for its database to answer. */
  dbStartWaitSeconds: number;
  /**
   * SHUTDOWN_GRACE_SECONDS: after SIGTERM, how long requests in flight and the job workers' current
   * jobs may take before their connections are closed.
   */
  shutdownGraceSeconds: number;
  /**
   * REQUEST_TIMEOUT_SECONDS (kept here in ms): a request's headers and body must have arrived within
   * this time, or it is answered 408 and its connection closed (a POST that trickles its body holds
   * a connection no longer; docs/decisions/0039).
   */
  requestTimeoutMs: number;
}

export const DEFAULT_OPERATIONS_CONFIG: OperationsConfig = {
  dbStartWaitSeconds: 60,
  shutdownGraceSeconds: 25,
  requestTimeoutMs: 30_000,
};

/** The operations configuration with its defaults filled in. */
export function operationsConfigOf(config: Pick<Config, 'operations'>): OperationsConfig {
  return { ...DEFAULT_OPERATIONS_CONFIG, ...config.operations };
}

/** The log levels of Fastify's logger (pino). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A deposit is sent to the facility five minutes after its authorization (docs/decisions/0049). */
export const DEFAULT_DEPOSIT_POST_SECONDS = 300;

/** §9 six per page: twenty pages of recipients, after which the payer is asked to type more. */
export const DEFAULT_SEARCH_CAP = 120;

/**
 * A search page is answered from this instance's copy for at most 10 seconds: the longest a new
 * booking, a release or a fraud flag waits to show in a search (docs/decisions/0062).
 */
export const DEFAULT_SEARCH_KEEP_MS = 10_000;

/** §2 pam: the sandbox's own stand-in for the external payment endpoint. */
export const DEFAULT_PAM_PAY_URL = '/sandbox/pam/pay';
/** §8 FIELD_NO_TRUST: the spec names no state; this sandbox's choice (docs/decisions). */
export const DEFAULT_NO_TRUST_BILLING_STATES = ['NJ'];
/** §9 cpastates. */
export const DEFAULT_CPA_STATES = ['VA'];
export const DEFAULT_CPA_LINKS: Record<'en' | 'es', { label: string; url: string }> = {
  en: { label: serverText('en', 'SERVER.CPA_LABEL'), url: 'https://www.oag.state.va.us/consumer-protection/' },
  es: { label: serverText('es', 'SERVER.CPA_LABEL'), url: 'https://www.oag.state.va.us/consumer-protection/' },
};

/** §2: the sandbox's own navigation script stands in for the external one. */
export const DEFAULT_NAV_SCRIPT_URL = NAV_PATHS.sandboxHeaderScript;

/** §9 does not show the transfer fee's value; this sandbox's figure, in dollars. */
export const DEFAULT_TRANSFER_FEE = 1.5;

export const DEFAULT_CONFIG: Config = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  staticDir: './dist',
  customerServicePhone: '1-800-555-0100',
  supportPhone: '1-800-555-0199',
  visitUrl: 'https://visits.example.com/schedule',
  payUrl: DEFAULT_PAM_PAY_URL,
  trustRedirectFacilityIds: [...DEFAULT_FACILITY_RULES.trustRedirectFacilityIds],
  trustRedirectUrl: DEFAULT_FACILITY_RULES.trustRedirectUrl,
  noTrustFacilityIds: [...DEFAULT_FACILITY_RULES.noTrustFacilityIds],
  prepaidToTrustFacilityIds: [...DEFAULT_FACILITY_RULES.prepaidToTrustFacilityIds],
  dailyMaxPerRecipient: 500,
  cookieSecure: false,
  devEndpoints: false,
};

/** TRUST_PROXY: a number of hops, or a comma-separated list of addresses and CIDR ranges. */
function trustProxy(env: Env): Pick<Config, 'trustProxy'> {
  const v = env.TRUST_PROXY?.trim();
  if (!v) return {};
  if (/^\d+$/.test(v)) return { trustProxy: int(env, 'TRUST_PROXY', 0, 0, 16) };
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (list.some((a) => !/^[\d.:a-fA-F]+(\/\d{1,3})?$/.test(a)))
    throw new ConfigError('TRUST_PROXY must be a number of hops or a comma-separated list of addresses');
  return { trustProxy: list };
}

/** A comma-separated list of facility ids; an empty string means an empty list. */
function ids(env: Env, key: string, fallback: number[]): number[] {
  const v = env[key];
  if (v === undefined) return fallback;
  return v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      if (!/^\d+$/.test(s)) throw new ConfigError(`${key} must be a comma-separated list of facility ids`);
      return Number(s);
    });
}

/** A comma-separated list of two-letter state codes, upper-cased; an empty string means an empty list. */
function states(env: Env, key: string): string[] {
  return (env[key] ?? '')
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
    .map((s) => {
      if (!/^[A-Z]{2}$/.test(s))
        throw new ConfigError(`${key} must be a comma-separated list of two-letter state codes`);
      return s;
    });
}

function signingKey(env: Env, name: string): string | undefined {
  const key = env[name]?.trim();
  if (key && key.length < 32) throw new ConfigError(`${name} must be at least 32 characters`);
  return key || undefined;
}

/** DATABASE_URL: a PostgreSQL connection string, or unset for the embedded SQLite file. */
function databaseConfig(env: Env): Partial<Config> {
  const url = env.DATABASE_URL?.trim();
  if (!url) return {};
  if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError('DATABASE_URL must be a postgres:// connection string');
  return { databaseUrl: url };
}

/** The pam signing key, trust-by-state and CPA settings; a variable left unset keeps the DEFAULT_ value above. */
function checkoutServiceConfig(env: Env): Partial<Config> {
  const out: Partial<Config> = {};
  const key = signingKey(env, 'PAM_SIGNING_KEY');
  if (key) out.pamSigningKey = key;
  const sso = signingKey(env, 'SSO_SIGNING_KEY');
  if (sso) out.ssoSigningKey = sso;
  if (env.NO_TRUST_BILLING_STATES !== undefined) out.noTrustBillingStates = states(env, 'NO_TRUST_BILLING_STATES');
  if (env.CPA_STATES !== undefined) out.cpaStates = states(env, 'CPA_STATES');
  const cpaKeys = ['CPA_LABEL_EN', 'CPA_LABEL_ES', 'CPA_URL_EN', 'CPA_URL_ES'];
  if (cpaKeys.some((k) => env[k]?.trim())) {
    const d = DEFAULT_CPA_LINKS;
    out.cpaLinks = {
      en: { label: text(env, 'CPA_LABEL_EN', d.en.label), url: text(env, 'CPA_URL_EN', d.en.url) },
      es: { label: text(env, 'CPA_LABEL_ES', d.es.label), url: text(env, 'CPA_URL_ES', d.es.url) },
    };
  }
  return out;
}

/** §9 QUICK_DEPOSIT_AMOUNTS: exactly two dollar amounts, comma-separated. */
function quickDepositAmounts(env: Env): Partial<Config> {
  const v = env.QUICK_DEPOSIT_AMOUNTS?.trim();
  if (!v) return {};
  const parts = v.split(',').map((s) => s.trim());
  if (parts.length !== 2 || parts.some((s) => !/^\d{1,4}(\.\d{1,2})?$/.test(s) || Number(s) <= 0)) {
    throw new ConfigError('QUICK_DEPOSIT_AMOUNTS must be two dollar amounts such as 25,50');
  }
  return { quickDepositAmounts: [Number(parts[0]), Number(parts[1])] };
}

/** §7 legal text URLs; a variable left unset keeps the sandbox provider's URL. */
function legalUrlsConfig(env: Env): Partial<Config> {
  const legalUrls = legalUrlsFromEnv(env);
  return legalUrls ? { legalUrls } : {};
}

/** §2 NAV_SCRIPT_URL: set but empty turns the global header off; anything else must be a script URL. */
function navScriptConfig(env: Env): Partial<Config> {
  const v = env.NAV_SCRIPT_URL;
  if (v === undefined) return {};
  const url = v.trim();
  if (url !== '' && !isNavScriptUrl(url))
    throw new ConfigError('NAV_SCRIPT_URL must be a path of this site (/...) or an http(s) URL');
  return { navScriptUrl: url };
}

function logLevel(env: Env): Partial<Config> {
  const v = env.LOG_LEVEL?.trim();
  if (!v) return {};
  if (!(LOG_LEVELS as readonly string[]).includes(v))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  return { logLevel: v as LogLevel };
}

/** docs/decisions/0035: NODE_ENV=production is production mode; nothing else is. */
export function isProduction(env: Env): boolean {
  return env.NODE_ENV?.trim() === 'production';
}

/** Development endpoints only when asked for (DEV_ENDPOINTS), and never in production mode. */
function devEndpointsConfig(env: Env): Pick<Config, 'devEndpoints'> {
  const devEndpoints = flag(env, 'DEV_ENDPOINTS', DEFAULT_CONFIG.devEndpoints);
  if (isProduction(env) && devEndpoints) throw new ConfigError('DEV_ENDPOINTS cannot be true when NODE_ENV=production');
  return { devEndpoints };
}

/** Whether the sandbox outbox may be read over HTTP: asked for, and not in production mode. */
export function outboxReadable(config: Pick<Config, 'devEndpoints' | 'production'>): boolean {
  return config.devEndpoints && config.production !== true;
}

/** Reads the configuration; throws a ConfigError with the variable's name on a value it cannot use. */
export function loadConfig(env: Env = process.env): Config {
  const d = DEFAULT_CONFIG;
  try {
    return refuseSandboxInProduction(readConfig(env, d));
  } catch (err) {
    // legal-urls.ts and the contract's checks throw plain errors that name the variable too.
    throw err instanceof ConfigError ? err : new ConfigError(err instanceof Error ? err.message : String(err));
  }
}

function readConfig(env: Env, d: Config): Config {
  return {
    port: int(env, 'PORT', d.port, 0, 65535),
    host: text(env, 'HOST', d.host),
    dataDir: text(env, 'DATA_DIR', d.dataDir),
    ...databaseConfig(env),
    ...(isProduction(env) ? { production: true } : {}),
    staticDir: text(env, 'STATIC_DIR', d.staticDir),
    customerServicePhone: text(env, 'CUSTOMER_SERVICE_PHONE', d.customerServicePhone),
    supportPhone: text(env, 'SUPPORT_PHONE', d.supportPhone),
    visitUrl: text(env, 'VISIT_URL', d.visitUrl),
    payUrl: text(env, 'PAY_URL', d.payUrl),
    trustRedirectFacilityIds: ids(env, 'TRUST_REDIRECT_FACILITY_IDS', d.trustRedirectFacilityIds),
    trustRedirectUrl: text(env, 'TRUST_REDIRECT_URL', d.trustRedirectUrl),
    noTrustFacilityIds: ids(env, 'NO_TRUST_FACILITY_IDS', d.noTrustFacilityIds),
    prepaidToTrustFacilityIds: ids(env, 'PREPAID_TO_TRUST_FACILITY_IDS', d.prepaidToTrustFacilityIds),
    dailyMaxPerRecipient: amount(env, 'DAILY_MAX_PER_RECIPIENT', d.dailyMaxPerRecipient),
    cookieSecure: flag(env, 'COOKIE_SECURE', d.cookieSecure),
    ...devEndpointsConfig(env),
    ...(env.TRANSFER_FEE?.trim() ? { transferFee: amount(env, 'TRANSFER_FEE', DEFAULT_TRANSFER_FEE) } : {}),
    ...(env.CLOSED_FACILITY_IDS === undefined ? {} : { closedFacilityIds: ids(env, 'CLOSED_FACILITY_IDS', []) }),
    ...checkoutServiceConfig(env),
    ...legalUrlsConfig(env),
    ...quickDepositAmounts(env),
    ...navScriptConfig(env),
    ...(env.RECURRING_RUN_MINUTES?.trim()
      ? { recurringRunMinutes: int(env, 'RECURRING_RUN_MINUTES', 60, 0, 24 * 60) }
      : {}),
    ...logLevel(env),
    ...(env.SESSION_IDLE_MINUTES?.trim()
      ? { sessionIdleMinutes: int(env, 'SESSION_IDLE_MINUTES', DEFAULT_SESSION_IDLE_MINUTES, 1, 24 * 60) }
      : {}),
    ...(env.DEPOSIT_POST_SECONDS?.trim()
      ? { depositPostSeconds: int(env, 'DEPOSIT_POST_SECONDS', DEFAULT_DEPOSIT_POST_SECONDS, 0, 7 * 24 * 3600) }
      : {}),
    ...(env.RATE_LIMIT_FACTOR?.trim() ? { rateLimitFactor: factor(env, 'RATE_LIMIT_FACTOR') } : {}),
    ...trustProxy(env),
    ...(env.RETENTION_RUN_MINUTES?.trim()
      ? { retentionRunMinutes: int(env, 'RETENTION_RUN_MINUTES', 60, 0, 24 * 60) }
      : {}),
    ...moneyConfig(env),
    ...mailConfig(env),
    ...sandboxConfig(env),
    ...operationsConfig(env),
  };
}

/** docs/decisions/0051: METRICS_TOKEN, DB_START_WAIT_SECONDS, SHUTDOWN_GRACE_SECONDS, REQUEST_TIMEOUT_SECONDS; only those set. */
function operationsConfig(env: Env): Pick<Config, 'operations'> {
  const d = DEFAULT_OPERATIONS_CONFIG;
  const token = env.METRICS_TOKEN?.trim();
  if (token && token.length < 16) throw new ConfigError('METRICS_TOKEN must be at least 16 characters');
  const operations: Partial<OperationsConfig> = {
    ...(token ? { metricsToken: token } : {}),
    ...(env.DB_START_WAIT_SECONDS?.trim()
      ? { dbStartWaitSeconds: int(env, 'DB_START_WAIT_SECONDS', d.dbStartWaitSeconds, 0, 3600) }
      : {}),
    ...(env.SHUTDOWN_GRACE_SECONDS?.trim()
      ? { shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', d.shutdownGraceSeconds, 0, 3600) }
      : {}),
    ...(env.REQUEST_TIMEOUT_SECONDS?.trim()
      ? { requestTimeoutMs: 1000 * int(env, 'REQUEST_TIMEOUT_SECONDS', d.requestTimeoutMs / 1000, 1, 600) }
      : {}),
  };
  return Object.keys(operations).length > 0 ? { operations } : {};
}

function sandboxConfig(env: Env): Pick<Config, 'sandbox'> {
  return flag(env, 'SANDBOX', false) ? { sandbox: true } : {};
}

/** The sandbox adapters of the money path a configuration uses, each with what replaces it. */
const SANDBOX_ADAPTERS = [
  {
    uses: (m: MoneyConfig) => m.processor === 'sandbox',
    name: 'the sandbox processor',
    instead: 'PROCESSOR=stripe with STRIPE_SECRET_KEY',
  },
  {
    uses: (m: MoneyConfig) => m.posting === 'sandbox',
    name: 'the sandbox facility system',
    instead: 'POSTING=http with POSTING_URL',
  },
] as const;

/**
 * Whether the site runs the sandbox: a sandbox adapter, or SANDBOX=true. Such a site says so on every
 * page (server/static-site.ts serves the pages with the test-site banner).
 */
export function runsSandbox(config: Pick<Config, 'money' | 'sandbox'>): boolean {
  const money = moneyConfigOf(config);
  return config.sandbox === true || SANDBOX_ADAPTERS.some((a) => a.uses(money));
}

/**
 * docs/decisions/0050: production mode without SANDBOX=true refuses the sandbox's adapters, with one
 * line that names them and what to set instead; undefined when the configuration may start.
 */
export function sandboxRefusal(config: Pick<Config, 'money' | 'sandbox' | 'production'>): string | undefined {
  if (config.production !== true || config.sandbox === true) return undefined;
  const money = moneyConfigOf(config);
  const used = SANDBOX_ADAPTERS.filter((a) => a.uses(money));
  if (used.length === 0) return undefined;
  return (
    `NODE_ENV=production refuses ${used.map((a) => a.name).join(' and ')}: ` +
    `set ${[...used.map((a) => a.instead), 'or SANDBOX=true'].join(', ')}`
  );
}

function refuseSandboxInProduction(config: Config): Config {
  const refusal = sandboxRefusal(config);
  if (refusal) throw new ConfigError(refusal);
  return config;
}
