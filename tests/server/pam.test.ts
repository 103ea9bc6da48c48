// §2 pam variant: the signed payload built into form state (/pay/prepare_pam_deposit), the sandbox's
// payment endpoint it is form-posted to, and the pam recurring deposits of an account
// (/pay/get_pam_recurring_deposits, /pay/cancel_pam_recurring_deposit).
import { describe, expect, it } from 'vitest';
import type { RecurringDepositsResponse } from '../../contract/accounts.ts';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import {
  CHECKOUT_SERVICE_PATHS as P,
  PAM_PAYLOAD_FIELD,
  type PamPayloadClaims,
  type PamRecurringDepositsResponse,
  type PreparePamDepositResponse,
} from '../../contract/checkout-services.ts';
import type { DepositHistoryResponse } from '../../contract/accounts.ts';
import { PAM_PATHS, PAM_RESULT_PARAM, type CompletePamDepositResponse } from '../../contract/pam.ts';
import { openDatabase, type DatabaseLocation } from '../../server/db.ts';
import { runDueRecurringDeposits } from '../../server/domain/recurring-runner.ts';
import { createStore } from '../../server/repo/repos.ts';
import { ANA, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import type { Client, TestServer } from './helpers.ts';
import { MINUTE, fixedClock, newClient, moneyFor } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock);

async function pamCheckout(
  c: Client,
  s: { facility_id?: number; type?: string; inmate?: string; amount?: number } = {},
) {
  await c.save({ facility_id: s.facility_id ?? 1201 });
  return c.save({
    deposit_type: s.type ?? 'bail',
    deposit_inmate_id: s.inmate ?? '100026',
    deposit_amount: s.amount ?? 150,
  });
}

const prepare = (c: Client, body: unknown = { fees_acknowledged: true }) =>
  c.post<PreparePamDepositResponse>(P.preparePamDeposit, body);

function claimsOf(payload: string): PamPayloadClaims {
  const [body] = payload.split('.');
  return JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8')) as PamPayloadClaims;
}

async function postForm(c: Client, payload: string) {
  return c.app.inject({
    method: 'POST',
    url: P.sandboxPamPay,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [PAM_PAYLOAD_FIELD]: payload }).toString(),
  });
}

