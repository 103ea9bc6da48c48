// Professional verification (§3, §4, §5, §6, §8): the sso token a request must carry, and what becomes
// of a request. Pure logic over repository reads and writes; no SQL here.
import { createHmac, randomUUID, timingSafeEqual, type KeyObject } from 'node:crypto';
import {
  type IssueDateWindow,
  type ProfessionalRequest,
  type ProfessionalRequestStatus,
  issueDateWindow,
  normaliseProfessionalRequest,
} from '../../contract/professional.ts';
import type { ProfessionalRequestRowStatus } from '../repo/professional-requests.ts';
import type { Store } from '../repo/repos.ts';

// ---------------------------------------------------------------- the sso token (§6)

/** A token is good for this long after it is issued. */
export const SSO_TOKEN_TTL_MINUTES = 10;
const AUDIENCE = 'professional_request';

interface SsoClaims {
  sub: string;
  aud: string;
  jti: string;
  /** Seconds since the epoch, as in a JWT. */
  iat: number;
  exp: number;
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' }), 'utf8').toString('base64url');

function mac(body: string, key: KeyObject | Buffer): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

/** A compact JWT (HS256) naming the user, for the professional request only. */
export function issueSsoToken(
  userId: string,
  now: Date,
  /** SSO_SIGNING_KEY, or the key every instance shares (server/keys.ts). */
  key: KeyObject | Buffer,
): { token: string; expiresAt: Date } {
  const iat = Math.floor(now.getTime() / 1000);
  const claims: SsoClaims = {
    sub: userId,
    aud: AUDIENCE,
    jti: randomUUID(),
    iat,
    exp: iat + SSO_TOKEN_TTL_MINUTES * 60,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url')}`;
  return { token: `${body}.${mac(body, key).toString('base64url')}`, expiresAt: new Date(claims.exp * 1000) };
}

function isClaims(x: unknown): x is SsoClaims {
  if (typeof x !== 'object' || x === null) return false;
  const c = x as Record<string, unknown>;
  return (
    typeof c.sub === 'string' && typeof c.aud === 'string' && typeof c.iat === 'number' && typeof c.exp === 'number'
  );
}

/** Whether the token is one this server signed for `userId`, and has not expired. */
export function isSsoTokenOf(token: string, userId: string, now: Date, key: KeyObject | Buffer): boolean {
  const parts = token.split('.');
  if (parts.length !== 3) return false;
  const [header, payload, signature] = parts as [string, string, string];
  if (header !== HEADER) return false;
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(`${header}.${payload}`, key);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return false;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return false;
  }
  if (!isClaims(claims)) return false;
  const seconds = now.getTime() / 1000;
  return claims.sub === userId && claims.aud === AUDIENCE && claims.exp > seconds;
}

// ---------------------------------------------------------------- §5 issue dates

const HOUR = 3_600_000;
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * §5 "up to today" is the payer's today, which the server does not know: it accepts the days that are
 * today somewhere on Earth (UTC-12 to UTC+14), so a date the page accepted is never refused here.
 */
export function serverIssueDateWindow(now: Date): IssueDateWindow {
  return {
    from: issueDateWindow(utcDay(now.getTime() - 12 * HOUR)).from,
    to: utcDay(now.getTime() + 14 * HOUR),
  };
}

// ---------------------------------------------------------------- requests

export type ProfessionalOutcome =
  | { kind: 'facility_unknown' }
  | { kind: 'answered'; status: ProfessionalRequestStatus; facilityId: number; facilityName: string };

/**
 * §4/§8: EXISTED when the payer already has a pending request for the facility (nothing stored);
 * FAILED, stored as refused, when another payer's pending request names the same bar number of the
 * same state; otherwise PENDING, stored for review. One transaction: two requests at once cannot
 * both be new.
 */
export async function saveProfessionalRequest(
  store: Store,
  userId: string,
  request: ProfessionalRequest,
  now: Date,
): Promise<ProfessionalOutcome> {
  const r = normaliseProfessionalRequest(request);
  const facility = await store.repos.facilities.findById(r.facilityId);
  if (!facility) return { kind: 'facility_unknown' };
  const answered = (status: ProfessionalRequestStatus): ProfessionalOutcome => ({
    kind: 'answered',
    status,
    facilityId: facility.id,
    facilityName: facility.label,
  });
  return store.transaction(async (repos) => {
    const requests = repos.professionalRequests;
    if (await requests.hasPending(userId, facility.id)) return answered('EXISTED');
    const status: ProfessionalRequestRowStatus = (await requests.barNumberClaimedByOther(
      userId,
      r.barNumber,
      r.issueState,
    ))
      ? 'FAILED'
      : 'PENDING';
    await requests.insert({
      user_id: userId,
      facility_id: facility.id,
      bar_number: r.barNumber,
      issue_state: r.issueState,
      issue_date: r.issueDate,
      business_phone: r.businessPhone,
      phone_ext: r.phoneEx,
      status,
      created_at: now.toISOString(),
    });
    return answered(status);
  });
}
