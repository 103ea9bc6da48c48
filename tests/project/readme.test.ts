// The README says what the code does: its configuration table lists every variable the server reads,
// and its API sign-in steps sign in.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The section of the README under a `## ` heading. */
function section(heading: string): string {
  const start = README.indexOf(`## ${heading}\n`);
  expect(start, `README section ${heading}`).toBeGreaterThan(-1);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end === -1 ? undefined : end);
}

describe('README', () => {
  it('lists every variable the server reads in its configuration table, and no other', () => {
    const read = new Set<string>();
    const env = new Proxy({} as Record<string, string | undefined>, {
      get(_, key) {
        if (typeof key === 'string') read.add(key);
        return undefined;
      },
    });
    loadConfig(env);
    const config = section('Configuration');
    const listed = new Set(
      config
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1] as string)),
    );
    expect([...listed].sort()).toEqual([...read].sort());
  });

  describe('sign-in through the API, as written', () => {
    let server: ChildProcess;
    let site = '';

    beforeAll(async () => {
      server = spawn(process.execPath, ['server/main.ts'], {
        env: {
          PATH: process.env['PATH'] ?? '',
          PORT: '0',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'readme-')),
          RECURRING_RUN_MINUTES: '0',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      site = await new Promise<string>((resolve, reject) => {
        let out = '';
        server.stdout?.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const m = /listening on (http:\/\/[\d.]+:\d+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        server.on('exit', (code) => reject(new Error(`server exited (${code})`)));
      });
    }, 30_000);

    afterAll(() => {
      server?.kill('SIGTERM');
    });

    it('the README commands sign Ana in and read her recurring deposits', () => {
      const block = /```sh\n(SITE=[^\n]*\n[\s\S]*?)```/.exec(section('Sandbox payers'))?.[1];
      expect(block, 'the sh block of "Sandbox payers"').toBeDefined();
      const script = (block as string).replace(/^SITE=.*$/m, `SITE=${site}`);
      const run = spawnSync('bash', ['-euo', 'pipefail', '-c', script], {
        cwd: mkdtempSync(join(tmpdir(), 'readme-curl-')),
        encoding: 'utf8',
        // Not a socket on standard input: bash would take itself for a remote shell and read bashrc.
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 20_000,
      });
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const answer = JSON.parse(run.stdout) as { recurring_deposits?: unknown[] };
      expect(answer.recurring_deposits?.length).toBeGreaterThan(0);
    });
  });
});
