// §7 "legal text by GET from a translated URL": the sandbox's two legal-text providers, the configured
// URLs the site gets with the form state, and the content security policy that lets it fetch them.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateAllResponse } from '../../contract/api.ts';
import type { LegalTextResponse, LegalUrls } from '../../contract/legal.ts';
import { paragraphsOf } from '../../contract/legal.ts';
import { DEFAULT_CONFIG, loadConfig } from '../../server/config.ts';
import { DEFAULT_LEGAL_URLS, isLegalUrl, legalOrigins } from '../../server/legal-urls.ts';
import { loadLegalTexts } from '../../server/routes/sandbox-legal.ts';
import { Client, startServer, type TestServer } from './helpers.ts';

const LEGAL_DIR = join(import.meta.dirname, '../../fixtures/legal');
const fixture = (file: string) => readFileSync(join(LEGAL_DIR, file), 'utf8').trim();

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('the sandbox legal-text providers', () => {
  it.each([
    ['/sandbox/legal/terms/en', 'terms', 'en'],
    ['/sandbox/legal/terms/es', 'terms', 'es'],
    ['/sandbox/legal/privacy/en', 'privacy', 'en'],
    ['/sandbox/legal/privacy/es', 'privacy', 'es'],
  ] as const)('GET %s answers the %s text in %s', async (url, document, locale) => {
    const res = await new Client(server.app).get<LegalTextResponse>(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual({ document, locale, text: fixture(`${document}.${locale}.txt`) });
    expect(paragraphsOf(res.body.text).length).toBeGreaterThanOrEqual(5);
    // Another site's stand-in: no session is started, and the browser revalidates the text.
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answer each language and each document with its own text', async () => {
    const c = new Client(server.app);
    const texts = await Promise.all(
      [
        '/sandbox/legal/terms/en',
        '/sandbox/legal/terms/es',
        '/sandbox/legal/privacy/en',
        '/sandbox/legal/privacy/es',
      ].map(async (url) => (await c.get<LegalTextResponse>(url)).body.text),
    );
    expect(new Set(texts).size).toBe(4);
    expect(texts[1]).toContain('Términos y condiciones');
    expect(texts[3]).toContain('Política de privacidad');
  });

  it('ignore a query string', async () => {
    const res = await new Client(server.app).get<LegalTextResponse>('/sandbox/legal/privacy/es?v=2');
    expect(res.status).toBe(200);
    expect(res.body.locale).toBe('es');
  });

  it.each([
    '/sandbox/legal/terms/fr',
    '/sandbox/legal/terms/EN',
    '/sandbox/legal/terms/en.txt',
    '/sandbox/legal/terms/..',
    '/sandbox/legal/terms/%2e%2e%2fprivacy.en',
    '/sandbox/legal/privacy/%00',
    `/sandbox/legal/privacy/${'e'.repeat(90)}`,
    '/sandbox/legal/terms/',
    '/sandbox/legal/terms',
    '/sandbox/legal/terms/en/more',
    '/sandbox/legal/cookies/en',
    '/sandbox/legal/en',
    '/sandbox/legal',
  ])('answer 404, never a 500, for %s', async (url) => {
    const res = await new Client(server.app).get(url, { accept: 'application/json' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
  });

  it('answer a 4xx, never a 500, for a language too long to be one', async () => {
    const res = await new Client(server.app).get(`/sandbox/legal/terms/${'e'.repeat(5000)}`);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('answer 404 to any other method', async () => {
    const c = new Client(server.app);
    const res = await c.post('/sandbox/legal/terms/en', { text: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
  });

  it('read every text at start, and fail with the name of a missing or empty file', () => {
    expect(Object.keys(loadLegalTexts())).toEqual(['terms', 'privacy']);
    const dir = mkdtempSync(join(tmpdir(), 'legal-'));
    try {
      for (const f of ['terms.en.txt', 'terms.es.txt', 'privacy.en.txt']) writeFileSync(join(dir, f), 'Text.');
      expect(() => loadLegalTexts(dir)).toThrow('privacy.es.txt');
      writeFileSync(join(dir, 'privacy.es.txt'), '  \n ');
      expect(() => loadLegalTexts(dir)).toThrow('fixtures/legal/privacy.es.txt: empty');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the legal URLs of the site', () => {
  it('come with the form state: the sandbox providers by default', async () => {
    const res = await new Client(server.app).get<StateAllResponse>('/state/all');
    expect(res.body.site.legal_urls).toEqual({
      terms: { en: '/sandbox/legal/terms/en', es: '/sandbox/legal/terms/es' },
      privacy: { en: '/sandbox/legal/privacy/en', es: '/sandbox/legal/privacy/es' },
    } satisfies LegalUrls);
  });

  it('come from the environment, one variable per document and language', () => {
    expect(loadConfig({}).legalUrls).toBeUndefined();
    const c = loadConfig({
      TERMS_URL_ES: 'https://legal.example.com/es/terms.json',
      PRIVACY_URL_EN: ' /legal/privacy-en.json ',
    });
    expect(c.legalUrls).toEqual({
      terms: { en: '/sandbox/legal/terms/en', es: 'https://legal.example.com/es/terms.json' },
      privacy: { en: '/legal/privacy-en.json', es: '/sandbox/legal/privacy/es' },
    });
    // The defaults are not changed by a configuration that overrides them.
    expect(DEFAULT_LEGAL_URLS.terms.es).toBe('/sandbox/legal/terms/es');
  });

  it.each([
    ['TERMS_URL_EN', '//evil.example/terms'],
    ['TERMS_URL_ES', '/\\evil.example/terms'],
    ['PRIVACY_URL_EN', 'javascript:alert(1)'],
    ['PRIVACY_URL_ES', 'data:application/json,{}'],
    ['TERMS_URL_EN', 'terms.json'],
    ['TERMS_URL_EN', 'ftp://legal.example.com/terms'],
    ['TERMS_URL_EN', 'https://user:secret@legal.example.com/terms'],
    ['TERMS_URL_EN', '/terms and conditions'],
  ])('refuse %s=%s, naming the variable', (name, value) => {
    expect(isLegalUrl(value)).toBe(false);
    expect(() => loadConfig({ [name]: value })).toThrow(name);
  });

  it('are sent as configured', async () => {
    const legalUrls: LegalUrls = {
      terms: { en: 'https://terms.example.com/en', es: 'https://terms.example.com/es' },
      privacy: { en: '/sandbox/legal/privacy/en', es: '/sandbox/legal/privacy/es' },
    };
    const other = await startServer({ config: { legalUrls } });
    try {
      const res = await new Client(other.app).get<StateAllResponse>('/state/all');
      expect(res.body.site.legal_urls).toEqual(legalUrls);
    } finally {
      await other.dispose();
    }
  });
});

describe('the content security policy', () => {
  const connectSrc = (csp: unknown) => /connect-src ([^;]*)/.exec(String(csp))?.[1];

  it("allows only this site's own legal providers by default", async () => {
    // The site's policy is on what is not the API (an API answer's allows nothing: docs/decisions/0062).
    const res = await new Client(server.app).get('/sandbox/legal/terms/en');
    expect(connectSrc(res.headers['content-security-policy'])).toBe("'self'");
    expect(legalOrigins(DEFAULT_LEGAL_URLS)).toEqual([]);
  });

  it('adds the origin of each external legal provider, once', async () => {
    const legalUrls: LegalUrls = {
      terms: { en: 'https://terms.example.com/en', es: 'https://terms.example.com/es' },
      privacy: { en: 'https://privacy.example.org:8443/p?l=en', es: '/sandbox/legal/privacy/es' },
    };
    const other = await startServer({ config: { ...DEFAULT_CONFIG, legalUrls } });
    try {
      const res = await new Client(other.app).get('/sandbox/legal/terms/en');
      expect(connectSrc(res.headers['content-security-policy'])).toBe(
        "'self' https://privacy.example.org:8443 https://terms.example.com",
      );
    } finally {
      await other.dispose();
    }
  });
});
