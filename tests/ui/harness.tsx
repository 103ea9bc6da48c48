// Renders the real app (machines, screens, ky client) against the real reference server running
// in-process: fetch is served by Fastify's inject, with a cookie jar, so no port is opened.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import type { FastifyInstance } from 'fastify';
import { provideApp } from '../../machines/provide-actors.ts';
import { type BuildOptions, buildApp } from '../../server/app.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { App } from '../../src/app.tsx';
import { createI18n } from '../../src/i18n.ts';
import type { Locale } from '../../contract/entities.ts';
import { SYSTEM } from '../../machines/system.ts';

export interface Harness {
  server: FastifyInstance;
  fetch: typeof fetch;
  /** Another browser on the same server: its own cookie jar, so its own session. */
  newBrowser: () => typeof fetch;
  close: () => Promise<void>;
  requests: { method: string; url: string; body: string }[];
}

/** The reference server in-process; `now` fixes its clock (the stories' sandbox has a fixed one). */
export async function startServer(options: Pick<BuildOptions, 'now' | 'config'> = {}): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'deposit-ui-'));
  const server = await buildApp({ dbPath: join(dir, 'db.sqlite'), logger: false, ...options });
  await server.ready();
  const requests: Harness['requests'] = [];
  const browser = (jar = new Map<string, string>()) =>
    (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      const url = new URL(req.url);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
      requests.push({ method: req.method, url: url.pathname + url.search, body: body ?? '' });
      const headers: Record<string, string> = {};
      req.headers.forEach((v, k) => {
        headers[k] = v;
      });
      if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await server.inject({
        method: req.method as 'GET',
        url: url.pathname + url.search,
        headers,
        ...(body !== undefined ? { payload: body } : {}),
      });
      const setCookie = res.headers['set-cookie'];
      for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
        const [pair] = c.split(';');
        const [k, ...v] = (pair ?? '').split('=');
        if (k) jar.set(k.trim(), v.join('='));
      }
      const out = new Headers();
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') out.set(k, v);
      return new Response(res.statusCode === 204 ? null : new Uint8Array(res.rawPayload), {
        status: res.statusCode,
        headers: out,
      });
    }) as typeof fetch;
  return {
    server,
    fetch: browser(),
    newBrowser: () => browser(),
    requests,
    close: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function renderApp(h: Harness, lang: Locale = 'en', route: null | 'facility' = null) {
  const api = createApiClient({ baseUrl: 'http://localhost/', fetch: h.fetch });
  const actor = createActor(provideApp(createActors(api)), { systemId: SYSTEM.app, input: { lang, route } });
  actor.start();
  const i18n = createI18n(lang);
  const view = render(<App app={actor} i18n={i18n} />);
  return { actor, view, i18n };
}
