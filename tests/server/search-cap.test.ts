// Recipient search at a real size (docs/decisions/0023): a search counts no further than its cap,
// says "more than N" past it, and pages through at most the cap's matches, six at a time (§9).
// The cap is small here (12) so that a few added people exceed it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchInmatesResponse } from '../../contract/api.ts';
import { openDatabase } from '../../server/db.ts';
import { createStore } from '../../server/repo/repos.ts';
import type { InmateRecord } from '../../server/repo/inmates.ts';
import { Client, startServer, type TestServer } from './helpers.ts';

const CAP = 12;
let server: TestServer;
let c: Client;

/** People added for these tests, at facilities of each kind; no fixture name or code shares their prefixes. */
function person(id: number, facility: number, first: string, last: string, code: string): InmateRecord {
  return {
    id: String(id),
    facility_id: facility,
    first_name: first,
    last_name: last,
    date_of_birth: '1990-01-01',
    book_date: '2026-01-01',
    booking_code: code,
    principal_code: `P${id}`,
    fraud_flag: false,
    photo_url: null,
  };
}

const FIRSTS = ['Ava', 'Ben', 'Cora', 'Dev', 'Eli', 'Fay', 'Gus', 'Hal', 'Ida', 'Jo', 'Kai', 'Lu', 'Mo', 'Ned', 'Oz'];

beforeAll(async () => {
  server = await startServer({ config: { searchCap: CAP } });
  c = new Client(server.app);
  const added: InmateRecord[] = [];
  // 15 Yarboroughs at Harris County (more than the cap), listed here out of name order.
  for (const [k, first] of [...FIRSTS].reverse().entries()) {
    added.push(person(900100 + k, 1001, first, 'Yarborough', `2024-9001${String(k).padStart(4, '0')}`));
  }
  // Exactly the cap of Quintanas; one person whose first and last names both start with "zeb".
  for (let k = 0; k < CAP; k += 1) {
    added.push(person(900200 + k, 1001, FIRSTS[k] as string, 'Quintana', `2024-9002${String(k).padStart(4, '0')}`));
  }
  added.push(person(900300, 1001, 'Zebulon', 'Zebrowski', '2024-90030000'));
  // Last names starting with "vex", and first names that do (one person has both).
  for (const [k, first] of ['Ida', 'Ava', 'Vexa', 'Gus'].entries()) {
    added.push(person(900310 + k, 1001, first, 'Vexler', `2024-9003${String(10 + k).padStart(4, '0')}`));
  }
  for (const [k, last] of ['Drew', 'Adams', 'Cole', 'Baker'].entries()) {
    added.push(person(900320 + k, 1001, 'Vexa', last, `2024-9003${String(20 + k).padStart(4, '0')}`));
  }
  // A whole last name and a longer one that starts with it; a whole first name and a longer one.
  for (const [k, [first, last]] of [
    ['Ava', 'Wexfordson'],
    ['Avalon', 'Wexford'],
    ['Ava', 'Wexford'],
    ['Avalona', 'Wexman'],
  ].entries()) {
    added.push(
      person(900330 + k, 1001, first as string, last as string, `2024-9003${String(30 + k).padStart(4, '0')}`),
    );
  }
  // Juvenile residents with J99 codes, and ICE detainees with A77 numbers named Yarborough.
  for (let k = 0; k < 14; k += 1) {
    added.push(person(900400 + k, 2001, FIRSTS[k] as string, 'Yarborough', `J99-${String(k).padStart(4, '0')}`));
    added.push(person(900500 + k, 3001, FIRSTS[k] as string, 'Yarborough', `A77${String(k).padStart(7, '0')}`));
  }
  const db = openDatabase(server.location);
  try {
    const { repos } = createStore(db);
    for (const i of added) await repos.inmates.insert(i);
  } finally {
    await db.close();
  }
});
afterAll(async () => {
  await server.dispose();
});

const search = (q: string) => c.get<SearchInmatesResponse>(`/pay/search_inmates?facility_id=1001&${q}`);
const special = (q: string) => c.get<SearchInmatesResponse>(`/pay/search_inmates_special?${q}`);
const firsts = (r: { body: SearchInmatesResponse }) => r.body.inmates.map((i) => i.first_name);

