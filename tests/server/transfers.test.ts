// Balance transfers between a payer's own phone accounts (§5 Transfer, §6, §8 transfer errors, §9
// fixed fee): quotes, rules, ownership, and the money invariants under many transfers at once.
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_PATHS,
  type AccountHistoryResponse,
  type DestAccountsResponse,
  type TransferResponse,
} from '../../contract/accounts.ts';
import { DEFAULT_TRANSFER_FEE, loadConfig } from '../../server/config.ts';
import { DELETE, NOT_FOUND, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { type Client, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock);

const MOM = '5125550101'; // 301: validated, primary, $42.50
const BROTHER = '5125550102'; // 302: validated, $12.00
const COUSIN = '5125550103'; // 303: pending, $0.00
const UNCLE = '5125550104'; // 304: validated, fraud-flagged, $30.00
const AUNT = '4165550106'; // 306: validated, $80.00
const DAD = '7135550111'; // Ben's 311: $20.00

const transfer = (c: Client, amount: unknown, src_ani: string, dst_ani: string) =>
  c.post<TransferResponse>(ACCOUNT_PATHS.transfer, { amount, src_ani, dst_ani });
const quote = (c: Client, amount: string, src: string, dst: string) =>
  c.get<TransferResponse>(`${ACCOUNT_PATHS.transferFees}?amount=${amount}&src_ani=${src}&dst_ani=${dst}`);

async function balances(c: Client): Promise<Record<number, number>> {
  const list = (await c.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts)).body.dest_accounts;
  return Object.fromEntries(list.map((a) => [a.id, a.prepaid_balance]));
}

/** Cents straight from the database: balances of the given accounts and the fees of all transfers. */
async function ledgerCents(accountIds: number[]): Promise<{ balances: number[]; fees: number; transfers: number }> {
  const { query } = current();
  const balances: number[] = [];
  for (const id of accountIds) {
    const [row] = await query('SELECT prepaid_balance_cents AS c FROM dest_accounts WHERE id = ?', [id]);
    balances.push(Number(row?.c));
  }
  const [t] = await query('SELECT COUNT(*) AS n, COALESCE(SUM(fee_cents), 0) AS fees FROM balance_transfers');
  return { balances, fees: Number(t?.fees), transfers: Number(t?.n) };
}

const refused = (code: string) => ({ success: false, transfer_fee: null, errors: { form: `ERROR.${code}` } });

describe('GET /account/destinations/bal_transfer_fees', () => {
  it('quotes the fixed fee without moving money', async () => {
    const c = current().ana;
    const before = await balances(c);
    const res = await quote(c, '10.00', MOM, AUNT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, transfer_fee: DEFAULT_TRANSFER_FEE, errors: {} });
    expect((await quote(c, '0', MOM, AUNT)).body.success).toBe(true);
    expect(await balances(c)).toEqual(before);
  });

  it('quotes the configured fee', async () => {
    const other = await current.startCopy({ config: { transferFee: 2.25 } });
    try {
      expect((await quote(other.ana, '5', MOM, AUNT)).body.transfer_fee).toBe(2.25);
    } finally {
      await other.dispose();
    }
  });

  it('gives the rule that would refuse the transfer', async () => {
    const c = current().ana;
    expect((await quote(c, '41.01', MOM, AUNT)).body).toEqual(refused('INSUFFICIENT_FUNDS'));
    expect((await quote(c, '1', MOM, MOM)).body).toEqual(refused('SAME_SRC_DST'));
    expect((await quote(c, '1', UNCLE, MOM)).body).toEqual(refused('SRC_DST_FRAUD'));
  });

  it.each([
    ['abc', { amount: 'VALIDATION.MUST_BE_NUMERIC' }],
    ['-1', { amount: 'VALIDATION.TOO_LOW' }],
    ['1.005', { amount: 'VALIDATION.INVALID_ENTRY' }],
    ['', { amount: 'VALIDATION.REQUIRED' }],
  ])('answers amount=%s with 400', async (amount, errors) => {
    const c = current().ana;
    const res = await quote(c, amount, MOM, AUNT);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
  });

  it('answers a missing or malformed number with 400', async () => {
    const c = current().ana;
    const res = await c.get(`${ACCOUNT_PATHS.transferFees}?amount=5&src_ani=abc`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { src_ani: 'VALIDATION.INVALID_ENTRY', dst_ani: 'VALIDATION.REQUIRED' } });
  });

  it("answers 404 for another payer's number", async () => {
    const ben = current().ben;
    const res = await quote(ben, '5', MOM, DAD);
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it('answers 401 signed out', async () => {
    const guest = await newClient(current().app);
    expect((await quote(guest, '5', MOM, AUNT)).body).toEqual(UNAUTHORIZED);
  });
});

