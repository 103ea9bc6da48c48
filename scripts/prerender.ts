// Runs after `vite build` (the `build` script): writes the first screen, rendered at build time by
// src/prerender.tsx (built into dist-ssr/), into the built page, once per language (index.html in
// English, index.es.html in Spanish; server/static-site.ts picks one), then pre-compresses every text
// file of dist/ (scripts/compress.ts). docs/decisions/0030 and 0031. Each page is written a second
// time with the test-site banner (index.sandbox.html, index.sandbox.es.html: docs/decisions/0050).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES } from '../contract/entities.ts';
import type * as Prerender from '../src/prerender.tsx';
import { compressDir } from './compress.ts';

const DIST = resolve('dist');
const SSR = resolve('dist-ssr');
const PAGE_FILE = { en: 'index.html', es: 'index.es.html' } as const;
/** The same pages with the test-site banner, for a server that runs the sandbox (server/static-site.ts). */
const SANDBOX_PAGE_FILE = { en: 'index.sandbox.html', es: 'index.sandbox.es.html' } as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`dist/index.html has no ${pattern}`);
  return html.replace(pattern, () => replacement);
}

const entry = pathToFileURL(join(SSR, 'prerender.js')).href;
const { renderFirstScreen, firstScreenScript, sandboxBannerMarkup } = (await import(entry)) as typeof Prerender;
const banner = sandboxBannerMarkup();
let template = readFileSync(join(DIST, 'index.html'), 'utf8');
// The styles go inline: the first paint waits for no other file (the server allows them by their hash).
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
if (stylesheet?.[1]) {
  const file = join(DIST, stylesheet[1]);
  template = template.replace(stylesheet[0], () => `<style>${readFileSync(file, 'utf8').trim()}</style>`);
  rmSync(file);
}
for (const lang of LOCALES) {
  const page = renderFirstScreen(lang);
  let html = template;
  html = replaceOnce(html, /<html lang="[^"]*">/, `<html lang="${lang}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${escapeHtml(page.description)}" />`,
  );
  html = replaceOnce(html, /<\/head>/, `  <script>${firstScreenScript(lang)}</script>\n  </head>`);
  html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${page.html}</div>`);
  writeFileSync(join(DIST, PAGE_FILE[lang]), html);
  // docs/decisions/0050: outside the root, so the app neither hydrates nor replaces it.
  writeFileSync(join(DIST, SANDBOX_PAGE_FILE[lang]), replaceOnce(html, /<div id="root">/, `${banner}<div id="root">`));
}
rmSync(SSR, { recursive: true, force: true });
const count = compressDir(DIST);
console.log(`prerender: ${LOCALES.join(', ')} first screens written; ${count} files pre-compressed`);
