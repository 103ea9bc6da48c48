// /pay/process_deposit with the checkout choices of contract/checkout-services.ts and the §8 rules of
// the server: trust (approved depositor, FIELD_NO_TRUST), saved cards with a security code, recurring
// deposits, roundups from the server's own figures; and one test per §8 code, reached the way
// docs/test-cards.md documents it.
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse, StateSaveResponse } from '../../contract/api.ts';
import { ACCOUNT_PATHS, type RecurringDepositsResponse } from '../../contract/accounts.ts';
import { CHECKOUT_SERVICE_PATHS as P } from '../../contract/checkout-services.ts';
import type { TokenizeResponse } from '../../contract/api.ts';
import { useSignedInServer } from './account-helpers.ts';
import type { Client } from './helpers.ts';
import { PAYER, fillCheckout, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock, { config: { dailyMaxPerRecipient: 500 } });

const pay = (c: Client, body: object = { skip_completed_steps: false }) =>
  c.post<CheckoutResponse>('/pay/process_deposit', body);

const ledger = () =>
  current().query(
    "SELECT * FROM deposits WHERE session_id <> 'seed' AND state NOT IN ('declined', 'failed') ORDER BY created_at",
  );

/** A signed-in checkout: recipient and amount, billing and terms; the card is chosen by the test. */
async function signedInCheckout(
  c: Client,
  s: { facility_id?: number; type?: string; inmate?: string; amount?: number },
) {
  await c.save({ facility_id: s.facility_id ?? 1001 });
  await c.save({
    deposit_type: s.type ?? 'flex',
    deposit_inmate_id: s.inmate ?? '100001',
    deposit_amount: s.amount ?? 25,
  });
  const { email: _e, phone_no: _p, phone_country: _pc, ...billing } = PAYER;
  return c.save(billing);
}

async function savedCardToken(c: Client, card: number, cvc = '123'): Promise<string> {
  const res = await c.post<TokenizeResponse>(P.vaultTokenizeSavedCard, { saved_card_id: card, credit_card_cvc: cvc });
  if (res.status !== 200) throw new Error(`tokenize_saved_card answered ${res.status}`);
  return res.body.token;
}

