// POST /pay/sms_send (§2 SMS receipt modal, US billing only; §5 phone; §7): good input, bad input and
// another session's receipt.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import { SMS_SEND_PATH, type SmsSendResponse } from '../../contract/receipt.ts';
import type { ReceiptInfo } from '../../contract/entities.ts';
import type { DepositStatusInfo } from '../../contract/deposit-status.ts';
import { receiptText } from '../../server/domain/receipt-text.ts';
import { type Client, type TestServer, fillCheckout, newClient, startServer } from './helpers.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.dispose();
});

function texts(): Promise<{ to: string; subject: string; body: string }[]> {
  return server.query('SELECT "to", subject, body FROM outbox WHERE channel = \'sms\' ORDER BY id');
}

let payers = 0;

/** A guest's $25 flex deposit (each by its own email, so none is a duplicate); answers its deposit_id. */
async function deposited(c: Client, extra: Record<string, unknown> = {}): Promise<string> {
  payers += 1;
  await fillCheckout(c, { extra: { email: `sms${payers}@example.com`, ...extra } });
  const res = await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
  expect(res.body.success).toBe(true);
  return res.body.cached_deposit_info?.deposit_id ?? '';
}

describe('POST /pay/sms_send', () => {
  it('texts the receipt of this session’s deposit once, in the session’s language', async () => {
    const c = await newClient(server.app);
    const id = await deposited(c);
    const before = (await texts()).length;
    const res = await c.post<SmsSendResponse>(SMS_SEND_PATH, { phone_no: '(512) 555-0177', receipt: id, enroll: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, already_sent: false });
    const sent = (await texts()).slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: '5125550177', subject: `receipt:${id}` });
    expect(sent[0]?.body).toMatch(/\$25\.00 deposit to John Smith at Harris County Jail\. Total paid \$29\.95\./);
    expect(sent[0]?.body).toContain('text receipts');
    // A double click sends nothing more.
    const again = await c.post<SmsSendResponse>(SMS_SEND_PATH, { phone_no: '5125550177', receipt: id, enroll: false });
    expect(again.body).toEqual({ success: true, already_sent: true });
    expect((await texts()).slice(before)).toHaveLength(1);
  });

  it('sends one text when two requests come at once: the outbox’s unique index decides, not a check before', async () => {
    const c = await newClient(server.app);
    const id = await deposited(c);
    const before = (await texts()).length;
    const answers = await Promise.all(
      [0, 1, 2].map(() =>
        c.post<SmsSendResponse>(SMS_SEND_PATH, { phone_no: '5125550179', receipt: id, enroll: false }),
      ),
    );
    expect(answers.map((a) => a.body.already_sent).sort()).toEqual([false, true, true]);
    expect((await texts()).slice(before)).toHaveLength(1);
  });

  it('writes Spanish for a Spanish session', async () => {
    const c = await newClient(server.app);
    await c.get('/pay/set_locale/es');
    const id = await deposited(c);
    await c.post(SMS_SEND_PATH, { phone_no: '5125550178', receipt: id, enroll: false });
    expect((await texts()).at(-1)?.body).toMatch(/^Recibo .* depósito de /);
  });

  it('refuses bad input with field errors, never a 500', async () => {
    const c = await newClient(server.app);
    const id = await deposited(c);
    const cases: [unknown, Record<string, string>][] = [
      [{ receipt: id, enroll: true }, { phone_no: 'VALIDATION.REQUIRED' }],
      [{ phone_no: '555-0100', receipt: id, enroll: true }, { phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
      [{ phone_no: '5125550100', receipt: id, enroll: 'yes' }, { enroll: 'VALIDATION.INVALID_ENTRY' }],
      [{ phone_no: '5125550100', enroll: true }, { receipt: 'VALIDATION.REQUIRED' }],
      [{ phone_no: { x: 1 }, receipt: id, enroll: true }, { phone_no: 'VALIDATION.INVALID_ENTRY' }],
    ];
    for (const [body, errors] of cases) {
      const res = await c.post(SMS_SEND_PATH, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toMatchObject({ errors });
    }
    expect((await c.post(SMS_SEND_PATH, '"text"')).status).toBe(400);
  });

  it('needs a deposit of this session: none yet, or another session’s receipt, is refused', async () => {
    const a = await newClient(server.app);
    const id = await deposited(a);
    const before = (await texts()).length;
    const b = await newClient(server.app);
    await b.start();
    const res = await b.post(SMS_SEND_PATH, { phone_no: '5125550100', receipt: id, enroll: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { form: 'ERROR.NO_RECEIPT' } });
    const other = await deposited(b);
    expect((await b.post(SMS_SEND_PATH, { phone_no: '5125550100', receipt: id, enroll: false })).status).toBe(400);
    expect(other).not.toBe(id);
    expect(await texts()).toHaveLength(before);
  });

  it('§2: only for a US billing address', async () => {
    const c = await newClient(server.app);
    const id = await deposited(c, {
      billing_country: 'CA',
      billing_state: 'ON',
      billing_zip: 'M5V 2T6',
      billing_city: 'Toronto',
    });
    const res = await c.post(SMS_SEND_PATH, { phone_no: '5125550100', receipt: id, enroll: false });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors: { phone_no: 'ERROR.SMS_US_ONLY' } });
  });
});

describe('the text of the receipt', () => {
  const receipt: ReceiptInfo = {
    deposit_id: 'D00000042',
    order_number: 'D00000042',
    // 03:30 UTC on March 1st: still February 28th at a Texas facility.
    deposit_time: '2026-03-01T03:30:00.000Z',
    deposit_type: 'flex',
    recipient_first_name: 'John',
    recipient_last_name: 'Smith',
    recipient_dob: null,
    recipient_age: null,
    booking_code: '',
    facility_id: 1001,
    facility_label: 'Harris County Jail',
    inmate_label: 'Inmate',
    amount: 25,
    fee: 2.95,
    tax: 0.3,
    total: 28.25,
    card_brand: 'visa',
    card_last4: '1111',
    card_expiry: '12/2030',
    billing_country: 'US',
  };

  it('dates the deposit on the facility\u2019s calendar, as the receipt page does', () => {
    const status: DepositStatusInfo = {
      deposit_id: receipt.deposit_id,
      status: 'posted',
      submitted_at: receipt.deposit_time,
      posted_at: '2026-03-01T03:35:00.000Z',
      refused_at: null,
      refunded_at: null,
      cancelled_at: null,
      refusal_reason: null,
      charged: true,
      cancellable: false,
      expected_at: null,
      check_again_seconds: null,
    };
    const text = receiptText(receipt, status, 'en', false, { state: 'TX', country: 'US' });
    expect(text).toContain('02/28/2026');
    expect(text).toContain('$25.00');
    expect(text).toContain('$28.25');
  });
});
