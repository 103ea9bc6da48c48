import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeesAndRoundupsResponse } from '../../contract/api.ts';
import { Client, startServer, type TestServer } from './helpers.ts';

interface Tier {
  min: number;
  max: number;
  fee: number;
}
const FEES = JSON.parse(readFileSync(new URL('../../fixtures/fees.json', import.meta.url), 'utf8')) as {
  schedules: Record<string, Tier[]>;
};

let server: TestServer;
let c: Client;

beforeAll(async () => {
  server = await startServer();
  c = new Client(server.app);
});
afterAll(async () => {
  await server.dispose();
});

const fees = (q: string) => c.get<FeesAndRoundupsResponse>(`/pay/get_fees_and_roundups?${q}`);
const fee = async (facility: number, type: string, amount: number | string) =>
  (await fees(`facility_id=${facility}&deposit_type=${type}&deposit_amount=${amount}`)).body;

describe('GET /pay/get_fees_and_roundups: fees', () => {
  it('follows the flex tiers of the schedule', async () => {
    const cases: [number, number][] = [
      [10, 2.95],
      [19.99, 2.95],
      [20, 4.95],
      [99.99, 4.95],
      [100, 7.95],
      [250, 7.95],
    ];
    for (const [amount, expected] of cases) {
      expect(await fee(1001, 'flex', amount), String(amount)).toEqual({
        // The total is added up in cents: 19.99 + 2.95 is 22.94, not 22.939999999999998.
        original_deposit_best_fee: { fee: expected, tax: 0, total: Math.round((amount + expected) * 100) / 100 },
        roundups: [],
        presets: expect.any(Array),
      });
    }
  });

  it('answers the fee of fixtures/fees.json at both ends of every tier', async () => {
    // Harris County (1001) offers flex, dest, trust; Maricopa (1201) bail.
    const facilityFor: Record<string, number> = { flex: 1001, dest: 1001, trust: 1001, bail: 1201 };
    for (const [type, tiers] of Object.entries(FEES.schedules)) {
      for (const t of tiers) {
        for (const amount of [Math.max(t.min, 10), t.max]) {
          if (amount > t.max || amount < 10) continue;
          const body = await fee(facilityFor[type] ?? 1001, type, amount);
          expect(body.original_deposit_best_fee.fee, `${type} ${amount}`).toBe(t.fee);
        }
      }
    }
  });

  it('adds tax on the fee where the facility region has one (WA 6.5 %)', async () => {
    expect((await fee(1301, 'flex', 25)).original_deposit_best_fee).toEqual({ fee: 4.95, tax: 0.32, total: 30.27 });
    expect((await fee(1301, 'trust', 50)).original_deposit_best_fee).toEqual({ fee: 5.95, tax: 0.39, total: 56.34 });
  });

  it('accepts a dollar sign and cents', async () => {
    expect((await fee(1001, 'flex', '%2425.50')).original_deposit_best_fee.fee).toBe(4.95);
  });
});

describe('GET /pay/get_fees_and_roundups: the presets priced in the same answer (§9, decision 0052)', () => {
  it('prices every preset, whatever amount is asked, as each would be priced alone', async () => {
    const expected = [
      { amount: 25, fee: 4.95, tax: 0, total: 29.95 },
      { amount: 50, fee: 4.95, tax: 0, total: 54.95 },
      { amount: 75, fee: 4.95, tax: 0, total: 79.95 },
      { amount: 100, fee: 7.95, tax: 0, total: 107.95 },
      { amount: 150, fee: 7.95, tax: 0, total: 157.95 },
    ];
    for (const amount of [25, 33.5, 150]) expect((await fee(1001, 'flex', amount)).presets).toEqual(expected);
    // Each type, with tax where the region has one: the same figures as the amount's own answer.
    for (const [facility, type] of [
      [1001, 'dest'],
      [1001, 'trust'],
      [1201, 'bail'],
      [1301, 'flex'],
      [4001, 'flex'],
    ] as const) {
      const { presets } = await fee(facility, type, 30);
      expect(presets.length, `${facility} ${type}`).toBeGreaterThan(0);
      for (const p of presets) {
        expect({ amount: p.amount, ...(await fee(facility, type, p.amount)).original_deposit_best_fee }).toEqual(p);
      }
    }
    expect((await fee(1301, 'flex', 30)).presets[0]).toEqual({ amount: 25, fee: 4.95, tax: 0.32, total: 30.27 });
  });

  it("leaves out the presets outside the facility's limits", async () => {
    // Travis County (1002) takes 20 to 100.
    expect((await fee(1002, 'flex', 30)).presets.map((p) => p.amount)).toEqual([25, 50, 75, 100]);
  });
});

