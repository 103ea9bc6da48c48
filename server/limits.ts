// Per-client limits (docs/decisions/0039): @fastify/rate-limit counts, in a store that every instance
// on the database shares (the rate_limits table, through the repositories). Each limit has a name, a
// most-allowed count in a sliding window (slidingCount); a request is refused with 429, Retry-After and the API's error
// format (ERROR.TOO_MANY_REQUESTS) once any of its route's limits is past. The clients are told apart
// by keys that hold no address, number or e-mail in clear: an HMAC of the value under a key derived
// from the pam signing key (server/keys.ts), so a card's fingerprint is never the number.
import { createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { isIPv6 } from 'node:net';
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
  /** Requests let through in any window of this length (a sliding window, see slidingHit). */
  max: number;
  windowMs: number;
}

/**
 * The limits, per client (docs/decisions/0039 gives each number's reason). Card testing is stopped first
 * by what a tester cannot share with a family: the session and the card's fingerprint; the per-address
 * limits are only the backstop, set for many payers behind one address (a carrier's shared address, a
 * facility's lobby kiosk), and a tight limit on an address would stop families, not testers, who rotate
 * addresses. RATE_LIMIT_FACTOR multiplies every max (server/config.ts).
 */
export const DEFAULT_LIMITS = {
  /** New sessions (cookie-less requests) from one address. */
  sessionsPerIp: { max: 300, windowMs: 15 * MINUTE },
  /** Card vault calls (a new card or a saved card's code) from one session and from one address. */
  vaultPerSession: { max: 10, windowMs: 15 * MINUTE },
  vaultPerIp: { max: 100, windowMs: 15 * MINUTE },
  /** One card number (its fingerprint) tokenized, from anywhere. */
  vaultPerCard: { max: 10, windowMs: 60 * MINUTE },
  /** Failed authorisations (declined charges): after this many, the vault and the charge refuse. */
  declinesPerSession: { max: 3, windowMs: 60 * MINUTE },
  declinesPerIp: { max: 25, windowMs: 60 * MINUTE },
  /** Sign-in attempts from one address, whatever the e-mail (the per-account delay is in domain/login.ts). */
  loginPerIp: { max: 60, windowMs: 15 * MINUTE },
  /** Phone verification codes (texts and calls, §3) from one address and to one number. */
  verificationPerIp: { max: 20, windowMs: 60 * MINUTE },
  verificationPerNumber: { max: 5, windowMs: 60 * MINUTE },
  /** Text receipts (§4) from one address and to one number. */
  receiptTextsPerIp: { max: 60, windowMs: 60 * MINUTE },
  receiptTextsPerNumber: { max: 10, windowMs: 60 * MINUTE },
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

/**
 * The client a per-address limit counts: an IPv4 address as it is; an IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`, a dual-stack socket's view of an IPv4 client) as that IPv4 address; the IPv6
 * loopback as the IPv4 one; any other IPv6 address as its /64, the block one household or phone is
 * given, within which it may pick a new address for every request.
 */
export function clientAddress(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const g = ipv6Groups(ip);
  const zeros = (from: number, to: number) => g.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && g[5] === 0xffff) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  if (zeros(0, 7) && g[7] === 1) return '127.0.0.1';
  return `${g
    .slice(0, 4)
    .map((x) => x.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a zone and an IPv4 tail allowed). */
function ipv6Groups(ip: string): number[] {
  const bare = ip.replace(/%.*$/, '');
  const part = (text: string): number[] =>
    text === ''
      ? []
      : text.split(':').flatMap((h) => {
          if (!h.includes('.')) return [parseInt(h, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = h.split('.').map(Number);
          return [(a << 8) | b, (c << 8) | d];
        });
  const gap = bare.indexOf('::');
  if (gap < 0) return part(bare);
  const head = part(bare.slice(0, gap));
  const tail = part(bare.slice(gap + 2));
  return [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
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

/** A sliding count: the estimate of hits in the last windowMs, and how long until there is room. */
export interface SlidingCount {
  current: number;
  /** Milliseconds until the estimate plus `extra` is down to max (0: it is now). */
  waitMs: number;
}

/**
 * A sliding window from two fixed ones (the rows of rate_limits): the hits of the current window plus
 * the previous window's, weighted by how much of it the sliding window still covers. A burst at the
 * end of one window is still counted at the start of the next, so no client gets twice a limit
 * across an edge. The estimate takes the previous window's hits as spread evenly: it may refuse a
 * little early, never let more than max through in any windowMs. `extra`: the hits to make room for
 * (1 for a request to be counted, 0 to read).
 */
export function slidingCount(
  prev: number,
  cur: number,
  max: number,
  t: number,
  windowMs: number,
  extra = 0,
): SlidingCount {
  const w = windowAt(t, windowMs);
  const current = prev * (1 - (t - w.start) / windowMs) + cur;
  const fits = max - extra;
  if (current <= fits) return { current, waitMs: 0 };
  // Within this window the previous one's share shrinks; past its end, this window's does.
  const wait =
    cur <= fits && prev > 0
      ? w.start + windowMs * (1 - (fits - cur) / prev) - t
      : w.end - t + windowMs * (1 - Math.max(0, fits) / cur);
  return { current, waitMs: Math.max(1, wait) };
}

const EPSILON = 1e-9;

/**
 * One request against a limit, on the server's clock: counted and let through when the sliding count
 * has room for it, else refused and not counted (a client that keeps trying while refused does not
 * lengthen its own wait). `current` is past max exactly when refused. A row outlives its window by
 * one more, while the next window still weighs it.
 */
export async function slidingHit(
  repos: Repos,
  key: string,
  max: number,
  t: number,
  windowMs: number,
): Promise<SlidingCount> {
  const w = windowAt(t, windowMs);
  const prev = await repos.rateLimits.read(key, w.start - windowMs);
  const carried = prev * (1 - (t - w.start) / windowMs);
  const room = Math.floor(max - carried + EPSILON);
  const hits = room >= 1 ? await repos.rateLimits.hitWithin(key, w.start, w.end + windowMs, room) : undefined;
  if (hits !== undefined) return { current: carried + hits, waitMs: 0 };
  // Refused: the count this request would have made, and the wait until it fits.
  const refused = slidingCount(prev, await repos.rateLimits.read(key, w.start), max, t, windowMs, 1);
  return { current: refused.current + 1, waitMs: refused.waitMs };
}

/** The sliding count of key without counting a hit (a limit that other events count). */
export async function slidingRead(repos: Repos, key: string, max: number, t: number, windowMs: number) {
  const w = windowAt(t, windowMs);
  const { previous, current } = await repos.rateLimits.readTwo(key, w.start - windowMs, w.start);
  return slidingCount(previous, current, max, t, windowMs);
}

/** Counts an event that happened whatever the limit (a declined charge), for slidingRead to weigh. */
async function slidingRecord(repos: Repos, key: string, t: number, windowMs: number): Promise<void> {
  const w = windowAt(t, windowMs);
  await repos.rateLimits.hit(key, w.start, w.end + windowMs);
}

/**
 * @fastify/rate-limit's store on the rate_limits table (sliding windows, above), on the server's
 * clock (tests move it). The plugin refuses when `current` is past its max; `ttl` is the wait until
 * one more request passes, which the answer's Retry-After says.
 */
export function databaseStore(repos: Repos, now: () => Date): FastifyRateLimitStoreCtor {
  type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
  const answer = (counted: Promise<SlidingCount>, callback: Callback) =>
    counted.then(
      ({ current, waitMs }) => callback(null, { current, ttl: waitMs }),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
    );
  return class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      void answer(slidingHit(repos, key, max, now().getTime(), timeWindow), callback);
    }
    /** Read without counting (`{ increment: false }`). */
    read(key: string, callback: Callback, timeWindow: number, max: number) {
      void answer(slidingRead(repos, key, max, now().getTime(), timeWindow), callback);
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
const byIp: Who = (request) => clientAddress(request.ip);
const bySession: Who = (_request, session) => session;
/** The card's digits; the limit's key is their HMAC (limitKeyer), never the number. */
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
// Keyed first on what a card tester cannot share with a family: the session, then the card.
const VAULT = [count('vaultPerSession', bySession), count('vaultPerIp', byIp), ...DECLINE_CHECKS];
const VERIFICATION = [count('verificationPerIp', byIp), count('verificationPerNumber', byAni)];

/** The limits of each route ('METHOD path'); a route not listed has none of its own. */
export const ROUTE_LIMITS: Record<string, readonly Rule[]> = {
  [`POST ${PATHS.vaultTokenize}`]: [count('vaultPerCard', byCard), ...VAULT],
  [`POST ${CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard}`]: VAULT,
  [`POST ${PATHS.processDeposit}`]: DECLINE_CHECKS,
  [`POST ${ACCOUNT_PATHS.login}`]: [count('loginPerIp', byIp)],
  [`POST ${PHONE_VERIFICATION_PATHS.viaSms}`]: VERIFICATION,
  [`POST ${PHONE_VERIFICATION_PATHS.viaPhone}`]: VERIFICATION,
  [`POST ${SMS_SEND_PATH}`]: [count('receiptTextsPerIp', byIp), count('receiptTextsPerNumber', byReceiptPhone)],
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
  const record = (name: LimitName, who: string) =>
    slidingRecord(repos, keyOf(name, who), now().getTime(), limits[name].windowMs);
  return {
    async sessionCreation(request) {
      const { max, windowMs } = limits.sessionsPerIp;
      const key = keyOf('sessionsPerIp', clientAddress(request.ip));
      const { current, waitMs } = await slidingHit(repos, key, max, now().getTime(), windowMs);
      return current > max ? waitMs / 1000 : undefined;
    },
    async recordDecline(request, sessionId) {
      await record('declinesPerSession', sessionId);
      await record('declinesPerIp', clientAddress(request.ip));
    },
  };
}

/** The key of a limit's counter for a client: the limit's name and an HMAC of the value. */
export function limitKeyer(secret: KeyObject): (name: string, value: string) => string {
  // Derived and prepared once (a KeyObject), not on every call (docs/decisions/0055).
  const key = createSecretKey(Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'per-client limit keys', 32)));
  return (name, value) => `${name}:${createHmac('sha256', key).update(`${name}\0${value}`).digest('base64url')}`;
}

/**
 * Registers @fastify/rate-limit on the API scope with the database store and builds the route limits
 * from it: a preHandler on each route of ROUTE_LIMITS that the scope registers afterwards (the routes
 * without limits of their own run no hook for them). `sessionOf` gives the request's session id (after
 * the session hook ran).
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
): Promise<void> {
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
  /** preHandler of a limited route: counts the request against its limits; 429 once one is past. */
  const preHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
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
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => ROUTE_LIMITS[`${m} ${route.url}`])) return;
    // Before the route's own, as a hook of the scope would run.
    const own = route.preHandler;
    route.preHandler = own === undefined ? [preHandler] : [preHandler, ...(Array.isArray(own) ? own : [own])];
  });
}
