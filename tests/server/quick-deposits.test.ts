// §7 GET /pay/quick_deposits (§2 deposit_or_schedule_visit, §3 quick-deposit account, §6 quick
// deposit blocked by a fraud flag and clamped into the facility's limits, §9 amounts): Ana's and
// Ben's cards from fixtures/payers.json, the guest and the other payer, and the amount rules.
import { describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import {
  QUICK_DEPOSIT_MAX_CARDS,
  QUICK_DEPOSIT_PATHS,
  type QuickDeposit,
  type QuickDepositsResponse,
} from '../../contract/quick-deposits.ts';
import { loadConfig } from '../../server/config.ts';
import { quickDepositFields } from '../../machines/deposit-or-visit.machine.ts';
import { quickAmounts } from '../../server/domain/quick-deposits.ts';
import { DELETE, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { type Client, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock);

async function cards(c: Client): Promise<QuickDeposit[]> {
  const res = await c.get<QuickDepositsResponse>(QUICK_DEPOSIT_PATHS.quickDeposits);
  expect(res.status).toBe(200);
  return res.body.quick_deposits;
}

const card = (list: QuickDeposit[], id: string): QuickDeposit => {
  const found = list.find((q) => q.id === id);
  if (!found) throw new Error(`no card ${id} in ${list.map((q) => q.id).join(', ')}`);
  return found;
};

const amounts = (q: QuickDeposit) => [q.depositPresetOne, q.depositPresetTwo, q.depositAmountDefault];

/** Changes the seeded rows straight in the database the server runs on. */
async function sql(statement: string, ...params: (string | number)[]): Promise<void> {
  await current().query(statement, params);
}

describe('GET /pay/quick_deposits', () => {
  it("answers the payer's recent recipients, most recently paid first, each with two amounts", async () => {
    const list = await cards(current().ana);
    // Lubbock County (1004) no longer takes flex deposits: no card; the seventh recipient is left out.
    expect(list.map((q) => q.id)).toEqual([
      'flex-1001-100001',
      'dest-1001-5125550101',
      'trust-1001-100003',
      'flex-1002-100020',
      'dest-1002-5125550102',
      'trust-1103-100025',
    ]);
    expect(list).toHaveLength(QUICK_DEPOSIT_MAX_CARDS);
    // §9: the smallest amount sent ($10) and the last one ($25), by size; the last is the default.
    expect(card(list, 'flex-1001-100001')).toMatchObject({
      deposit_type: 'flex',
      facility_id: 1001,
      facility_label: 'Harris County Jail',
      inmate_label: 'Inmate',
      deposit_inmate_id: '100001',
      deposit_inmate_first_name: 'John',
      deposit_inmate_last_name: 'Smith',
      dest_account_id: null,
      deposit_phone_no: null,
      purse_reg: -1,
      prepaid_balance: null,
      depositPresetOne: 10,
      depositPresetTwo: 25,
      depositAmountDefault: 25,
      blocked: false,
      last_deposit_time: '2026-11-15T16:30:00.000Z',
    });
    // A phone account: §3 purse_reg 0 (Harris County is not FCC regulated), its balance; always $20,
    // so the second amount is one increment (§9: 25) above.
    expect(card(list, 'dest-1001-5125550101')).toMatchObject({
      deposit_type: 'dest',
      dest_account_id: 301,
      deposit_phone_no: '5125550101',
      deposit_phone_no_label: 'Mom',
      deposit_phone_country: 'US',
      purse_reg: 0,
      prepaid_balance: 42.5,
      depositPresetOne: 20,
      depositPresetTwo: 45,
      depositAmountDefault: 20,
    });
    expect(amounts(card(list, 'flex-1002-100020'))).toEqual([40, 65, 40]);
  });

  it('§9: a trust card has the two configured amounts, whatever was sent ($50 to Maria Garcia)', async () => {
    expect(amounts(card(await cards(current().ana), 'trust-1001-100003'))).toEqual([25, 50, 25]);
    const other = await current.startCopy({ config: { quickDepositAmounts: [60, 30] } });
    try {
      const list = await cards(other.ana);
      // Ordered by size; the first configured one is the default.
      expect(amounts(card(list, 'trust-1001-100003'))).toEqual([30, 60, 60]);
      expect(amounts(card(list, 'trust-1103-100025'))).toEqual([30, 60, 60]);
      // Other types keep the payer's own amounts.
      expect(amounts(card(list, 'flex-1001-100001'))).toEqual([10, 25, 25]);
    } finally {
      await other.dispose();
    }
  });

  it("§6: amounts are clamped into the facility's limits ($15 to Brother at Travis County, 20 to 100)", async () => {
    expect(amounts(card(await cards(current().ana), 'dest-1002-5125550102'))).toEqual([20, 45, 20]);
    // Travis County's limits become 30 to 50: $40 stays, the increment stops at the maximum.
    await sql('UPDATE facilities SET min_deposit_cents = 3000, max_deposit_cents = 5000 WHERE id = 1002');
    const list = await cards(current().ana);
    expect(amounts(card(list, 'flex-1002-100020'))).toEqual([40, 50, 40]);
    expect(amounts(card(list, 'dest-1002-5125550102'))).toEqual([30, 50, 30]);
  });

  it('§6/§5: a fraud-flagged person, phone account or primary account blocks the card', async () => {
    const blocked = async () => (await cards(current().ana)).filter((q) => q.blocked).map((q) => q.id);
    expect(await blocked()).toEqual([]);
    // Brother's phone account (302): only its card.
    await sql('UPDATE dest_accounts SET fraud_flag = 1 WHERE id = 302');
    expect(await blocked()).toEqual(['dest-1002-5125550102']);
    // Maria Garcia (100003): her trust card.
    await sql("UPDATE inmates SET fraud_flag = 1 WHERE id = '100003'");
    expect(await blocked()).toEqual(['trust-1001-100003', 'dest-1002-5125550102']);
    // The primary account (Mom, 301): every card.
    await sql('UPDATE dest_accounts SET fraud_flag = 1 WHERE id = 301');
    expect((await cards(current().ana)).every((q) => q.blocked)).toBe(true);
  });

  it('the form state a card starts is taken by /state/save as it is: the checkout can go on (§4)', async () => {
    const c = current().ben;
    const list = await cards(c);
    for (const q of list) {
      expect((await c.post('/state/clear')).status).toBe(200);
      const saved = await c.save(quickDepositFields(q, q.depositPresetTwo));
      expect(saved.errors, q.id).toEqual({});
      expect(saved.fields, q.id).toMatchObject({
        facility_id: q.facility_id,
        facility_state: 'TX',
        deposit_type: q.deposit_type,
        deposit_inmate_id: q.deposit_inmate_id,
        deposit_inmate_first_name: 'John',
        deposit_amount: q.depositPresetTwo,
        deposit_amount_id: 'other',
      });
      expect(saved.fields.deposit_total, q.id).toBeGreaterThan(q.depositPresetTwo);
    }
    expect((await c.state()).fields).toMatchObject({
      deposit_type: 'dest',
      dest_account_id: 311,
      deposit_phone_no: '7135550111',
      deposit_phone_no_label: 'Dad',
    });
  });

  it('a guest gets 401 and no cards', async () => {
    const guest = await newClient(current().app);
    const res = await guest.get(QUICK_DEPOSIT_PATHS.quickDeposits);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it("payer B sees only cards from B's own deposits, never payer A's", async () => {
    const ben = await cards(current().ben);
    expect(ben.map((q) => q.id)).toEqual(['flex-1002-100020', 'dest-1002-7135550111']);
    expect(amounts(card(ben, 'flex-1002-100020'))).toEqual([35, 60, 35]);
    expect(card(ben, 'dest-1002-7135550111')).toMatchObject({ dest_account_id: 311, deposit_phone_no_label: 'Dad' });
    const ana = await cards(current().ana);
    for (const q of ben) {
      expect(ana.some((a) => a.dest_account_id !== null && a.dest_account_id === q.dest_account_id)).toBe(false);
    }
    // A flag on Ana's primary account does not block Ben's cards.
    await sql('UPDATE dest_accounts SET fraud_flag = 1 WHERE id = 301');
    expect((await cards(current().ben)).some((q) => q.blocked)).toBe(false);
  });

  it('a removed phone account, a closed facility and a type no longer offered give no card', async () => {
    const removed = await current().ana.post(ACCOUNT_PATHS.destAccount(302), undefined, DELETE);
    expect(removed.status).toBe(200);
    expect((await cards(current().ana)).map((q) => q.id)).not.toContain('dest-1002-5125550102');
    const other = await current.startCopy({ config: { closedFacilityIds: [1001] } });
    try {
      const list = await cards(other.ana);
      expect(list.some((q) => q.facility_id === 1001)).toBe(false);
      // 1004 (flex disabled) never has a card; 1201's trust card is now among the six.
      expect(list.map((q) => q.id)).toEqual([
        'flex-1002-100020',
        'dest-1002-5125550102',
        'trust-1103-100025',
        'trust-1201-100026',
      ]);
    } finally {
      await other.dispose();
    }
  });
});

describe('§9 quick amounts', () => {
  const limits = { min: 10, max: 250 };
  const TRUST: [number, number] = [25, 50];
  const dollars = (a: { one: number; two: number; preferred: number }) =>
    [a.one, a.two, a.preferred].map((c) => c / 100);

  it('the smallest and the last amount, by size; the last is preferred', () => {
    expect(dollars(quickAmounts(false, [3000, 1500, 8000], limits, TRUST))).toEqual([15, 30, 30]);
    expect(dollars(quickAmounts(false, [1500, 8000], limits, TRUST))).toEqual([15, 40, 15]);
    expect(dollars(quickAmounts(false, [1999], limits, TRUST))).toEqual([19.99, 44.99, 19.99]);
  });

  it('trust: the configured amounts, whatever was sent', () => {
    expect(dollars(quickAmounts(true, [10000], limits, TRUST))).toEqual([25, 50, 25]);
    expect(dollars(quickAmounts(true, [10000], limits, [75, 40]))).toEqual([40, 75, 75]);
  });

  it('clamped into the limits; the same amount twice moves the second up, or the first down at the maximum', () => {
    expect(dollars(quickAmounts(false, [500, 300], limits, TRUST))).toEqual([10, 35, 10]);
    expect(dollars(quickAmounts(false, [30000], limits, TRUST))).toEqual([225, 250, 250]);
    expect(dollars(quickAmounts(false, [4000], { min: 20, max: 50 }, TRUST))).toEqual([40, 50, 40]);
    expect(dollars(quickAmounts(false, [5000], { min: 40, max: 50 }, TRUST))).toEqual([40, 50, 50]);
    expect(dollars(quickAmounts(true, [100], { min: 30, max: 40 }, TRUST))).toEqual([30, 40, 30]);
    // Room for one amount only.
    expect(dollars(quickAmounts(false, [100], { min: 20, max: 20 }, TRUST))).toEqual([20, 20, 20]);
  });
});

describe('QUICK_DEPOSIT_AMOUNTS', () => {
  it('takes two dollar amounts and refuses anything else', () => {
    expect(loadConfig({}).quickDepositAmounts).toBeUndefined();
    expect(loadConfig({ QUICK_DEPOSIT_AMOUNTS: '30, 60.50' }).quickDepositAmounts).toEqual([30, 60.5]);
    for (const bad of ['25', '25,50,75', 'a,b', '0,50', '-5,50']) {
      expect(() => loadConfig({ QUICK_DEPOSIT_AMOUNTS: bad }), bad).toThrow(/QUICK_DEPOSIT_AMOUNTS/);
    }
  });
});
