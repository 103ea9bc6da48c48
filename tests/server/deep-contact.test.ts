// POST /pay/deep_contact (contract/deep-contact.ts), the deep-contact fields on /state/save, the §4
// rule "a deposit to a deep-contact inmate needs login unless deep_zuid is set" at checkout, and the
// §5 011 rule (primary_no written by the server; trust and bail refused for it).
import { describe, expect, it } from 'vitest';
import type { CheckoutResponse, ErrorBody, StateSaveResponse } from '../../contract/api.ts';
import { DEEP_CONTACT_ERRORS, DEEP_CONTACT_PATHS } from '../../contract/deep-contact.ts';
import { ACCOUNT_PATHS } from '../../contract/accounts.ts';
import { useSignedInServer } from './account-helpers.ts';
import { type Client, PAYER, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const server = useSignedInServer(clock);

const start = (c: Client, body: unknown) => c.post<StateSaveResponse & ErrorBody>(DEEP_CONTACT_PATHS.deepContact, body);
const pay = (c: Client) => c.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false });

/** Amount, card, billing, contact and terms of a deposit that passes every rule. */
async function fillPayment(c: Client, fields: Record<string, unknown> = {}) {
  const token = await c.tokenize();
  return c.save({ deposit_amount: 25, ...PAYER, card_token: token.token, ...fields });
}

describe('POST /pay/deep_contact: good input', () => {
  it('writes a new deposit to the person named by the link, for a guest', async () => {
    const c = await newClient(server().app);
    await c.save({ facility_id: 1002, billing_first_name: 'Old' });
    const res = await start(c, { facility_id: 1001, inmate_id: '100001' });
    expect(res.status).toBe(200);
    expect(res.body.errors).toEqual({});
    expect(res.body.fields).toMatchObject({
      facility_id: 1001,
      facility_country: 'US',
      facility_state: 'TX',
      min_deposit_amount: 10,
      max_deposit_amount: 250,
      deposit_type: '',
      deposit_inmate_id: '100001',
      deposit_inmate_first_name: 'John',
      deposit_inmate_last_name: 'Smith',
      deposit_inmate_dob: '1985-03-14',
      deep_contact: true,
      deep_contact_inmate_fraud: false,
      deep_zuid: '',
      // An earlier deposit's choices do not carry over.
      billing_first_name: '',
      primary_no: '',
    });
    expect(res.body.fields.dep_principal_code).not.toBe('');
    // Persisted: the next read gives the same.
    expect((await c.state()).fields).toMatchObject({ deep_contact: true, deposit_inmate_id: '100001' });
  });

  it('keeps the partner user id and a number given as text', async () => {
    const c = await newClient(server().app);
    const res = await start(c, { facility_id: '1001', inmate_id: '100003', deep_zuid: 'partner-42' });
    expect(res.status).toBe(200);
    expect(res.body.fields).toMatchObject({ deposit_inmate_id: '100003', deep_zuid: 'partner-42' });
  });

  it('marks a fraud-flagged person, with FRAUD_CONTROL_MESSAGE (§5)', async () => {
    const c = await newClient(server().app);
    const res = await start(c, { facility_id: 1001, inmate_id: '100004' });
    expect(res.status).toBe(200);
    expect(res.body.fields).toMatchObject({ deep_contact: true, deep_contact_inmate_fraud: true });
    expect(res.body.errors).toEqual({ deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' });
  });

  it("keeps a signed-in payer's email and writes their primary number", async () => {
    const res = await start(server().ana, { facility_id: 1001, inmate_id: '100001' });
    expect(res.status).toBe(200);
    expect(res.body.fields).toMatchObject({ logged_in: true, email: 'ana@example.com', primary_no: '5125550101' });
  });
});

describe('POST /pay/deep_contact: bad input and unknown ids', () => {
  it.each([
    [{ inmate_id: '100001' }, { facility_id: 'VALIDATION.REQUIRED' }],
    [{ facility_id: 'abc', inmate_id: '100001' }, { facility_id: 'VALIDATION.MUST_BE_NUMERIC' }],
    [{ facility_id: 1001 }, { inmate_id: 'VALIDATION.REQUIRED' }],
    [{ facility_id: 1001, inmate_id: '1000<1' }, { inmate_id: 'VALIDATION.INVALID_ENTRY' }],
    [{ facility_id: 1001, inmate_id: '100001', deep_zuid: 'a b' }, { deep_zuid: 'VALIDATION.INVALID_ENTRY' }],
  ])('answers 400 with field errors for %j', async (body, errors) => {
    const c = await newClient(server().app);
    const res = await start(c, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ errors });
  });

  it('answers 400 to a body that is not an object', async () => {
    const c = await newClient(server().app);
    expect((await start(c, [1001, '100001'])).status).toBe(400);
    expect((await start(c, { facility_id: { x: 1 }, inmate_id: '1' })).status).toBe(400);
  });

  it.each([
    ['an unknown facility', { facility_id: 9999, inmate_id: '100001' }],
    ['an unknown person', { facility_id: 1001, inmate_id: '999999' }],
    ['a person held at another facility', { facility_id: 1001, inmate_id: '100020' }],
  ])('answers 404 for %s and leaves the form state as it was', async (_, body) => {
    const c = await newClient(server().app);
    await c.save({ facility_id: 1002 });
    const res = await start(c, body);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ errors: { form: DEEP_CONTACT_ERRORS.notFound } });
    expect((await c.state()).fields).toMatchObject({ facility_id: 1002, deep_contact: false });
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const c = await newClient(server().app);
    c.csrf = '';
    expect((await start(c, { facility_id: 1001, inmate_id: '100001' })).status).toBe(403);
  });
});

