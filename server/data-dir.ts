// DATA_DIR at start (server/main.ts): a folder this process can write in, or one line that names it.
// Apart from config.ts, which the stories read too (its defaults) and so stays free of node:fs.
import { accessSync, constants, existsSync, mkdirSync, statSync } from 'node:fs';
import { ConfigError } from './config.ts';

/**
 * DATA_DIR is a folder this process can create and write in; a ConfigError naming the variable
 * otherwise (a path that is a file, a folder it may not write in).
 */
export function checkDataDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new ConfigError(`DATA_DIR must be a folder: ${dir} is a file`);
  }
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError(`DATA_DIR must be a folder this process can write in: ${dir} (${code})`);
  }
}
