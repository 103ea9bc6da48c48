// `npm run dev`: the API server (restarted on change, port DEV_API_PORT, 8081 by default) and Vite's dev
// server (port DEV_PORT, 5173 by default, which proxies the API paths to the API server; see
// vite.config.ts), together. Ctrl-C stops both; when one of them exits, the other is stopped and this
// script exits with the first one's code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** A port from the environment, or the default; anything else stops the script with one line. */
function portOf(name: string, fallback: number): string {
  const v = process.env[name]?.trim();
  if (!v) return String(fallback);
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1 || Number(v) > 65535) {
    console.error(`[dev] ${name} must be a port number from 1 to 65535`);
    process.exit(1);
  }
  return v;
}
const API_PORT = portOf('DEV_API_PORT', 8081);
const WEB_PORT = portOf('DEV_PORT', 5173);
const require = createRequire(import.meta.url);
const vitePackage = require.resolve('vite/package.json');
const viteBin = join(dirname(vitePackage), (require(vitePackage) as { bin: { vite: string } }).bin.vite);

const children: ChildProcess[] = [];
let exitCode: number | null = null;
let stopping = false;

function start(name: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  // process.execPath is the Node 24 that runs this script (the `node` devDependency).
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (exitCode === null) {
      exitCode = code ?? (signal ? 1 : 0);
      if (!stopping) console.error(`[dev] ${name} exited (${signal ?? code}); stopping the rest.`);
      stopAll('SIGTERM');
      // A child that ignores SIGTERM does not keep the terminal.
      setTimeout(() => stopAll('SIGKILL'), 5_000).unref();
    }
    if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) process.exit(exitCode);
  });
  children.push(child);
}

function stopAll(signal: NodeJS.Signals): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    stopping = true;
    stopAll(signal);
  });
}

start('API server', ['--watch', 'server/main.ts'], {
  PORT: API_PORT,
  HOST: process.env['HOST'] ?? '127.0.0.1',
  // Development: the sandbox outbox is readable (each browser its own texts) and the API's reference page
  // is served at /development/api (docs/decisions/0055), unless turned off.
  DEV_ENDPOINTS: process.env['DEV_ENDPOINTS'] ?? 'true',
});
// vite.config.ts reads DEV_API_PORT for its proxy.
start('vite', [viteBin, '--port', WEB_PORT, '--strictPort'], { DEV_API_PORT: API_PORT });
