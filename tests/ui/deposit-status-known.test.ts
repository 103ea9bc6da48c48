// The status a deposit's own answer came with (docs/decisions/0063) answers the receipt's first
// question about that deposit, once; later questions, and questions about another deposit, ask.
import { describe, expect, it } from 'vitest';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { sampleDepositStatus } from '../../fixtures/samples.ts';
import { createApiClient } from '../../src/api/client.ts';
import { processDeposit } from '../../src/api/checkout.ts';
import { depositStatus } from '../../src/api/receipt.ts';

const STATUS = sampleDepositStatus('dep-1', '2026-11-27T09:00:00.000Z', 'submitted');

function client(answer: Partial<CheckoutResponse>) {
  const asked: string[] = [];
  const fetch = (request: Request) => {
    const path = new URL(request.url).pathname;
    asked.push(path);
    const body = path === PATHS.processDeposit ? answer : { ...STATUS, status: 'posted' };
    return Promise.resolve(new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }));
  };
  return { api: createApiClient({ baseUrl: 'http://127.0.0.1/', fetch: fetch as typeof globalThis.fetch }), asked };
}

describe("a deposit's status known from its answer", () => {
  it('answers the first question about that deposit, once', async () => {
    const { api, asked } = client({ success: true, deposit_status: STATUS });
    await processDeposit(api, false);
    expect(await depositStatus(api, 'dep-1')).toEqual(STATUS);
    expect(asked).toEqual([PATHS.processDeposit]);
    expect((await depositStatus(api, 'dep-1')).status).toBe('posted');
    expect(asked).toHaveLength(2);
  });

  it('is not used for another deposit, nor kept from an answer without one', async () => {
    const { api, asked } = client({ success: true, deposit_status: STATUS });
    await processDeposit(api, false);
    expect((await depositStatus(api, 'dep-2')).status).toBe('posted');
    const bare = client({ success: true });
    await processDeposit(bare.api, false);
    expect((await depositStatus(bare.api, 'dep-1')).status).toBe('posted');
    expect([asked.length, bare.asked.length]).toEqual([2, 2]);
  });
});
