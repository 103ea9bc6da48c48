// `npm run dev` (scripts/dev.ts) runs on the ports DEV_PORT and DEV_API_PORT name: the page's server
// answers, and passes an API path through to the API server.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** A port nothing listens on now (the system's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function answer(url: string): Promise<Response | null> {
  try {
    return await fetch(url);
  } catch {
    return null;
  }
}

describe('npm run dev', () => {
  let dev: ChildProcess | undefined;
  afterAll(() => {
    // The script stops both of its servers on SIGTERM.
    dev?.kill('SIGTERM');
  });

  it('serves the page on DEV_PORT and the API on DEV_API_PORT', async () => {
    const [web, api] = [await freePort(), await freePort()];
    dev = spawn(process.execPath, ['scripts/dev.ts'], {
      env: {
        PATH: process.env['PATH'] ?? '',
        DEV_PORT: String(web),
        DEV_API_PORT: String(api),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'dev-')),
        RECURRING_RUN_MINUTES: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    let exited: number | null = null;
    dev.on('exit', (code) => (exited = code ?? 1));
    // Through the page's server (Vite's proxy) to the API server.
    let state: Response | null = null;
    while (exited === null && !(state?.ok ?? false)) {
      state = await answer(`http://127.0.0.1:${web}/state/all`);
      if (!state?.ok) await new Promise((r) => setTimeout(r, 200));
    }
    expect(exited).toBeNull();
    expect(((await state?.json()) as { csrf_token?: string }).csrf_token).toMatch(/^[\w-]{43}$/);
    expect((await answer(`http://127.0.0.1:${api}/state/all`))?.ok).toBe(true);
    const page = await answer(`http://127.0.0.1:${web}/`);
    expect(page?.ok).toBe(true);
    expect(await page?.text()).toContain('<div id="root">');
  }, 90_000);
});