describe('trust deposits (§6 approved depositor, §8 FIELD_NO_TRUST)', () => {
  it('§6: trust at a facility that sends it to another site is not offered here', async () => {
    const { ana } = current();
    await ana.save({ facility_id: 1003 });
    const answer = await ana.save({ deposit_type: 'trust' });
    expect(answer.errors).toMatchObject({ deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' });
    // Flex there still is.
    expect((await ana.save({ deposit_type: 'flex' })).errors.deposit_type).toBeUndefined();
  });

  it('charges an approved depositor', async () => {
    const { ana } = current();
    await signedInCheckout(ana, { facility_id: 1201, type: 'trust', inmate: '100026', amount: 50 });
    await ana.save({ card_token: (await ana.tokenize()).token });
    const res = await pay(ana);
    expect(res.body).toMatchObject({
      success: true,
      cached_deposit_info: { deposit_type: 'trust', fee: 5.95, total: 55.95 },
    });
  });

  it('refuses a payer who is not approved for this recipient, and a guest, with NOT_APPROVED_DEPOSITOR_MSG', async () => {
    const { ana, ben, app } = current();
    await signedInCheckout(ana, { type: 'trust', inmate: '100002' });
    await ana.save({ card_token: (await ana.tokenize()).token });
    expect((await pay(ana)).body).toMatchObject({ success: false, error: 'NOT_APPROVED_DEPOSITOR_MSG' });
    // Ana is approved for 100001; Ben is not.
    await signedInCheckout(ben, { type: 'trust', inmate: '100001' });
    await ben.save({ card_token: (await ben.tokenize()).token });
    expect((await pay(ben)).body).toMatchObject({ success: false, error: 'NOT_APPROVED_DEPOSITOR_MSG' });
    const guest = await newClient(app);
    await fillCheckout(guest, { deposit_type: 'trust' });
    expect((await pay(guest)).body).toMatchObject({ success: false, error: 'NOT_APPROVED_DEPOSITOR_MSG' });
    expect(await ledger()).toHaveLength(0);
  });

  it('refuses trust for a billing state of the no-trust list with a billing_state error', async () => {
    const { ana } = current();
    await signedInCheckout(ana, { type: 'trust', inmate: '100001' });
    await ana.save({ billing_state: 'NJ', billing_zip: '07001', card_token: (await ana.tokenize()).token });
    const res = await pay(ana);
    expect(res.body).toMatchObject({
      success: false,
      error: 'FIELD_NO_TRUST',
      errors: { billing_state: 'ERROR.FIELD_NO_TRUST' },
    });
    expect((await ana.state()).errors).toMatchObject({ billing_state: 'ERROR.FIELD_NO_TRUST' });
    // The same payer and state may still make a flex deposit.
    await ana.save({ deposit_type: 'flex' });
    await ana.save({ deposit_inmate_id: '100001' });
    expect((await pay(ana)).body.success).toBe(true);
    expect(await ledger()).toHaveLength(1);
  });
});

describe('saved card with a security code (§4 card choice)', () => {
  it('charges the saved card through its token; the code is stored nowhere', async () => {
    const { ana, query } = current();
    await signedInCheckout(ana, {});
    const chosen = await ana.save({ saved_card_id: 502 });
    expect(chosen.fields).toMatchObject({
      saved_card_id: 502,
      card_brand: 'mastercard',
      card_display: '**** **** **** 4444',
    });
    expect(chosen.errors).toEqual({});
    // §5: the code has the length of the card's brand (contract/cards.ts): 3 digits for a Mastercard.
    const long = await ana.post(P.vaultTokenizeSavedCard, { saved_card_id: 502, credit_card_cvc: '6291' });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ errors: { credit_card_cvc: 'VALIDATION.INVALID_CVC' } });
    const token = await savedCardToken(ana, 502, '629');
    await ana.save({ card_token: token });
    const res = await pay(ana);
    expect(res.body).toMatchObject({
      success: true,
      cached_deposit_info: { card_brand: 'mastercard', card_last4: '4444', card_expiry: '01/2027' },
    });
    const rows = await ledger();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain('629');
    expect(JSON.stringify(await query('SELECT * FROM vault_tokens'))).not.toContain('629');
    expect(JSON.stringify(await query('SELECT * FROM form_states'))).not.toContain('629');
  });

  it('needs no billing address with a saved card (§4: billing belongs to a new card)', async () => {
    const { ana, ben } = current();
    await signedInCheckout(ana, {});
    const blank = {
      billing_first_name: '',
      billing_last_name: '',
      billing_address1: '',
      billing_city: '',
      billing_zip: '',
    };
    await ana.save({ ...blank, saved_card_id: 501 });
    await ana.save({ card_token: await savedCardToken(ana, 501, '123') });
    expect((await pay(ana)).body).toMatchObject({ success: true });
    // A new card still needs it.
    await signedInCheckout(ben, {});
    await ben.save({ ...blank, card_token: (await ben.tokenize()).token });
    const res = await pay(ben);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { billing_address1: 'VALIDATION.REQUIRED' } });
    expect(await ledger()).toHaveLength(1);
  });

  it('answers CVV_MATCH for the code 000 and keeps the saved card chosen', async () => {
    const { ana } = current();
    await signedInCheckout(ana, {});
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501, '000') });
    expect((await pay(ana)).body).toMatchObject({ success: false, error: 'CVV_MATCH' });
    const after = await ana.state();
    expect(after.fields).toMatchObject({ saved_card_id: 501, card_token: '', card_display: '**** **** **** 1111' });
    await ana.save({ card_token: await savedCardToken(ana, 501, '123') });
    expect((await pay(ana)).body.success).toBe(true);
  });

  it('refuses a token of another card, a new-card token with a saved card, and another payer’s card', async () => {
    const { ana, ben } = current();
    await signedInCheckout(ana, {});
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 502) });
    expect(await pay(ana)).toMatchObject({ status: 400, body: { errors: { card_token: 'VALIDATION.INVALID_ENTRY' } } });
    await ana.save({ saved_card_id: 501, card_token: (await ana.tokenize()).token });
    expect(await pay(ana)).toMatchObject({ status: 400, body: { errors: { card_token: 'VALIDATION.INVALID_ENTRY' } } });
    // Ben names Ana's card: not his, refused when saved and when paying.
    await signedInCheckout(ben, {});
    const saved = await ben.save({ saved_card_id: 501 });
    expect(saved.errors).toMatchObject({ saved_card_id: 'VALIDATION.INVALID_ENTRY' });
    expect(saved.fields.card_display).toBe('');
    await ben.save({ card_token: (await ben.tokenize()).token });
    expect(await pay(ben)).toMatchObject({
      status: 400,
      body: { errors: { saved_card_id: 'VALIDATION.INVALID_ENTRY' } },
    });
  });

  it('refuses an expired saved card and a saved card for a guest', async () => {
    const { ana, app } = current();
    await signedInCheckout(ana, {});
    expect((await ana.save({ saved_card_id: 503 })).errors).toMatchObject({ saved_card_id: 'VALIDATION.CARD_EXPIRED' });
    const guest = await newClient(app);
    await fillCheckout(guest);
    expect((await guest.save({ saved_card_id: 501 })).errors).toMatchObject({
      saved_card_id: 'VALIDATION.INVALID_ENTRY',
    });
    expect(await pay(guest)).toMatchObject({ status: 400 });
  });

  it('never charges twice on a double click', async () => {
    const { ana } = current();
    await signedInCheckout(ana, {});
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501) });
    const [a, b] = await Promise.all([pay(ana), pay(ana)]);
    expect(a.body).toEqual(b.body);
    expect(a.body.success).toBe(true);
    expect(await ledger()).toHaveLength(1);
  });
});

