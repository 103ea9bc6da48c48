// Sessions and CSRF (architecture: "Sessions" and "Cards"); the security headers are in headers.ts.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_HEADER, type ErrorBody } from '../contract/api.ts';
import { DEFAULT_SESSION_IDLE_MINUTES, SESSION_TOUCH_SECONDS } from '../contract/session.ts';
import type { Config } from './config.ts';
import type { Repos } from './repo/repos.ts';
import type { SessionRow } from './repo/sessions.ts';
import { type FormState, formStateOf } from './repo/form-state.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the session's form state as it is stored, without changing it: the session hook
     * reads both in one statement (SessionManager.storedFormState, docs/decisions/0065).
     */
    readsFormState?: boolean;
  }
}
import { TooManyRequestsError } from './limits.ts';

export const SESSION_COOKIE = 'sid';
/** last_seen_at is written at most this often per session (the page counts with it, contract/session.ts). */
const TOUCH_EVERY_MS = SESSION_TOUCH_SECONDS * 1000;

/** A session ends after this long without a request (SESSION_IDLE_MINUTES; docs/decisions/0045). */
export function sessionIdleMs(config: Pick<Config, 'sessionIdleMinutes'>): number {
  return (config.sessionIdleMinutes ?? DEFAULT_SESSION_IDLE_MINUTES) * 60 * 1000;
}
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** The paths of the API; everything else is the single-page app and its files. */
export const API_PREFIXES = ['/pay', '/state', '/vault', '/development', '/auth', '/account', '/fusion'] as const;

const API_PATH = new RegExp(`^(?:${API_PREFIXES.join('|')})(?:[/?]|$)`);

/** A prefix alone or followed by `/` or a query; asked on every request, so one regular expression. */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

/** 256 bits from the system's CSPRNG, URL-safe: session ids, CSRF tokens, vault tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const CSRF_FAILED: ErrorBody = { errors: { form: 'ERROR.CSRF' } };

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SessionManager {
  /** onRequest hook of the API: finds the request's session (if any) and applies the CSRF rule. */
  onRequest(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined>;
  /** The request's session, created (and its cookie set) if it has none: sessions are lazy. */
  require(request: FastifyRequest, reply: FastifyReply): Promise<SessionRow>;
  /** The request's session if it has one; never creates one. */
  current(request: FastifyRequest): SessionRow | undefined;
  /**
   * On a route that `readsFormState`, the form state of the request's session as the session hook read it
   * with the session; undefined elsewhere, or when the request came without a session.
   */
  storedFormState(request: FastifyRequest): FormState | undefined;
  /** New id and CSRF token for the same session (at sign-in); form state and tokens follow. */
  rotate(request: FastifyRequest, reply: FastifyReply): Promise<SessionRow>;
  /**
   * Signs the session in as userId: rotates the id and CSRF token (the old id stops working) and
   * sets the user in the same statement. Undefined if the session vanished meanwhile.
   */
  signIn(request: FastifyRequest, reply: FastifyReply, userId: string): Promise<SessionRow | undefined>;
  /** Ends the session (at sign-out). */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

/**
 * `limitCreation` (server/limits.ts) is asked before a new session row is written: undefined lets it
 * be, a number of seconds refuses the request with 429 (sessions created per address).
 */
export function createSessionManager(
  repos: Repos,
  config: Config,
  now: () => Date,
  limitCreation?: (request: FastifyRequest) => Promise<number | undefined>,
): SessionManager {
  const current = new WeakMap<FastifyRequest, SessionRow>();
  const stored = new WeakMap<FastifyRequest, FormState>();
  const SESSION_IDLE_MS = sessionIdleMs(config);
  let lastPurge = 0;

  const setCookie = (reply: FastifyReply, id: string) => {
    reply.setCookie(SESSION_COOKIE, id, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.cookieSecure,
    });
  };

  const purgeIfDue = async (t: Date) => {
    if (t.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = t.getTime();
    await repos.sessions.purgeIdle(new Date(t.getTime() - SESSION_IDLE_MS).toISOString());
  };

  const find = async (request: FastifyRequest): Promise<SessionRow | undefined> => {
    const id = request.cookies[SESSION_COOKIE];
    if (!id || !TOKEN_SHAPE.test(id)) return undefined;
    const t = now();
    const idleCutoff = new Date(t.getTime() - SESSION_IDLE_MS).toISOString();
    let s: SessionRow | undefined;
    if (request.routeOptions.config.readsFormState) {
      const found = await repos.sessions.findActiveWithForm(id, idleCutoff);
      if (found) stored.set(request, formStateOf(found.form));
      s = found?.session;
    } else {
      s = await repos.sessions.findActive(id, idleCutoff);
    }
    if (!s) return undefined;
    if (t.getTime() - Date.parse(s.last_seen_at) >= TOUCH_EVERY_MS) {
      s.last_seen_at = t.toISOString();
      await repos.sessions.touch(s.id, s.last_seen_at);
    }
    return s;
  };

  const requireSession = async (request: FastifyRequest, reply: FastifyReply): Promise<SessionRow> => {
    const existing = current.get(request);
    if (existing) return existing;
    const wait = limitCreation ? await limitCreation(request) : undefined;
    if (wait !== undefined) throw new TooManyRequestsError(wait);
    const t = now();
    await purgeIfDue(t);
    const iso = t.toISOString();
    const session: SessionRow = {
      id: randomToken(),
      csrf_token: randomToken(),
      user_id: null,
      created_at: iso,
      last_seen_at: iso,
    };
    await repos.sessions.insert(session);
    current.set(request, session);
    setCookie(reply, session.id);
    return session;
  };

  return {
    async onRequest(request, reply) {
      const session = await find(request);
      if (session) current.set(request, session);
      const method = request.method;
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
      // A cross-site form cannot send a custom header: a state change needs the session's token.
      const sent = request.headers[CSRF_HEADER];
      if (!session || typeof sent !== 'string' || !sameToken(sent, session.csrf_token)) {
        return reply.code(403).send(CSRF_FAILED);
      }
      return undefined;
    },
    require: requireSession,
    current(request) {
      return current.get(request);
    },
    storedFormState(request) {
      return stored.get(request);
    },
    async rotate(request, reply) {
      const old = await requireSession(request, reply);
      const rotated: SessionRow = {
        ...old,
        id: randomToken(),
        csrf_token: randomToken(),
        last_seen_at: now().toISOString(),
      };
      await repos.sessions.rotate(old.id, rotated.id, rotated.csrf_token, rotated.last_seen_at);
      current.set(request, rotated);
      setCookie(reply, rotated.id);
      return rotated;
    },
    async signIn(request, reply, userId) {
      const old = await requireSession(request, reply);
      const signedIn: SessionRow = {
        ...old,
        id: randomToken(),
        csrf_token: randomToken(),
        user_id: userId,
        last_seen_at: now().toISOString(),
      };
      if (!(await repos.sessions.signIn(old.id, signedIn.id, signedIn.csrf_token, signedIn.last_seen_at, userId))) {
        current.delete(request);
        return undefined;
      }
      current.set(request, signedIn);
      setCookie(reply, signedIn.id);
      return signedIn;
    },
    async destroy(request, reply) {
      const s = current.get(request);
      if (s) await repos.sessions.remove(s.id);
      current.delete(request);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
    },
  };
}
