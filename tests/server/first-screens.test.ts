// The first screens' path form (docs/decisions/0057): `/deposit_facility/:country` is answered with the
// facility step drawn by the app's own renderer, its country's states read from the database, in the
// payer's language; `/landing` with the welcome page. The page carries the API's answers it was drawn from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../../contract/constants.ts';
import { PATHS } from '../../contract/api.ts';
import { FIRST_ANSWERS_ID } from '../../contract/first-screens.ts';
import { acceptedLanguage } from '../../server/static-site.ts';
import { renderPage } from '../../src/prerender.tsx';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { startServer, type TestServer } from './helpers.ts';

/** The built page as scripts/prerender.ts keeps it for the server: styles inline, an empty root. */
const TEMPLATE =
  '<!doctype html>\n<html lang="en">\n<head><meta name="description" content="" />\n<title>Deposits</title>\n' +
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n</head>\n' +
  '<body><div id="root"></div></body>\n</html>';
const WELCOME = '<!doctype html><html lang="en" data-screen="/landing"><title>Welcome</title><div id="root"></div>';
const WELCOME_ES =
  '<!doctype html><html lang="es" data-screen="/landing"><title>Bienvenida</title><div id="root"></div>';
let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'deposit-first-screens-'));
  writeFileSync(join(staticDir, 'index.html'), WELCOME);
  writeFileSync(join(staticDir, 'index.es.html'), WELCOME_ES);
  server = await startServer({ staticDir, firstScreens: (input) => renderPage(TEMPLATE, input) });
});
afterAll(async () => {
  await server.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) =>
  server.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });
const options = (html: string, name: string) =>
  [
    ...new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`)
      .exec(html)![1]!
      .matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g),
  ].map(([, code, label]) => ({ code, label }));
const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1];
const unescape = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe('the facility step at its path, drawn before any script', () => {
  it("holds the heading and the country's states as the database has them, in English by default", async () => {
    // A state the fixtures do not have: the page reads the database at each answer.
    await server.query("INSERT INTO regions (country, code, name) VALUES ('US', 'ZZ', 'Zeta Territory')");
    const res = await page('/deposit_facility/US');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['vary']).toContain('accept-language');
    const html = res.body;
    expect(html).toContain('<html lang="en" data-screen="/deposit_facility/US">');
    expect(heading(html)).toBe(en.FACILITY.HEADING);
    expect(html).toContain(`<title>${en.FACILITY.HEADING} - ${en.LAYOUT.SITE_NAME}</title>`);
    const rows = await server.query<{ code: string; name: string }>(
      "SELECT code, name FROM regions WHERE country = 'US' ORDER BY name",
    );
    expect(rows.length).toBeGreaterThan(40);
    const states = options(html, 'facility_state').filter((o) => o.code !== '');
    expect(states.map((o) => ({ code: o.code, name: unescape(o.label ?? '') }))).toEqual(rows);
    expect(states).toContainEqual({ code: 'ZZ', label: 'Zeta Territory' });
    expect(options(html, 'facility_country').find((o) => o.code === 'US')).toBeTruthy();
    expect(html).toMatch(/<option value="US" selected="">/);
  });

  it('carries the answers of the calls it was drawn from, as the API gives them', async () => {
    const html = (await page('/deposit_facility/US')).body;
    const block = new RegExp(`<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`).exec(html);
    const answers = JSON.parse(block?.[1] ?? 'null') as Record<string, unknown>;
    const api = (url: string) => server.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    expect(answers['countries']).toEqual((await api(PATHS.allowedCountries)).json());
    expect(answers['states']).toEqual((await api(`${PATHS.stateList}?country=US`)).json());
    expect(answers['country']).toBe('US');
  });

  it("draws Canada's provinces under the province label, whatever the case of the address", async () => {
    const html = (await page('/deposit_facility/ca')).body;
    expect(html).toContain('data-screen="/deposit_facility/CA"');
    expect(html).toContain(`>${en.FACILITY.PROVINCE}<`);
    const rows = await server.query<{ code: string }>("SELECT code FROM regions WHERE country = 'CA'");
    const states = options(html, 'facility_state').filter((o) => o.code !== '');
    expect(states.map((o) => o.code).sort()).toEqual(rows.map((r) => r.code).sort());
  });

  it("is in Spanish for the payer's choice (the cookie), else by Accept-Language; the choice comes first", async () => {
    for (const headers of [
      { cookie: `${LANGUAGE_COOKIE}=es` } as Record<string, string>,
      { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' },
      { 'accept-language': 'fr-FR, es;q=0.8, en;q=0.7' },
    ]) {
      const html = (await page('/deposit_facility/US', headers)).body;
      expect(html, JSON.stringify(headers)).toContain('<html lang="es"');
      expect(heading(html)).toBe(es.FACILITY.HEADING);
      expect(html).toContain(`<title>${es.FACILITY.HEADING} - ${es.LAYOUT.SITE_NAME}</title>`);
    }
    const chosen = await page('/deposit_facility/US', { cookie: `${LANGUAGE_COOKIE}=en`, 'accept-language': 'es' });
    expect(chosen.body).toContain('<html lang="en"');
    expect(acceptedLanguage('de, en-GB;q=0.5, es;q=0.9')).toBe('es');
    expect(acceptedLanguage('es;q=0, en;q=0.1')).toBe('en');
    expect(acceptedLanguage('de, fr')).toBeNull();
  });

  it('goes out compressed when the browser takes brotli', async () => {
    const res = await page('/deposit_facility/US', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toContain(en.FACILITY.HEADING);
  });

  it("answers /landing, and a country outside §9's, with the welcome page in the payer's language", async () => {
    expect((await page('/landing')).body).toBe(WELCOME);
    expect((await page('/landing', { 'accept-language': 'es' })).body).toBe(WELCOME_ES);
    for (const url of ['/deposit_facility/FR', '/deposit_facility/CU', '/deposit_facility/USA']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(WELCOME);
    }
  });
});
