// Serves the built single-page app (architecture: "`npm start` ... serves the built app, compressed, with
// immutable caching for hashed assets"; docs/decisions/0030). The build writes `.br` and `.gz` beside
// every text file (scripts/prerender.ts); @fastify/static's `preCompressed` picks one by Accept-Encoding
// and adds `Vary: accept-encoding`. Hashed assets are cached for good; pages revalidate on every visit.
// The first screen is pre-rendered once per language (`index.html` in English, `index.es.html` in
// Spanish): the page goes out in the language the payer chose, which the app mirrors in a cookie.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LANGUAGE_COOKIE } from '../contract/constants.ts';
import type { CspSources } from './headers.ts';
import { NOT_FOUND } from './http.ts';
import { isApiPath } from './security.ts';
import { type FirstScreenRoutes, registerFirstScreens } from './first-screens.ts';

/** The folder of dist/ that holds the renderer of the first screens (server/first-screens.ts). */
const SERVER_DIR = 'server';

export const ASSET_CACHE = 'public, max-age=31536000, immutable';
/** Pages and unhashed files: kept, but revalidated (ETag) before every use. */
export const PAGE_CACHE = 'no-cache';

/** The page of each language, English first (the default, §1); a missing one falls back to English. */
const PAGES = { en: 'index.html', es: 'index.es.html' } as const;
type PageLang = keyof typeof PAGES;
/**
 * The same pages with the test-site banner before the app's root (scripts/prerender.ts), for a site
 * that runs the sandbox (docs/decisions/0050): the banner is in the HTML, so it is there from the first
 * paint, before any script. A build without them serves the pages above.
 */
export const SANDBOX_PAGES = { en: 'index.sandbox.html', es: 'index.sandbox.es.html' } as const;

/**
 * The page's language (docs/decisions/0057): the payer's choice, which the app mirrors in a cookie (§1);
 * before any choice, the first of English and Spanish that the browser asks for (Accept-Language); else
 * English.
 */
export function languageOf(request: FastifyRequest): PageLang {
  const chosen = (request.cookies as Record<string, string | undefined> | undefined)?.[LANGUAGE_COOKIE];
  if (chosen === 'es' || chosen === 'en') return chosen;
  return acceptedLanguage(request.headers['accept-language']) ?? 'en';
}

/** The first of the site's languages in an Accept-Language header, by weight, then by order. */
export function acceptedLanguage(header: string | undefined): PageLang | null {
  const asked = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { lang: tag.trim().toLowerCase().split('-')[0] ?? '', q: q === undefined ? 1 : Number(q), order };
    })
    .filter((a) => a.q > 0 && (a.lang === 'en' || a.lang === 'es'))
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return (asked[0]?.lang as PageLang | undefined) ?? null;
}

/**
 * The CSP sources (`'sha256-...'`) of the pages' inline scripts or styles: the pre-rendered pages carry
 * their styles and one small script that runs before the first paint (scripts/prerender.ts).
 */
export function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const hashes: string[] = [];
  for (const [, attrs = '', body = ''] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)</${tag}>`, 'g'))) {
    // A data block (type="application/json") is never run: nothing to allow.
    if (/\bsrc=/.test(attrs) || /\btype="application\/json"/.test(attrs) || body === '') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The CSP sources of the built pages (server/headers.ts): the hashes of their inline scripts and
 * styles; nothing without a built app.
 */
export function staticSiteCsp(root: string | undefined): CspSources {
  const staticRoot = root ? resolve(root) : undefined;
  if (staticRoot === undefined) return {};
  const pages = [...Object.values(PAGES), ...Object.values(SANDBOX_PAGES)]
    .filter((page) => existsSync(join(staticRoot, page)))
    .map((page) => readFileSync(join(staticRoot, page), 'utf8'));
  const sources = (tag: 'script' | 'style') => [...new Set(pages.flatMap((html) => inlineHashes(html, tag)))];
  return { 'script-src': sources('script'), 'style-src': sources('style') };
}

/**
 * Registers the built app in `root` when it has an index.html, and the not-found answer either way:
 * a page address (GET or HEAD, HTML accepted, not the API) gets the app's page, the rest a JSON 404.
 * A site that runs the sandbox (`sandbox`) gets the pages with the test-site banner.
 */
export function registerStaticSite(
  app: FastifyInstance,
  root: string | undefined,
  {
    sandbox = false,
    firstScreens,
  }: {
    sandbox?: boolean;
    /** The first screens' path form (server/first-screens.ts): the renderer, and the lists it draws. */
    firstScreens?: Pick<FirstScreenRoutes, 'draw' | 'answers'>;
  } = {},
): void {
  const staticRoot = root ? resolve(root) : undefined;
  const hasStatic = staticRoot !== undefined && existsSync(join(staticRoot, PAGES.en));
  const built = (page: string) => hasStatic && existsSync(join(staticRoot, page));
  const pageOf = (lang: PageLang) => {
    if (sandbox && built(SANDBOX_PAGES[lang])) return SANDBOX_PAGES[lang];
    return built(PAGES[lang]) ? PAGES[lang] : PAGES.en;
  };

  const sendPage = (request: FastifyRequest, reply: FastifyReply) => {
    // The page depends on the language: a shared cache must not give one payer's to another.
    reply.header('vary', 'cookie, accept-language');
    return reply.sendFile(pageOf(languageOf(request)));
  };

  app.setNotFoundHandler((request, reply) => {
    const wantsHtml = (request.headers.accept ?? '').includes('text/html');
    // The app uses hash routes: any other page address gets the app's page.
    if (hasStatic && (request.method === 'GET' || request.method === 'HEAD') && wantsHtml && !isApiPath(request.url)) {
      return sendPage(request, reply);
    }
    return reply.code(404).send(NOT_FOUND);
  });
  if (!hasStatic) return;

  const assets = join(staticRoot, 'assets') + sep;
  app.register(fastifyStatic, {
    root: staticRoot,
    prefix: '/',
    // `/` is the route below, which picks the page's language.
    index: false,
    preCompressed: true,
    cacheControl: false,
    // dist/server/ holds the renderer the server runs (scripts/prerender.ts): never served.
    allowedPath: (path) => !path.replace(/^\/+/, '').startsWith(`${SERVER_DIR}/`),
    setHeaders(reply, path) {
      // Built assets carry a content hash in their name: cache them for good; the rest revalidates.
      reply.header('cache-control', path.startsWith(assets) ? ASSET_CACHE : PAGE_CACHE);
    },
  });
  app.get('/', sendPage);
  if (firstScreens) registerFirstScreens(app, { ...firstScreens, languageOf, sendPage, sandbox });
  // The banner's pages by their own names get this site's page too: a link to them must not show a
  // site that runs for real as a test site.
  for (const page of Object.values(SANDBOX_PAGES)) app.get(`/${page}`, sendPage);
}
