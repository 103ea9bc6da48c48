import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security.ts';
import { startServer, type TestServer } from './helpers.ts';

const INDEX = '<!doctype html><title>Deposits</title><div id="root"></div>';
let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), 'deposit-static-'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
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
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('caches built assets for good', async () => {
    const res = await get('/assets/index-abc123.js', '*/*');
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
    expect(api.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
    expect(api.headers['cache-control']).toBe('no-store');
    const file = await get('/assets/missing.js', '*/*');
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
  });

  it('still answers the API', async () => {
    const res = await get('/pay/allowed_countries', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('without a built app', () => {
  it('answers / with a JSON 404', async () => {
    const bare = await startServer({ staticDir: join(staticDir, 'does-not-exist') });
    try {
      const res = await bare.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
      expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    } finally {
      await bare.dispose();
    }
  });
});
