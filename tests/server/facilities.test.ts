import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AllowedCountriesResponse,
  FacilityListResponse,
  FacilityResponse,
  StateListResponse,
} from '../../contract/api.ts';
import { SANCTIONED_COUNTRIES } from '../../contract/constants.ts';
import { CA_PROVINCES, US_STATES } from '../../contract/regions.ts';
import { DIRECTORY_TTL_MS, ttlCache } from '../../server/domain/directory.ts';
import { Client, fixedClock, startServer, type TestServer } from './helpers.ts';

let server: TestServer;
let c: Client;

beforeAll(async () => {
  server = await startServer();
  c = new Client(server.app);
});
afterAll(async () => {
  await server.dispose();
});

describe('GET /pay/allowed_countries', () => {
  it('lists only allowed, unsanctioned countries in their sort order', async () => {
    const res = await c.get<AllowedCountriesResponse>('/pay/allowed_countries');
    expect(res.status).toBe(200);
    expect(res.body.countries.map((x) => x.code)).toEqual(['US', 'CA']);
    expect(res.body.countries[0]).toMatchObject({
      allowed: true,
      country: 'United States',
      country_code: '1',
      sort: 1,
    });
  });

  it('leaves out sanctioned countries even when the data marks them allowed', async () => {
    const res = await c.get<AllowedCountriesResponse>('/pay/allowed_countries');
    for (const code of SANCTIONED_COUNTRIES) expect(res.body.countries.map((x) => x.code)).not.toContain(code);
  });
});

describe('GET /pay/get_state_list', () => {
  it('lists US states and Canadian provinces', async () => {
    const us = await c.get<StateListResponse>('/pay/get_state_list?country=US');
    expect(us.status).toBe(200);
    expect(us.body.states.map((s) => s.code).sort()).toEqual(US_STATES.map((s) => s.code).sort());
    expect(us.body.states).toContainEqual({ code: 'TX', name: 'Texas' });
    const ca = await c.get<StateListResponse>('/pay/get_state_list?country=CA');
    expect(ca.body.states.map((s) => s.code).sort()).toEqual(CA_PROVINCES.map((s) => s.code).sort());
  });

  it('refuses an unsupported, sanctioned, malformed or missing country with 400', async () => {
    for (const q of ['country=MX', 'country=CU', 'country=IR', 'country=ZZ']) {
      const res = await c.get(`/pay/get_state_list?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body).toEqual({ errors: { country: 'VALIDATION.INVALID_ENTRY' } });
    }
    for (const q of ['country=us', 'country=USA', 'country=US&country=CA', '']) {
      const res = await c.get(`/pay/get_state_list?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys((res.body as { errors: object }).errors)).toEqual(['country']);
    }
  });
});

describe('GET /pay/get_fac_list', () => {
  it('lists the facilities of one state, sorted by label', async () => {
    const res = await c.get<FacilityListResponse>('/pay/get_fac_list?facility_state=TX&country=US');
    expect(res.status).toBe(200);
    const labels = res.body.facilities.map((f) => f.label);
    expect(labels).toEqual([...labels].sort());
    expect(res.body.facilities.map((f) => f.id).sort()).toEqual([1001, 1002, 1003, 1004, 3001]);
    for (const f of res.body.facilities) expect(f).toMatchObject({ state: 'TX', country: 'US' });
  });

  it('defaults the country to US and lists Canadian provinces', async () => {
    const ga = await c.get<FacilityListResponse>('/pay/get_fac_list?facility_state=GA');
    expect(ga.body.facilities.map((f) => f.id)).toEqual([1102, 1101, 1103]);
    const on = await c.get<FacilityListResponse>('/pay/get_fac_list?facility_state=ON&country=CA');
    expect(on.body.facilities).toEqual([
      { id: 4001, label: 'Toronto South Detention Centre', state: 'ON', country: 'CA' },
    ]);
  });

  it('answers an empty list for a state without facilities', async () => {
    const res = await c.get<FacilityListResponse>('/pay/get_fac_list?facility_state=VT&country=US');
    expect(res).toMatchObject({ status: 200, body: { facilities: [] } });
  });

  it('refuses bad parameters with 400', async () => {
    const cases: [string, string][] = [
      ['', 'facility_state'],
      ['facility_state=ZZ', 'facility_state'],
      ['facility_state=tx', 'facility_state'],
      ['facility_state=ON&country=US', 'facility_state'],
      ['facility_state=TX&country=MX', 'country'],
      ['facility_state=TX&country=CU', 'country'],
      ['facility_state=TX&facility_state=GA', 'facility_state'],
    ];
    for (const [q, field] of cases) {
      const res = await c.get(`/pay/get_fac_list?${q}`);
      expect(res.status, q).toBe(400);
      expect(Object.keys((res.body as { errors: object }).errors), q).toEqual([field]);
    }
  });
});

