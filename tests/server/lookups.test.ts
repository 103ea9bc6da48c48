// The five §7 calls served last (docs/decisions/0059): the analytics client id kept on the session, one
// person of the session's facility by id, the search of that facility readied, one allowed country, and
// the payer's own phone accounts for a number. Good input, bad input, the wrong user and no session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PATHS,
  type CountryResponse,
  type ErrorBody,
  type InmateResponse,
  type PrimeInmateCacheResponse,
  type SetGaClientIdResponse,
} from '../../contract/api.ts';
import { ACCOUNT_PATHS, type DestinationOwnersResponse, type LoginResponse } from '../../contract/accounts.ts';
import { DIRECTORY_TTL_MS } from '../../server/domain/directory.ts';
import {
  BEN,
  UNAUTHORIZED,
  signedInTemplate,
  startSignedIn,
  type SignedInServer,
  type SignedInTemplate,
} from './account-helpers.ts';
import { Client, fixedClock, logCapture, newClient } from './helpers.ts';

const clock = fixedClock();
const logs = logCapture();
let template: SignedInTemplate;
let server: SignedInServer;

beforeAll(async () => {
  template = await signedInTemplate({ now: clock.now });
  server = await startSignedIn(template, { now: clock.now, logger: { level: 'trace', stream: logs.stream } });
});
afterAll(async () => {
  await server?.dispose();
  await template?.dispose();
});

const guest = () => newClient(server.app);
const NOT_FOUND = { errors: { form: 'ERROR.NOT_FOUND' } };

describe('POST /pay/set_ga_client_id', () => {
  const stored = (sid: string) =>
    server.query<{ ga_client_id: string }>('SELECT ga_client_id FROM session_analytics WHERE session_id = ?', [sid]);

  it("keeps a client id (or the _ga cookie's) on the session only, replaced by the next, never logged", async () => {
    const a = await guest();
    const b = await guest();
    const set = (c: Client, id: string) => c.post<SetGaClientIdResponse>(PATHS.setGaClientId, { ga_client_id: id });
    expect(await set(a, '1234567890.1700000001')).toMatchObject({ status: 200, body: { success: true } });
    expect(await stored(a.sid)).toEqual([{ ga_client_id: '1234567890.1700000001' }]);
    await set(a, 'GA1.1.987654321.1700000002');
    expect(await stored(a.sid)).toEqual([{ ga_client_id: '987654321.1700000002' }]);
    // Another browser's session is its own; the first keeps its id.
    await set(b, '55.66');
    expect(await stored(a.sid)).toEqual([{ ga_client_id: '987654321.1700000002' }]);
    expect(await stored(b.sid)).toEqual([{ ga_client_id: '55.66' }]);
    expect(logs.text()).not.toContain('987654321');
    // §7 GET /state/all?ga_client_id keeps it the same way, and refuses what the call refuses.
    expect((await b.get(`${PATHS.stateAll}?ga_client_id=GA1.2.345.678`)).status).toBe(200);
    expect(await stored(b.sid)).toEqual([{ ga_client_id: '345.678' }]);
    expect((await b.get(`${PATHS.stateAll}?ga_client_id=ana%40example.com`)).body).toEqual({
      errors: { ga_client_id: 'VALIDATION.INVALID_ENTRY' },
    });
    await set(b, '55.66');
    // Signing in keeps it with the session (it follows the session's new id), not with the payer.
    const before = b.sid;
    const login = await b.post<LoginResponse>(ACCOUNT_PATHS.login, { email: BEN.email, password: BEN.password });
    expect(login.status).toBe(200);
    expect(b.sid).not.toBe(before);
    expect(await stored(before)).toEqual([]);
    expect(await stored(b.sid)).toEqual([{ ga_client_id: '55.66' }]);
    expect(JSON.stringify(await server.query('SELECT * FROM users'))).not.toContain('55.66');
  });

  it('refuses an id of another shape, a missing one and a request without a session', async () => {
    const c = await guest();
    for (const bad of ['ana@example.com', '5125550101', 'GA1.1.abc.def', '1.2.3', ' 1.2']) {
      const res = await c.post<ErrorBody>(PATHS.setGaClientId, { ga_client_id: bad });
      expect(res).toMatchObject({ status: 400, body: { errors: { ga_client_id: 'VALIDATION.INVALID_ENTRY' } } });
    }
    expect((await c.post<ErrorBody>(PATHS.setGaClientId, {})).body).toEqual({
      errors: { ga_client_id: 'VALIDATION.REQUIRED' },
    });
    expect((await c.post(PATHS.setGaClientId, { ga_client_id: 12.5 })).status).toBe(400);
    expect(await stored(c.sid)).toEqual([]);
    const none = new Client(server.app);
    expect((await none.post(PATHS.setGaClientId, { ga_client_id: '1.2' })).status).toBe(403);
  });
});

