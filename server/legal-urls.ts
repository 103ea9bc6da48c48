// §7 "legal text by GET from a translated URL": the configured URL of each legal text in each
// language (docs/decisions/0009), read from the environment by server/config.ts, sent to the site
// with the form state (SiteInfo.legal_urls), and allowed by the content security policy.
import { LOCALES } from '../contract/entities.ts';
import { LEGAL_DOCUMENTS, type LegalUrls, sandboxLegalUrls } from '../contract/legal.ts';
import type { CspSources } from './headers.ts';

/** The sandbox's two providers (server/routes/sandbox-legal.ts). */
export const DEFAULT_LEGAL_URLS: LegalUrls = sandboxLegalUrls();

/** The legal text URLs in force: the configured ones, else the sandbox providers. */
export function legalUrlsOf(config: { legalUrls?: LegalUrls }): LegalUrls {
  return config.legalUrls ?? DEFAULT_LEGAL_URLS;
}

/**
 * A URL the site may fetch a legal text from: a path of this site ('/x', never '//host' or '/\host'),
 * or an absolute http(s) URL without credentials. Anything else (javascript:, data:, a relative
 * path, text with spaces) is refused.
 */
export function isLegalUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !/^\/[/\\]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The environment variable of a document's URL in a language: TERMS_URL_EN ... PRIVACY_URL_ES. */
export function legalUrlVariable(document: string, locale: string): string {
  return `${document.toUpperCase()}_URL_${locale.toUpperCase()}`;
}

/**
 * The legal URLs the environment sets, over the defaults; undefined when it sets none. Throws with
 * the variable's name on a value that is not a legal URL.
 */
export function legalUrlsFromEnv(env: Record<string, string | undefined>): LegalUrls | undefined {
  let out: LegalUrls | undefined;
  for (const d of LEGAL_DOCUMENTS) {
    for (const l of LOCALES) {
      const name = legalUrlVariable(d, l);
      const v = env[name]?.trim();
      if (!v) continue;
      if (!isLegalUrl(v)) throw new Error(`${name} must be a path of this site (/...) or an http(s) URL`);
      out ??= structuredClone(DEFAULT_LEGAL_URLS);
      out[d][l] = v;
    }
  }
  return out;
}

/**
 * The origins, other than this site's, that the legal URLs name: the content security policy's
 * connect-src must allow them, or the browser refuses the request.
 */
export function legalOrigins(urls: LegalUrls): string[] {
  const origins = new Set<string>();
  for (const d of LEGAL_DOCUMENTS) {
    for (const l of LOCALES) {
      const v = urls[d][l];
      if (!v.startsWith('/')) origins.add(new URL(v).origin);
    }
  }
  return [...origins].sort();
}

/**
 * §7 legal texts: the content security policy allows requests to this site only ("connect-src 'self'"),
 * so each other provider's origin is added (server/headers.ts). Nothing when every legal URL is a path
 * of this site (as the sandbox's are).
 */
export function legalCsp(urls: LegalUrls): CspSources {
  const origins = legalOrigins(urls);
  return origins.length > 0 ? { 'connect-src': origins } : {};
}
