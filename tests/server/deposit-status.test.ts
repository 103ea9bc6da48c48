// The deposit status tracker and the payer's cancel (docs/decisions/0049): GET /pay/deposit_status/:id,
// POST /pay/deposit_cancel/:id, the deposit history's status and the receipt text's, on the ledger's
// states and times as the job workers move them: good input, bad input, another payer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_PATHS, type DepositHistoryResponse } from '../../contract/accounts.ts';
import { PATHS, type CheckoutResponse } from '../../contract/api.ts';
import {
  depositCancelPath,
  depositStatusPath,
  type DepositCancelResponse,
  type DepositStatusInfo,
} from '../../contract/deposit-status.ts';
import { SMS_SEND_PATH } from '../../contract/receipt.ts';
import { ANA, BEN, signedIn } from './account-helpers.ts';
import { type Client, type TestServer, fillCheckout, fixedClock, newClient, startServer } from './helpers.ts';

const POST_SECONDS = 90;
const clock = fixedClock('2026-11-22T12:00:00.000Z');
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ now: clock.now, config: { depositPostSeconds: POST_SECONDS } });
});
afterAll(async () => {
  await server.dispose();
});

let payers = 0;

/** A $25 flex deposit at Harris County Jail to `inmateId` (each by its own e-mail: no duplicate). */
async function deposit(c: Client, inmateId = '100001'): Promise<string> {
  payers += 1;
  await fillCheckout(c, { deposit_inmate_id: inmateId, extra: { email: `status${payers}@example.com` } });
  const res = await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
  expect(res.body.success, JSON.stringify(res.body)).toBe(true);
  return res.body.cached_deposit_info?.deposit_id ?? '';
}

const at = (seconds: number) => new Date(Date.parse(clock.now().toISOString()) + seconds * 1000).toISOString();

async function status(c: Client, id: string) {
  return c.get<DepositStatusInfo>(depositStatusPath(id));
}

/** Moves the clock and runs the steps that have come due (posting, capture, void). */
async function pass(seconds: number) {
  clock.advance(seconds * 1000);
  await server.app.jobs.drain();
}

const charges = (id: string) =>
  server.query<{ state: string }>('SELECT state FROM sandbox_charges WHERE idempotency_key = ?', [id]);