describe('GET /pay/inmate/{inmateId}', () => {
  it("answers a person of the session's facility as its search shows them", async () => {
    const c = await guest();
    await c.save({ facility_id: 1001 });
    const search = await c.get<{ inmates: InmateResponse['inmate'][] }>(
      `${PATHS.searchInmates}?facility_id=1001&name_query=John%20Smith`,
    );
    const shown = search.body.inmates.find((i) => i.id === '100001');
    const res = await c.get<InmateResponse>(PATHS.inmate('100001'));
    expect(res.status).toBe(200);
    expect(res.body.inmate).toEqual(shown);
    expect(res.body.inmate).toMatchObject({ id: '100001', facility_id: 1001, last_name: 'Smith', age: 41 });
  });

  it("does not show anyone outside the session's facility, nor an ICE detainee the payer has not chosen", async () => {
    const c = await guest();
    const missing = { errors: { deposit_inmate_id: 'ERROR.INMATE_NOT_FOUND' } };
    // No facility chosen yet (a new session too).
    expect((await c.get<ErrorBody>(PATHS.inmate('100001'))).body).toEqual({
      errors: { facility_id: 'VALIDATION.REQUIRED' },
    });
    expect((await new Client(server.app).get(PATHS.inmate('100001'))).status).toBe(400);
    await c.save({ facility_id: 1002 });
    expect(await c.get(PATHS.inmate('100001'))).toMatchObject({ status: 404, body: missing });
    expect(await c.get(PATHS.inmate('999999'))).toMatchObject({ status: 404, body: missing });
    for (const bad of ['a%20b', 'x'.repeat(41), '%3Cscript%3E']) {
      const res = await c.get(PATHS.inmate(bad));
      expect(res).toMatchObject({ status: 400, body: { errors: { deposit_inmate_id: 'VALIDATION.INVALID_ENTRY' } } });
    }
    // ICE: an id is shown only once the payer chose that person (found by A-number and last name).
    await c.save({ facility_id: 3001 });
    expect(await c.get(PATHS.inmate('100030'))).toMatchObject({ status: 404, body: missing });
    await c.save({ deposit_inmate_id: '100030' });
    expect((await c.get<InmateResponse>(PATHS.inmate('100030'))).body.inmate.last_name).toBe('Hernandez');
    expect(await c.get(PATHS.inmate('100031'))).toMatchObject({ status: 404, body: missing });
    // Another browser on the same facility has chosen nobody.
    const other = await guest();
    await other.save({ facility_id: 3001 });
    expect((await other.get(PATHS.inmate('100030'))).status).toBe(404);
  });
});

