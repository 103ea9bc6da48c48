// Professional verification (§3 Professional request, §4 result, §5 Professional form, §6 sso token, §7,
// §8 outcomes): the facilities, the token, and the request with its rules and its owner check.
import { describe, expect, it } from 'vitest';
import type { StateAllResponse } from '../../contract/api.ts';
import {
  PROFESSIONAL_PATHS,
  type ProfessionalFacilitiesResponse,
  type ProfessionalRequest,
  type SaveProfessionalResponse,
  type SsoTokenResponse,
} from '../../contract/professional.ts';
import { FACILITIES } from '../../fixtures/samples.ts';
import { issueSsoToken } from '../../server/domain/professional.ts';
import { UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { type Client, MINUTE, fixedClock, newClient } from './helpers.ts';

const NOW = '2026-11-22T12:00:00.000Z';
const clock = fixedClock(NOW);
const current = useSignedInServer(clock, { before: () => clock.set(NOW) });

const TOKEN_REFUSED = { errors: { form: 'PROFESSIONAL.TOKEN_REFUSED' } };

async function token(c: Client): Promise<string> {
  const res = await c.get<SsoTokenResponse>(PROFESSIONAL_PATHS.ssoToken);
  expect(res.status).toBe(200);
  return res.body.sso_token;
}

function request(jwtToken: string, over: Partial<ProfessionalRequest> = {}): ProfessionalRequest {
  return {
    facilityId: 1001,
    barNumber: 'TX-24012345',
    issueState: 'TX',
    issueDate: '2015-06-01',
    businessPhone: '(512) 555-0140',
    phoneEx: '12',
    jwtToken,
    ...over,
  };
}

const save = (c: Client, body: unknown) => c.post<SaveProfessionalResponse>(PROFESSIONAL_PATHS.save, body);

/** The stored requests, straight from the database. */
function stored(): Promise<Record<string, unknown>[]> {
  return current().query(
    `SELECT u.email, r.facility_id, r.bar_number, r.issue_state, r.issue_date, r.business_phone, r.phone_ext,
       r.status FROM professional_requests r JOIN users u ON u.id = r.user_id ORDER BY r.id`,
  );
}

describe('GET /fusion/get_facility_for_professional_request', () => {
  it('lists every facility by label, none pending at first', async () => {
    const res = await current().ana.get<ProfessionalFacilitiesResponse>(PROFESSIONAL_PATHS.facilities);
    expect(res.status).toBe(200);
    const list = res.body.facilities;
    // Every facility of the sample data (fixtures/facilities.json).
    expect(list).toHaveLength(FACILITIES.length);
    expect(list.map((f) => f.label)).toEqual([...list.map((f) => f.label)].sort((a, b) => a.localeCompare(b)));
    expect(list.find((f) => f.id === 1001)).toEqual({
      id: 1001,
      label: 'Harris County Jail',
      state: 'TX',
      country: 'US',
      pending: false,
    });
    expect(list.every((f) => !f.pending)).toBe(true);
  });

  it("marks the facilities where the payer's own request is pending", async () => {
    const { ana, ben } = current();
    expect((await save(ana, request(await token(ana)))).body.status).toBe('PENDING');
    const pending = async (c: Client) =>
      (await c.get<ProfessionalFacilitiesResponse>(PROFESSIONAL_PATHS.facilities)).body.facilities
        .filter((f) => f.pending)
        .map((f) => f.id);
    expect(await pending(ana)).toEqual([1001]);
    expect(await pending(ben)).toEqual([]);
  });
});

describe('GET /auth/sso_token', () => {
  it('issues a short-lived token and keeps it in the form state (§6)', async () => {
    const c = current().ana;
    const res = await c.get<SsoTokenResponse>(PROFESSIONAL_PATHS.ssoToken);
    expect(res.status).toBe(200);
    expect(res.body.sso_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.expires_at).toBe('2026-11-22T12:10:00.000Z');
    const state = await c.get<StateAllResponse>('/state/all');
    expect(state.body.fields.sso_token).toBe(res.body.sso_token);
  });

  it('cannot be written by a form save', async () => {
    const c = current().ana;
    const saved = await c.save({ sso_token: 'forged' });
    expect(saved.fields.sso_token).toBe('');
  });
});

describe('POST /fusion/save_professional_request', () => {
  it('stores a new request as PENDING and names the facility', async () => {
    const c = current().ana;
    const res = await save(c, request(await token(c)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'PENDING', facility_id: 1001, facility_name: 'Harris County Jail' });
    expect(await stored()).toEqual([
      {
        email: 'ana@example.com',
        facility_id: 1001,
        bar_number: 'TX-24012345',
        issue_state: 'TX',
        issue_date: '2015-06-01',
        business_phone: '5125550140',
        phone_ext: '12',
        status: 'PENDING',
      },
    ]);
  });

  it('answers EXISTED for a second request at the same facility and stores nothing (§8)', async () => {
    const c = current().ana;
    const jwt = await token(c);
    await save(c, request(jwt));
    const again = await save(c, request(jwt, { barNumber: 'TX-999', issueDate: '2020-01-01' }));
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ status: 'EXISTED', facility_id: 1001, facility_name: 'Harris County Jail' });
    expect(await stored()).toHaveLength(1);
    // Another facility is a new request.
    expect((await save(c, request(jwt, { facilityId: '1002' }))).body.status).toBe('PENDING');
    expect(await stored()).toHaveLength(2);
  });

  it("answers FAILED when another payer's pending request holds the bar number, and keeps it as refused", async () => {
    const { ana, ben } = current();
    await save(ana, request(await token(ana)));
    const jwt = await token(ben);
    const res = await save(ben, request(jwt, { facilityId: 1002, barNumber: ' tx-24012345 ' }));
    expect(res.body).toEqual({
      status: 'FAILED',
      facility_id: 1002,
      facility_name: 'Travis County Correctional Complex',
    });
    expect((await stored()).map((r) => [r.email, r.facility_id, r.status])).toEqual([
      ['ana@example.com', 1001, 'PENDING'],
      ['ben@example.com', 1002, 'FAILED'],
    ]);
    // A refused request is not pending: the payer may ask again, with their own bar number.
    const retry = await save(ben, request(jwt, { facilityId: 1002, barNumber: 'TX-555' }));
    expect(retry.body.status).toBe('PENDING');
    // The same bar number of another state is another bar number; the payer's own may name many facilities.
    expect((await save(ben, request(jwt, { facilityId: 1101, issueState: 'GA' }))).body.status).toBe('PENDING');
    expect((await save(ana, request(await token(ana), { facilityId: 1003 }))).body.status).toBe('PENDING');
  });

  it.each([
    ['facilityId', '', 'VALIDATION.REQUIRED'],
    ['facilityId', 'abc', 'VALIDATION.INVALID_ENTRY'],
    ['facilityId', 9999, 'VALIDATION.INVALID_ENTRY'],
    ['barNumber', '  ', 'VALIDATION.REQUIRED'],
    ['barNumber', 'TX#1', 'VALIDATION.INVALID_ENTRY'],
    ['barNumber', 'A'.repeat(21), 'VALIDATION.TOO_MANY'],
    ['issueState', 'ZZ', 'VALIDATION.INVALID_ENTRY'],
    ['issueDate', '', 'VALIDATION.REQUIRED'],
    ['issueDate', '2026-11-24', 'PROFESSIONAL.PATTERN'],
    ['issueDate', '1926-11-21', 'PROFESSIONAL.PATTERN'],
    ['issueDate', '2015-02-30', 'PROFESSIONAL.PATTERN'],
    ['issueDate', '06/01/2015', 'PROFESSIONAL.PATTERN'],
    ['businessPhone', '', 'VALIDATION.REQUIRED'],
    ['businessPhone', '512555014', 'VALIDATION.KEEP_TYPING'],
    ['businessPhone', '51255501401', 'VALIDATION.TOO_MANY'],
    ['businessPhone', '512-555-O140', 'VALIDATION.INVALID_ENTRY'],
    ['phoneEx', '12a', 'VALIDATION.MUST_BE_NUMERIC'],
    ['phoneEx', '1234567', 'VALIDATION.TOO_MANY'],
    ['jwtToken', '', 'VALIDATION.REQUIRED'],
  ])('answers %s=%j with 400 and stores nothing', async (field, value, key) => {
    const c = current().ana;
    const res = await save(c, { ...request(await token(c)), [field]: value });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { [field]: key } });
    expect(await stored()).toEqual([]);
  });

  it('answers a body that is not an object, or a field that is, with 400', async () => {
    const c = current().ana;
    expect((await save(c, [1, 2])).status).toBe(400);
    const res = await save(c, { ...request(await token(c)), barNumber: { x: 1 } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { barNumber: 'VALIDATION.INVALID_ENTRY' } });
  });

  it('§5: takes issue dates from 100 years ago up to today wherever the payer is', async () => {
    const c = current().ana;
    const jwt = await token(c);
    // 12:00 UTC on 22 November: somewhere it is already the 23rd.
    for (const [facilityId, issueDate] of [
      [1001, '2026-11-22'],
      [1002, '2026-11-23'],
      [1003, '1926-11-22'],
    ] as const) {
      const res = await save(c, request(jwt, { facilityId, issueDate }));
      expect(res.status, issueDate).toBe(200);
    }
    // The optional fields may be left out.
    const bare = await save(c, request(jwt, { facilityId: 1004, issueState: '', phoneEx: '' }));
    expect(bare.body.status).toBe('PENDING');
  });

  it("refuses another payer's token with 403 and stores nothing (§6)", async () => {
    const { ana, ben } = current();
    const anasToken = await token(ana);
    const res = await save(ben, request(anasToken));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(TOKEN_REFUSED);
    expect(await stored()).toEqual([]);
  });

  it('refuses an expired, altered or foreign token', async () => {
    const c = current().ana;
    const jwt = await token(c);
    const [header, payload] = jwt.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
    const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
    const altered = `${header}.${longer}.${jwt.split('.')[2]}`;
    expect((await save(c, request(altered))).status).toBe(403);
    expect((await save(c, request('not-a-token'))).status).toBe(403);
    const userId = (claims as unknown as { sub: string }).sub;
    const foreign = issueSsoToken(userId, clock.now(), Buffer.alloc(32, 7)).token;
    expect((await save(c, request(foreign))).status).toBe(403);

    clock.advance(9 * MINUTE);
    expect((await save(c, request(jwt))).body.status).toBe('PENDING');
    clock.advance(MINUTE);
    const late = await save(c, request(jwt, { facilityId: 1002 }));
    expect(late.status).toBe(403);
    expect(late.body).toEqual(TOKEN_REFUSED);
    expect(await stored()).toHaveLength(1);
  });

  it('answers 401 to a guest on every call, before reading the request', async () => {
    const guest = await newClient(current().app);
    expect((await guest.get(PROFESSIONAL_PATHS.facilities)).status).toBe(401);
    const t = await guest.get(PROFESSIONAL_PATHS.ssoToken);
    expect(t.status).toBe(401);
    expect(t.body).toEqual(UNAUTHORIZED);
    const res = await save(guest, { nonsense: true });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
    expect(await stored()).toEqual([]);
  });
});
