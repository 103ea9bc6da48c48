// Security headers (architecture: "Security headers from helmet, the CSP as data"). The
// content security policy is the site's own base policy plus the origins each feature adds: another
// site's legal texts (connect-src), navigation script (script-src) and payment endpoint (form-action).
// HSTS only when the site is served over HTTPS (COOKIE_SECURE). See docs/decisions/0036. helmet
// computes them once, at start (docs/decisions/0055); the API's JSON answers get the part of them that
// protects a JSON answer, the pages and files the whole set (docs/decisions/0062).
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

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
 * The security headers of every answer, computed once by helmet from the options (they depend on
 * nothing of the request): @fastify/helmet would parse the policy again on every request.
 */
export function securityHeaderValues(options: SecurityHeaderOptions): Record<string, string> {
  const out: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete out[name.toLowerCase()];
    },
  };
  helmet(helmetOptions(options))({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return out;
}

/**
 * The policy of an answer that is never a page: it may load nothing and be framed by nobody (what
 * OWASP's REST security guidance asks of an API's answers).
 */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * The security headers of an API answer (JSON, read by the app's scripts, never shown as a page): a
 * policy that allows nothing, nosniff, no framing, no reading by another site's page
 * (Cross-Origin-Resource-Policy), HSTS over HTTPS, never cached. The headers that only a page uses
 * (its full policy, the opener and origin-agent policies, the referrer policy, DNS prefetch...) are
 * left out: some 600 bytes less on every answer (docs/decisions/0062).
 */
export function apiHeaderValues(options: SecurityHeaderOptions): Record<string, string> {
  const all = securityHeaderValues(options);
  const hsts = all['strict-transport-security'];
  return {
    'content-security-policy': API_CSP,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(hsts ? { 'strict-transport-security': hsts } : {}),
    'cache-control': 'no-store',
  };
}

/**
 * The headers of an error answer written before Fastify routes the request (a malformed URL, a too
 * long id: 400, 414; a request line or header the HTTP parser refuses: 400, 408, 431): an API answer's
 * security headers (apiHeaderValues), a JSON body, never cached.
 */
export function bareErrorHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return { ...apiHeaderValues(options), 'content-type': 'application/json; charset=utf-8' };
}

/**
 * Adds the security headers to every answer of the app, errors included: the API's set to API answers
 * (no-store among them), the whole set to the others, which are marked no-store too when they set no
 * cache rule of their own. Called on the root instance (not registered as an encapsulated plugin,
 * whose hooks would not reach its siblings).
 */
export function useSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions & { isApiPath: (url: string) => boolean },
): void {
  const page = Object.freeze(securityHeaderValues(options));
  const api = Object.freeze(apiHeaderValues(options));
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done) => {
    reply.headers(options.isApiPath(request.url) ? api : page);
    done();
  });
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const rule = reply.getHeader('cache-control');
    // An API answer is never cached, whatever a handler set.
    if (rule === undefined || (rule !== 'no-store' && options.isApiPath(request.url)))
      reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