describe('recurring deposits set up at checkout (§4)', () => {
  const recurringOf = async (c: Client) =>
    (await c.get<RecurringDepositsResponse>(ACCOUNT_PATHS.recurringDeposits)).body.recurring_deposits;

  it('creates a monthly recurring deposit on the saved card with the first deposit', async () => {
    const { ana } = current();
    const before = await recurringOf(ana);
    await signedInCheckout(ana, { amount: 40 });
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501) });
    const set = await ana.save({ recurring_type: 'monthly', recurring_increment: 28 });
    expect(set.errors).toEqual({});
    expect((await pay(ana)).body.success).toBe(true);
    const after = await recurringOf(ana);
    expect(after).toHaveLength(before.length + 1);
    const added = after.find((r) => !before.some((b) => b.id === r.id));
    expect(added).toMatchObject({
      amount: 40,
      interval_type: 'monthly',
      day_in_interval: 28,
      deposit_type: 'INMATEACCOUNT',
      card_display: expect.stringContaining('1111'),
      isPam: false,
    });
  });

  it('creates a weekly one; a refused charge creates none', async () => {
    const { ana } = current();
    const before = (await recurringOf(ana)).length;
    await signedInCheckout(ana, {});
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501, '000') });
    await ana.save({ recurring_type: 'weekly', recurring_increment: 3 });
    expect((await pay(ana)).body.error).toBe('CVV_MATCH');
    expect(await recurringOf(ana)).toHaveLength(before);
    await ana.save({ card_token: await savedCardToken(ana, 501) });
    expect((await pay(ana)).body.success).toBe(true);
    expect((await recurringOf(ana)).find((r) => r.interval_type === 'weekly' && r.day_in_interval === 3)).toBeDefined();
  });

  it('checks the day for the interval, and clearing recurring empties the increment', async () => {
    const { ana } = current();
    await signedInCheckout(ana, {});
    expect((await ana.save({ recurring_type: 'weekly', recurring_increment: 7 })).errors).toMatchObject({
      recurring_increment: 'VALIDATION.INVALID_ENTRY',
    });
    expect((await ana.save({ recurring_type: 'monthly' })).errors).toEqual({});
    expect((await ana.save({ recurring_increment: 0 })).errors).toMatchObject({
      recurring_increment: 'VALIDATION.INVALID_ENTRY',
    });
    expect((await ana.save({ recurring_type: 'yearly' })).errors).toMatchObject({
      recurring_type: 'VALIDATION.INVALID_ENTRY',
    });
    const cleared = await ana.save({ recurring_type: '' });
    expect(cleared.fields).toMatchObject({ recurring_type: '', recurring_increment: null });
    expect(cleared.errors).toEqual({});
  });

  it('refuses recurring with a new card, for a guest, and without a day', async () => {
    const { ana, app } = current();
    await signedInCheckout(ana, {});
    await ana.save({ card_token: (await ana.tokenize()).token, recurring_type: 'monthly', recurring_increment: 5 });
    expect(await pay(ana)).toMatchObject({
      status: 400,
      body: { errors: { recurring_type: 'ERROR.RECURRING_NEEDS_SAVED_CARD' } },
    });
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501), recurring_increment: null });
    expect(await pay(ana)).toMatchObject({
      status: 400,
      body: { errors: { recurring_increment: 'VALIDATION.REQUIRED' } },
    });
    const guest = await newClient(app);
    await fillCheckout(guest, { extra: { recurring_type: 'weekly', recurring_increment: 1 } });
    expect(await pay(guest)).toMatchObject({
      status: 400,
      body: { errors: { recurring_type: 'ERROR.RECURRING_NEEDS_ACCOUNT' } },
    });
  });
});