describe('POST /account/destinations/bal_transfer', () => {
  it('moves the amount, takes the fee from the source and records the activity', async () => {
    const c = current().ana;
    const res = await transfer(c, 10, '(512) 555-0101', AUNT);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, transfer_fee: 1.5, errors: {} });
    const after = await balances(c);
    expect(after[301]).toBe(31);
    expect(after[306]).toBe(90);

    const activity = async (id: string) =>
      (await c.get<AccountHistoryResponse>(`${ACCOUNT_PATHS.accountHistory}?destination_id=${id}&deposit_type=pp`)).body
        .activity;
    const at = clock.now().toISOString();
    expect((await activity('FNF-000301')).filter((a) => a.event_at === at)).toEqual(
      expect.arrayContaining([
        { event_at: at, event_desc: 'TRANSFER_OUT', amount: -10 },
        { event_at: at, event_desc: 'TRANSFER_FEE', amount: -1.5 },
      ]),
    );
    expect((await activity('FNF-000306'))[0]).toEqual({ event_at: at, event_desc: 'TRANSFER_IN', amount: 10 });
  });

  it('takes the amount as text, and may empty the source exactly', async () => {
    const c = current().ana;
    expect((await transfer(c, '41.00', MOM, AUNT)).body.success).toBe(true);
    expect(await balances(c)).toMatchObject({ 301: 0, 306: 121 });
  });

  it.each([
    ['the same account on both sides', 1, MOM, MOM, 'SAME_SRC_DST'],
    ['more than the balance with the fee', 41.01, MOM, AUNT, 'INSUFFICIENT_FUNDS'],
    ['a fraud-flagged source', 1, UNCLE, MOM, 'SRC_DST_FRAUD'],
    ['a fraud-flagged destination', 1, MOM, UNCLE, 'DST_DST_FRAUD'],
    ['a pending destination', 1, MOM, COUSIN, 'ACCOUNT_NOT_VALIDATED'],
    ['a pending source', 1, COUSIN, MOM, 'ACCOUNT_NOT_VALIDATED'],
  ])('refuses %s and moves nothing', async (_what, amount, src, dst, code) => {
    const c = current().ana;
    const before = await balances(c);
    const res = await transfer(c, amount, src, dst);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(refused(code));
    expect(await balances(c)).toEqual(before);
    expect((await ledgerCents([])).transfers).toBe(0);
  });

  it('needs at least two verified accounts (§5)', async () => {
    const c = current().ana;
    for (const id of [302, 304, 306]) await c.post(ACCOUNT_PATHS.destAccount(id), undefined, DELETE);
    expect((await transfer(c, 1, MOM, COUSIN)).body).toEqual(refused('TRANSFER_NEEDS_TWO_VERIFIED'));
  });

  it.each([
    [{ amount: 0.001, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: '2.555', src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: 0, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.TOO_LOW' }],
    [{ amount: -5, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.TOO_LOW' }],
    [{ amount: 'ten', src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.MUST_BE_NUMERIC' }],
    // A value of the wrong JSON type is refused by the route's schema (docs/decisions/0055).
    [{ amount: true, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: null, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: 5, src_ani: null, dst_ani: AUNT }, { src_ani: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: 1e9, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.TOO_MANY' }],
    [{ amount: { $gt: 0 }, src_ani: MOM, dst_ani: AUNT }, { amount: 'VALIDATION.INVALID_ENTRY' }],
    [{ amount: 5, dst_ani: AUNT }, { src_ani: 'VALIDATION.REQUIRED' }],
    [{ amount: 5, src_ani: 'mom', dst_ani: AUNT }, { src_ani: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers %j with 400 and moves nothing', async (body, errors) => {
    const c = current().ana;
    const before = await balances(c);
    const res = await c.post(ACCOUNT_PATHS.transfer, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
    expect(await balances(c)).toEqual(before);
  });

  it('answers 401 signed out', async () => {
    const guest = await newClient(current().app);
    const res = await transfer(guest, 5, MOM, AUNT);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(UNAUTHORIZED);
  });

  it("answers 404 when either side is another payer's account, and moves nothing", async () => {
    const ana = current().ana;
    const ben = current().ben;
    const [anaBefore, benBefore] = [await balances(ana), await balances(ben)];
    for (const [src, dst] of [
      [MOM, DAD],
      [DAD, MOM],
      [MOM, AUNT],
    ] as const) {
      const res = await transfer(ben, 5, src, dst);
      expect(res.status, `${src} -> ${dst}`).toBe(404);
      expect(res.body).toEqual(NOT_FOUND);
    }
    expect(await balances(ana)).toEqual(anaBefore);
    expect(await balances(ben)).toEqual(benBefore);
    expect((await ledgerCents([])).transfers).toBe(0);
  });
});

describe('transfer invariants under many transfers at once', () => {
  it('conserves balances plus fees and never goes negative: 50 transfers both ways', async () => {
    const c = current().ana;
    const start = await ledgerCents([301, 306]);
    const startTotal = start.balances.reduce((a, b) => a + b, 0);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0 ? transfer(c, 7.35, MOM, AUNT) : transfer(c, '4.10', AUNT, MOM),
      ),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const ok = answers.filter((a) => a.body.success).length;
    const short = answers.filter((a) => a.body.errors.form === 'ERROR.INSUFFICIENT_FUNDS').length;
    expect(ok + short).toBe(50);
    expect(ok).toBeGreaterThan(0);

    const end = await ledgerCents([301, 306]);
    expect(end.transfers).toBe(ok);
    expect(end.fees).toBe(ok * 150);
    expect(end.balances.reduce((a, b) => a + b, 0) + end.fees).toBe(startTotal);
    for (const b of end.balances) {
      expect(Number.isInteger(b)).toBe(true);
      expect(b).toBeGreaterThanOrEqual(0);
    }
    // The answers the payer sees agree with the ledger.
    const shown = await balances(c);
    expect([shown[301], shown[306]]).toEqual(end.balances.map((b) => b / 100));
  });

  it('never overdraws: of 20 simultaneous $10 transfers from $42.50, exactly 3 go through', async () => {
    const c = current().ana;
    const answers = await Promise.all(Array.from({ length: 20 }, () => transfer(c, 10, MOM, BROTHER)));
    expect(answers.filter((a) => a.body.success)).toHaveLength(3);
    expect(answers.filter((a) => !a.body.success).every((a) => a.body.errors.form === 'ERROR.INSUFFICIENT_FUNDS')).toBe(
      true,
    );
    expect((await ledgerCents([301, 302])).balances).toEqual([4250 - 3 * 1150, 1200 + 3 * 1000]);
  });
});

describe('configuration', () => {
  it('reads the transfer fee and the closed facilities from the environment, absent by default', () => {
    expect(loadConfig({})).not.toHaveProperty('transferFee');
    expect(loadConfig({})).not.toHaveProperty('closedFacilityIds');
    expect(loadConfig({ TRANSFER_FEE: '2.25', CLOSED_FACILITY_IDS: '1004, 1102' })).toMatchObject({
      transferFee: 2.25,
      closedFacilityIds: [1004, 1102],
    });
    expect(() => loadConfig({ TRANSFER_FEE: '1.005' })).toThrow('TRANSFER_FEE');
    expect(() => loadConfig({ CLOSED_FACILITY_IDS: 'x' })).toThrow('CLOSED_FACILITY_IDS');
  });
});