describe('GET /pay/deposit_status/:id', () => {
  it('a deposit made comes with its status (docs/decisions/0063); an answer that made none carries no status', async () => {
    const c = await newClient(server.app);
    await fillCheckout(c, { deposit_inmate_id: '100001', extra: { email: 'status.answer@example.com' } });
    const made = await c.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
    const id = made.body.cached_deposit_info?.deposit_id ?? '';
    expect(made.body.deposit_status).toEqual((await status(c, id)).body);
    expect(made.body.deposit_status).toMatchObject({ deposit_id: id, status: 'submitted' });
    // A try that makes no deposit (nothing filled in: the form's errors) carries none.
    const empty = await newClient(server.app);
    const none = await empty.post<CheckoutResponse>(PATHS.processDeposit, { skip_completed_steps: false });
    expect(none.status).not.toBe(200);
    expect(none.body.deposit_status ?? null).toBeNull();
  });

  it('tells a deposit submitted, then posted once its time has come, from the times in the ledger', async () => {
    const c = await newClient(server.app);
    const charged = clock.now().toISOString();
    const id = await deposit(c);
    const first = await status(c, id);
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toEqual({
      deposit_id: id,
      status: 'submitted',
      submitted_at: charged,
      posted_at: null,
      refused_at: null,
      refunded_at: null,
      cancelled_at: null,
      refusal_reason: null,
      charged: false,
      cancellable: true,
      expected_at: at(POST_SECONDS),
      check_again_seconds: 60,
    });
    // The money is held, not taken.
    expect(await charges(id)).toEqual([{ state: 'authorized' }]);
    await pass(POST_SECONDS - 5);
    expect((await status(c, id)).body).toMatchObject({ status: 'submitted', check_again_seconds: 5 });
    await pass(5);
    const posted = (await status(c, id)).body;
    expect(posted).toMatchObject({
      status: 'posted',
      posted_at: clock.now().toISOString(),
      expected_at: null,
      charged: true,
      cancellable: false,
    });
    expect(posted.check_again_seconds).toBeNull();
    // Posted: the hold is captured, once.
    expect(await charges(id)).toEqual([{ state: 'captured' }]);
  });

  it('refuses a deposit to a person released since (100006): the hold is released, nothing taken', async () => {
    const c = await newClient(server.app);
    const id = await deposit(c, '100006');
    expect((await status(c, id)).body).toMatchObject({ status: 'submitted', expected_at: at(POST_SECONDS) });
    await pass(POST_SECONDS);
    expect((await status(c, id)).body).toMatchObject({
      status: 'refused',
      refused_at: clock.now().toISOString(),
      refunded_at: null,
      refusal_reason: 'released',
      charged: false,
      cancellable: false,
      expected_at: null,
      check_again_seconds: null,
      posted_at: null,
    });
    expect(await charges(id)).toEqual([{ state: 'voided' }]);
  });

  it('refuses a malformed id with a field error, never a 500', async () => {
    const c = await newClient(server.app);
    await deposit(c);
    for (const bad of ['a%20b', 'x'.repeat(65), '%27%3B--', 'a.b']) {
      const res = await c.get(`/pay/deposit_status/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body, bad).toMatchObject({ errors: { id: expect.stringMatching(/^VALIDATION\./) } });
    }
    const unknown = await status(c, '00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ errors: { form: 'ERROR.NOT_FOUND' } });
  });

  it('answers another session, another payer, or no session at all as if the deposit did not exist', async () => {
    const a = await newClient(server.app);
    const id = await deposit(a);
    const b = await newClient(server.app);
    await b.get('/pay/get_fac_list?country=US');
    expect((await status(b, id)).status).toBe(404);
    const nobody = await server.app.inject({ method: 'GET', url: depositStatusPath(id) });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.body).not.toContain(id);
    const ben = await signedIn(server.app, BEN);
    expect((await status(ben, id)).status).toBe(404);
  });
});

describe('POST /pay/deposit_cancel/:id', () => {
  const cancel = (c: Client, id: string) => c.post<DepositCancelResponse>(depositCancelPath(id), {});

  it('cancels a deposit not yet sent: its posting is withdrawn and its hold released', async () => {
    const c = await newClient(server.app);
    const id = await deposit(c);
    const res = await cancel(c, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      cancelled: true,
      refusal: null,
      status: { status: 'cancelled', cancelled_at: clock.now().toISOString(), charged: false, cancellable: false },
    });
    await pass(POST_SECONDS + 1);
    expect((await status(c, id)).body.status).toBe('cancelled');
    expect(await charges(id)).toEqual([{ state: 'voided' }]);
    // Twice is the same answer: already ended, nothing more happens.
    expect((await cancel(c, id)).body).toMatchObject({ cancelled: false, refusal: 'ALREADY_ENDED' });
  });

  it('leaves a deposit that posted meanwhile as it is, and says so', async () => {
    const c = await newClient(server.app);
    const id = await deposit(c);
    await pass(POST_SECONDS);
    const res = await cancel(c, id);
    expect(res.body).toMatchObject({ cancelled: false, refusal: 'ALREADY_POSTED', status: { status: 'posted' } });
    expect(await charges(id)).toEqual([{ state: 'captured' }]);
  });

  it('refuses a malformed id, and answers another payer or no session as if it did not exist', async () => {
    const a = await newClient(server.app);
    const id = await deposit(a);
    expect((await a.post(`/pay/deposit_cancel/${'x'.repeat(65)}`, {})).status).toBe(400);
    const b = await newClient(server.app);
    await b.get('/pay/get_fac_list?country=US');
    expect((await cancel(b, id)).status).toBe(404);
    const ben = await signedIn(server.app, BEN);
    expect((await cancel(ben, id)).status).toBe(404);
    // Without the session's CSRF header nothing is cancelled.
    const bare = await server.app.inject({ method: 'POST', url: depositCancelPath(id), payload: {} });
    expect(bare.statusCode).toBeGreaterThanOrEqual(400);
    expect((await status(a, id)).body.status).toBe('submitted');
  });
});

describe('the status in the deposit history and the receipt text', () => {
  it('lists a signed-in payer’s new deposit as submitted, then posted; the seeded history as posted', async () => {
    const ana = await signedIn(server.app, ANA);
    const id = await deposit(ana);
    const page = async () => (await ana.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory)).body.deposits;
    const mine = (await page()).find((d) => d.id === id);
    expect(mine?.status).toMatchObject({ deposit_id: id, status: 'submitted', expected_at: at(POST_SECONDS) });
    const seeded = (await page()).filter((d) => d.id.startsWith('hist-'));
    expect(seeded.length).toBeGreaterThan(0);
    for (const d of seeded) expect(d.status).toMatchObject({ status: 'posted', posted_at: d.deposit_time });
    // The payer reads it from another browser too: it is theirs, not the session's.
    const other = await signedIn(server.app, ANA);
    expect((await status(other, id)).body.status).toBe('submitted');
    await pass(POST_SECONDS);
    expect((await page()).find((d) => d.id === id)?.status).toMatchObject({ status: 'posted' });
  });

  it('texts the receipt with where the deposit is, in the session’s language', async () => {
    const c = await newClient(server.app);
    const id = await deposit(c);
    await c.post(SMS_SEND_PATH, { phone_no: '5125550190', receipt: id, enroll: false });
    const expected = new Date(Date.parse(clock.now().toISOString()) + POST_SECONDS * 1000);
    const hhmm = `${String(expected.getUTCHours()).padStart(2, '0')}:${String(expected.getUTCMinutes()).padStart(2, '0')}`;
    const [en] = await server.query<{ body: string }>('SELECT body FROM outbox WHERE subject = ?', [`receipt:${id}`]);
    expect(en?.body).toMatch(
      new RegExp(`Status: submitted to the facility, to be posted by \\d\\d/\\d\\d/\\d{4} ${hhmm} UTC\\.$`),
    );

    const es = await newClient(server.app);
    await es.get('/pay/set_locale/es');
    const refusedId = await deposit(es, '100006');
    await pass(POST_SECONDS);
    await es.post(SMS_SEND_PATH, { phone_no: '5125550191', receipt: refusedId, enroll: false });
    const [text] = await server.query<{ body: string }>('SELECT body FROM outbox WHERE subject = ?', [
      `receipt:${refusedId}`,
    ]);
    expect(text?.body).toMatch(
      /Estado: rechazado por el centro \(la persona ha sido puesta en libertad\) el .*; no se cobró nada/,
    );
  });
});