describe('a choice sent a value it cannot take is cleared, never charged as it was (docs/decisions/0037)', () => {
  it('saved card, recurring interval and day, roundup', async () => {
    const { ana } = current();
    await signedInCheckout(ana, { amount: 40 });
    await ana.save({ saved_card_id: 501, card_token: await savedCardToken(ana, 501) });
    await ana.save({ recurring_type: 'monthly', recurring_increment: 5 });
    const bad = await ana.save({ recurring_type: ['monthly'], recurring_increment: { day: 5 } });
    expect(bad.fields).toMatchObject({ recurring_type: '', recurring_increment: null });
    expect(bad.errors).toMatchObject({
      recurring_type: 'VALIDATION.INVALID_ENTRY',
      recurring_increment: 'VALIDATION.INVALID_ENTRY',
    });
    const card = await ana.save({ saved_card_id: { id: 501 } });
    expect(card.fields).toMatchObject({ saved_card_id: null, card_token: '', card_display: '' });
    expect(card.errors.saved_card_id).toBe('VALIDATION.INVALID_ENTRY');
    const roundup = await ana.save({ roundups: 'yes', selected_roundup: [1] });
    expect(roundup.fields).toMatchObject({ roundups: false, selected_roundup: null });
    expect(roundup.errors).toMatchObject({
      roundups: 'VALIDATION.INVALID_ENTRY',
      selected_roundup: 'VALIDATION.INVALID_ENTRY',
    });
    const res = await pay(ana);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ errors: { card_token: 'VALIDATION.REQUIRED' } });
  });
});

describe('roundups (§4): the server’s own figures', () => {
  it('fills the picked option from its own options and charges it', async () => {
    const { app } = current();
    const guest = await newClient(app);
    await fillCheckout(guest, {
      deposit_type: 'dest',
      deposit_amount: 22,
      extra: { deposit_phone_no: '(512) 555-0177' },
    });
    // The client's figures are ignored: only the id is read.
    const picked = await guest.save({
      roundups: true,
      selected_roundup: { id: 2, amount: 1, roundup_amount: 1, roundup_diff: 0, fee: 0, tax: 0 },
    });
    expect(picked.errors).toEqual({});
    expect(picked.fields).toMatchObject({
      roundups: true,
      selected_roundup: { id: 2, amount: 22, roundup_amount: 30, roundup_diff: 8, fee: 2.95, tax: 0 },
      deposit_amount: 22,
      deposit_fee: 2.95,
      deposit_total: 32.95,
    });
    const res = await pay(guest);
    expect(res.body).toMatchObject({ success: true, cached_deposit_info: { amount: 30, fee: 2.95, total: 32.95 } });
    expect((await ledger())[0]).toMatchObject({ amount_cents: 3000, total_cents: 3295 });
  });

  it("'No thanks' restores the amount's own figures; a new amount drops an option no longer offered", async () => {
    const guest = await newClient(current().app);
    await fillCheckout(guest, {
      deposit_type: 'dest',
      deposit_amount: 22,
      extra: { deposit_phone_no: '(512) 555-0177' },
    });
    await guest.save({ selected_roundup: { id: 1 } });
    const none = await guest.save({ selected_roundup: { id: -1 } });
    expect(none.fields).toMatchObject({
      roundups: false,
      selected_roundup: { id: -1, roundup_amount: 22 },
      deposit_total: 23.95,
    });
    await guest.save({ selected_roundup: { id: 2 } });
    // 245 has no option 2 (it would pass the maximum of 250).
    const moved = await guest.save({ deposit_amount: 245 });
    expect(moved.fields).toMatchObject({ roundups: false, selected_roundup: null });
    expect(moved.errors).toEqual({});
    expect((await pay(guest)).body.cached_deposit_info).toMatchObject({ amount: 245 });
  });

  it('refuses an option that is not offered, bad values, and a roundup with recurring', async () => {
    const { ana, app } = current();
    const guest = await newClient(app);
    await fillCheckout(guest, { deposit_type: 'flex', deposit_amount: 22 });
    const flex: StateSaveResponse = await guest.save({ selected_roundup: { id: 1 } });
    // §9: roundups are for phone deposits only.
    expect(flex.errors).toMatchObject({ selected_roundup: 'VALIDATION.INVALID_ENTRY' });
    expect(flex.fields.selected_roundup).toBeNull();
    expect((await guest.save({ selected_roundup: 'many' })).errors).toMatchObject({
      selected_roundup: 'VALIDATION.INVALID_ENTRY',
    });
    expect((await guest.save({ roundups: 'yes' })).errors).toMatchObject({ roundups: 'VALIDATION.INVALID_ENTRY' });
    await signedInCheckout(ana, { type: 'dest', amount: 22 });
    await ana.save({
      saved_card_id: 501,
      card_token: await savedCardToken(ana, 501),
      recurring_type: 'monthly',
      recurring_increment: 1,
    });
    expect((await ana.save({ selected_roundup: { id: 1 } })).errors).toMatchObject({
      selected_roundup: 'VALIDATION.INVALID_ENTRY',
    });
    expect(await pay(ana)).toMatchObject({
      status: 400,
      body: { errors: { selected_roundup: 'VALIDATION.INVALID_ENTRY' } },
    });
  });
});

