// §2 shared layout: "global header loaded from an external navigation script whose URL comes from
// form state". The sandbox's script, the nav_script_url field of the form state, NAV_SCRIPT_URL and
// the content security policy that lets the site load a script from another origin.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateAllResponse, StateSaveResponse } from '../../contract/api.ts';
import { NAV_PATHS } from '../../contract/nav-header.ts';
import { DEFAULT_NAV_SCRIPT_URL, loadConfig } from '../../server/config.ts';
import { Client, startServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

const scriptSrc = (csp: unknown) => /script-src ([^;]*)/.exec(String(csp))?.[1];

describe('GET /sandbox/nav/header.js', () => {
  it('answers the script, outside the API: no session, revalidated', async () => {
    const res = await server.app.inject({ method: 'GET', url: NAV_PATHS.sandboxHeaderScript });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`customElements.define`);
    // It builds its DOM with textContent only: no HTML from its attributes.
    expect(res.body).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|eval\(/);
    // What it renders is checked in a browser document: tests/ui/site-nav.test.tsx.
  });

  it('takes no other method', async () => {
    const res = await server.app.inject({ method: 'POST', url: NAV_PATHS.sandboxHeaderScript, payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('nav_script_url in the form state', () => {
  it('is the sandbox script by default, in every form-state answer', async () => {
    const c = new Client(server.app);
    const state = await c.start();
    expect(state.fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
    const saved = await c.save({ billing_city: 'Austin' });
    expect(saved.fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
    const cleared = await c.post<StateSaveResponse>('/state/clear');
    expect(cleared.body.fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
  });

  it('is server owned: a crafted save cannot point it elsewhere, for this payer or another', async () => {
    const c = new Client(server.app);
    await c.start();
    const saved = await c.save({ nav_script_url: 'https://attacker.example/x.js' });
    expect(saved.fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
    expect((await c.state()).fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
    const other = new Client(server.app);
    expect((await other.start()).fields.nav_script_url).toBe(DEFAULT_NAV_SCRIPT_URL);
  });

  it('follows the configuration; empty turns the global header off', async () => {
    for (const navScriptUrl of ['https://nav.example.com/header.js', '']) {
      const other = await startServer({ config: { navScriptUrl } });
      try {
        const res = await new Client(other.app).get<StateAllResponse>('/state/all');
        expect(res.body.fields.nav_script_url).toBe(navScriptUrl);
      } finally {
        await other.dispose();
      }
    }
  });
});

describe('NAV_SCRIPT_URL', () => {
  it('defaults to the sandbox script and takes a path of this site or an http(s) URL', () => {
    expect(loadConfig({}).navScriptUrl).toBeUndefined();
    expect(loadConfig({ NAV_SCRIPT_URL: ' https://nav.example.com/h.js ' }).navScriptUrl).toBe(
      'https://nav.example.com/h.js',
    );
    expect(loadConfig({ NAV_SCRIPT_URL: '/nav/h.js' }).navScriptUrl).toBe('/nav/h.js');
    expect(loadConfig({ NAV_SCRIPT_URL: '' }).navScriptUrl).toBe('');
  });

  it.each(['javascript:alert(1)', '//evil.example/x.js', 'nav.js', 'https://u:p@nav.example.com/h.js', 'data:,x'])(
    'refuses %s, naming the variable',
    (value) => {
      expect(() => loadConfig({ NAV_SCRIPT_URL: value })).toThrow(/NAV_SCRIPT_URL/);
    },
  );
});

describe('the content security policy and the navigation script', () => {
  it("allows scripts of this site only when the script is the sandbox's", async () => {
    // The site's policy is on what is not the API (an API answer's allows nothing: docs/decisions/0062).
    const res = await new Client(server.app).get('/sandbox/legal/terms/en');
    expect(scriptSrc(res.headers['content-security-policy'])).toBe("'self'");
  });

  it('adds the origin of an external navigation script to script-src, and nothing else', async () => {
    const other = await startServer({ config: { navScriptUrl: 'https://nav.example.com:8443/v2/header.js' } });
    try {
      const res = await new Client(other.app).get('/sandbox/legal/terms/en');
      const csp = String(res.headers['content-security-policy']);
      expect(scriptSrc(csp)).toBe("'self' https://nav.example.com:8443");
      expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toBe("'self'");
    } finally {
      await other.dispose();
    }
  });
});
