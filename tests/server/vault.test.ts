import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TokenizeResponse } from '../../contract/api.ts';
import { VISA, newClient, startServer, type TestServer } from './helpers.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

describe('POST /vault/tokenize', () => {
  it('answers a token, brand, last four and expiry, never the number or security code', async () => {
    const c = await newClient(server.app);
    const res = await c.post<TokenizeResponse>('/vault/tokenize', VISA);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^tok_[A-Za-z0-9_-]{43}$/),
      brand: 'visa',
      last4: '1111',
      exp_month: '12',
      exp_year: '2030',
    });
    expect(JSON.stringify(res.body)).not.toContain(VISA.credit_card);
    expect(JSON.stringify(res.body)).not.toContain(VISA.credit_card_cvc);
  });

  it('gives every call a new token', async () => {
    const c = await newClient(server.app);
    expect((await c.tokenize()).token).not.toBe((await c.tokenize()).token);
  });

  it('detects the brand from the number', async () => {
    const c = await newClient(server.app);
    const cases: [string, string][] = [
      ['4111111111111111', 'visa'],
      ['5555555555554444', 'mastercard'],
      ['2223000000000007', 'mastercard'],
      ['6011111111111117', 'discover'],
      ['378282246310005', 'amex'],
      ['4111 1111 1111 1111', 'visa'],
      ['4111-1111-1111-1111', 'visa'],
    ];
    for (const [number, brand] of cases) {
      const t = await c.tokenize({ credit_card: number, credit_card_cvc: brand === 'amex' ? '1234' : '123' });
      expect(t.brand, number).toBe(brand);
      expect(t.last4).toBe(number.slice(-4));
    }
  });

  it('stores brand, last four, expiry and outcome, and nothing of the number or code', async () => {
    const c = await newClient(server.app);
    const t = await c.tokenize({ credit_card: '4000000000000101', credit_card_cvc: '738' });
    const [row] = await server.query('SELECT * FROM vault_tokens WHERE token = ?', [t.token]);
    expect(row).toMatchObject({
      brand: 'visa',
      last4: '0101',
      exp_month: '12',
      exp_year: '2030',
      outcome: 'AVS_MATCH',
    });
    expect(Object.keys(row ?? {}).sort()).toEqual(
      [
        'brand',
        'created_at',
        'exp_month',
        'exp_year',
        'last4',
        'outcome',
        'saved_card_id',
        'session_id',
        'token',
      ].sort(),
    );
    expect(Object.values(row ?? {}).map(String)).not.toContain('4000000000000101');
    expect(Object.values(row ?? {}).map(String)).not.toContain('738');
  });

  it('answers a bad card with 400 and field errors', async () => {
    const c = await newClient(server.app);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ credit_card: '4111111111111112' }, { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' }],
      [{ credit_card: '41111111111111' }, { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' }],
      [{ credit_card: '4111111111111111111111' }, { credit_card: 'VALIDATION.TOO_MANY' }],
      [{ credit_card: '' }, { credit_card: 'VALIDATION.REQUIRED' }],
      // Passes the checksum but belongs to no accepted brand.
      [{ credit_card: '9000000000000001' }, { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' }],
      // A JCB: a valid number of a brand the site does not take.
      [{ credit_card: '3530111333300000' }, { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' }],
      [{ credit_card_cvc: '12' }, { credit_card_cvc: 'VALIDATION.INVALID_CVC' }],
      // §5 brand-aware lengths (contract/cards.ts): 3 digits for a Visa, 4 for an Amex.
      [{ credit_card_cvc: '1234' }, { credit_card_cvc: 'VALIDATION.INVALID_CVC' }],
      [{ credit_card: '378282246310005', credit_card_cvc: '123' }, { credit_card_cvc: 'VALIDATION.INVALID_CVC' }],
      // An Amex number has 15 digits, a Visa 16 (or 13 or 19): 15 digits of a Visa are no card.
      [{ credit_card: '411111111111111' }, { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' }],
      [{ credit_card_cvc: 'abc' }, { credit_card_cvc: 'VALIDATION.INVALID_CVC' }],
      [
        { credit_card_month: '13' },
        { credit_card_month: 'VALIDATION.INVALID_ENTRY', credit_card_year: 'VALIDATION.CARD_EXPIRED' },
      ],
      [{ credit_card_year: '2020' }, { credit_card_year: 'VALIDATION.CARD_EXPIRED' }],
      [{ credit_card: { n: 1 } }, { credit_card: 'VALIDATION.INVALID_ENTRY' }],
    ];
    for (const [change, errors] of cases) {
      const res = await c.post('/vault/tokenize', { ...VISA, ...change });
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect(res.body, JSON.stringify(change)).toEqual({ errors });
    }
    const empty = await c.post<{ errors: Record<string, string> }>('/vault/tokenize', {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toMatchObject({
      credit_card: 'VALIDATION.REQUIRED',
      credit_card_cvc: 'VALIDATION.REQUIRED',
      credit_card_month: 'VALIDATION.REQUIRED',
      credit_card_year: 'VALIDATION.REQUIRED',
    });
    expect((await c.post('/vault/tokenize', ['x'])).status).toBe(400);
  });

  it('never echoes the number in an error answer', async () => {
    const c = await newClient(server.app);
    const res = await c.post('/vault/tokenize', { ...VISA, credit_card_year: '1999' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain(VISA.credit_card);
  });
});