describe('GET /pay/get_fees_and_roundups: roundups (§9)', () => {
  it('offers No thanks, then the next 5 (+1 free call) and the next 10 (+2) for dest', async () => {
    const body = await fee(1001, 'dest', 23);
    expect(body.roundups).toEqual([
      { id: -1, amount: 23, roundup_amount: 23, roundup_diff: 0, fee: 1.95, tax: 0, total: 24.95, free_calls: 0 },
      { id: 1, amount: 23, roundup_amount: 25, roundup_diff: 2, fee: 2.95, tax: 0, total: 27.95, free_calls: 1 },
      { id: 2, amount: 23, roundup_amount: 30, roundup_diff: 7, fee: 2.95, tax: 0, total: 32.95, free_calls: 2 },
    ]);
  });

  it('rounds a round amount up to the next step, never to itself', async () => {
    const body = await fee(1001, 'dest', 25);
    expect(body.roundups.map((r) => [r.id, r.roundup_amount])).toEqual([
      [-1, 25],
      [1, 30],
      [2, 40],
    ]);
    expect((await fee(1001, 'dest', 72.5)).roundups.map((r) => r.roundup_amount)).toEqual([72.5, 75, 80]);
  });

  it('leaves out options above the maximum', async () => {
    expect((await fee(1001, 'dest', 245)).roundups.map((r) => r.id)).toEqual([-1, 1]);
    expect((await fee(1001, 'dest', 250)).roundups.map((r) => r.id)).toEqual([-1]);
  });

  it('carries tax on roundup fees', async () => {
    const body = await fee(1301, 'dest', 20);
    expect(body.roundups[1]).toMatchObject({ roundup_amount: 25, fee: 2.95, tax: 0.19 });
  });

  it('offers none for flex, trust and bail, in unified-wallet mode, or on tablets', async () => {
    expect((await fee(1001, 'flex', 23)).roundups).toEqual([]);
    expect((await fee(1001, 'trust', 23)).roundups).toEqual([]);
    expect((await fee(1201, 'bail', 23)).roundups).toEqual([]);
    const uw = await fees(
      'facility_id=1001&deposit_type=dest&deposit_amount=23&unified_wallet_flag=true&oc_facility_id=OC-1',
    );
    expect(uw.body.roundups).toEqual([]);
    expect((await fee(1302, 'dest', 23)).roundups).toEqual([]);
  });
});

describe('GET /pay/get_fees_and_roundups: bad input', () => {
  it('answers an amount out of bounds with 400 and the amount error', async () => {
    const cases: [number, string, string][] = [
      [1001, '5', 'VALIDATION.DEPOSIT_BELOW_MINIMUM'],
      [1001, '251', 'VALIDATION.DEPOSIT_LIMIT_REACHED'],
      [1002, '15', 'VALIDATION.DEPOSIT_BELOW_MINIMUM'],
      [1002, '150', 'VALIDATION.DEPOSIT_LIMIT_REACHED'],
      [1001, 'abc', 'VALIDATION.INVALID_DEPOSIT_AMOUNT'],
      [1001, '10.999', 'VALIDATION.INVALID_DEPOSIT_AMOUNT'],
      [1001, '0', 'VALIDATION.INVALID_DEPOSIT_AMOUNT'],
      [1001, '-20', 'VALIDATION.INVALID_DEPOSIT_AMOUNT'],
      [1001, '', 'VALIDATION.INVALID_DEPOSIT_AMOUNT'],
    ];
    for (const [facility, amount, key] of cases) {
      const res = await fees(`facility_id=${facility}&deposit_type=flex&deposit_amount=${amount}`);
      expect(res.status, `${facility} ${amount}`).toBe(400);
      expect(res.body, `${facility} ${amount}`).toEqual({ errors: { deposit_amount: key } });
    }
  });

  it('answers a type that is unknown or not offered with 400', async () => {
    expect((await fees('facility_id=1001&deposit_type=cash&deposit_amount=25')).body).toEqual({
      errors: { deposit_type: 'VALIDATION.SELECT_DEPOSIT_TYPE' },
    });
    expect((await fees('facility_id=1004&deposit_type=flex&deposit_amount=25')).body).toEqual({
      errors: { deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' },
    });
    expect((await fees('facility_id=1001&deposit_type=bail&deposit_amount=25')).status).toBe(400);
  });

  it('answers a missing or unknown facility with 400', async () => {
    expect((await fees('deposit_type=flex&deposit_amount=25')).body).toEqual({
      errors: { facility_id: 'VALIDATION.MUST_BE_NUMERIC' },
    });
    expect((await fees('facility_id=999999&deposit_type=flex&deposit_amount=25')).body).toEqual({
      errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' },
    });
  });

  it('answers a malformed flag or repeated parameter with 400', async () => {
    expect((await fees('facility_id=1001&deposit_type=dest&deposit_amount=25&unified_wallet_flag=maybe')).status).toBe(
      400,
    );
    expect((await fees('facility_id=1001&deposit_type=dest&deposit_amount=25&deposit_amount=30')).status).toBe(400);
  });
});
