// Friends-and-family phone deposits (§1 dest; contract/dest-deposits.ts): the number step's fields in
// /state/save (§5), the fraud-flag call (§7), and /pay/process_deposit to a phone number instead of an
// inmate, crediting the phone account in the ledger row's transaction (docs/decisions/0010).
import { describe, expect, it } from 'vitest';
import { createStore } from '../../server/repo/repos.ts';
import { seedIfEmpty } from '../../server/seed.ts';
import {
  ACCOUNT_PATHS,
  type DepositHistoryResponse,
  type DestAccountsResponse,
  type DestinationAccount,
  type RecurringDepositsResponse,
} from '../../contract/accounts.ts';
import type { CheckoutResponse, ErrorBody, StateSaveResponse, TokenizeResponse } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services.ts';
import { DEST_DEPOSIT_PATHS, type DestinationFraudFlagResponse } from '../../contract/dest-deposits.ts';
import { useSignedInServer } from './account-helpers.ts';
import { PAYER, fixedClock, newClient, openTestDatabase, type Card, type Client, type TestServer } from './helpers.ts';

const clock = fixedClock();
// Deposits are sent to the phone platform at once (DEPOSIT_POST_SECONDS 0), which credits the balance.
const current = useSignedInServer(clock, { config: { dailyMaxPerRecipient: 500, depositPostSeconds: 0 } });

const FRAUD = 'ERROR.FRAUD_CONTROL_MESSAGE';
const NOT_YOURS = 'ERROR.DEST_ACCOUNT_NOT_FOUND';
/** fixtures/fraud-numbers.json */
const FLAGGED_US = '5125550666';
/** Ana's accounts (fixtures/payers.json): Mom (42.50, primary), Brother (12), Uncle (fraud-flagged), SNAP row. */
const MOM = 301;
const BROTHER = 302;
const UNCLE = 304;
const SNAP_ROW = 305;
/** Ben's account. */
const DAD = 311;

/** Pays, then lets the job workers post (and capture) what was authorized (docs/decisions/0049). */
async function pay(c: Client, body: object = { skip_completed_steps: false }) {
  const res = await c.post<CheckoutResponse>('/pay/process_deposit', body);
  await current().app.jobs.drain();
  return res;
}
const fraudFlag = (c: Client, body: unknown) =>
  c.post<DestinationFraudFlagResponse | ErrorBody>(DEST_DEPOSIT_PATHS.destinationFraudFlag, body);

/** Ledger rows written by the tests (not the seeded history). */
const ledger = (server: TestServer) =>
  server.query(
    "SELECT * FROM deposits WHERE session_id <> 'seed' AND state NOT IN ('declined', 'failed') ORDER BY created_at, id",
  );

const destination = async (server: TestServer, phone: string) =>
  (await server.query('SELECT * FROM destinations WHERE deposit_phone_no = ?', [phone]))[0];

async function accounts(c: Client): Promise<DestinationAccount[]> {
  const res = await c.get<DestAccountsResponse>(ACCOUNT_PATHS.destAccounts);
  expect(res.status).toBe(200);
  return res.body.dest_accounts;
}

async function account(c: Client, id: number): Promise<DestinationAccount | undefined> {
  return (await accounts(c)).find((a) => a.id === id);
}

interface DestSetup {
  facility_id?: number;
  /** The number step's fields; a new US number by default. */
  number?: Record<string, unknown>;
  amount?: number;
  card?: Partial<Card>;
  extra?: Record<string, unknown>;
}

/** Saves a complete dest checkout: facility, type, number, amount, a new card, billing, contact, terms. */
async function destCheckout(c: Client, s: DestSetup = {}): Promise<StateSaveResponse> {
  await c.save({ facility_id: s.facility_id ?? 1001 });
  await c.save({ deposit_type: 'dest', ...(s.number ?? { deposit_phone_no: '(512) 555-0177' }) });
  await c.save({ deposit_amount: s.amount ?? 25 });
  const token = await c.tokenize(s.card);
  return c.save({ ...PAYER, card_token: token.token, ...s.extra });
}