describe('GET /pay/facility/{id}', () => {
  it('answers the whole facility', async () => {
    const res = await c.get<FacilityResponse>('/pay/facility/1002');
    expect(res.status).toBe(200);
    expect(res.body.facility).toEqual({
      id: 1002,
      label: 'Travis County Correctional Complex',
      country: 'US',
      state: 'TX',
      deposit_types: {
        flex: { enabled: true, verified: true },
        dest: { enabled: true, verified: true },
        trust: { enabled: true, verified: true },
      },
      flex_disabled: false,
      fnf_prepaid_enabled: true,
      is_juve: false,
      is_ice: false,
      is_canada: false,
      is_standard: true,
      deposit_limits: { min: 20, max: 100 },
      pam_enabled: false,
      fcc_regulated: false,
      tablet_only_fac: false,
      touch_pay_enabled: false,
      inmate_label: 'Inmate',
      rules: { trust_redirect_url: null, trust_third_party: false, prepaid_to_trust: false },
    });
  });

  it('§6: adds the configured facility rules (trust redirect 1003, third-party trust 1102, prepaid to trust 1103)', async () => {
    const rules = async (id: number) => (await c.get<FacilityResponse>(`/pay/facility/${id}`)).body.facility.rules;
    expect(await rules(1003)).toEqual({
      trust_redirect_url: 'https://trust.example.com/deposit',
      trust_third_party: false,
      prepaid_to_trust: false,
    });
    expect(await rules(1102)).toMatchObject({ trust_redirect_url: null, trust_third_party: true });
    expect(await rules(1103)).toMatchObject({ prepaid_to_trust: true });
  });

  it('keeps the kinds apart', async () => {
    const kind = async (id: number) => (await c.get<FacilityResponse>(`/pay/facility/${id}`)).body.facility;
    expect(await kind(2001)).toMatchObject({ is_juve: true, is_standard: false, inmate_label: 'Resident' });
    expect(await kind(3001)).toMatchObject({ is_ice: true, is_standard: false, inmate_label: 'Detainee' });
    expect(await kind(4002)).toMatchObject({ is_canada: true, country: 'CA', state: 'BC' });
    expect(await kind(1401)).toMatchObject({ deposit_limits: { min: 50, max: 20 } });
  });

  it('answers 400 for an id that is not a number', async () => {
    for (const id of ['abc', '-1', '1.5', '1e3', '%20']) {
      const res = await c.get(`/pay/facility/${id}`);
      expect(res.status, id).toBe(400);
      expect(res.body).toEqual({ errors: { facility_id: 'VALIDATION.MUST_BE_NUMERIC' } });
    }
  });

  it('answers 404 ERROR.FACILITY_NOT_FOUND for an unknown id', async () => {
    const res = await c.get('/pay/facility/999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' } });
  });
});

// docs/decisions/0056: the directory is kept a short time by each instance; a change made in the
// database (by the operator, or through another instance) is answered within DIRECTORY_TTL_MS.
describe('the facility directory kept by an instance', () => {
  it('shares one read among requests at once, and keeps no failed read', async () => {
    const cached = ttlCache<number>({ ttlMs: 10, max: 2, now: fixedClock().now });
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([cached('a', read), cached('a', read)])).toEqual([1, 1]);
    await expect(cached('b', async () => Promise.reject(new Error('database unavailable')))).rejects.toThrow();
    expect(await cached('b', read)).toBe(2);
  });

  it('answers from what it read, and sees a change within DIRECTORY_TTL_MS', async () => {
    const clock = fixedClock();
    const own = await startServer({ now: clock.now });
    try {
      const payer = new Client(own.app);
      const list = async () =>
        (await payer.get<FacilityListResponse>('/pay/get_fac_list?facility_state=TX&country=US')).body.facilities;
      const states = async () => (await payer.get<StateListResponse>('/pay/get_state_list?country=US')).body.states;
      const before = await list();
      const [first] = before;
      if (!first) throw new Error('no facility in TX');
      const facility = async () => (await payer.get<FacilityResponse>(`/pay/facility/${first.id}`)).body.facility;
      expect((await facility()).label).toBe(first.label);
      const texas = (await states()).find((s) => s.code === 'TX');

      await own.query('UPDATE facilities SET label = ? WHERE id = ?', ['Renamed County Jail', first.id]);
      await own.query(`UPDATE regions SET name = ? WHERE country = 'US' AND code = 'TX'`, ['Tejas']);
      clock.advance(DIRECTORY_TTL_MS - 1);
      expect(await list()).toEqual(before);
      expect((await facility()).label).toBe(first.label);
      expect((await states()).find((s) => s.code === 'TX')).toEqual(texas);

      clock.advance(1);
      expect((await list()).find((f) => f.id === first.id)?.label).toBe('Renamed County Jail');
      expect((await facility()).label).toBe('Renamed County Jail');
      expect((await states()).find((s) => s.code === 'TX')?.name).toBe('Tejas');
    } finally {
      await own.dispose();
    }
  });
});