describe('POST /pay/prepare_pam_deposit', () => {
  it('signs a summary of the deposit into form state, with no card data', async () => {
    const { ana } = current();
    await pamCheckout(ana);
    await ana.save({ card_token: (await ana.tokenize()).token });
    const res = await prepare(ana);
    expect(res.status).toBe(200);
    expect(res.body.pay_url).toBe('/sandbox/pam/pay');
    expect(res.body.fields).toMatchObject({ pam_payload: res.body.pam_payload, pay_url: '/sandbox/pam/pay' });
    expect((await ana.state()).fields.pam_payload).toBe(res.body.pam_payload);
    const claims = claimsOf(res.body.pam_payload);
    expect(claims).toMatchObject({
      v: 1,
      facility_id: 1201,
      deposit_type: 'bail',
      inmate_id: '100026',
      recipient: 'Robert Lee',
      amount: 150,
      fee: 9.95,
      tax: 0,
      total: 159.95,
      payer_email: ANA.email,
      issued_at: clock.now().toISOString(),
    });
    expect(res.body.pam_payload).not.toMatch(/4111|1111|tok_/);
    expect(JSON.stringify(claims)).not.toMatch(/4111|1111|tok_/);
    // /state/save never writes it.
    await ana.save({ pam_payload: 'forged', pay_url: 'https://evil.example' });
    expect((await ana.state()).fields).toMatchObject({
      pam_payload: res.body.pam_payload,
      pay_url: '/sandbox/pam/pay',
    });
  });

  it('uses the configured endpoint', async () => {
    const other = await current.startCopy({ config: { payUrl: 'https://pay.partner.example/pam' } });
    try {
      await pamCheckout(other.ana);
      expect((await prepare(other.ana)).body.pay_url).toBe('https://pay.partner.example/pam');
      // The pages may post the form there (content security policy form-action).
      const page = await other.app.inject({ method: 'GET', url: '/sandbox/legal/terms/en' });
      expect(String(page.headers['content-security-policy'])).toContain(
        "form-action 'self' https://pay.partner.example",
      );
    } finally {
      await other.dispose();
    }
  });

  it('answers 400 with field errors when the deposit is not ready or not pam', async () => {
    const { ana } = current();
    expect(await prepare(ana)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' } },
    });
    await pamCheckout(ana, { facility_id: 1001, type: 'flex', inmate: '100001', amount: 25 });
    expect(await prepare(ana)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'ERROR.PAM_NOT_ENABLED' } },
    });
    await ana.save({ facility_id: 1201 });
    expect(await prepare(ana)).toMatchObject({
      status: 400,
      body: { errors: { deposit_type: 'VALIDATION.SELECT_DEPOSIT_TYPE', deposit_inmate_id: 'VALIDATION.REQUIRED' } },
    });
    await pamCheckout(ana, { amount: 5 });
    expect(await prepare(ana)).toMatchObject({
      status: 400,
      body: { errors: { deposit_amount: 'VALIDATION.DEPOSIT_BELOW_MINIMUM' } },
    });
    await ana.save({ deposit_amount: 50 });
    expect(await prepare(ana, { fees_acknowledged: false })).toMatchObject({
      status: 400,
      body: { errors: { fees_acknowledged: 'VALIDATION.AGREE_TERMS' } },
    });
    expect(await prepare(ana, { fees_acknowledged: 'yes' })).toMatchObject({ status: 400 });
  });

  it('enforces approved depositor status for trust (§6)', async () => {
    const { ana, ben } = current();
    await pamCheckout(ana, { type: 'trust', amount: 50 });
    expect((await prepare(ana)).status).toBe(200);
    await pamCheckout(ben, { type: 'trust', amount: 50 });
    expect(await prepare(ben)).toMatchObject({
      status: 400,
      body: { errors: { form: 'ERROR.NOT_APPROVED_DEPOSITOR_MSG' } },
    });
  });

  it('answers 401 to a guest (§6: pam needs an account)', async () => {
    const guest = await newClient(current().app);
    await pamCheckout(guest);
    expect(await prepare(guest)).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

const GOOD_CARD = {
  credit_card: '4111111111111111',
  credit_card_month: '12',
  credit_card_year: '2030',
  credit_card_cvc: '123',
};

async function charge(c: Client, payload: string, card: Record<string, string> = GOOD_CARD) {
  return c.app.inject({
    method: 'POST',
    url: PAM_PATHS.sandboxPamCharge,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ [PAM_PAYLOAD_FIELD]: payload, ...card }).toString(),
  });
}

/** The signed result in the address the endpoint sends the payer back to. */
function resultOf(location: unknown): string {
  const [, hash] = String(location).split('#');
  const query = (hash ?? '').split('?')[1] ?? '';
  return new URLSearchParams(query).get(PAM_RESULT_PARAM) ?? '';
}

async function pamRows(server: TestServer): Promise<unknown[]> {
  return server.query('SELECT ref, valid, total_cents, card_brand, card_last4, card_exp FROM pam_payments');
}

const complete = (c: Client, pam_result: unknown) =>
  c.post<CompletePamDepositResponse>(PAM_PATHS.completePamDeposit, { pam_result });

