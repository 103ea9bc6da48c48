// The §4 duplicate warning and the §8 daily maximum follow the payer (the session, the email), never
// the recipient's other deposits (docs/decisions/0023): a recipient whose family and friends send
// many deposits does not slow them down or warn a different payer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse } from '../../contract/api.ts';
import { MINUTE, fillCheckout, fixedClock, newClient, startServer, type Client, type TestServer } from './helpers.ts';

const clock = fixedClock();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ now: clock.now, config: { dailyMaxPerRecipient: 100 } });
});
afterAll(async () => {
  await server.dispose();
});

const pay = (c: Client, confirm = false) =>
  c.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false, confirm_duplicate: confirm });

let payers = 0;
/** A browser with a whole checkout to John Smith (100001) by a payer of its own. */
async function payer(amount: number, email = `dup${(payers += 1)}@example.com`): Promise<{ c: Client; email: string }> {
  const c = await newClient(server.app);
  await fillCheckout(c, { deposit_amount: amount, extra: { email } });
  return { c, email };
}

describe('the duplicate warning and the daily maximum at a busy recipient', () => {
  it('warns the same browser even under another email (the session branch)', async () => {
    const { c } = await payer(31);
    expect((await pay(c)).body.success).toBe(true);
    await c.post('/state/clear');
    clock.advance(MINUTE);
    await fillCheckout(c, { deposit_amount: 31, extra: { email: 'someone-else@example.com' } });
    const warned = await pay(c);
    expect(warned.body).toMatchObject({
      success: false,
      warning: 'DUPLICATE_TRANSACTION_WARNING',
      duplicate: { amount: 31 },
    });
    expect((await pay(c, true)).body.success).toBe(true);
  });

  it('does not warn another payer who sends the same amount to the same person', async () => {
    // Many payers send the same amount to John Smith within the window: none of them is warned.
    for (let k = 0; k < 5; k += 1) {
      const { c } = await payer(33);
      const res = await pay(c);
      expect(res.body, `payer ${k}`).toMatchObject({ success: true, warning: null, duplicate: null });
    }
    const rows = await server.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM deposits WHERE inmate_id = ? AND amount_cents = ?',
      ['100001', 3300],
    );
    expect(Number(rows[0]?.n)).toBe(5);
  });

  it("counts only the payer's own deposits to the person against the daily maximum", async () => {
    const { c, email } = await payer(60);
    expect((await pay(c)).body.success).toBe(true);
    // Others' deposits to John Smith today (above) do not count; the payer's own 60 do: 40 more at most.
    await c.post('/state/clear');
    await fillCheckout(c, { deposit_amount: 45, extra: { email } });
    expect((await pay(c)).body).toMatchObject({ success: false, error: 'DEPOSIT_EXCEEDS_LIMIT' });
    await c.post('/state/clear');
    await fillCheckout(c, { deposit_amount: 40, extra: { email } });
    expect((await pay(c)).body.success).toBe(true);
  });
});
