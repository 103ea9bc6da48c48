// The account calls of §7 for a signed-in payer: every route with good input, bad input (400 with
// field errors), signed out (401) and the wrong payer (404, the other payer's data unchanged).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  SNAP_PREFIX,
  type AccountHistoryResponse,
  type ActionResponse,
  type DepositHistoryResponse,
  type DestAccountsResponse,
  type DestinationsResponse,
  type RecurringDepositsResponse,
  type SavedCardsResponse,
} from '../../contract/accounts.ts';
import { DEPOSIT_HISTORY_PAGE_SIZE } from '../../contract/constants.ts';
import { loadFacilities, loadInmates } from '../../server/fixtures.ts';
import { ANA, BEN, DELETE, NOT_FOUND, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { Client, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock, { config: { closedFacilityIds: [1004] } });

const destAccounts = async (c: Client) => (await c.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts)).body;
const recurring = async (c: Client) =>
  (await c.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits)).body.recurring_deposits;
const cards = async (c: Client) => (await c.get<SavedCardsResponse>(ACCOUNT_PATHS.creditCards)).body.credit_cards;
const ids = (list: { id: number }[]) => list.map((x) => x.id);

/** Everything Ana's account shows, to prove that another payer's calls changed nothing. */
async function snapshot(c: Client): Promise<unknown> {
  return {
    accounts: await destAccounts(c),
    recurring: await recurring(c),
    cards: await cards(c),
    history: (await c.get(ACCOUNT_PATHS.depositHistory)).body,
    activity: (await c.get(`${ACCOUNT_PATHS.accountHistory}?destination_id=FNF-000301&deposit_type=pp`)).body,
  };
}

describe('fixtures/payers.json', () => {
  const facilities = new Set(loadFacilities().map((f) => f.id));
  const inmates = new Set(loadInmates().map((i) => i.id));

  it('keeps the promises of fixtures/README.md', () => {
    for (const p of [ANA, BEN]) {
      expect(p.dest_accounts.filter((a) => a.primary).length, p.email).toBe(1);
      expect(
        p.dest_accounts.some((a) => a.deposit_phone_no.startsWith(SNAP_PREFIX)),
        p.email,
      ).toBe(true);
      for (const a of p.dest_accounts) if (a.facility_id !== null) expect(facilities.has(a.facility_id)).toBe(true);
      for (const h of p.deposit_history) {
        expect(facilities.has(h.facility_id), h.id).toBe(true);
        expect(inmates.has(h.inmate_id), h.id).toBe(true);
        expect(
          p.cards.some((c) => c.id === h.card_id),
          h.id,
        ).toBe(true);
      }
      for (const r of p.recurring_deposits) expect(p.cards.some((c) => c.id === r.card_id)).toBe(true);
    }
    expect(ANA.deposit_history.length).toBeGreaterThan(DEPOSIT_HISTORY_PAGE_SIZE);
  });

  it('holds cards as tokens, never numbers', () => {
    const text = readFileSync(join(import.meta.dirname, '../../fixtures/payers.json'), 'utf8');
    expect(text).not.toMatch(/\d{13,}/);
    for (const c of [...ANA.cards, ...BEN.cards]) {
      expect(c.last4).toMatch(/^\d{4}$/);
      expect(c.token).toMatch(/^tok_/);
    }
  });
});

describe('signed out', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', ACCOUNT_PATHS.destAccounts],
    ['POST', ACCOUNT_PATHS.destAccount(301), {}],
    ['GET', `${ACCOUNT_PATHS.destinations}?ani=5125550101`],
    ['GET', `${ACCOUNT_PATHS.destinations}/`],
    ['POST', ACCOUNT_PATHS.makePrimary, { ani: '5125550101' }],
    ['POST', ACCOUNT_PATHS.breakage, { ani: '5125550101', sms_status: 1, email_status: 1 }],
    ['GET', ACCOUNT_PATHS.recurringDeposits],
    ['POST', ACCOUNT_PATHS.recurringDeposit(601), {}],
    ['GET', ACCOUNT_PATHS.depositHistory],
    ['GET', `${ACCOUNT_PATHS.accountHistory}?destination_id=FNF-000301&deposit_type=pp`],
    ['GET', ACCOUNT_PATHS.creditCards],
    ['POST', ACCOUNT_PATHS.creditCard(501), {}],
  ];

  it.each(calls)(
    '%s %s answers 401 ERROR.UNAUTHORIZED to a guest, before reading the input',
    async (method, url, body) => {
      const guest = await newClient(current().app);
      const res = method === 'GET' ? await guest.get(url) : await guest.post(url, body, DELETE);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(UNAUTHORIZED);
      // Bad input makes no difference: the session is checked first.
      const bad =
        method === 'GET' ? await guest.get(`${url.split('?')[0]}?page=x&ani=x`) : await guest.post(url, { x: [1] });
      expect(bad.status).toBe(401);
    },
  );

  it('answers 401 to a GET with no session at all, and after sign-out', async () => {
    expect((await new Client(current().app).get(ACCOUNT_PATHS.destAccounts)).status).toBe(401);
    const c = current().ana;
    await c.post(ACCOUNT_PATHS.logout);
    expect((await c.get(ACCOUNT_PATHS.creditCards)).status).toBe(401);
  });
});