describe('a search past its cap', () => {
  it('says there are more than the cap, and counts no further', async () => {
    const res = await search('name_query=yarb');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: CAP, more: true, page: 1, per_page: 6 });
    expect(res.body.inmates).toHaveLength(6);
    expect(res.body.inmates.every((i) => i.last_name === 'Yarborough' && i.facility_id === 1001)).toBe(true);
  });

  it('pages through the cap, six at a time, in name order, without repeating anyone', async () => {
    const p1 = await search('name_query=yarborough');
    const p2 = await search('name_query=yarborough&page=2');
    expect(p2.body).toMatchObject({ total: CAP, more: true, page: 2 });
    const shown = [...firsts(p1), ...firsts(p2)];
    expect(shown).toHaveLength(CAP);
    expect(new Set(p1.body.inmates.map((i) => i.id).concat(p2.body.inmates.map((i) => i.id))).size).toBe(CAP);
    // Every match reads as one sorted list: the first twelve by first name.
    expect(shown).toEqual([...FIRSTS].sort().slice(0, CAP));
  });

  it('refuses a page past the cap rather than counting further', async () => {
    const res = await search('name_query=yarborough&page=3');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { page: 'VALIDATION.INVALID_ENTRY' } });
  });

  it('is exact up to the cap: exactly the cap is not "more", one over is', async () => {
    const at = await search('name_query=quintana');
    expect(at.body).toMatchObject({ total: CAP, more: false });
    expect((await search('name_query=quintana&page=2')).body.inmates).toHaveLength(6);
    // Fewer than the cap: the whole count, as before.
    expect((await search('name_query=williams')).body).toMatchObject({ total: 8, more: false });
    // "first last" narrows the Yarboroughs under the cap again.
    const one = await search('name_query=ava%20yarb');
    expect(one.body).toMatchObject({ total: 1, more: false });
    expect(firsts(one)).toEqual(['Ava']);
    expect((await search('name_query=yarborough%2C%20b')).body).toMatchObject({ total: 1, more: false });
  });

  it('answers last-name matches first, then first-name matches, and pages across the two', async () => {
    const names = (r: { body: SearchInmatesResponse }) => r.body.inmates.map((i) => `${i.first_name} ${i.last_name}`);
    const p1 = await search('name_query=vex');
    expect(p1.body).toMatchObject({ total: 8, more: false, page: 1 });
    expect(names(p1)).toEqual(['Ava Vexler', 'Gus Vexler', 'Ida Vexler', 'Vexa Vexler', 'Vexa Adams', 'Vexa Baker']);
    const p2 = await search('name_query=vex&page=2');
    expect(names(p2)).toEqual(['Vexa Cole', 'Vexa Drew']);
    // "first last" and "last, first" find the same two people.
    expect(names(await search('name_query=vexa%20b'))).toEqual(['Vexa Baker']);
    expect(names(await search('name_query=vexler%2C%20vex'))).toEqual(['Vexa Vexler']);
  });

  it('lists "first last" matches of a whole name before those of a longer one, in name order', async () => {
    const names = (r: { body: SearchInmatesResponse }) => r.body.inmates.map((i) => `${i.first_name} ${i.last_name}`);
    const byLast = ['Ava Wexford', 'Avalon Wexford', 'Ava Wexfordson'];
    expect(names(await search('name_query=ava%20wexford'))).toEqual(byLast);
    expect((await search('name_query=wexford%2C%20ava')).body).toMatchObject({ total: 3, more: false });
    expect(names(await search('name_query=wexford%2C%20ava'))).toEqual(byLast);
    // The first name is the longer word: people named Avalon, then names that start with it.
    expect(names(await search('name_query=avalon%20wex'))).toEqual(['Avalon Wexford', 'Avalona Wexman']);
  });

  it('counts a person whose first and last names both match once', async () => {
    const res = await search('name_query=zeb');
    expect(res.body).toMatchObject({ total: 1, more: false });
    expect(res.body.inmates.map((i) => i.id)).toEqual(['900300']);
  });

  it('caps booking-number and A-number searches the same way', async () => {
    const booking = await special('facility_id=2001&booking_code=J99');
    expect(booking.body).toMatchObject({ total: CAP, more: true, per_page: 6 });
    expect(booking.body.inmates.map((i) => i.booking_code).every((b) => b.startsWith('J99-'))).toBe(true);
    expect((await special('facility_id=2001&booking_code=J99-0001')).body).toMatchObject({ total: 1, more: false });
    const ice = await special('facility_id=3001&name_query=A77&inmate_last_name=yar');
    expect(ice.body).toMatchObject({ total: CAP, more: true });
    expect((await special('facility_id=3001&name_query=A77&inmate_last_name=yar&page=2')).body.inmates).toHaveLength(6);
    expect((await special('facility_id=3001&name_query=A77&inmate_last_name=yar&page=3')).status).toBe(400);
    // A last name that none of them has narrows to nothing.
    expect((await special('facility_id=3001&name_query=A77&inmate_last_name=zz')).body).toMatchObject({
      total: 0,
      more: false,
      inmates: [],
    });
  });
});