describe('GET /pay/prime_inmate_cache', () => {
  it("readies the session's facility's search once per 30 seconds on this server", async () => {
    const c = await guest();
    await c.save({ facility_id: 1003 });
    const prime = () => c.get<PrimeInmateCacheResponse>(PATHS.primeInmateCache);
    expect(await prime()).toMatchObject({ status: 200, body: { success: true, facility_id: 1003, warmed: true } });
    // Another session on the same facility finds it ready.
    const other = await guest();
    await other.save({ facility_id: 1003 });
    expect((await other.get<PrimeInmateCacheResponse>(PATHS.primeInmateCache)).body.warmed).toBe(false);
    clock.advance(DIRECTORY_TTL_MS);
    expect((await prime()).body.warmed).toBe(true);
    // Each kind of search: booking codes and A-numbers.
    for (const facility_id of [2001, 3001]) {
      await c.save({ facility_id });
      expect((await prime()).body).toEqual({ success: true, facility_id, warmed: true });
    }
  });

  it('refuses a session without a facility, and a facility that is gone', async () => {
    const c = await guest();
    expect(await c.get(PATHS.primeInmateCache)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'VALIDATION.REQUIRED' } },
    });
    expect((await new Client(server.app).get(PATHS.primeInmateCache)).status).toBe(400);
    await c.save({ facility_id: 1004 });
    await server.query(
      "UPDATE form_states SET fields_json = replace(fields_json, '1004', '9999') WHERE session_id = ?",
      [c.sid],
    );
    expect((await c.get(PATHS.primeInmateCache)).body).toEqual({ errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' } });
  });
});

describe('GET /pay/country/{countryCode}', () => {
  it('answers a country of the allowed list, and 404 for any other code', async () => {
    const c = new Client(server.app);
    const us = await c.get<CountryResponse>(PATHS.country('US'));
    expect(us.status).toBe(200);
    expect(us.body.country).toMatchObject({ code: 'US', country: 'United States', allowed: true });
    const all = await c.get<{ countries: unknown[] }>(PATHS.allowedCountries);
    expect(all.body.countries).toContainEqual((await c.get<CountryResponse>(PATHS.country('CA'))).body.country);
    // Not allowed (MX), sanctioned though the data says allowed (CU, IR), unknown, malformed.
    for (const code of ['MX', 'CU', 'IR', 'ZZ', 'us', 'USA', '1', 'U%20']) {
      const res = await c.get(PATHS.country(code));
      expect(res, code).toMatchObject({ status: 404, body: { errors: { country: 'ERROR.COUNTRY_NOT_FOUND' } } });
    }
  });
});

describe('POST /account/destinations/get_destination_owners', () => {
  const owners = (c: Client, body: unknown) =>
    c.post<DestinationOwnersResponse | ErrorBody>(ACCOUNT_PATHS.destinationOwners, body);

  it("answers the payer's own account for a number, and nothing of another payer's", async () => {
    expect(await owners(server.ana, { ani: '(512) 555-0101' })).toMatchObject({
      status: 200,
      body: { connected_mv_ids: [301] },
    });
    expect((await owners(server.ben, { ani: '7135550111' })).body).toEqual({ connected_mv_ids: [311] });
    // Ben's number asked by Ana, and a number nobody holds: one answer.
    const others = await owners(server.ana, { ani: '7135550111' });
    const nobody = await owners(server.ana, { ani: '5125559999' });
    expect(others).toMatchObject({ status: 404, body: NOT_FOUND });
    expect(nobody).toMatchObject({ status: 404, body: NOT_FOUND });
    // The SNAP row is hidden from every list (§9).
    expect((await owners(server.ana, { ani: 'SNAP5125550105' })).status).toBe(400);
  });

  it('refuses a malformed number, a guest and a request without a session', async () => {
    expect(await owners(server.ana, { ani: 'abc' })).toMatchObject({
      status: 400,
      body: { errors: { ani: 'VALIDATION.INVALID_ENTRY' } },
    });
    expect((await owners(server.ana, {})).body).toEqual({ errors: { ani: 'VALIDATION.REQUIRED' } });
    expect(await owners(await guest(), { ani: '5125550101' })).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect((await owners(new Client(server.app), { ani: '5125550101' })).status).toBe(403);
  });
});
