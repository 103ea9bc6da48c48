// Passwords and PINs are kept only as scrypt hashes (architecture: "Passwords hashed with a
// memory-hard KDF"): a random 16-byte salt per hash, compared in constant time. The cost is one of
// OWASP's scrypt settings (N=2^15, r=8, p=3: 32 MiB per hash). The parameters are written into
// each hash, so raising them later leaves older hashes verifiable.
import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import pLimit from 'p-limit';

const N = 2 ** 15;
const R = 8;
const P = 3;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';

interface Params {
  N: number;
  r: number;
  p: number;
}

function options(params: Params): ScryptOptions {
  // Node refuses to use more than maxmem; scrypt needs about 128 * N * r bytes.
  return { ...params, maxmem: 2 * 128 * params.N * params.r + 1024 * 1024 };
}

/**
 * Hashes running at once, at most (docs/decisions/0039): each takes 32 MiB and a thread of the pool
 * for tens of milliseconds, so 40 sign-ins at once queue here instead of filling the thread pool that
 * file and DNS work share, and memory stays bounded. The others wait their turn in order.
 */
export const HASH_CONCURRENCY = 2;
const hashSlots = pLimit(HASH_CONCURRENCY);

function derive(secret: string, salt: Buffer, params: Params, length: number): Promise<Buffer> {
  return hashSlots(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(secret.normalize('NFC'), salt, length, options(params), (err, key) =>
          err ? reject(err) : resolve(key),
        );
      }),
  );
}

/** Hashes waiting for a slot now (tests and the attack script read it). */
export function hashesWaiting(): number {
  return hashSlots.pendingCount;
}

function format(params: Params, salt: Buffer, key: Buffer): string {
  return [PREFIX, params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface Parsed {
  params: Params;
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return undefined;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  // Bounds keep a damaged row from asking for an absurd amount of work or memory.
  if (!Number.isInteger(n) || n < 2 ** 10 || n > 2 ** 20 || (n & (n - 1)) !== 0) return undefined;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return undefined;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (salt.length < 8 || key.length < 16) return undefined;
  return { params: { N: n, r, p }, salt, key };
}

/** Hashes a password or PIN with a fresh random salt. Runs on the thread pool. */
export async function hashSecret(secret: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const params = { N, r: R, p: P };
  return format(params, salt, await derive(secret, salt, params, KEY_LENGTH));
}

/**
 * The lowest cost `parse` accepts, for secrets that are published anyway: the sandbox payers' passwords
 * and PINs stand in plain text beside their hashes (fixtures/payers.json, the README), so a costly hash
 * would protect nothing and only slow each sandbox sign-in (docs/decisions/0061). Never for a secret a
 * payer chose: `hashSecret` always uses the OWASP cost.
 */
export const PUBLISHED_SECRET_PARAMS: Readonly<Params> = { N: 2 ** 10, r: 8, p: 1 };

/** A published secret's hash, blocking: for the tool that writes the sandbox fixtures, never for a request. */
export function hashPublishedSecretSync(secret: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const params = { ...PUBLISHED_SECRET_PARAMS };
  return format(params, salt, scryptSync(secret.normalize('NFC'), salt, KEY_LENGTH, options(params)));
}

/** Whether a stored hash was made with these parameters. */
export function hashedWith(stored: string, params: Readonly<Params>): boolean {
  const parsed = parse(stored);
  return !!parsed && parsed.params.N === params.N && parsed.params.r === params.r && parsed.params.p === params.p;
}

/** Whether the secret matches the stored hash; false for a hash it cannot read. */
export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(secret, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

let dummy: Promise<string> | undefined;

/**
 * Does the work of one verification and answers false: used for an unknown email so that the answer
 * takes as long as for a wrong password and timing does not tell which emails have accounts.
 */
export async function verifyNothing(secret: string): Promise<false> {
  dummy ??= hashSecret('no account has this password');
  await verifySecret(secret, await dummy);
  return false;
}
