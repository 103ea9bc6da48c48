// The keys that sign what one instance hands out and another verifies (architecture: "every key comes
// from configuration"). Each comes from its variable; without one, a development server uses a key
// generated once and kept in the database, so every instance on that database shares it. In
// production mode a missing key stops the server with its name (docs/decisions/0022).
import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import type { Config } from './config.ts';
import type { Store } from './repo/repos.ts';

/**
 * Each key is a KeyObject, prepared once at start: an HMAC made with it does not copy and prepare the
 * secret again on every call, as one made from a Buffer does.
 */
export interface Keys {
  /** Signs the pam payload and result (§2 pam variant). */
  pam: KeyObject;
  /** Signs the professional request's single sign-on token (§6). */
  sso: KeyObject;
}

export class MissingKeyError extends Error {}

async function keyOf(
  store: Store,
  config: Config,
  name: keyof Keys,
  variable: string,
  configured: string | undefined,
  now: Date,
): Promise<KeyObject> {
  if (configured) return createSecretKey(Buffer.from(configured, 'utf8'));
  if (config.production) throw new MissingKeyError(`${variable} must be set in production (32 or more characters)`);
  const secret = await store.repos.serverKeys.getOrCreate(
    name,
    randomBytes(32).toString('base64url'),
    now.toISOString(),
  );
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

export async function loadKeys(store: Store, config: Config, now: Date): Promise<Keys> {
  return {
    pam: await keyOf(store, config, 'pam', 'PAM_SIGNING_KEY', config.pamSigningKey, now),
    sso: await keyOf(store, config, 'sso', 'SSO_SIGNING_KEY', config.ssoSigningKey, now),
  };
}
