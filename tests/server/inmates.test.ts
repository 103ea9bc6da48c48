import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchInmatesResponse } from '../../contract/api.ts';
import { DEFAULT_SEARCH_KEEP_MS } from '../../server/config.ts';
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

const search = (q: string) => c.get<SearchInmatesResponse>(`/pay/search_inmates?${q}`);
const special = (q: string) => c.get<SearchInmatesResponse>(`/pay/search_inmates_special?${q}`);
const ids = (r: { body: SearchInmatesResponse }) => r.body.inmates.map((i) => i.id);
const names = (r: { body: SearchInmatesResponse }) => r.body.inmates.map((i) => `${i.first_name} ${i.last_name}`);

describe('GET /pay/search_inmates', () => {
  it('matches a first or last name prefix, case-insensitively, within the facility', async () => {
    const res = await search('facility_id=1001&name_query=SMI');
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['Ana Smith', 'John Smith', 'Johnny Smithers']);
    expect(res.body).toMatchObject({ total: 3, page: 1, per_page: 6 });
    // 100020 is another John Smith, at facility 1002.
    expect(ids(res)).not.toContain('100020');
    expect(names(await search('facility_id=1001&name_query=john'))).toEqual([
      'James Johnson',
      'John Smith',
      'Johnny Smithers',
    ]);
  });

  it('matches "first last" and "last, first" as two prefixes', async () => {
    expect(ids(await search('facility_id=1001&name_query=john%20smith'))).toEqual(['100001', '100002']);
    expect(ids(await search('facility_id=1001&name_query=Jo%20%20Smith%20'))).toEqual(['100001', '100002']);
    expect(ids(await search('facility_id=1001&name_query=johnny%20s'))).toEqual(['100002']);
    expect(ids(await search('facility_id=1001&name_query=smith%2C%20john'))).toEqual(['100001', '100002']);
    expect(ids(await search('facility_id=1001&name_query=SMITHERS%2CJOHN'))).toEqual(['100002']);
    expect(ids(await search('facility_id=1001&name_query=smith%2C'))).toEqual(['100005', '100001', '100002']);
    expect((await search('facility_id=1001&name_query=smith%20john')).body.total).toBe(0);
  });

  it('answers every inmate field with a derived age', async () => {
    const res = await search('facility_id=1001&name_query=maria%20garcia');
    expect(res.body.inmates).toHaveLength(1);
    const [maria] = res.body.inmates;
    expect(maria).toMatchObject({
      id: '100003',
      facility_id: 1001,
      first_name: 'Maria',
      last_name: 'Garcia',
      fraud_flag: false,
      photo_url: null,
    });
    expect(maria?.age).toBeGreaterThan(18);
    expect(maria?.booking_code).toMatch(/^\d{4}-\d{8}$/);
  });

  it('shows fraud-flagged inmates with their flag (the deposit is what is refused)', async () => {
    const res = await search('facility_id=1001&name_query=victor');
    expect(res.body.inmates).toEqual([
      expect.objectContaining({ id: '100004', last_name: 'Delgado', fraud_flag: true }),
    ]);
  });

  it('pages six at a time, sorted by last then first name', async () => {
    const p1 = await search('facility_id=1001&name_query=williams');
    expect(p1.body.total).toBe(8);
    expect(names(p1)).toEqual(['Aaron', 'Brenda', 'Carlos', 'Diane', 'Eric', 'Fatima'].map((f) => `${f} Williams`));
    const p2 = await search('facility_id=1001&name_query=williams&page=2');
    expect(names(p2)).toEqual(['George Williams', 'Hannah Williams']);
    expect(p2.body.page).toBe(2);
    const p3 = await search('facility_id=1001&name_query=williams&page=3');
    expect(p3.body).toMatchObject({ inmates: [], total: 8, page: 3 });
  });

  it('treats LIKE wildcards as plain characters', async () => {
    expect((await search('facility_id=1001&name_query=%25%25')).body.total).toBe(0);
    expect((await search('facility_id=1001&name_query=__')).body.total).toBe(0);
    expect((await search('facility_id=1001&name_query=s%25')).body.total).toBe(0);
  });

  it('needs a name of at least 2 characters', async () => {
    expect((await search('facility_id=1001&name_query=j')).body).toEqual({
      errors: { name_query: 'VALIDATION.KEEP_TYPING' },
    });
    expect((await search('facility_id=1001&name_query=%20j%20')).status).toBe(400);
    expect((await search('facility_id=1001')).body).toEqual({ errors: { name_query: 'VALIDATION.REQUIRED' } });
    expect((await search(`facility_id=1001&name_query=${'a'.repeat(61)}`)).status).toBe(400);
    expect((await search('facility_id=1001&name_query=ab&name_query=cd')).status).toBe(400);
  });

  it('needs a numeric, existing, standard facility', async () => {
    expect((await search('name_query=smith')).body).toEqual({ errors: { facility_id: 'VALIDATION.MUST_BE_NUMERIC' } });
    expect((await search('facility_id=abc&name_query=smith')).status).toBe(400);
    expect((await search('facility_id=999999&name_query=smith')).body).toEqual({
      errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' },
    });
    for (const id of [2001, 3001, 4001]) {
      const res = await search(`facility_id=${id}&name_query=smith`);
      expect(res.status, String(id)).toBe(400);
      expect(res.body).toEqual({ errors: { facility_id: 'VALIDATION.INVALID_ENTRY' } });
    }
  });

  it('refuses a bad page', async () => {
    for (const p of ['0', 'x', '-1', '1.5', '99999']) {
      expect((await search(`facility_id=1001&name_query=smith&page=${p}`)).status, p).toBe(400);
    }
  });
});