describe('POST /sandbox/pam/pay and /sandbox/pam/charge (the sandbox payment endpoint)', () => {
  it('shows what is paid with a card form; takes nothing until the card is charged', async () => {
    const { ana } = current();
    await pamCheckout(ana);
    const payload = (await prepare(ana)).body.pam_payload;
    const res = await postForm(ana, payload);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('<h1>Pay for your deposit</h1>');
    expect(res.body).toContain('Robert Lee');
    expect(res.body).toContain(`action="${PAM_PATHS.sandboxPamCharge}"`);
    expect(res.body).toContain('<label for="credit_card">Card number</label>');
    expect(res.body).toContain('Pay $159.95');
    expect(res.body).toContain('<a href="/">Return to the deposit site</a>');
    expect(await pamRows(current())).toEqual([]);
  });

  it('refuses a bad or declined card on the form, keeping no card data', async () => {
    const { ana } = current();
    await pamCheckout(ana);
    const payload = (await prepare(ana)).body.pam_payload;
    const bad = await charge(ana, payload, { ...GOOD_CARD, credit_card: '4111111111111112', credit_card_month: '13' });
    expect(bad.statusCode).toBe(200);
    expect(bad.body).toContain('role="alert"');
    expect(bad.body).toContain('Card number - Invalid card number');
    expect(bad.body).toContain('Expiry month (MM) - ');
    expect(bad.body).not.toContain('4111111111111112');
    const amex = await charge(ana, payload, { ...GOOD_CARD, credit_card: '378282246310005', credit_card_cvc: '1234' });
    expect(amex.statusCode).toBe(200);
    expect(amex.body).toContain('We do not accept American Express');
    expect(amex.body).not.toContain('378282246310005');
    expect(await pamRows(current())).toEqual([]);
  });

  it('charges once and sends the payer back with a signed result; a repeat is not charged again', async () => {
    const { ana } = current();
    await pamCheckout(ana);
    const payload = (await prepare(ana)).body.pam_payload;
    const res = await charge(ana, payload);
    expect(res.statusCode).toBe(303);
    expect(String(res.headers.location)).toMatch(/^http:\/\/localhost(:\d+)?\/#\/pam_return\?result=/);
    const again = await charge(ana, payload, { ...GOOD_CARD, credit_card: '5555555555554444' });
    expect(again.statusCode).toBe(303);
    expect(resultOf(again.headers.location)).toBe(resultOf(res.headers.location));
    // The form posted again after paying leads back too.
    expect((await postForm(ana, payload)).statusCode).toBe(303);
    expect(await pamRows(current())).toEqual([
      {
        ref: claimsOf(payload).ref,
        valid: 1,
        total_cents: 15995,
        card_brand: 'visa',
        card_last4: '1111',
        card_exp: '12/2030',
      },
    ]);
  });

  it('answers in Spanish for a Spanish payer', async () => {
    const { ana } = current();
    await ana.save({ locale: 'es' });
    await pamCheckout(ana);
    const res = await postForm(ana, (await prepare(ana)).body.pam_payload);
    expect(res.body).toContain('<html lang="es">');
    expect(res.body).toContain('Pague su depósito');
    expect(res.body).toContain('Número de tarjeta');
  });

  it('refuses a forged, tampered, expired or missing payload without taking a payment', async () => {
    const { ana } = current();
    await pamCheckout(ana);
    const payload = (await prepare(ana)).body.pam_payload;
    const [body, sig] = payload.split('.') as [string, string];
    const claims = claimsOf(payload);
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, total: 1 })).toString('base64url')}.${sig}`;
    for (const bad of [tampered, `${body}.AAAA`, 'nonsense', '']) {
      for (const res of [await postForm(ana, bad), await charge(ana, bad)]) {
        expect(res.statusCode, bad).toBe(400);
        expect(res.body).toContain('No payment was taken');
      }
    }
    clock.advance(31 * MINUTE);
    const late = await charge(ana, payload);
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('has expired');
    expect(await pamRows(current())).toEqual([]);
  });

  it('answers a JSON post as a bad request, never a 500', async () => {
    const { ana } = current();
    for (const url of [P.sandboxPamPay, PAM_PATHS.sandboxPamCharge]) {
      const res = await ana.app.inject({ method: 'POST', url, payload: { payload: 'x' } });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('POST /pay/complete_pam_deposit (the pam receipt)', () => {
  async function paid(c: Client) {
    await pamCheckout(c, { type: 'trust', amount: 50 });
    const payload = (await prepare(c)).body.pam_payload;
    return resultOf((await charge(c, payload)).headers.location);
  }

  it('writes the deposit and the pam receipt once, in the payer’s history', async () => {
    const { ana } = current();
    const result = await paid(ana);
    const res = await complete(ana, result);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.cached_deposit_info).toMatchObject({
      pam: true,
      deposit_type: 'trust',
      recipient_first_name: 'Robert',
      facility_id: 1201,
      amount: 50,
      card_brand: 'visa',
      card_last4: '1111',
      card_expiry: '12/2030',
    });
    const receipt = res.body.cached_deposit_info;
    expect((await ana.state()).fields).toMatchObject({ deposit_id: receipt?.deposit_id });
    // A reload of the return address answers the first answer.
    const again = await complete(ana, result);
    expect(again.body.cached_deposit_info?.order_number).toBe(receipt?.order_number);
    const history = await ana.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory);
    expect(JSON.stringify(history.body)).toContain('Robert');
    expect(JSON.stringify(res.body)).not.toMatch(/4111111111111111|tok_/);
  });

  it('refuses a result of a payment this session did not prepare, or not paid, or not a token', async () => {
    const { ana, ben } = current();
    const result = await paid(ana);
    expect(await complete(ben, result)).toMatchObject({
      status: 400,
      body: { errors: { form: 'ERROR.PAM_INVALID_RESULT' } },
    });
    const [body, sig] = result.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, card_last4: '9999' })).toString('base64url')}.${sig}`;
    expect(await complete(ana, tampered)).toMatchObject({
      status: 400,
      body: { errors: { form: 'ERROR.PAM_INVALID_RESULT' } },
    });
    // The payload itself is no result.
    const payload = (await ana.state()).fields.pam_payload;
    expect((await complete(ana, payload)).status).toBe(400);
    expect(await complete(ana, '')).toMatchObject({
      status: 400,
      body: { errors: { pam_result: 'VALIDATION.REQUIRED' } },
    });
    expect(await complete(ana, 'not a token')).toMatchObject({ status: 400 });
    expect(await complete(ana, 42)).toMatchObject({ status: 400 });
    expect((await ana.state()).fields.deposit_id).toBe('');
    // Prepared, but the card was never charged: the endpoint has no record.
    const unpaid = await current.startCopy({ config: { pamSigningKey: 'k'.repeat(40) } });
    try {
      await pamCheckout(unpaid.ana, { type: 'trust', amount: 50 });
      const prepared = (await prepare(unpaid.ana)).body.pam_payload;
      const { signPamResult } = await import('../../server/domain/pam.ts');
      const forged = signPamResult(Buffer.from('k'.repeat(40)), {
        ref: claimsOf(prepared).ref,
        card_brand: 'visa',
        card_last4: '1111',
        card_expiry: '12/2030',
        paid_at: clock.now().toISOString(),
      });
      expect(await complete(unpaid.ana, forged)).toMatchObject({
        status: 400,
        body: { errors: { form: 'ERROR.PAM_NOT_PAID' } },
      });
    } finally {
      await unpaid.dispose();
    }
  });

  it('answers 401 to a guest', async () => {
    const guest = await newClient(current().app);
    expect(await complete(guest, 'a.b')).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('pam recurring deposits', () => {
  it('lists only the payer’s pam recurring deposits', async () => {
    const { ana, ben } = current();
    const res = await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {});
    expect(res.status).toBe(200);
    expect(res.body.recurring_deposits.length).toBeGreaterThan(0);
    for (const r of res.body.recurring_deposits) expect(r.isPam).toBe(true);
    expect(res.body.recurring_deposits.map((r) => r.id)).toContain(603);
    expect((await ben.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits).toEqual(
      [],
    );
  });

  it('cancels one by account_guid and id; another payer’s is not found and stays', async () => {
    const { ana, ben } = current();
    const mine = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    const target = mine.find((r) => r.id === 603);
    if (!target) throw new Error('fixture 603 missing');
    const body = { account_guid: target.account_guid, deposit_id: 603 };
    expect(await ben.post(P.cancelPamRecurringDeposit, body)).toMatchObject({
      status: 404,
      body: { errors: { form: 'ERROR.ERROR_DELETING_DEPOSIT' } },
    });
    expect(await ana.post(P.cancelPamRecurringDeposit, { ...body, account_guid: 'another-guid' })).toMatchObject({
      status: 404,
    });
    // A recurring deposit that is not pam is not cancelled here.
    const all = (await ana.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits)).body.recurring_deposits;
    const plain = all.find((r) => !r.isPam);
    if (!plain) throw new Error('fixture without a plain recurring deposit');
    expect(
      (await ana.post(P.cancelPamRecurringDeposit, { account_guid: plain.account_guid, deposit_id: plain.id })).status,
    ).toBe(404);
    expect(await ana.post(P.cancelPamRecurringDeposit, body)).toMatchObject({
      status: 200,
      body: { success: true, errors: {} },
    });
    expect((await ana.post(P.cancelPamRecurringDeposit, body)).status).toBe(404);
    const after = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    expect(after.map((r) => r.id)).not.toContain(603);
  });

  it('answers 400 for bad input and 401 to a guest', async () => {
    const { ana, app } = current();
    expect(await ana.post(P.cancelPamRecurringDeposit, { account_guid: '<x>', deposit_id: 'one' })).toMatchObject({
      status: 400,
      body: { errors: { account_guid: 'VALIDATION.INVALID_ENTRY', deposit_id: 'VALIDATION.MUST_BE_NUMERIC' } },
    });
    const guest = await newClient(app);
    expect(await guest.post(P.pamRecurringDeposits, {})).toMatchObject({ status: 401, body: UNAUTHORIZED });
    expect(await guest.post(P.cancelPamRecurringDeposit, { account_guid: 'a', deposit_id: 603 })).toMatchObject({
      status: 401,
    });
  });
});

describe('a pam recurring deposit set up at the pam checkout (§4: bi-weekly on the 1st and the 15th)', () => {
  async function paidRecurring(c: Client) {
    await pamCheckout(c, { type: 'trust', amount: 50 });
    const prepared = await prepare(c, { fees_acknowledged: true, recurring_type: 'biweekly' });
    expect(prepared.status).toBe(200);
    return prepared.body.pam_payload;
  }

  function runner(location: DatabaseLocation) {
    const db = openDatabase(location);
    const store = createStore(db);
    return {
      run: (iso: string) =>
        runDueRecurringDeposits(
          moneyFor(store, () => new Date(iso)),
          new Date(iso),
        ),
      close: () => db.close(),
    };
  }

  it('carries the choice to the endpoint, which says so; the return writes the schedule once, on its card', async () => {
    const { ana } = current();
    const payload = await paidRecurring(ana);
    expect(claimsOf(payload).recurring).toBe('biweekly');
    const form = await postForm(ana, payload);
    expect(form.body).toContain('Then $55.95 again on the 1st and the 15th of each month, on this card');
    const result = resultOf(
      (await charge(ana, payload, { ...GOOD_CARD, credit_card: '5555555555554444' })).headers.location,
    );
    const before = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    const res = await complete(ana, result);
    expect(res.body.cached_deposit_info).toMatchObject({ pam: true, recurring: { interval: 'biweekly', day: 1 } });
    await complete(ana, result);
    const after = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    expect(after).toHaveLength(before.length + 1);
    const made = after.find((r) => !before.some((b) => b.id === r.id));
    expect(made).toMatchObject({
      amount: 50,
      interval_type: 'biweekly',
      day_in_interval: 1,
      deposit_type: 'TRUST',
      recipient: '100026',
      recipient_type: 'Inmate',
      display_name: 'Robert Lee',
      card_type: 'mastercard',
      isPam: true,
    });
    expect(made?.card_display).toContain('4444');
    // The account page lists it too.
    const all = (await ana.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits)).body.recurring_deposits;
    expect(all.map((r) => r.id)).toContain(made?.id);

    // The sandbox endpoint charges it from the next 1st (the checkout's payment stands for the 15th).
    const r = runner(current().location);
    try {
      expect((await r.run('2026-11-28T09:00:00Z')).charged).not.toContain(`R${made?.id}-2026-11-b`);
      expect((await r.run('2026-12-01T09:00:00Z')).charged).toContain(`R${made?.id}-2026-12-a`);
      expect((await r.run('2026-12-02T09:00:00Z')).charged).not.toContain(`R${made?.id}-2026-12-a`);
      expect((await r.run('2026-12-15T09:00:00Z')).charged).toContain(`R${made?.id}-2026-12-b`);
    } finally {
      await r.close();
    }
    const rows = await current().query(
      'SELECT amount_cents, card_token, card_last4, deposit_type FROM deposits WHERE order_number LIKE ?',
      [`R${made?.id}-%`],
    );
    expect(rows).toEqual([
      { amount_cents: 5000, card_token: `pam:${claimsOf(payload).ref}`, card_last4: '4444', deposit_type: 'trust' },
      { amount_cents: 5000, card_token: `pam:${claimsOf(payload).ref}`, card_last4: '4444', deposit_type: 'trust' },
    ]);
  });

  it('a one-time payment sets up nothing', async () => {
    const { ana } = current();
    await pamCheckout(ana, { type: 'trust', amount: 50 });
    const payload = (await prepare(ana, { fees_acknowledged: true, recurring_type: '' })).body.pam_payload;
    expect(claimsOf(payload).recurring).toBeNull();
    expect((await postForm(ana, payload)).body).not.toContain('1st and the 15th');
    const before = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    const res = await complete(ana, resultOf((await charge(ana, payload)).headers.location));
    expect(res.body.cached_deposit_info?.recurring).toBeUndefined();
    const after = (await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits;
    expect(after).toEqual(before);
  });

  it('refuses another interval, a value that is not one, and bail (paid once)', async () => {
    const { ana } = current();
    await pamCheckout(ana, { type: 'trust', amount: 50 });
    for (const recurring_type of ['weekly', 'monthly', 7, null]) {
      expect(await prepare(ana, { fees_acknowledged: true, recurring_type }), String(recurring_type)).toMatchObject({
        status: 400,
        body: { errors: { recurring_type: 'VALIDATION.INVALID_ENTRY' } },
      });
    }
    await pamCheckout(ana, { type: 'bail', amount: 150 });
    expect(await prepare(ana, { fees_acknowledged: true, recurring_type: 'biweekly' })).toMatchObject({
      status: 400,
      body: { errors: { recurring_type: 'ERROR.RECURRING_NOT_FOR_TYPE' } },
    });
    expect((await ana.state()).fields.pam_payload).toBe('');
  });

  it('another payer cannot complete it, see it or cancel it; a guest is refused', async () => {
    const { ana, ben, app } = current();
    const payload = await paidRecurring(ana);
    const result = resultOf((await charge(ana, payload)).headers.location);
    expect((await complete(ben, result)).status).toBe(400);
    await complete(ana, result);
    const made = (
      await ana.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})
    ).body.recurring_deposits.find((r) => r.id !== 603);
    if (!made) throw new Error('no schedule made');
    expect((await ben.post<PamRecurringDepositsResponse>(P.pamRecurringDeposits, {})).body.recurring_deposits).toEqual(
      [],
    );
    const body = { account_guid: made.account_guid, deposit_id: made.id };
    expect((await ben.post(P.cancelPamRecurringDeposit, body)).status).toBe(404);
    const guest = await newClient(app);
    expect(
      (await guest.post(P.preparePamDeposit, { fees_acknowledged: true, recurring_type: 'biweekly' })).status,
    ).toBe(401);
    // Cancelled, the endpoint charges it no more.
    expect((await ana.post(P.cancelPamRecurringDeposit, body)).status).toBe(200);
    const r = runner(current().location);
    try {
      expect((await r.run('2026-12-01T09:00:00Z')).charged).not.toContain(`R${made.id}-2026-12-a`);
    } finally {
      await r.close();
    }
  });
});