describe('the wrong payer', () => {
  it("finds none of another payer's records: 404, and that payer's data is unchanged", async () => {
    const ana = current().ana;
    const ben = current().ben;
    const before = await snapshot(ana);

    const attempts = [
      await ben.post(ACCOUNT_PATHS.destAccount(301), undefined, DELETE),
      await ben.get(`${ACCOUNT_PATHS.destinations}?ani=5125550101`),
      await ben.post(ACCOUNT_PATHS.makePrimary, { ani: '5125550106' }),
      await ben.post(ACCOUNT_PATHS.breakage, { ani: '5125550101', sms_status: 3, email_status: 1 }),
      await ben.post(ACCOUNT_PATHS.recurringDeposit(601), undefined, DELETE),
      await ben.get(`${ACCOUNT_PATHS.accountHistory}?destination_id=FNF-000301&deposit_type=pp`),
      await ben.post(ACCOUNT_PATHS.creditCard(503), undefined, DELETE),
    ];
    expect(attempts.map((a) => a.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    // Nothing of Ana's leaks into an answer.
    for (const a of attempts) expect(JSON.stringify(a.body)).not.toMatch(/Mom|Lopez|5125550101|FNF-000301|1117/);

    expect(await snapshot(ana)).toEqual(before);
  });

  it("lists only the payer's own records", async () => {
    const ben = current().ben;
    expect(ids((await destAccounts(ben)).dest_accounts)).toEqual([311, 312, 314, 315]);
    expect(ids(await recurring(ben))).toEqual([611]);
    expect(ids(await cards(ben))).toEqual([511]);
    const history = (await ben.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body;
    expect(history.deposits.map((d) => d.id)).toEqual(['hist-ben-01', 'hist-ben-02']);
  });

  it("answers another payer's record exactly like one that does not exist", async () => {
    const ben = current().ben;
    const theirs = await ben.post(ACCOUNT_PATHS.recurringDeposit(601), undefined, DELETE);
    const nobodys = await ben.post(ACCOUNT_PATHS.recurringDeposit(999999), undefined, DELETE);
    expect(theirs.body).toEqual(nobodys.body);
    const theirAni = await ben.get(`${ACCOUNT_PATHS.destinations}?ani=5125550101`);
    const nobodysAni = await ben.get(`${ACCOUNT_PATHS.destinations}?ani=9995550101`);
    expect(theirAni.body).toEqual(nobodysAni.body);
  });
});

describe('GET /account/dest_accounts', () => {
  it('lists the phone accounts: SNAP rows hidden, primary first, then balance descending (§9)', async () => {
    const body = await destAccounts(current().ana);
    const list = body.dest_accounts;
    expect(ids(list)).toEqual([301, 306, 304, 302, 303]);
    expect(list.map((a) => a.prepaid_balance)).toEqual([42.5, 80, 30, 12, 0]);
    expect(list.some((a) => a.deposit_phone_no.startsWith('SNAP'))).toBe(false);
    expect(list[0]).toEqual({
      id: 301,
      deposit_phone_no: '5125550101',
      deposit_phone_no_label: 'Mom',
      deposit_phone_country: 'US',
      deposit_phone_is_us: true,
      validate_status: 'validated',
      validated: true,
      primary: true,
      current_primary: true,
      prepaid_balance: 42.5,
      regulated_balance: 0,
      low_balance: false,
      fraud_flag: false,
      facilities: [{ id: 1001, label: 'Harris County Jail' }],
      facility_id: 1001,
      destination_id: 'FNF-000301',
      breakage: { sms: 1, email: 3 },
    });
    // §9 low balance under 25.
    expect(list.filter((a) => a.low_balance).map((a) => a.id)).toEqual([302, 303]);
    expect(list.find((a) => a.id === 306)).toMatchObject({ deposit_phone_is_us: false, deposit_phone_country: 'CA' });
    expect(list.find((a) => a.id === 303)).toMatchObject({ validate_status: 'pending', validated: false });
    expect(list.find((a) => a.id === 304)?.fraud_flag).toBe(true);
  });
});

describe('POST /account/dest_accounts/{id} (DELETE)', () => {
  it("takes the account off the payer's list", async () => {
    const c = current().ana;
    const res = await c.post<ActionResponse>(ACCOUNT_PATHS.destAccount(302), undefined, DELETE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: {} });
    expect(ids((await destAccounts(c)).dest_accounts)).toEqual([301, 306, 304, 303]);
    const again = await c.post(ACCOUNT_PATHS.destAccount(302), undefined, DELETE);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: { form: 'ERROR.ERROR_DELETING_ACCOUNT' } });
  });

  it('leaves no primary when the primary is removed', async () => {
    const c = current().ana;
    await c.post(ACCOUNT_PATHS.destAccount(301), undefined, DELETE);
    const list = (await destAccounts(c)).dest_accounts;
    expect(list.some((a) => a.primary)).toBe(false);
    expect(ids(list)).toEqual([306, 304, 302, 303]);
  });

  it('does not find a hidden SNAP row', async () => {
    const c = current().ana;
    expect((await c.post(ACCOUNT_PATHS.destAccount(305), undefined, DELETE)).status).toBe(404);
  });

  it.each([
    ['no override header', 302, {}],
    ['another override', 302, { 'x-http-method-override': 'PUT' }],
  ])('answers %s with 400 and removes nothing', async (_what, id, headers) => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.destAccount(id), undefined, headers);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
    expect(ids((await destAccounts(c)).dest_accounts)).toContain(302);
  });

  it.each(['abc', '-1', '1.5', '12345678901'])('answers the id %s with 400', async (id) => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.destAccount(id), undefined, DELETE);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { id: 'VALIDATION.MUST_BE_NUMERIC' } });
  });
});

