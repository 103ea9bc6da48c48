// §2 pam variant: the payload the checkout form-posts to the external payment endpoint. A summary of
// the deposit, signed so the endpoint can trust it; never card data (the endpoint takes the card).
import { createHmac, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { PamPayloadClaims } from '../../contract/checkout-services.ts';
import type { PamResultClaims } from '../../contract/pam.ts';
import type { Config } from '../config.ts';

/** A prepared payment can be paid within this time. */
export const PAM_PAYLOAD_TTL_MINUTES = 30;

/** Where the payload is posted (PAY_URL). */
export function pamPayUrl(config: Config): string {
  return config.payUrl;
}

/** `key` is PAM_SIGNING_KEY, or the key every instance shares (server/keys.ts). */
function mac(key: KeyObject | Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

export type PamSummary = Omit<PamPayloadClaims, 'v' | 'ref' | 'issued_at' | 'expires_at'>;

/** `base64url(JSON claims).base64url(HMAC-SHA256)`. */
export function signPamPayload(key: KeyObject | Buffer, summary: PamSummary, now: Date): string {
  const claims: PamPayloadClaims = {
    v: 1,
    ref: randomUUID(),
    ...summary,
    issued_at: now.toISOString(),
    expires_at: new Date(now.getTime() + PAM_PAYLOAD_TTL_MINUTES * 60_000).toISOString(),
  };
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

export type PamVerdict =
  { ok: true; claims: PamPayloadClaims } | { ok: false; reason: 'malformed' | 'signature' | 'expired' };

function isClaims(v: unknown): v is PamPayloadClaims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    c.v === 1 &&
    typeof c.ref === 'string' &&
    typeof c.total === 'number' &&
    typeof c.amount === 'number' &&
    typeof c.expires_at === 'string'
  );
}

export function verifyPamPayload(key: KeyObject | Buffer, payload: string, now: Date): PamVerdict {
  const parts = payload.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [body, sig] = parts as [string, string];
  const expected = mac(key, body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'malformed' };
  if (Date.parse(claims.expires_at) < now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}

// ---------------------------------------------------------------- the result the endpoint returns

/** A result is signed under its own purpose: a payload (or anything else) never verifies as one. */
const RESULT_PURPOSE = 'pam-result.';

/** What the endpoint hands back to the site after a payment (contract/pam.ts). */
export function signPamResult(key: KeyObject | Buffer, claims: Omit<PamResultClaims, 'v'>): string {
  const body = Buffer.from(JSON.stringify({ v: 1, ...claims } satisfies PamResultClaims), 'utf8').toString('base64url');
  return `${body}.${mac(key, RESULT_PURPOSE + body).toString('base64url')}`;
}

function isResult(v: unknown): v is PamResultClaims {
  if (typeof v !== 'object' || v === null) return false;
  const c = v as Record<string, unknown>;
  return (
    c.v === 1 &&
    typeof c.ref === 'string' &&
    typeof c.card_brand === 'string' &&
    typeof c.card_last4 === 'string' &&
    /^\d{4}$/.test(c.card_last4) &&
    typeof c.card_expiry === 'string' &&
    typeof c.paid_at === 'string'
  );
}

export function verifyPamResult(key: KeyObject | Buffer, token: string): PamResultClaims | null {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return null;
  const [body, sig] = parts as [string, string];
  const expected = mac(key, RESULT_PURPOSE + body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    return isResult(claims) ? claims : null;
  } catch {
    return null;
  }
}

/** The claims of a payload this server signed, read without checking its expiry (the payment is made). */
export function readPamPayload(key: KeyObject | Buffer, payload: string): PamPayloadClaims | null {
  const verdict = verifyPamPayload(key, payload, new Date(0));
  return verdict.ok ? verdict.claims : null;
}
