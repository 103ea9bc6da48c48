// Reading the environment (architecture: "Configuration comes from environment variables with safe
// defaults; a bad value stops the server with one line naming the variable"): the value readers every
// part of the configuration uses.

/**
 * A configuration value the server cannot use: the server stops at start with this one line, which
 * names the variable (server/main.ts).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function text(env: Env, key: string, fallback: string): string {
  const v = env[key]?.trim();
  return v ? v : fallback;
}

export function int(env: Env, key: string, fallback: number, min: number, max: number): number {
  const v = env[key]?.trim();
  if (!v) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(`${key} must be an integer from ${min} to ${max}`);
  return n;
}

export function amount(env: Env, key: string, fallback: number): number {
  const v = env[key]?.trim();
  if (!v) return fallback;
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(v)) throw new ConfigError(`${key} must be a dollar amount such as 500 or 500.00`);
  return Number(v);
}

export function flag(env: Env, key: string, fallback: boolean): boolean {
  const v = env[key]?.trim().toLowerCase();
  if (!v) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(`${key} must be true or false`);
}

export function factor(env: Env, key: string): number | undefined {
  const v = env[key]?.trim();
  if (!v) return undefined;
  const n = Number(v);
  if (!/^\d{1,6}(\.\d{1,3})?$/.test(v) || n <= 0)
    throw new ConfigError(`${key} must be a number above 0 such as 1 or 2.5`);
  return n;
}
