// stripe-stateful-mock (a third-party stateful Stripe server, docs: TOOLCHAIN "Payments"), started from
// node_modules as its own process for the Stripe adapter's tests. It keeps charges, refunds and
// idempotency keys in memory for as long as it runs.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { candidatePorts } from './local-ports.ts';

const MOCK_BIN = fileURLToPath(new URL('../../node_modules/.bin/stripe-stateful-mock', import.meta.url));

/** Any key the mock takes: it checks only the `sk_test_` prefix. */
export const MOCK_SECRET_KEY = 'sk_test_deposit_site_contract';

export interface StripeMock {
  /** STRIPE_API_BASE for the adapter, e.g. http://127.0.0.1:4312. */
  origin: string;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the mock on `port`: resolves when it says "Server started on port", or null when it exits
 * first (the port was taken). No fixed wait: a busy machine only makes it slower.
 */
function startOn(port: number): Promise<ChildProcess | null> {
  const child = spawn(process.execPath, [MOCK_BIN], {
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Server started on port')) {
        child.off('exit', onExit);
        resolve(child);
      }
    };
    const onExit = () => resolve(null);
    child.stdout?.on('data', onData);
    // Drained so that a chatty child never blocks on a full pipe.
    child.stderr?.resume();
    child.once('exit', onExit);
    child.once('error', reject);
  });
}

export async function startStripeMock(): Promise<StripeMock> {
  for (const port of candidatePorts()) {
    const child = await startOn(port);
    if (!child) continue;
    return {
      origin: `http://127.0.0.1:${port}`,
      async stop() {
        const done = exited(child);
        child.kill('SIGTERM');
        await done;
      },
    };
  }
  throw new Error('stripe-stateful-mock found no free port');
}