describe('every §8 code of the checkout is reachable', () => {
  /** A guest's complete checkout with a new card; answers the checkout response. */
  async function attempt(setup: Parameters<typeof fillCheckout>[1] = {}) {
    const guest = await newClient(current().app);
    await fillCheckout(guest, setup);
    return (await pay(guest)).body;
  }

  it.each([
    ['NO_AMEX', { card: { credit_card: '378282246310005', credit_card_cvc: '1234' } }],
    ['AVS_MATCH', { card: { credit_card: '4000000000000101' } }],
    ['CVV_MATCH', { card: { credit_card_cvc: '000' } }],
    ['INVALID_CARD_NUMBER', { card: { credit_card: '4000000000001000' } }],
    ['USPS_ERROR', { card: { credit_card: '4000000000000309' } }],
    ['DEPOSIT_MAX', { facility_id: 1002, deposit_inmate_id: '100020', deposit_amount: 150 }],
    ['DEPOSIT_EXCEEDS_LIMIT_ERROR', { card: { credit_card: '4000000000000507' } }],
    ['DEPOSIT_MIN_MAX_ERROR', { card: { credit_card: '4000000000000606' } }],
    ['FRAUD_INMATE', { card: { credit_card: '4000000000000705' } }],
    ['FRAUD_DEST', { card: { credit_card: '5105105105105100' } }],
    ['INVALID_DEST', { card: { credit_card: '4000000000000804' } }],
    ['FRAUD_CONTROL_MESSAGE', { deposit_inmate_id: '100004' }],
    ['NOT_APPROVED_DEPOSITOR_MSG', { deposit_type: 'trust' }],
    ['FIELD_NO_TRUST', { deposit_type: 'trust', extra: { billing_state: 'NJ', billing_zip: '07001' } }],
  ] as const)('%s', async (code, setup) => {
    expect(await attempt(setup)).toMatchObject({ success: false, error: code, cached_deposit_info: null });
  });

  it('DEPOSIT_EXCEEDS_LIMIT (daily maximum per payer and recipient)', async () => {
    const email = 'daily@example.com';
    expect((await attempt({ deposit_amount: 250, extra: { email } })).success).toBe(true);
    expect((await attempt({ deposit_amount: 240, extra: { email } })).success).toBe(true);
    expect(await attempt({ deposit_amount: 20, extra: { email } })).toMatchObject({ error: 'DEPOSIT_EXCEEDS_LIMIT' });
    expect((await attempt({ deposit_amount: 10, extra: { email } })).success).toBe(true);
  });

  it('a checksum failure is refused before the processor, with a field error', async () => {
    const guest = await newClient(current().app);
    const res = await guest.post('/vault/tokenize', {
      credit_card: '4111111111111112',
      credit_card_cvc: '123',
      credit_card_month: '12',
      credit_card_year: '2030',
    });
    expect(res).toMatchObject({ status: 400, body: { errors: { credit_card: 'VALIDATION.INVALID_CARD_NUMBER' } } });
  });

  it('the duplicate-transaction warning, and a confirmed repeat', async () => {
    const email = 'dup@example.com';
    expect((await attempt({ extra: { email } })).success).toBe(true);
    const guest = await newClient(current().app);
    await fillCheckout(guest, { extra: { email } });
    expect((await pay(guest)).body).toMatchObject({
      warning: 'DUPLICATE_TRANSACTION_WARNING',
      duplicate: { amount: 25, deposit_time: clock.now().toISOString() },
    });
    expect((await pay(guest, { skip_completed_steps: false, confirm_duplicate: true })).body.success).toBe(true);
  });
});