describe('deep contact and the wrong user', () => {
  it("changes only the caller's own form state", async () => {
    const other = await newClient(server().app);
    await other.save({ facility_id: 1002 });
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'z1' });
    expect((await other.state()).fields).toMatchObject({ facility_id: 1002, deep_contact: false, deep_zuid: '' });
  });
});

describe('/state/save and deep contact', () => {
  it('cannot forge the deep-contact fields nor primary_no (server owned)', async () => {
    const c = await newClient(server().app);
    const res = await c.save({
      deep_contact: true,
      deep_contact_inmate_fraud: true,
      deep_zuid: 'forged',
      primary_no: '0114165550106',
    });
    expect(res.fields).toMatchObject({
      deep_contact: false,
      deep_contact_inmate_fraud: false,
      deep_zuid: '',
      primary_no: '',
    });
    const started = await newClient(server().app);
    await start(started, { facility_id: 1001, inmate_id: '100004' });
    const cleared = await started.save({ deep_contact_inmate_fraud: false, deep_zuid: 'x' });
    expect(cleared.fields).toMatchObject({ deep_contact: true, deep_contact_inmate_fraud: true, deep_zuid: '' });
  });

  it('keeps deep contact through the type step', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'z1' });
    const res = await c.save({ deposit_type: 'flex', deposit_amount: 25 });
    expect(res.fields).toMatchObject({ deep_contact: true, deep_zuid: 'z1', deposit_inmate_id: '100001' });
  });

  it('ends with a new facility choice', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'z1' });
    const res = await c.save({ facility_id: 1002 });
    expect(res.fields).toMatchObject({ deep_contact: false, deep_zuid: '', deposit_inmate_id: '' });
  });

  it('ends when the facility step saves the same facility again (the normal wizard)', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'z1' });
    const res = await c.save({ facility_id: 1001, facility_state: 'TX', facility_country: 'US' });
    expect(res.fields).toMatchObject({ deep_contact: false, deep_zuid: '', facility_id: 1001 });
  });

  it('ends with a recipient chosen by the normal search', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100004' });
    const res = await c.save({ deposit_type: 'flex', deposit_inmate_id: '100003' });
    expect(res.fields).toMatchObject({
      deep_contact: false,
      deep_contact_inmate_fraud: false,
      deposit_inmate_id: '100003',
    });
    expect(res.errors.deposit_inmate_id).toBeUndefined();
  });

  it('ends with /state/clear', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'z1' });
    const res = await c.post<StateSaveResponse>('/state/clear');
    expect(res.body.fields).toMatchObject({ deep_contact: false, deep_zuid: '' });
  });
});

