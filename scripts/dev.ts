// `npm run dev`: the API server (restarted on change, port 8081 or API_PORT) and Vite's dev server (port
// 5173 or DEV_PORT, which proxies the API paths to the API server; see vite.config.ts), together. Ctrl-C stops both; when one of them
// exits, the other is stopped and this script exits with the first one's code.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const API_PORT = process.env['API_PORT'] ?? '8081';
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
});
start('vite', [viteBin], { API_PORT });