describe('GET /pay/search_inmates_special', () => {
  it('finds juvenile residents by booking code prefix or exact code', async () => {
    expect(ids(await special('facility_id=2001&booking_code=J24'))).toEqual(['100040', '100041']);
    expect(ids(await special('facility_id=2001&booking_code=j24-0017'))).toEqual(['100040']);
  });

  it('finds Canadian inmates by booking code', async () => {
    expect(ids(await special('facility_id=4001&booking_code=TSDC-1002'))).toEqual(['100051', '100050']);
    expect(ids(await special('facility_id=4002&booking_code=NFPC-22017'))).toEqual(['100052']);
  });

  it('never answers inmates of another facility', async () => {
    expect((await special('facility_id=4002&booking_code=TSDC-100245')).body.total).toBe(0);
    expect((await special('facility_id=2001&booking_code=TSDC')).body.total).toBe(0);
  });

  it('needs a booking code of at least 2 characters', async () => {
    expect((await special('facility_id=2001&booking_code=J')).body).toEqual({
      errors: { booking_code: 'VALIDATION.KEEP_TYPING' },
    });
    expect((await special('facility_id=4001')).body).toEqual({ errors: { booking_code: 'VALIDATION.REQUIRED' } });
  });

  it('finds ICE detainees by A-number and the first letters of the last name', async () => {
    expect(ids(await special('facility_id=3001&name_query=A123456789&inmate_last_name=Her'))).toEqual(['100030']);
    expect(ids(await special('facility_id=3001&name_query=123456789&inmate_last_name=he'))).toEqual(['100030']);
    expect(ids(await special('facility_id=3001&name_query=a12345&inmate_last_name=HAS'))).toEqual(['100032']);
    expect((await special('facility_id=3001&name_query=A123456789&inmate_last_name=Pet')).body.total).toBe(0);
  });

  it('checks the A-number and last-name prefix', async () => {
    const cases: [string, object][] = [
      ['name_query=A&inmate_last_name=Her', { name_query: 'VALIDATION.KEEP_TYPING' }],
      ['name_query=A1&inmate_last_name=Her', { name_query: 'VALIDATION.KEEP_TYPING' }],
      ['name_query=B123&inmate_last_name=Her', { name_query: 'VALIDATION.INVALID_ENTRY' }],
      ['name_query=A123', { inmate_last_name: 'VALIDATION.REQUIRED' }],
      ['name_query=A123&inmate_last_name=H', { inmate_last_name: 'VALIDATION.KEEP_TYPING' }],
      ['name_query=A123&inmate_last_name=Hern', { inmate_last_name: 'VALIDATION.TOO_MANY' }],
      ['name_query=A123&inmate_last_name=H1', { inmate_last_name: 'VALIDATION.INVALID_ENTRY' }],
    ];
    for (const [q, errors] of cases) {
      const res = await special(`facility_id=3001&${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body, q).toEqual({ errors });
    }
  });

  it('refuses a standard facility and a bad facility id', async () => {
    expect((await special('facility_id=1001&booking_code=2024')).body).toEqual({
      errors: { facility_id: 'VALIDATION.INVALID_ENTRY' },
    });
    expect((await special('facility_id=x&booking_code=2024')).status).toBe(400);
    expect((await special('facility_id=999999&booking_code=2024')).status).toBe(400);
  });
});

// docs/decisions/0062: a search page is kept a few seconds by each instance; a booking, a release or a
// fraud flag written to the database (by the operator, or through another instance) shows within
// DEFAULT_SEARCH_KEEP_MS.
describe('search pages kept by an instance', () => {
  it('answers a search again from what it read, and sees a change within DEFAULT_SEARCH_KEEP_MS', async () => {
    const clock = fixedClock();
    const own = await startServer({ now: clock.now });
    try {
      const payer = (client: Client) => async (q: string) =>
        (await client.get<SearchInmatesResponse>(`/pay/search_inmates?${q}`)).body;
      const one = payer(new Client(own.app));
      const another = payer(new Client(own.app));
      const before = await one('facility_id=1001&name_query=smi');
      expect(before.inmates.map((i) => `${i.first_name} ${i.last_name}`)).toEqual([
        'Ana Smith',
        'John Smith',
        'Johnny Smithers',
      ]);
      // A release (the person leaves the facility), a fraud flag and a new booking of a Smith.
      await own.query(`UPDATE inmates SET facility_id = 1002 WHERE id = '100002'`);
      await own.query(`UPDATE inmates SET fraud_flag = 1 WHERE id = '100001'`);
      await own.query(`UPDATE inmates SET last_name = 'Smithson', last_lower = 'smithson' WHERE id = '100003'`);

      clock.advance(DEFAULT_SEARCH_KEEP_MS - 1);
      // The same page for every payer who asks it, a typing of it that reads the same included.
      expect(await one('facility_id=1001&name_query=smi')).toEqual(before);
      expect(await another('facility_id=1001&name_query=SMI%20')).toEqual(before);

      clock.advance(1);
      const after = await another('facility_id=1001&name_query=smi');
      expect(after.inmates.map((i) => [i.id, i.last_name, i.fraud_flag])).toEqual([
        ['100005', 'Smith', false],
        ['100001', 'Smith', true],
        ['100003', 'Smithson', false],
      ]);
      expect(after.total).toBe(3);
    } finally {
      await own.dispose();
    }
  });

  it('keeps none when searchKeepMs is 0: each search reads the database', async () => {
    const own = await startServer({ config: { searchKeepMs: 0 } });
    try {
      const client = new Client(own.app);
      const q = '/pay/search_inmates?facility_id=1001&name_query=smi';
      expect((await client.get<SearchInmatesResponse>(q)).body.total).toBe(3);
      await own.query(`UPDATE inmates SET facility_id = 1002 WHERE id = '100002'`);
      expect((await client.get<SearchInmatesResponse>(q)).body.total).toBe(2);
    } finally {
      await own.dispose();
    }
  });
});