async function atNumberStep(c: Client, facilityId = 1001): Promise<void> {
  await c.save({ facility_id: facilityId });
  await c.save({ deposit_type: 'dest' });
}

describe('/state/save: the number step (§5)', () => {
  it('keeps the digits of a masked US number and derives its label', async () => {
    const guest = await newClient(current().app);
    await atNumberStep(guest);
    const answer = await guest.save({ deposit_phone_no: '(512) 555-0100', deposit_phone_no_label: '' });
    expect(answer.errors).toEqual({});
    expect(answer.fields).toMatchObject({
      deposit_phone_no: '5125550100',
      deposit_phone_no_label: '(512) 555-0100',
      deposit_phone_country: 'US',
      dest_account_id: null,
    });
    // Dots and spaces are masks too; the payer's own label is kept.
    const named = await guest.save({ deposit_phone_no: '512.555.0101', deposit_phone_no_label: '  Mom  ' });
    expect(named.fields).toMatchObject({ deposit_phone_no: '5125550101', deposit_phone_no_label: 'Mom' });
    // A new number without a label drops the old one (a label names its number).
    const renumbered = await guest.save({ deposit_phone_no: '512 555 0102' });
    expect(renumbered.fields).toMatchObject({
      deposit_phone_no: '5125550102',
      deposit_phone_no_label: '(512) 555-0102',
    });
  });

  it('§9: adds the 011 prefix to a non-US number once', async () => {
    const guest = await newClient(current().app);
    await atNumberStep(guest, 4001);
    const answer = await guest.save({ deposit_phone_country: 'CA', deposit_phone_no: '(416) 555-0106' });
    expect(answer.errors).toEqual({});
    expect(answer.fields).toMatchObject({
      deposit_phone_no: '0114165550106',
      deposit_phone_no_label: '011 4165550106',
      deposit_phone_country: 'CA',
    });
    expect((await guest.save({ deposit_phone_no: '011 416 555 0106' })).fields.deposit_phone_no).toBe('0114165550106');
    // Saving the stored form again changes nothing.
    expect((await guest.save({ deposit_phone_no: '0114165550106' })).fields.deposit_phone_no).toBe('0114165550106');
  });

  it('refuses what breaks a rule, keeping what was typed, and clears the error on a good value', async () => {
    const guest = await newClient(current().app);
    await atNumberStep(guest);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ deposit_phone_no: '555-01' }, { deposit_phone_no: 'VALIDATION.KEEP_TYPING' }],
      [{ deposit_phone_no: '(512) 555-010' }, { deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
      // §5 one phone rule (contract/phone.ts): a number of the country, not 10 digits of any kind.
      [{ deposit_phone_no: '(555) 123-4567' }, { deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
      [{ deposit_phone_no: '(416) 555-0106' }, { deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
      [{ deposit_phone_no: '512-555-01ab' }, { deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
      [{ deposit_phone_no: '5'.repeat(26) }, { deposit_phone_no: 'VALIDATION.TOO_MANY' }],
      [{ deposit_phone_no: { digits: '5125550100' } }, { deposit_phone_no: 'VALIDATION.INVALID_ENTRY' }],
      [{ deposit_phone_no: ['5125550100'] }, { deposit_phone_no: 'VALIDATION.INVALID_ENTRY' }],
      [{ deposit_phone_no_label: 'x'.repeat(41) }, { deposit_phone_no_label: 'VALIDATION.TOO_MANY' }],
      [{ deposit_phone_no_label: 'Mom\u0007' }, { deposit_phone_no_label: 'VALIDATION.INVALID_ENTRY' }],
    ];
    for (const [patch, errors] of cases) {
      const answer = await guest.save(patch);
      expect(answer.errors, JSON.stringify(patch)).toMatchObject(errors);
    }
    // A value of the wrong type clears the number it was sent for (docs/decisions/0037).
    await guest.save({ deposit_phone_no: '(512) 555-0109' });
    const cleared = await guest.save({ deposit_phone_no: true });
    expect(cleared.fields.deposit_phone_no).toBe('');
    expect(cleared.errors.deposit_phone_no).toBe('VALIDATION.INVALID_ENTRY');
    const kept = await guest.save({ deposit_phone_no: '(512) 555-010' });
    expect(kept.fields.deposit_phone_no).toBe('(512) 555-010');
    const fixed = await guest.save({ deposit_phone_no: '(512) 555-0109', deposit_phone_no_label: '' });
    expect(fixed.errors).toEqual({});
    expect(fixed.fields.deposit_phone_no).toBe('5125550109');
  });

  it('takes only an allowed country (§3, sanctioned ones never), and re-checks the number for it', async () => {
    const guest = await newClient(current().app);
    await atNumberStep(guest);
    await guest.save({ deposit_phone_no: '5125550100' });
    expect((await guest.save({ deposit_phone_country: 'MX' })).errors).toEqual({
      deposit_phone_country: 'VALIDATION.INVALID_ENTRY',
    });
    expect((await guest.save({ deposit_phone_country: 'CU' })).errors.deposit_phone_country).toBe(
      'VALIDATION.INVALID_ENTRY',
    );
    expect((await guest.save({ deposit_phone_country: '' })).errors.deposit_phone_country).toBe('VALIDATION.REQUIRED');
    // A Texas number is no Canadian one (§5 'Invalid phone number for selected country').
    const notCa = await guest.save({ deposit_phone_country: 'CA' });
    expect(notCa.errors).toEqual({ deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' });
    // A Canadian number is international (§9): it gets the 011 prefix.
    const ca = await guest.save({ deposit_phone_no: '(416) 555-0100' });
    expect(ca.errors).toEqual({});
    expect(ca.fields).toMatchObject({ deposit_phone_no: '0114165550100', deposit_phone_no_label: '011 4165550100' });
    // Back to US, the Canadian number is no US number.
    const us = await guest.save({ deposit_phone_country: 'US' });
    expect(us.errors).toEqual({ deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' });
  });

  it('§5: a fraud-flagged number keeps its value and gets FRAUD_CONTROL_MESSAGE', async () => {
    const guest = await newClient(current().app);
    await atNumberStep(guest);
    const answer = await guest.save({ deposit_phone_no: '(512) 555-0666' });
    expect(answer.errors).toEqual({ deposit_phone_no: FRAUD });
    expect(answer.fields.deposit_phone_no).toBe(FLAGGED_US);
    // Ana's fraud-flagged account flags its number for everyone.
    expect((await guest.save({ deposit_phone_no: '5125550104' })).errors).toEqual({ deposit_phone_no: FRAUD });
    await guest.save({ deposit_phone_country: 'CA', deposit_phone_no: '(416) 555-0666' });
    expect((await guest.state()).errors).toEqual({ deposit_phone_no: FRAUD });
    expect((await guest.save({ deposit_phone_no: '(416) 555-0667' })).errors).toEqual({});
  });

  it('§4: another facility or deposit type clears the number, as it clears the recipient', async () => {
    const { ana } = current();
    await atNumberStep(ana);
    await ana.save({ dest_account_id: MOM });
    // The same type again changes nothing.
    expect((await ana.save({ deposit_type: 'dest' })).fields).toMatchObject({
      dest_account_id: MOM,
      deposit_phone_no: '5125550101',
    });
    const other = await ana.save({ deposit_type: 'flex' });
    expect(other.fields).toMatchObject({
      dest_account_id: null,
      deposit_phone_no: '',
      deposit_phone_no_label: '',
      deposit_phone_country: 'US',
    });
    await ana.save({ deposit_type: 'dest', deposit_phone_no: '(512) 555-0666' });
    expect((await ana.state()).errors).toEqual({ deposit_phone_no: FRAUD });
    const moved = await ana.save({ facility_id: 1002 });
    expect(moved.fields).toMatchObject({ deposit_type: '', deposit_phone_no: '', dest_account_id: null });
    // The error went with the number.
    expect(moved.errors).toEqual({});
    // A facility and a number in one save: the number applies to the new facility.
    const both = await ana.save({ facility_id: 1001, deposit_type: 'dest', deposit_phone_no: '5125550177' });
    expect(both.fields).toMatchObject({ facility_id: 1001, deposit_type: 'dest', deposit_phone_no: '5125550177' });
  });

  it("a signed-in payer's own account fills the number; a new number drops the choice", async () => {
    const { ana } = current();
    await atNumberStep(ana);
    // The phone fields of the same save are ignored: the account decides them.
    const chosen = await ana.save({ dest_account_id: MOM, deposit_phone_no: '7135550111' });
    expect(chosen.errors).toEqual({});
    expect(chosen.fields).toMatchObject({
      dest_account_id: MOM,
      deposit_phone_no: '5125550101',
      deposit_phone_no_label: 'Mom',
      deposit_phone_country: 'US',
    });
    // Numbers as text are ids too.
    expect((await ana.save({ dest_account_id: String(BROTHER) })).fields).toMatchObject({
      dest_account_id: BROTHER,
      deposit_phone_no_label: 'Brother',
    });
    const typed = await ana.save({ deposit_phone_no: '(512) 555-0188' });
    expect(typed.fields).toMatchObject({
      dest_account_id: null,
      deposit_phone_no: '5125550188',
      deposit_phone_no_label: '(512) 555-0188',
    });
    await ana.save({ dest_account_id: MOM });
    // Back to "a new number": what the account filled goes.
    const cleared = await ana.save({ dest_account_id: null });
    expect(cleared.fields).toMatchObject({ dest_account_id: null, deposit_phone_no: '', deposit_phone_no_label: '' });
    expect((await ana.save({ dest_account_id: 'first' })).errors).toEqual({
      dest_account_id: 'VALIDATION.INVALID_ENTRY',
    });
  });

  it("never another payer's account: Ben and a guest get the same error as for an unknown id, and nothing of it", async () => {
    const { ana, ben, app } = current();
    const guest = await newClient(app);
    for (const c of [ben, guest]) {
      await atNumberStep(c);
      const answer = await c.save({ dest_account_id: MOM });
      expect(answer.errors).toEqual({ dest_account_id: NOT_YOURS });
      expect(answer.fields).toMatchObject({
        deposit_phone_no: '',
        deposit_phone_no_label: '',
        deposit_phone_country: 'US',
      });
    }
    await atNumberStep(ana);
    expect((await ana.save({ dest_account_id: 999_999 })).errors).toEqual({ dest_account_id: NOT_YOURS });
    expect((await ana.save({ dest_account_id: DAD })).errors).toEqual({ dest_account_id: NOT_YOURS });
    // §9: SNAP rows are hidden, so they cannot be chosen either.
    expect((await ana.save({ dest_account_id: SNAP_ROW })).errors).toEqual({ dest_account_id: NOT_YOURS });
    // §5: a fraud-flagged account of one's own blocks.
    expect((await ana.save({ dest_account_id: UNCLE })).errors).toEqual({ dest_account_id: FRAUD });
  });
});

describe('POST /account/destinations/get_destination_fraud_flag (§5, §7)', () => {
  it('answers guests and signed-in payers: 1 for a flagged number, 0 otherwise', async () => {
    const { app, ben } = current();
    const guest = await newClient(app);
    for (const c of [guest, ben]) {
      expect(await fraudFlag(c, { ani: '(512) 555-0666' })).toMatchObject({ status: 200, body: { fraud_flag: 1 } });
      expect(await fraudFlag(c, { ani: '5125550100' })).toMatchObject({ status: 200, body: { fraud_flag: 0 } });
    }
    // A number flagged on a payer's account is flagged for everyone; its owner is not named.
    expect((await fraudFlag(guest, { ani: '512-555-0104' })).body).toEqual({ fraud_flag: 1 });
    // A non-US number: in its stored form, or typed with its country.
    expect((await fraudFlag(guest, { ani: '0114165550666' })).body).toEqual({ fraud_flag: 1 });
    expect((await fraudFlag(guest, { ani: '(416) 555-0666', country: 'CA' })).body).toEqual({ fraud_flag: 1 });
    expect((await fraudFlag(guest, { ani: '(416) 555-0667', country: 'CA' })).body).toEqual({ fraud_flag: 0 });
  });

  it('answers bad input with 400 field errors', async () => {
    const guest = await newClient(current().app);
    const cases: [unknown, Record<string, string>][] = [
      [{}, { ani: 'VALIDATION.REQUIRED' }],
      [{ ani: '' }, { ani: 'VALIDATION.REQUIRED' }],
      [{ ani: '12345' }, { ani: 'VALIDATION.INVALID_ENTRY' }],
      [{ ani: '512-555-01ab' }, { ani: 'VALIDATION.INVALID_ENTRY' }],
      [{ ani: '5'.repeat(26) }, { ani: 'VALIDATION.TOO_MANY' }],
      [{ ani: { n: '5125550100' } }, { ani: 'VALIDATION.INVALID_ENTRY' }],
      [{ ani: '5125550100', country: 'usa' }, { country: 'VALIDATION.INVALID_ENTRY' }],
      [{ ani: '51255501', country: 'US' }, { ani: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' }],
    ];
    for (const [body, errors] of cases) {
      const res = await fraudFlag(guest, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toEqual({ errors });
    }
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const guest = await newClient(current().app);
    guest.csrf = '';
    expect((await fraudFlag(guest, { ani: '5125550100' })).status).toBe(403);
  });
});

describe('POST /pay/process_deposit for dest (§4: the number instead of the recipient)', () => {
  it('a guest deposits to a new number: no inmate, the guest balance of the number is credited', async () => {
    const { app } = current();
    const guest = await newClient(app);
    await destCheckout(guest, { amount: 25, extra: { email: 'dest-guest@example.com' } });
    const res = await pay(guest);
    expect(res.status).toBe(200);
    const receipt = res.body.cached_deposit_info;
    expect(res.body).toMatchObject({ success: true, error: null, warning: null });
    expect(receipt).toMatchObject({
      deposit_type: 'dest',
      recipient_first_name: null,
      recipient_last_name: null,
      recipient_dob: null,
      recipient_age: null,
      booking_code: '',
      facility_id: 1001,
      amount: 25,
      fee: 2.95,
      total: 27.95,
      deposit_phone_no: '5125550177',
      deposit_phone_no_label: '(512) 555-0177',
      deposit_phone_country: 'US',
    });
    const rows = await ledger(current());
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: receipt?.deposit_id,
      inmate_id: null,
      deposit_phone_no: '5125550177',
      deposit_type: 'dest',
      amount_cents: 2500,
      fee_cents: 295,
      user_id: null,
    });
    // The amount, never the fee, goes to the number's shared guest balance; no payer's account is made.
    expect(await destination(current(), '5125550177')).toMatchObject({
      guest_prepaid_cents: 2500,
      guest_regulated_cents: 0,
      fraud_flag: 0,
      destination_id: expect.stringMatching(/^FNF-[0-9A-F]{10}$/),
    });
    expect(await current().query('SELECT id FROM dest_accounts WHERE deposit_phone_no = ?', ['5125550177'])).toEqual(
      [],
    );
    // Another guest's deposit to the same number adds to the same record.
    const other = await newClient(app);
    await destCheckout(other, { amount: 30, extra: { email: 'dest-guest-2@example.com' } });
    expect((await pay(other)).body.success).toBe(true);
    expect(await destination(current(), '5125550177')).toMatchObject({ guest_prepaid_cents: 5500 });
  });

  it('needs the number, not the recipient, and a facility that offers dest', async () => {
    const { app } = current();
    const guest = await newClient(app);
    await destCheckout(guest, { number: {} });
    const res = await pay(guest);
    expect(res).toMatchObject({ status: 400, body: { errors: { deposit_phone_no: 'VALIDATION.REQUIRED' } } });
    // No recipient is asked for.
    expect(res.body.errors).not.toHaveProperty('deposit_inmate_id');
    await guest.save({ deposit_phone_no: '(512) 555-01' });
    expect(await pay(guest)).toMatchObject({
      status: 400,
      body: { errors: { deposit_phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' } },
    });
    // Pima County Juvenile (2001) offers flex only.
    const pima = await newClient(app);
    await destCheckout(pima, { facility_id: 2001 });
    expect(await pay(pima)).toMatchObject({
      status: 400,
      body: { errors: { deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' } },
    });
    expect(await ledger(current())).toEqual([]);
  });

  it("a signed-in deposit to a saved account raises that account's balance by the amount, not the fee", async () => {
    const { ana } = current();
    const before = await account(ana, MOM);
    expect(before?.prepaid_balance).toBe(42.5);
    await destCheckout(ana, { number: { dest_account_id: MOM }, amount: 30 });
    const res = await pay(ana);
    expect(res.body).toMatchObject({
      success: true,
      cached_deposit_info: { amount: 30, fee: 2.95, deposit_phone_no: '5125550101', deposit_phone_no_label: 'Mom' },
    });
    expect(await account(ana, MOM)).toMatchObject({ prepaid_balance: 72.5, regulated_balance: 0 });
    // One activity row for it, and the deposit in the payer's history (§6).
    const activity = await ana.get<{ activity: { event_desc: string; amount: number }[] }>(
      `${ACCOUNT_PATHS.accountHistory}?destination_id=FNF-000301&deposit_type=pp`,
    );
    expect(activity.body.activity[0]).toMatchObject({ event_desc: 'DEPOSIT', amount: 30 });
    const history = await ana.get<DepositHistoryResponse>(ACCOUNT_PATHS.depositHistory);
    expect(history.body.deposits[0]).toMatchObject({
      id: res.body.cached_deposit_info?.deposit_id,
      deposit_type: 'dest',
      recipient: 'Mom',
      deposit_phone_no: '5125550101',
      primary: true,
      deposit_inmate_id: '',
    });
    expect((await ledger(current()))[0]).toMatchObject({ user_id: expect.any(String), deposit_phone_no: '5125550101' });
    // The guest balance is not touched by a payer's deposit.
    expect(await destination(current(), '5125550101')).toMatchObject({ guest_prepaid_cents: 0 });
  });

  it('a typed number the payer already has goes to that account; a new one makes a pending account of theirs', async () => {
    const { ana } = current();
    await destCheckout(ana, { number: { deposit_phone_no: '(512) 555-0102' }, amount: 20 });
    expect((await pay(ana)).body.success).toBe(true);
    expect(await account(ana, BROTHER)).toMatchObject({ prepaid_balance: 32 });

    await ana.post('/state/clear');
    await destCheckout(ana, { number: { deposit_phone_no: '(512) 555-0177' }, amount: 25 });
    expect((await pay(ana)).body.cached_deposit_info).toMatchObject({ deposit_phone_no_label: '(512) 555-0177' });
    const created = (await accounts(ana)).find((a) => a.deposit_phone_no === '5125550177');
    expect(created).toMatchObject({
      deposit_phone_no_label: '(512) 555-0177',
      deposit_phone_country: 'US',
      validate_status: 'pending',
      validated: false,
      primary: false,
      prepaid_balance: 25,
      fraud_flag: false,
      facility_id: 1001,
      destination_id: (await destination(current(), '5125550177'))?.destination_id,
    });
  });

  it('§3 purse_reg: at an FCC-regulated facility the regulated purse is credited', async () => {
    const { ana } = current();
    await destCheckout(ana, { facility_id: 1301, number: { dest_account_id: MOM }, amount: 20 });
    expect((await pay(ana)).body.success).toBe(true);
    expect(await account(ana, MOM)).toMatchObject({ prepaid_balance: 42.5, regulated_balance: 20 });
  });

  it('FRAUD_CONTROL_MESSAGE for a flagged number or account, without a charge or a credit', async () => {
    const { ana, app } = current();
    const guest = await newClient(app);
    await destCheckout(guest, { number: { deposit_phone_no: FLAGGED_US } });
    expect((await guest.state()).errors).toEqual({ deposit_phone_no: FRAUD });
    const res = await pay(guest);
    expect(res).toMatchObject({
      status: 200,
      body: {
        success: false,
        error: 'FRAUD_CONTROL_MESSAGE',
        errors: { deposit_phone_no: FRAUD },
        cached_deposit_info: null,
      },
    });
    // Chosen through the payer's own flagged account, the same.
    await destCheckout(ana, { number: { dest_account_id: UNCLE } });
    expect((await pay(ana)).body).toMatchObject({
      error: 'FRAUD_CONTROL_MESSAGE',
      errors: { deposit_phone_no: FRAUD },
    });
    expect(await account(ana, UNCLE)).toMatchObject({ prepaid_balance: 30 });
    expect(await ledger(current())).toEqual([]);
    expect(await destination(current(), FLAGGED_US)).toMatchObject({ guest_prepaid_cents: 0 });
  });

  it.each([
    ['FRAUD_DEST', '5105105105105100'],
    ['INVALID_DEST', '4000000000000804'],
  ])('the sandbox card outcome %s applies to dest deposits: no ledger row, no credit', async (code, number) => {
    const { ana } = current();
    await destCheckout(ana, { number: { dest_account_id: MOM }, card: { credit_card: number } });
    const res = await pay(ana);
    expect(res.body).toMatchObject({ success: false, error: code, cached_deposit_info: null });
    // The payer enters a card again; the number stays.
    expect(res.body.form_state).toMatchObject({ card_token: '', dest_account_id: MOM, deposit_phone_no: '5125550101' });
    expect(await account(ana, MOM)).toMatchObject({ prepaid_balance: 42.5 });
    expect(await ledger(current())).toEqual([]);
  });

  it('a repeated request answers the first receipt and never credits twice', async () => {
    const { ana, app } = current();
    await destCheckout(ana, { number: { dest_account_id: MOM }, amount: 25 });
    const first = await pay(ana);
    // A double click: the second request changes nothing.
    const [again, third] = await Promise.all([
      pay(ana),
      pay(ana, { skip_completed_steps: true, confirm_duplicate: true }),
    ]);
    // The same answer; the status beside it is the deposit's as each answer left (decision 0063).
    const outcome = ({ deposit_status: _status, ...rest }: CheckoutResponse) => rest;
    expect(outcome(again.body)).toEqual(outcome(first.body));
    expect(outcome(third.body)).toEqual(outcome(first.body));
    expect(again.body.deposit_status).toMatchObject({ deposit_id: first.body.cached_deposit_info?.deposit_id });
    expect(await account(ana, MOM)).toMatchObject({ prepaid_balance: 67.5 });
    expect(await ledger(current())).toHaveLength(1);

    const guest = await newClient(app);
    await destCheckout(guest, { number: { deposit_phone_no: '5125550178' }, amount: 40 });
    const g1 = await pay(guest);
    const g2 = await pay(guest);
    expect(outcome(g2.body)).toEqual(outcome(g1.body));
    expect(await destination(current(), '5125550178')).toMatchObject({ guest_prepaid_cents: 4000 });
    expect(await ledger(current())).toHaveLength(2);
  });

  it('§4 duplicate warning and the daily maximum count deposits to the same number', async () => {
    const { app } = current();
    const email = 'same-number@example.com';
    const first = await newClient(app);
    await destCheckout(first, { amount: 250, extra: { email } });
    expect((await pay(first)).body.success).toBe(true);
    const second = await newClient(app);
    await destCheckout(second, { amount: 250, extra: { email } });
    expect((await pay(second)).body).toMatchObject({
      warning: 'DUPLICATE_TRANSACTION_WARNING',
      duplicate: { amount: 250 },
    });
    expect((await pay(second, { skip_completed_steps: false, confirm_duplicate: true })).body.success).toBe(true);
    // 500 sent to this number today: the next is over the daily maximum, another number is not.
    const third = await newClient(app);
    await destCheckout(third, { amount: 10, extra: { email } });
    expect((await pay(third)).body).toMatchObject({ error: 'DEPOSIT_EXCEEDS_LIMIT' });
    const fourth = await newClient(app);
    await destCheckout(fourth, { number: { deposit_phone_no: '5125550179' }, amount: 10, extra: { email } });
    expect((await pay(fourth)).body.success).toBe(true);
    expect(await destination(current(), '5125550177')).toMatchObject({ guest_prepaid_cents: 50000 });
  });

  it("payer B cannot deposit through payer A's dest_account_id", async () => {
    const { ana, ben } = current();
    await destCheckout(ben, { number: { dest_account_id: MOM } });
    expect(await pay(ben)).toMatchObject({ status: 400, body: { errors: { dest_account_id: NOT_YOURS } } });
    // Ben's form never held Ana's number.
    expect((await ben.state()).fields).toMatchObject({ dest_account_id: MOM, deposit_phone_no: '' });
    expect(await account(ana, MOM)).toMatchObject({ prepaid_balance: 42.5 });
    expect(await ledger(current())).toEqual([]);
  });

  it('§3/§4 recurring FRIENDSNFAMILY repeats the deposit to the payer’s phone account (recipient_type Destination)', async () => {
    const { ana } = current();
    await destCheckout(ana, { number: { deposit_phone_no: '(512) 555-0180' }, amount: 25 });
    const saved = await ana.post<TokenizeResponse>(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, {
      saved_card_id: 501,
      credit_card_cvc: '123',
    });
    await ana.save({
      saved_card_id: 501,
      card_token: saved.body.token,
      recurring_type: 'weekly',
      recurring_increment: 3,
    });
    expect((await pay(ana)).body.success).toBe(true);
    const created = (await accounts(ana)).find((a) => a.deposit_phone_no === '5125550180');
    expect(created).toMatchObject({ validate_status: 'pending', prepaid_balance: 25 });
    const list = await ana.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits);
    expect(list.body.recurring_deposits).toContainEqual(
      expect.objectContaining({
        amount: 25,
        interval_type: 'weekly',
        day_in_interval: 3,
        deposit_type: 'FRIENDSNFAMILY',
        recipient_type: 'Destination',
        recipient: '5125550180',
        display_name: '(512) 555-0180',
        card_display: '**** **** **** 1111',
      }),
    );
  });
});

describe('the ledger: deposits without an inmate', () => {
  it('takes a phone deposit without an inmate, refuses one with neither, and indexes the duplicate rule', async () => {
    const { db, dispose } = await openTestDatabase();
    try {
      await seedIfEmpty(createStore(db));
      const insert = (id: string, inmate: string | null, phone: string | null) =>
        db.kysely
          .insertInto('deposits')
          .values({
            id,
            order_number: `O${id}`,
            session_id: 's',
            facility_id: 1001,
            inmate_id: inmate,
            deposit_type: 'dest',
            amount_cents: 2000,
            fee_cents: 195,
            tax_cents: 0,
            total_cents: 2195,
            card_token: 't',
            card_brand: 'visa',
            card_last4: '1111',
            card_exp: '12/2030',
            payer_email: 'a@b.co',
            created_at: '2026-01-02T00:00:00.000Z',
            response_json: '{}',
            user_id: null,
            deposit_phone_no: phone,
          })
          .execute();
      await insert('d1', '100001', '5125550101');
      await insert('d2', null, '5125550177');
      // One of the two is always there.
      await expect(insert('d3', null, null)).rejects.toThrow(/check/i);
      const rows = await db.kysely
        .selectFrom('deposits')
        .select(['id', 'inmate_id', 'deposit_phone_no', 'amount_cents'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { id: 'd1', inmate_id: '100001', deposit_phone_no: '5125550101', amount_cents: 2000 },
        { id: 'd2', inmate_id: null, deposit_phone_no: '5125550177', amount_cents: 2000 },
      ]);
      const indexes = (await db.kysely.introspection.getTables()).length;
      expect(indexes).toBeGreaterThan(0);
    } finally {
      await dispose();
    }
  });
});
