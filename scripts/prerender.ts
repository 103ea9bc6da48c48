// Runs after `vite build` (the `build` script): writes the welcome page, the first screen of '/' drawn at
// build time by src/prerender.tsx (built into dist-ssr/), into the built page, once per language
// (index.html in English, index.es.html in Spanish; server/static-site.ts picks one), each a second time
// with the test-site banner (index.sandbox.html, index.sandbox.es.html: docs/decisions/0050). It keeps
// the renderer and the page it fills in dist/server/, which the server loads to draw the facility step's
// page at request time (docs/decisions/0057) and never serves. Then it pre-compresses every text file
// that is served (scripts/compress.ts). docs/decisions/0030 and 0031.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LOCALES } from '../contract/entities.ts';
import { LANDING_SCREEN } from '../contract/first-screens.ts';
import type * as Prerender from '../src/prerender.tsx';
import { compressDir } from './compress.ts';

const DIST = resolve('dist');
const SSR = resolve('dist-ssr');
/** The renderer and its page, for the server only (server/first-screens.ts). */
const SERVER_DIR = join(DIST, 'server');
const PAGE_FILE = { en: 'index.html', es: 'index.es.html' } as const;
/** The same pages with the test-site banner, for a server that runs the sandbox (server/static-site.ts). */
const SANDBOX_PAGE_FILE = { en: 'index.sandbox.html', es: 'index.sandbox.es.html' } as const;

let template = readFileSync(join(DIST, 'index.html'), 'utf8');
// The styles go inline: the first paint waits for no other file (the server allows them by their hash).
const stylesheet = /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/.exec(template);
if (stylesheet?.[1]) {
  const file = join(DIST, stylesheet[1]);
  template = template.replace(stylesheet[0], () => `<style>${readFileSync(file, 'utf8').trim()}</style>`);
  rmSync(file);
}
rmSync(SERVER_DIR, { recursive: true, force: true });
mkdirSync(SERVER_DIR, { recursive: true });
cpSync(SSR, SERVER_DIR, { recursive: true });
rmSync(SSR, { recursive: true, force: true });
writeFileSync(join(SERVER_DIR, 'page.html'), template);

const { renderPage } = (await import(pathToFileURL(join(SERVER_DIR, 'prerender.js')).href)) as typeof Prerender;
for (const lang of LOCALES) {
  const input = { lang, screen: LANDING_SCREEN };
  writeFileSync(join(DIST, PAGE_FILE[lang]), renderPage(template, { ...input, sandbox: false }));
  writeFileSync(join(DIST, SANDBOX_PAGE_FILE[lang]), renderPage(template, { ...input, sandbox: true }));
}
const count = compressDir(DIST, [SERVER_DIR]);
console.log(`prerender: ${LOCALES.join(', ')} first screens written; ${count} files pre-compressed`);
