import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGE_COOKIE } from '../../contract/constants.ts';
import { API_CSP, BASE_CSP } from '../../server/headers.ts';
import { inlineHashes } from '../../server/static-site.ts';
import { cspOf, startServer, type TestServer } from './helpers.ts';

const INDEX = '<!doctype html><title>Deposits</title><div id="root"></div>';
const INDEX_ES = '<!doctype html><html lang="es"><title>Depósitos</title><div id="root"><h1>Hola</h1></div>';
const SCRIPT = 'console.log("a hashed asset");'.repeat(20);
const HASHED = '/assets/index-abc123.js';
let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'deposit-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'index.es.html'), INDEX_ES);
  // As the build writes them (scripts/compress.ts): brotli and gzip copies beside the file.
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js.gz'), gzipSync(SCRIPT));
  writeFileSync(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startServer({ staticDir });
});
afterAll(async () => {
  await server.dispose();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string, accept = 'text/html') => server.app.inject({ method: 'GET', url, headers: { accept } });

describe('the built app', () => {
  it('serves index.html at / with the security headers, revalidated on every visit', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['content-type']).toContain('text/html');
    expect(cspOf(res.headers['content-security-policy'])).toEqual(BASE_CSP);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches built assets for good', async () => {
    const res = await get(HASHED, '*/*');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await get('/favicon.svg', '*/*')).headers['cache-control']).toBe('no-cache');
  });

  it('answers any other page address with index.html', async () => {
    for (const url of ['/checkout', '/deposit_facility/US', '/a/b/c?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toBe(INDEX);
    }
  });

  it('keeps API paths and missing files as JSON 404s', async () => {
    const api = await get('/pay/no_such_call');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' }, request_id: api.headers['x-request-id'] });
    expect(api.headers['cache-control']).toBe('no-store');
    const file = await get('/assets/missing.js', '*/*');
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' }, request_id: file.headers['x-request-id'] });
  });

  it('still answers the API', async () => {
    const res = await get('/pay/allowed_countries', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('compression and language', () => {
  const fetchAs = (url: string, encoding: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url, headers: { accept: '*/*', 'accept-encoding': encoding, ...headers } });

  it('sends the brotli copy to a client that accepts it, varying on Accept-Encoding', async () => {
    const res = await fetchAs(HASHED, 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['vary']).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gz = await fetchAs(HASHED, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await fetchAs(HASHED, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends the page in the language of the cookie, never cached without revalidation', async () => {
    expect((await get('/', 'text/html')).body).toBe(INDEX);
    for (const url of ['/', '/deposit_facility/US']) {
      const res = await server.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', cookie: `${LANGUAGE_COOKIE}=es` },
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_ES);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['vary']).toContain('cookie');
    }
    const other = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { accept: 'text/html', cookie: `${LANGUAGE_COOKIE}=fr` },
    });
    expect(other.body).toBe(INDEX);
  });

  it('answers HEAD for the page', async () => {
    const res = await server.app.inject({ method: 'HEAD', url: '/', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});

describe("the pages' inline script", () => {
  const BODY = "document.documentElement.classList.add('x')";
  const STYLE = 'body{margin:0}';
  const PAGE = `<!doctype html><head><style>${STYLE}</style><script>${BODY}</script><script type="module" src="/a.js"></script></head>`;

  it('are hashed for the CSP; scripts with a src are not', () => {
    const hash = createHash('sha256').update(BODY).digest('base64');
    expect(inlineHashes(PAGE, 'script')).toEqual([`'sha256-${hash}'`]);
    const styleHash = createHash('sha256').update(STYLE).digest('base64');
    expect(inlineHashes(PAGE, 'style')).toEqual([`'sha256-${styleHash}'`]);
  });

  it("are allowed by the pages' CSP; the API's answers allow nothing (server/headers.ts)", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'deposit-static-script-'));
    writeFileSync(join(dir, 'index.html'), PAGE);
    const site = await startServer({ staticDir: dir });
    try {
      const page = await site.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain(
        `script-src 'self' ${inlineHashes(PAGE, 'script')[0]};`,
      );
      expect(page.headers['content-security-policy']).toContain(`style-src 'self' ${inlineHashes(PAGE, 'style')[0]};`);
      const api = await site.app.inject({ method: 'GET', url: '/pay/allowed_countries' });
      expect(api.headers['content-security-policy']).toBe(API_CSP);
    } finally {
      await site.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('without a built app', () => {
  it('answers / with a JSON 404', async () => {
    const bare = await startServer({ staticDir: join(staticDir, 'does-not-exist') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' }, request_id: res.headers['x-request-id'] });
      expect(cspOf(res.headers['content-security-policy'])).toEqual(BASE_CSP);
    } finally {
      await bare.dispose();
    }
  });
});
