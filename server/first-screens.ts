// The first screens' path form (docs/decisions/0057): `/deposit_facility/:country` is answered with the
// facility step's page drawn for that country and language, its states read from the database, before any
// script runs; `/landing` with the welcome page the build drew. The page is drawn by the app's own
// renderer (src/prerender.tsx), which the build writes to dist/server/ with the page it fills: the server
// loads it by path and hands it the API's answers; it never imports the app (ARCHITECTURE.md layers).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../contract/entities.ts';
import {
  type FacilityAnswers,
  type FirstScreenPageInput,
  type FirstScreenRenderer,
  firstScreenOfPath,
} from '../contract/first-screens.ts';

/** Draws a first screen's whole page. */
export type DrawPage = (input: FirstScreenPageInput) => string;

/** The renderer the build wrote beside the app (scripts/prerender.ts); none in a build without it. */
export async function loadFirstScreens(staticRoot: string): Promise<DrawPage | undefined> {
  const dir = join(staticRoot, 'server');
  const module = join(dir, 'prerender.js');
  const page = join(dir, 'page.html');
  if (!existsSync(module) || !existsSync(page)) return undefined;
  const { renderPage } = (await import(pathToFileURL(module).href)) as { renderPage: FirstScreenRenderer };
  const template = readFileSync(page, 'utf8');
  return (input) => renderPage(template, input);
}

interface DrawnPage {
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** Pages already drawn, by what they were drawn from: the lists change seldom, so one drawing serves. */
const KEPT_PAGES = 32;

/** Whether Accept-Encoding takes `coding` (not refused with q=0). */
function accepts(header: string | undefined, coding: string): boolean {
  return (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    return name?.trim() === coding && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p));
  });
}

export interface FirstScreenRoutes {
  draw: DrawPage | undefined;
  /** The facility step's lists for a country (server/domain/facility-options.ts). */
  answers: (country: string) => Promise<FacilityAnswers | null>;
  languageOf: (request: FastifyRequest) => Locale;
  /** The built welcome page, in the request's language. */
  sendPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>;
  sandbox: boolean;
}

export function registerFirstScreens(app: FastifyInstance, routes: FirstScreenRoutes): void {
  const { draw, answers, languageOf, sendPage, sandbox } = routes;
  const kept = new Map<string, DrawnPage>();
  const drawn = (input: FirstScreenPageInput): DrawnPage => {
    const key = JSON.stringify(input);
    const known = kept.get(key);
    if (known) return known;
    const html = Buffer.from(draw?.(input) ?? '', 'utf8');
    const page = {
      html,
      br: brotliCompressSync(html, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        },
      }),
      gzip: gzipSync(html, { level: 9 }),
    };
    if (kept.size >= KEPT_PAGES) kept.delete(kept.keys().next().value as string);
    kept.set(key, page);
    return page;
  };

  // §2 /landing: the welcome page, as at '/'.
  app.get('/landing', sendPage);
  // §2 deposit.facility: the step of a §9 country, with its states.
  app.get('/deposit_facility/:country', async (request, reply) => {
    const screen = firstScreenOfPath(request.url.split('?', 1)[0] ?? '');
    if (!draw || screen?.screen !== 'facility') return sendPage(request, reply);
    let lists: FacilityAnswers | null;
    try {
      lists = await answers(screen.country);
    } catch (err) {
      // The app says what went wrong once its scripts run; the payer gets a page, never a 500.
      request.log.warn({ err }, 'facility page drawn without its lists');
      return sendPage(request, reply);
    }
    if (!lists) return sendPage(request, reply);
    const page = drawn({ lang: languageOf(request), screen, answers: lists, sandbox });
    const encoding = request.headers['accept-encoding'];
    const [body, coding] = accepts(encoding, 'br')
      ? [page.br, 'br']
      : accepts(encoding, 'gzip')
        ? [page.gzip, 'gzip']
        : [page.html, undefined];
    if (coding) reply.header('content-encoding', coding);
    // Drawn for the language (cookie or Accept-Language) and compressed by Accept-Encoding: a shared
    // cache must not give one payer's page to another; revalidated on every visit, like the built pages.
    return reply
      .header('vary', 'cookie, accept-language, accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
