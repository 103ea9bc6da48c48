// Per-client limits (docs/decisions/0039): @fastify/rate-limit counts, in a store that every instance
// on the database shares (the rate_limits table, through the repositories). Each limit has a name, a
// most-allowed count and a fixed window; a request is refused with 429, Retry-After and the API's error
// format (ERROR.TOO_MANY_REQUESTS) once any of its route's limits is past. The clients are told apart
// by keys that hold no address, number or e-mail in clear: an HMAC of the value under a key derived
// from the pam signing key (server/keys.ts), so a card's fingerprint is never the number.
import { createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { normaliseAni } from '../contract/accounts.ts';
import { cardDigits } from '../contract/cards.ts';
import { CHECKOUT_SERVICE_PATHS } from '../contract/checkout-services.ts';
import { PATHS } from '../contract/api.ts';
import { ACCOUNT_PATHS } from '../contract/accounts.ts';
import { PHONE_VERIFICATION_PATHS } from '../contract/phone-verification.ts';
import { SMS_SEND_PATH, usDigits } from '../contract/receipt.ts';
import { TOO_MANY_REQUESTS } from './http.ts';
import type { Repos } from './repo/repos.ts';

const MINUTE = 60_000;

export interface Limit {
  /** Requests let through in one window; the next is refused until the window ends. */
  max: number;
  windowMs: number;
}

/**
 * The limits, per client. Generous enough for a family behind one address (a shelter, a visiting
 * room, a carrier's shared address) and tight enough that automated abuse stops within a few dozen
 * requests. RATE_LIMIT_FACTOR multiplies every max (server/config.ts).
 */
export const DEFAULT_LIMITS = {
  /** New sessions (cookie-less requests) from one address. */
  sessionsPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** Card vault calls (a new card or a saved card's code) from one address and from one session. */
  vaultPerIp: { max: 30, windowMs: 15 * MINUTE },
  vaultPerSession: { max: 10, windowMs: 15 * MINUTE },
  /** One card number (its fingerprint) tokenized, from anywhere. */
  vaultPerCard: { max: 5, windowMs: 60 * MINUTE },
  /** Failed authorisations (declined charges): after this many, the vault and the charge refuse. */
  declinesPerSession: { max: 3, windowMs: 60 * MINUTE },
  declinesPerIp: { max: 10, windowMs: 60 * MINUTE },
  /** Sign-in attempts from one address, whatever the e-mail (the per-account delay is in domain/login.ts). */
  loginPerIp: { max: 30, windowMs: 15 * MINUTE },
  /** Texts and calls (verification codes, text receipts) from one address and to one number. */
  textsPerIp: { max: 20, windowMs: 60 * MINUTE },
  textsPerNumber: { max: 5, windowMs: 60 * MINUTE },
  /** Client error reports from one address (each also capped in size: CLIENT_ERROR_BODY_LIMIT). */
  clientErrorsPerIp: { max: 30, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit>;

export type LimitName = keyof typeof DEFAULT_LIMITS;
export type Limits = Record<LimitName, Limit>;

/** The limits with every max multiplied by factor (RATE_LIMIT_FACTOR; at least 1 request). */
export function limitsFor(factor = 1): Limits {
  const out = {} as Limits;
  for (const [name, l] of Object.entries(DEFAULT_LIMITS) as [LimitName, Limit][])
    out[name] = { max: Math.max(1, Math.round(l.max * factor)), windowMs: l.windowMs };
  return out;
}

/** A client error report's body, at most (the report's fields are cut shorter still: routes/development.ts). */
export const CLIENT_ERROR_BODY_LIMIT = 32 * 1024;

/** A refusal thrown where no route hook can answer (a session created inside a handler). */
export class TooManyRequestsError extends Error {
  readonly statusCode = 429;
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('too many requests');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Answers 429 with Retry-After (whole seconds, at least 1) and the API's error format. */
export function tooMany(reply: FastifyReply, retryAfterSeconds: number): FastifyReply {
  return reply
    .code(429)
    .header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))))
    .send(TOO_MANY_REQUESTS);
}

/** The fixed window that holds time t (ms). */
export function windowAt(t: number, windowMs: number): { start: number; end: number } {
  const start = Math.floor(t / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

/**
 * @fastify/rate-limit's store on the rate_limits table: one upsert per hit, on the server's clock
 * (tests move it). Fixed windows: a client may get up to twice the max across a window's edge.
 */
export function databaseStore(repos: Repos, now: () => Date): FastifyRateLimitStoreCtor {
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const t = now().getTime();
      const w = windowAt(t, timeWindow);
      repos.rateLimits.hit(key, w.start, w.end).then(
        (current) => callback(null, { current, ttl: w.end - t }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    /** Read without counting (`{ increment: false }`). */
    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const t = now().getTime();
      const w = windowAt(t, timeWindow);
      repos.rateLimits.read(key, w.start).then(
        (current) => callback(null, { current, ttl: w.end - t }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

type Body = Record<string, unknown>;
function field(request: FastifyRequest, name: string): string | undefined {
  const body = request.body as Body | undefined;
  const v = typeof body === 'object' && body !== null ? body[name] : undefined;
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** Who a limit counts: a value of the request (undefined: the limit does not apply to it). */
type Who = (request: FastifyRequest, session: string | undefined) => string | undefined;
const byIp: Who = (request) => request.ip;
const bySession: Who = (_request, session) => session;
const byCard: Who = (request) => {
  const n = field(request, 'credit_card');
  return n ? cardDigits(n) : undefined;
};
const byAni: Who = (request) => {
  const ani = field(request, 'ani');
  return ani ? normaliseAni(ani) : undefined;
};
const byReceiptPhone: Who = (request) => {
  const phone = field(request, 'phone_no');
  return phone ? usDigits(phone) : undefined;
};

interface Rule {
  limit: LimitName;
  who: Who;
  /** 'count': the request counts; 'check': refused once the count (kept by other events) reaches max. */
  mode: 'count' | 'check';
}
const count = (limit: LimitName, who: Who): Rule => ({ limit, who, mode: 'count' });
const check = (limit: LimitName, who: Who): Rule => ({ limit, who, mode: 'check' });

const DECLINE_CHECKS = [check('declinesPerSession', bySession), check('declinesPerIp', byIp)];
const VAULT = [count('vaultPerIp', byIp), count('vaultPerSession', bySession), ...DECLINE_CHECKS];
const TEXTS_TO_ANI = [count('textsPerIp', byIp), count('textsPerNumber', byAni)];

/** The limits of each route ('METHOD path'); a route not listed has none of its own. */
export const ROUTE_LIMITS: Record<string, readonly Rule[]> = {
  [`POST ${PATHS.vaultTokenize}`]: [...VAULT, count('vaultPerCard', byCard)],
  [`POST ${CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard}`]: VAULT,
  [`POST ${PATHS.processDeposit}`]: DECLINE_CHECKS,
  [`POST ${ACCOUNT_PATHS.login}`]: [count('loginPerIp', byIp)],
  [`POST ${PHONE_VERIFICATION_PATHS.viaSms}`]: TEXTS_TO_ANI,
  [`POST ${PHONE_VERIFICATION_PATHS.viaPhone}`]: TEXTS_TO_ANI,
  [`POST ${SMS_SEND_PATH}`]: [count('textsPerIp', byIp), count('textsPerNumber', byReceiptPhone)],
  [`POST ${PATHS.logJsError}`]: [count('clientErrorsPerIp', byIp)],
};

type Checker = ReturnType<FastifyInstance['createRateLimit']>;

/** The limits counted outside a route's hook, on the same table (no Fastify needed). */
export interface ClientLimits {
  /**
   * Session creation from one address (security.ts asks before it writes a new session row):
   * undefined when allowed, else the seconds until the window ends.
   */
  sessionCreation(request: FastifyRequest): Promise<number | undefined>;
  /** Counts a declined charge of this session and address (the card-testing limits). */
  recordDecline(request: FastifyRequest, sessionId: string): Promise<void>;
}

export function createClientLimits(
  repos: Repos,
  limits: Limits,
  now: () => Date,
  keyOf: (name: string, value: string) => string,
): ClientLimits {
  const hit = async (name: LimitName, who: string): Promise<{ hits: number; ttlMs: number }> => {
    const t = now().getTime();
    const w = windowAt(t, limits[name].windowMs);
    return { hits: await repos.rateLimits.hit(keyOf(name, who), w.start, w.end), ttlMs: w.end - t };
  };
  return {
    async sessionCreation(request) {
      const { hits, ttlMs } = await hit('sessionsPerIp', request.ip);
      return hits > limits.sessionsPerIp.max ? ttlMs / 1000 : undefined;
    },
    async recordDecline(request, sessionId) {
      await hit('declinesPerSession', sessionId);
      await hit('declinesPerIp', request.ip);
    },
  };
}

/**
 * The key of a limit's counter for a client: the limit's name and an HMAC of the value. The HMAC key is
 * derived and prepared once (a KeyObject), not on every call.
 */
export function limitKeyer(secret: KeyObject): (name: string, value: string) => string {
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'per-client limit keys', 32)));
  return (name, value) => `${name}:${createHmac('sha256', key).update(`${name}\0${value}`).digest('base64url')}`;
}

/**
 * Registers @fastify/rate-limit on the API scope with the database store and builds the route limits
 * from it. `sessionOf` gives the request's session id (after the session hook ran).
 */
export async function registerLimits(
  api: FastifyInstance,
  options: {
    repos: Repos;
    now: () => Date;
    limits: Limits;
    keyOf: (name: string, value: string) => string;
    sessionOf: (request: FastifyRequest) => string | undefined;
  },
): Promise<(request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>> {
  const { limits, keyOf, sessionOf } = options;
  await api.register(fastifyRateLimit, { global: false, store: databaseStore(options.repos, options.now) });
  const checkers = new Map<string, Checker>();
  const checkerFor = (rule: Rule): Checker => {
    const id = `${rule.limit}:${rule.mode}`;
    let c = checkers.get(id);
    if (!c) {
      const { max, windowMs } = limits[rule.limit];
      c = api.createRateLimit({
        // A 'check' refuses once max events were counted: the plugin refuses above its max.
        max: rule.mode === 'check' ? max - 1 : max,
        timeWindow: windowMs,
        keyGenerator: (request) => keyOf(rule.limit, rule.who(request, sessionOf(request)) ?? ''),
      });
      checkers.set(id, c);
    }
    return c;
  };
  /** preHandler of the API: counts the request against its route's limits; 429 once one is past. */
  return async (request, reply) => {
    const rules = ROUTE_LIMITS[`${request.method} ${request.routeOptions.url ?? ''}`];
    if (!rules) return undefined;
    const session = sessionOf(request);
    let retryAfter = 0;
    for (const rule of rules) {
      if (rule.who(request, session) === undefined) continue;
      const r = await checkerFor(rule)(request, rule.mode === 'check' ? { increment: false } : undefined);
      if (!r.isAllowed && r.isExceeded) retryAfter = Math.max(retryAfter, r.ttlInSeconds);
    }
    if (retryAfter > 0) {
      request.log.info({ limited: request.routeOptions.url }, 'too many requests');
      return tooMany(reply, retryAfter);
    }
    return undefined;
  };
}
