// Security headers (architecture: "Security headers from helmet, the CSP as data"). The
// content security policy is the site's own base policy plus the origins each feature adds: another
// site's legal texts (connect-src), navigation script (script-src) and payment endpoint (form-action).
// HSTS only when the site is served over HTTPS (COOKIE_SECURE). See docs/decisions/0036. helmet
// computes them once, at start; each answer gets the same set (docs/decisions/0055).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from 'helmet';

export const CSP_DIRECTIVES = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'font-src',
  'connect-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
] as const;
export type CspDirective = (typeof CSP_DIRECTIVES)[number];

/** Sources a feature adds to some directives. */
export type CspSources = Partial<Record<CspDirective, readonly string[]>>;
export type CspPolicy = Record<CspDirective, readonly string[]>;

/** The site's own policy: its scripts, styles and calls come from itself only; it is never framed. */
export const BASE_CSP: CspPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** The base policy with each feature's sources added, each source once, in the order given. */
export function cspPolicy(...additions: CspSources[]): CspPolicy {
  const out = {} as Record<CspDirective, readonly string[]>;
  for (const d of CSP_DIRECTIVES) {
    const sources = [...BASE_CSP[d]];
    for (const a of additions) for (const s of a[d] ?? []) if (!sources.includes(s)) sources.push(s);
    out[d] = sources;
  }
  return out;
}

/** The origin of an absolute http(s) URL, for a CSP source; undefined for a path of this site or no URL. */
export function externalOrigin(url: string): string | undefined {
  if (!/^https?:\/\//i.test(url) || !URL.canParse(url)) return undefined;
  return new URL(url).origin;
}

/** HSTS for a year, subdomains included; sent only when the site is served over HTTPS. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface SecurityHeaderOptions {
  csp: CspPolicy;
  /** The site is served over HTTPS (COOKIE_SECURE): HSTS, and insecure subresources upgraded. */
  https: boolean;
}

/** helmet's options for the policy; its other defaults (nosniff, COOP, CORP...) stay as they are. */
export function helmetOptions({ csp, https }: SecurityHeaderOptions) {
  const directives: Record<string, string[]> = {};
  for (const d of CSP_DIRECTIVES) directives[d] = [...csp[d]];
  if (https) directives['upgrade-insecure-requests'] = [];
  return {
    contentSecurityPolicy: { useDefaults: false as const, directives },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true } : false,
    frameguard: { action: 'deny' as const },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/**
 * The headers of an answer written before Fastify routes the request (a malformed URL, a request line
 * or header the HTTP parser refuses): a JSON error body that may load nothing and is never cached.
 */
export const BARE_ERROR_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
} as const;

/**
 * The headers helmet sets for the policy, computed once: helmet writes them to a response that only
 * records them. None of them depends on the request (the CSP has no nonce).
 */
export function securityHeaders(options: SecurityHeaderOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let done = false;
  helmet(helmetOptions(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error(String(err));
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once');
  return Object.freeze(headers);
}

/**
 * Adds the security headers to every answer of the app, errors included, and marks API answers (and
 * any answer that set no cache rule of its own) no-store. Called on the root instance (not registered
 * as an encapsulated plugin, whose hooks would not reach its siblings).
 */
export function useSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions & { isApiPath: (url: string) => boolean },
): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    if (options.isApiPath(request.url) || reply.getHeader('cache-control') === undefined)
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