describe('GET /account/destinations', () => {
  it('answers the account with the number asked for, however it is typed', async () => {
    const c = current().ana;
    for (const ani of ['5125550102', '(512) 555-0102', '512.555.0102']) {
      const res = await c.get<DestinationsResponse>(`${ACCOUNT_PATHS.destinations}?ani=${encodeURIComponent(ani)}`);
      expect(res.status, ani).toBe(200);
      expect(ids(res.body.destinations)).toEqual([302]);
    }
  });

  it('lists every visible account without a number, at /account/destinations and /account/destinations/', async () => {
    const c = current().ana;
    for (const url of [ACCOUNT_PATHS.destinations, `${ACCOUNT_PATHS.destinations}/`]) {
      const res = await c.get<DestinationsResponse>(url);
      expect(res.status, url).toBe(200);
      expect(ids(res.body.destinations)).toEqual([301, 306, 304, 302, 303]);
    }
  });

  it('answers 404 for a number that is not one of the payer’s, SNAP rows included', async () => {
    const c = current().ana;
    for (const ani of ['9995550100', '5125550105']) {
      const res = await c.get(`${ACCOUNT_PATHS.destinations}?ani=${ani}`);
      expect(res.status, ani).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
  });

  it.each(['', 'abc', '12345', '1'.repeat(16), 'SNAP5125550105'])('answers ani=%s with 400', async (ani) => {
    const c = current().ana;
    const res = await c.get(`${ACCOUNT_PATHS.destinations}?ani=${ani}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { ani: 'VALIDATION.INVALID_ENTRY' } });
  });

  it('answers a repeated parameter with 400', async () => {
    const c = current().ana;
    expect((await c.get(`${ACCOUNT_PATHS.destinations}?ani=5125550101&ani=5125550102`)).status).toBe(400);
  });
});

describe('POST /account/destinations/make_primary', () => {
  it('makes a validated account the only primary', async () => {
    const c = current().ana;
    const res = await c.post<ActionResponse>(ACCOUNT_PATHS.makePrimary, { ani: '(416) 555-0106' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: {} });
    const list = (await destAccounts(c)).dest_accounts;
    expect(list.filter((a) => a.primary).map((a) => a.id)).toEqual([306]);
    expect(ids(list)).toEqual([306, 301, 304, 302, 303]);
  });

  it('refuses a pending account with ERROR_CHANGING_PRIMARY_ACCOUNT and keeps the primary', async () => {
    const c = current().ana;
    const res = await c.post<ActionResponse>(ACCOUNT_PATHS.makePrimary, { ani: '5125550103' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: false, errors: { form: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT' } });
    expect((await destAccounts(c)).dest_accounts.filter((a) => a.primary).map((a) => a.id)).toEqual([301]);
  });

  it.each([
    [{}, { ani: 'VALIDATION.REQUIRED' }],
    [{ ani: 'abc' }, { ani: 'VALIDATION.INVALID_ENTRY' }],
    [{ ani: '5'.repeat(30) }, { ani: 'VALIDATION.TOO_MANY' }],
    [{ ani: ['5125550106'] }, { ani: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers %j with 400', async (body, errors) => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.makePrimary, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
  });
});

describe('POST /account/destinations/update_breakage_notification', () => {
  it('enrols and unenrols inactivity alerts by text and email (§4: 1 enrolled, 3 declined)', async () => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.breakage, { ani: '5125550101', sms_status: 3, email_status: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: {}, breakage: { sms: 3, email: 1 } });
    expect((await destAccounts(c)).dest_accounts[0]?.breakage).toEqual({ sms: 3, email: 1 });
    // Numbers as text are taken too.
    await c.post(ACCOUNT_PATHS.breakage, { ani: '5125550101', sms_status: 2, email_status: 2 });
    expect((await destAccounts(c)).dest_accounts[0]?.breakage).toEqual({ sms: 2, email: 2 });
  });

  it.each([
    [{ ani: '5125550101', sms_status: 4, email_status: 1 }, { sms_status: 'VALIDATION.INVALID_ENTRY' }],
    // A value of the wrong JSON type is refused by the route's schema (docs/decisions/0055).
    [{ ani: '5125550101', sms_status: 'yes', email_status: 1 }, { sms_status: 'VALIDATION.INVALID_ENTRY' }],
    [{ ani: '5125550101', sms_status: '2', email_status: 1 }, { sms_status: 'VALIDATION.INVALID_ENTRY' }],
    [{ ani: '5125550101', sms_status: 1 }, { email_status: 'VALIDATION.REQUIRED' }],
    [{ sms_status: 1, email_status: 1 }, { ani: 'VALIDATION.REQUIRED' }],
    [{ ani: '5125550101', sms_status: 0, email_status: 1 }, { sms_status: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers %j with 400 and changes nothing', async (body, errors) => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.breakage, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
    expect((await destAccounts(c)).dest_accounts[0]?.breakage).toEqual({ sms: 1, email: 3 });
  });
});

describe('GET /account/recurring_deposits', () => {
  it('lists active recurring deposits by amount, largest first (§9)', async () => {
    const list = await recurring(current().ana);
    expect(list.map((r) => [r.id, r.amount])).toEqual([
      [603, 100],
      [601, 50],
      [602, 25],
    ]);
    expect(list[1]).toEqual({
      id: 601,
      amount: 50,
      card_type: 'visa',
      card_display: '**** **** **** 1111',
      interval_type: 'monthly',
      day_in_interval: 15,
      deposit_type: 'INMATEACCOUNT',
      recipient: '100001',
      recipient_type: 'Inmate',
      display_name: 'John Smith',
      account_guid: '9b1f6c2e-1d7a-4f00-8a11-000000000601',
      isPam: false,
    });
    expect(list[2]).toMatchObject({
      recipient_type: 'Destination',
      recipient: '5125550101',
      display_name: 'Mom',
      deposit_type: 'FRIENDSNFAMILY',
      card_display: '**** **** **** 4444',
    });
    expect(list[0]).toMatchObject({ deposit_type: 'TRUST', interval_type: 'biweekly', isPam: true });
  });
});

describe('POST /account/recurring_deposits/{id} (DELETE)', () => {
  it('cancels the recurring deposit; cancelling again fails with ERROR_DELETING_DEPOSIT', async () => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.recurringDeposit(601), undefined, DELETE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: {} });
    expect(ids(await recurring(c))).toEqual([603, 602]);
    const again = await c.post(ACCOUNT_PATHS.recurringDeposit(601), undefined, DELETE);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: { form: 'ERROR.ERROR_DELETING_DEPOSIT' } });
  });

  it('answers a bad id or a missing override with 400', async () => {
    const c = current().ana;
    expect((await c.post(ACCOUNT_PATHS.recurringDeposit('x'), undefined, DELETE)).body).toEqual({
      errors: { id: 'VALIDATION.MUST_BE_NUMERIC' },
    });
    expect((await c.post(ACCOUNT_PATHS.recurringDeposit(601))).status).toBe(400);
    expect(ids(await recurring(c))).toEqual([603, 601, 602]);
  });
});

describe('GET /account/deposit_history', () => {
  it('pages by 20, newest first, with the §3 fields', async () => {
    const c = current().ana;
    const first = (await c.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body;
    expect(first).toMatchObject({ page: 1, per_page: 20, total: 26, pages: 2 });
    expect(first.deposits).toHaveLength(20);
    expect(first.deposits[0]?.id).toBe('hist-ana-01');
    const times = first.deposits.map((d) => d.deposit_time);
    expect([...times].sort().reverse()).toEqual(times);

    const second = (await c.get<DepositHistoryResponse>(`${ACCOUNT_PATHS.depositHistory}?page=2`)).body;
    expect(second).toMatchObject({ page: 2, total: 26, pages: 2 });
    expect(second.deposits.map((d) => d.id)).toEqual([21, 22, 23, 24, 25, 26].map((n) => `hist-ana-${n}`));
    const third = (await c.get<DepositHistoryResponse>(`${ACCOUNT_PATHS.depositHistory}?page=3`)).body;
    expect(third.deposits).toEqual([]);

    expect(first.deposits[0]).toEqual({
      id: 'hist-ana-01',
      order_number: 'D90000001',
      deposit_time: '2026-11-15T16:30:00.000Z',
      recipient: 'John Smith',
      amount: 25,
      deposit_type: 'flex',
      purse_reg: -1,
      primary: false,
      facility_closed: false,
      inmate_status: 0,
      facility_flex_disabled: false,
      facility_fnf_prepaid_disabled: false,
      deposit_inmate_name: 'John Smith',
      deposit_inmate_id: '100001',
      names: { first_name: 'John', last_name: 'Smith' },
      deposit_phone_no: null,
      facility_id: 1001,
      facility_label: 'Harris County Jail',
      // History: authorized, posted and captured as it was made (docs/decisions/0049).
      status: {
        deposit_id: 'hist-ana-01',
        status: 'posted',
        submitted_at: '2026-11-15T16:30:00.000Z',
        posted_at: '2026-11-15T16:30:00.000Z',
        refused_at: null,
        refunded_at: null,
        cancelled_at: null,
        refusal_reason: null,
        charged: true,
        cancellable: false,
        expected_at: null,
        check_again_seconds: null,
      },
    });
  });

  it('marks phone deposits, the primary account and facilities that no longer take a type', async () => {
    const c = current().ana;
    const all = [
      ...(await c.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body.deposits,
      ...(await c.get<DepositHistoryResponse>(`${ACCOUNT_PATHS.depositHistory}?page=2`)).body.deposits,
    ];
    const byId = (id: string) => all.find((d) => d.id === id);
    expect(byId('hist-ana-02')).toMatchObject({
      deposit_type: 'dest',
      deposit_phone_no: '5125550101',
      recipient: 'Mom',
      primary: true,
      purse_reg: 0,
    });
    expect(byId('hist-ana-05')).toMatchObject({ deposit_phone_no: '5125550102', primary: false });
    // 1004 is flex-disabled and, in this server's configuration, closed.
    expect(byId('hist-ana-06')).toMatchObject({
      facility_id: 1004,
      facility_flex_disabled: true,
      facility_closed: true,
    });
    expect(byId('hist-ana-07')).toMatchObject({ facility_id: 1103, facility_fnf_prepaid_disabled: true });
  });

  it.each(['0', 'abc', '-1', '1.5', '999999'])('answers page=%s with 400', async (page) => {
    const c = current().ana;
    const res = await c.get(`${ACCOUNT_PATHS.depositHistory}?page=${page}`);
    expect(res.status).toBe(400);
    expect(res.body).toHaveProperty('errors.page');
  });
});

describe('GET /account/deposit_history/account_history', () => {
  const url = (destinationId: string, purse: string) =>
    `${ACCOUNT_PATHS.accountHistory}?destination_id=${destinationId}&deposit_type=${purse}`;

  it('answers the activity of one purse, newest first, amounts signed', async () => {
    const c = current().ana;
    const pp = (await c.get<AccountHistoryResponse>(url('FNF-000301', 'pp'))).body;
    expect(pp.activity).toEqual([
      { event_at: '2026-11-18T19:02:00.000Z', event_desc: 'CALL', amount: -1.35 },
      { event_at: '2026-11-16T20:10:00.000Z', event_desc: 'CALL', amount: -3.15 },
      { event_at: '2026-11-15T16:35:00.000Z', event_desc: 'DEPOSIT', amount: 25 },
    ]);
    expect((await c.get<AccountHistoryResponse>(url('FNF-000301', 'pr'))).body.activity).toEqual([]);
    expect((await c.get<AccountHistoryResponse>(url('FNF-000302', 'pr'))).body.activity).toEqual([
      { event_at: '2026-10-01T08:00:00.000Z', event_desc: 'DEPOSIT', amount: 5 },
    ]);
  });

  it('answers an unknown account with 404', async () => {
    const c = current().ana;
    expect((await c.get(url('FNF-999999', 'pp'))).status).toBe(404);
    expect((await c.get(url('FNF-000305', 'pp'))).status).toBe(404);
  });

  it.each([
    [`${ACCOUNT_PATHS.accountHistory}?deposit_type=pp`, { destination_id: 'VALIDATION.REQUIRED' }],
    [`${ACCOUNT_PATHS.accountHistory}?destination_id=FNF-000301`, { deposit_type: 'VALIDATION.REQUIRED' }],
    [url('FNF-000301', 'xx'), { deposit_type: 'VALIDATION.INVALID_ENTRY' }],
    [url('FNF%27%3B--', 'pp'), { destination_id: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers %s with 400', async (u, errors) => {
    const c = current().ana;
    const res = await c.get(u);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
  });
});

describe('GET /account/credit_cards', () => {
  it('lists saved cards vault-style: no token, no number', async () => {
    const c = current().ana;
    const res = await c.get<SavedCardsResponse>(ACCOUNT_PATHS.creditCards);
    expect(res.body.credit_cards).toEqual([
      {
        id: 501,
        card_type: 'visa',
        card_display: '**** **** **** 1111',
        name: 'Ana Lopez',
        card_expiration: '12/2030',
        expired: false,
      },
      {
        id: 502,
        card_type: 'mastercard',
        card_display: '**** **** **** 4444',
        name: 'Ana Lopez',
        card_expiration: '01/2027',
        expired: false,
      },
      {
        id: 503,
        card_type: 'discover',
        card_display: '**** **** **** 1117',
        name: 'Ana M Lopez',
        card_expiration: '06/2026',
        expired: true,
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/tok_|4111111111111111/);
  });
});

describe('POST /account/credit_cards/{id} (DELETE)', () => {
  it('removes a card no recurring deposit uses', async () => {
    const c = current().ana;
    const res = await c.post(ACCOUNT_PATHS.creditCard(503), undefined, DELETE);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, errors: {} });
    expect(ids(await cards(c))).toEqual([501, 502]);
    const again = await c.post(ACCOUNT_PATHS.creditCard(503), undefined, DELETE);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ errors: { form: 'ERROR.ERROR_DELETING_CARD' } });
  });

  it('keeps a card that an active recurring deposit charges, until that deposit is cancelled', async () => {
    const c = current().ana;
    const refused = await c.post(ACCOUNT_PATHS.creditCard(502), undefined, DELETE);
    expect(refused.status).toBe(200);
    expect(refused.body).toEqual({ success: false, errors: { form: 'ERROR.ERROR_DELETING_CARD' } });
    expect(ids(await cards(c))).toEqual([501, 502, 503]);
    await c.post(ACCOUNT_PATHS.recurringDeposit(602), undefined, DELETE);
    expect((await c.post(ACCOUNT_PATHS.creditCard(502), undefined, DELETE)).body).toEqual({
      success: true,
      errors: {},
    });
    expect(ids(await cards(c))).toEqual([501, 503]);
  });

  it('answers a bad id or a missing override with 400', async () => {
    const c = current().ana;
    expect((await c.post(ACCOUNT_PATHS.creditCard('1e3'), undefined, DELETE)).status).toBe(400);
    expect((await c.post(ACCOUNT_PATHS.creditCard(503), {})).status).toBe(400);
    expect(ids(await cards(c))).toEqual([501, 502, 503]);
  });
});