describe('POST /pay/process_deposit after deep contact (§4)', () => {
  it('refuses a guest without deep_zuid, without a charge', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001' });
    await c.save({ deposit_type: 'flex' });
    await fillPayment(c);
    const res = await pay(c);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, error: DEEP_CONTACT_ERRORS.loginRequired });
    expect((await c.state()).fields.deposit_id).toBe('');
  });

  it('takes a guest flex deposit when the link gave deep_zuid', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100001', deep_zuid: 'partner-7' });
    await c.save({ deposit_type: 'flex' });
    await fillPayment(c);
    const res = await pay(c);
    expect(res.body).toMatchObject({ success: true, error: null });
    expect(res.body.cached_deposit_info).toMatchObject({ deposit_type: 'flex', recipient_last_name: 'Smith' });
  });

  it("takes a signed-in approved depositor's trust deposit", async () => {
    const ana = server().ana;
    await start(ana, { facility_id: 1001, inmate_id: '100001' });
    await ana.save({ deposit_type: 'trust' });
    await fillPayment(ana);
    const res = await pay(ana);
    expect(res.body).toMatchObject({ success: true });
    expect(res.body.cached_deposit_info).toMatchObject({ deposit_type: 'trust', recipient_first_name: 'John' });
  });

  it('refuses a fraud-flagged person (FRAUD_CONTROL_MESSAGE)', async () => {
    const c = await newClient(server().app);
    await start(c, { facility_id: 1001, inmate_id: '100004', deep_zuid: 'z' });
    await c.save({ deposit_type: 'flex' });
    await fillPayment(c);
    const res = await pay(c);
    expect(res.body).toMatchObject({ success: false, error: 'FRAUD_CONTROL_MESSAGE' });
  });
});

describe('§5 011 rule: primary_no and trust or bail', () => {
  it('gives a guest no primary number and a signed-in payer their primary one', async () => {
    const c = await newClient(server().app);
    expect((await c.state()).fields.primary_no).toBe('');
    expect((await server().ana.state()).fields.primary_no).toBe('5125550101');
    // Each payer's own: Ben's primary account, never Ana's.
    expect((await server().ben.state()).fields.primary_no).toBe('7135550111');
  });

  it("another payer's primary number abroad changes nothing for this one", async () => {
    const { ana, ben } = server();
    await ana.post(ACCOUNT_PATHS.makePrimary, { ani: '4165550106' });
    await ben.save({ facility_id: 1001 });
    const saved = await ben.save({ deposit_type: 'trust' });
    expect(saved.fields.primary_no).toBe('7135550111');
    expect(saved.errors.deposit_type).toBeUndefined();
  });

  it('writes a non-US primary number with the 011 prefix and then refuses trust', async () => {
    const ana = server().ana;
    const made = await ana.post(ACCOUNT_PATHS.makePrimary, { ani: '4165550106' });
    expect(made.status).toBe(200);
    expect((await ana.state()).fields.primary_no).toBe('0114165550106');
    await ana.save({ facility_id: 1001 });
    const saved = await ana.save({ deposit_type: 'trust', deposit_inmate_id: '100001' });
    expect(saved.fields.primary_no).toBe('0114165550106');
    expect(saved.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
    await fillPayment(ana);
    const res = await c400(ana);
    expect(res).toMatchObject({ deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' });
    // Flex is not touched by the rule.
    const flex = await ana.save({ deposit_type: 'flex' });
    expect(flex.errors.deposit_type).toBeUndefined();
  });

  it('refuses trust for a non-US billing country', async () => {
    const ana = server().ana;
    await ana.save({ facility_id: 1001 });
    await ana.save({ deposit_type: 'trust', deposit_inmate_id: '100001' });
    await fillPayment(ana, { billing_country: 'CA', billing_state: 'ON', billing_zip: 'M5V 2T6' });
    expect(await c400(ana)).toMatchObject({ deposit_type: 'VALIDATION.RESELECT_DEPOSIT_TYPE' });
  });

  it('refuses a pam bail deposit for a primary number starting 011', async () => {
    const ana = server().ana;
    await ana.post(ACCOUNT_PATHS.makePrimary, { ani: '4165550106' });
    await ana.save({ facility_id: 1201 });
    await ana.save({ deposit_type: 'bail', deposit_inmate_id: '100026', deposit_amount: 25 });
    const res = await ana.post<ErrorBody>('/pay/prepare_pam_deposit', { fees_acknowledged: true });
    expect(res.status).toBe(400);
    expect(res.body.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
  });
});

/** The 400 field errors of a checkout the rules refuse. */
async function c400(c: Client) {
  const res = await c.post<ErrorBody>('/pay/process_deposit', { skip_completed_steps: false });
  expect(res.status).toBe(400);
  return res.body.errors;
}
