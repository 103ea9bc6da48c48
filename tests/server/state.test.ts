import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StateAllResponse, StateSaveResponse } from '../../contract/api.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { DEFAULT_NAV_SCRIPT_URL } from '../../server/config.ts';
import { Client, PAYER, fixedClock, newClient, startServer, type TestServer } from './helpers.ts';

/** The empty form as the client sees it: the server adds the global header's script (§2). */
const VIEWED_EMPTY_FORM = { ...EMPTY_FORM, nav_script_url: DEFAULT_NAV_SCRIPT_URL };

const clock = fixedClock();
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ now: clock.now });
});
afterAll(async () => {
  await server.dispose();
});

const client = () => newClient(server.app);

describe('GET /state/all', () => {
  it('gives a new session the empty form, no errors, English and a CSRF token', async () => {
    const res = await new Client(server.app).get<StateAllResponse>('/state/all');
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual(VIEWED_EMPTY_FORM);
    expect(res.body.errors).toEqual({});
    expect(res.body.locale).toBe('en');
    expect(typeof res.body.csrf_token).toBe('string');
    // Configured numbers and links come from server/config.ts.
    expect(res.body.site).toEqual({
      customer_service_phone: '1-800-555-0100',
      support_phone: '1-800-555-0199',
      visit_url: 'https://visits.example.com/schedule',
      legal_urls: {
        terms: { en: '/sandbox/legal/terms/en', es: '/sandbox/legal/terms/es' },
        privacy: { en: '/sandbox/legal/privacy/en', es: '/sandbox/legal/privacy/es' },
      },
      // The session's idle limit (decision 0045): a day, as the test servers are configured.
      session_idle_seconds: 24 * 60 * 60,
    });
  });

  it('accepts a ga_client_id and refuses a malformed one', async () => {
    const c = new Client(server.app);
    expect((await c.get('/state/all?ga_client_id=GA1.2.345.678')).status).toBe(200);
    const long = await c.get(`/state/all?ga_client_id=${'x'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ errors: { ga_client_id: 'VALIDATION.TOO_MANY' } });
    expect((await c.get('/state/all?ga_client_id=a&ga_client_id=b')).status).toBe(400);
  });
});

describe('POST /state/save', () => {
  it('answers every form field, saved values merged into the empty form', async () => {
    const c = await client();
    const res = await c.save({ billing_first_name: 'Pat' });
    expect(Object.keys(res.fields).sort()).toEqual(Object.keys(EMPTY_FORM).sort());
    expect(res.fields.billing_first_name).toBe('Pat');
    expect((await c.state()).fields.billing_first_name).toBe('Pat');
  });

  it('ignores unknown keys and the fields only the server writes', async () => {
    const c = await client();
    const res = await c.save({
      no_such_field: 'x',
      deposit_id: 'forged',
      deposit_fee: 0,
      deposit_total: 0.01,
      logged_in: true,
      skip_completed_steps: true,
      billing_agree_terms: true,
      card_brand: 'visa',
      card_display: '**** **** **** 0000',
      min_deposit_amount: 1,
      max_deposit_amount: 100000,
      cached_deposit_info: { deposit_id: 'x' },
      deposit_inmate_first_name: 'Forged',
      credit_card_month: '01',
    });
    expect(res.fields).toEqual(VIEWED_EMPTY_FORM);
    expect(res.errors).toEqual({});
  });

  it('answers 400 ERROR.BAD_REQUEST when fields is not an object', async () => {
    const c = await client();
    for (const body of [{}, { fields: null }, { fields: [] }, { fields: 'x' }, { fields: 3 }, [], 'x']) {
      const res = await c.post('/state/save', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ errors: { form: 'ERROR.BAD_REQUEST' } });
    }
  });

  describe('facility', () => {
    it('stores its limits, state and country', async () => {
      const c = await client();
      const res = await c.save({ facility_id: 1002 });
      expect(res.fields).toMatchObject({
        facility_id: 1002,
        facility_state: 'TX',
        facility_country: 'US',
        min_deposit_amount: 20,
        max_deposit_amount: 100,
      });
      expect(res.errors).toEqual({});
    });

    it('accepts the id as text', async () => {
      const c = await client();
      expect((await c.save({ facility_id: '4001' })).fields).toMatchObject({
        facility_id: 4001,
        facility_country: 'CA',
        facility_state: 'ON',
      });
    });

    it('keeps an unknown id with ERROR.FACILITY_NOT_FOUND, cleared by a good one', async () => {
      const c = await client();
      const bad = await c.save({ facility_id: 999999 });
      expect(bad.fields.facility_id).toBe(999999);
      expect(bad.fields.min_deposit_amount).toBeNull();
      expect(bad.errors).toEqual({ facility_id: 'ERROR.FACILITY_NOT_FOUND' });
      const good = await c.save({ facility_id: 1001 });
      expect(good.errors).toEqual({});
    });

    it('clears the facility (and what depends on it) on a value that is no id (docs/decisions/0037)', async () => {
      const c = await client();
      for (const v of ['abc', -3, 1.5, true, { id: 1 }]) {
        await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_inmate_id: '100001' });
        const res = await c.save({ facility_id: v });
        expect(res.fields).toMatchObject({ facility_id: null, deposit_type: '', deposit_inmate_id: '' });
        expect(res.errors.facility_id).toBe('VALIDATION.MUST_BE_NUMERIC');
      }
    });

    it('clears the deposit type and the recipient when it changes', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_inmate_id: '100001' });
      const res = await c.save({ facility_id: 1101 });
      expect(res.fields).toMatchObject({
        deposit_type: '',
        deposit_inmate_id: '',
        deposit_inmate_first_name: '',
        deposit_inmate_last_name: '',
        deposit_inmate_booking_code: '',
        dep_principal_code: '',
        facility_state: 'GA',
      });
    });

    it('keeps type and recipient when the same facility is saved again', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_inmate_id: '100001' });
      const res = await c.save({ facility_id: 1001 });
      expect(res.fields.deposit_type).toBe('flex');
      expect(res.fields.deposit_inmate_id).toBe('100001');
    });

    it('applies a type and recipient saved with the new facility', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_inmate_id: '100001' });
      const res = await c.save({ facility_id: 1002, deposit_type: 'trust', deposit_inmate_id: '100020' });
      expect(res.fields).toMatchObject({
        facility_id: 1002,
        deposit_type: 'trust',
        deposit_inmate_id: '100020',
        deposit_inmate_first_name: 'John',
      });
      expect(res.errors).toEqual({});
    });

    it('checks country and state choices', async () => {
      const c = await client();
      expect((await c.save({ facility_country: 'CA', facility_state: 'ON' })).errors).toEqual({});
      const bad = await c.save({ facility_country: 'CU', facility_state: 'TX' });
      expect(bad.errors).toEqual({
        facility_country: 'VALIDATION.INVALID_ENTRY',
        facility_state: 'VALIDATION.INVALID_ENTRY',
      });
      expect((await c.save({ facility_country: 'US', facility_state: 'TX' })).errors).toEqual({});
    });
  });

  describe('deposit type', () => {
    it('accepts a type the facility offers', async () => {
      const c = await client();
      await c.save({ facility_id: 1201 });
      for (const t of ['flex', 'dest', 'trust', 'bail']) {
        const res = await c.save({ deposit_type: t });
        expect(res.fields.deposit_type).toBe(t);
        expect(res.errors).toEqual({});
      }
    });

    it('keeps a type the facility does not offer, with VALIDATION.RESELECT_DEPOSIT_TYPE', async () => {
      const c = await client();
      const cases: [number, string][] = [
        [1004, 'flex'], // flex_disabled
        [1001, 'bail'], // no pam
        [1102, 'trust'], // no trust
        [1103, 'dest'], // no prepaid
        [2001, 'dest'],
      ];
      for (const [facility, type] of cases) {
        await c.save({ facility_id: facility });
        const res = await c.save({ deposit_type: type });
        expect(res.fields.deposit_type, `${facility} ${type}`).toBe(type);
        expect(res.errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
      }
    });

    it('refuses a value that is no deposit type', async () => {
      const c = await client();
      await c.save({ facility_id: 1001 });
      const res = await c.save({ deposit_type: 'cash' });
      expect(res.fields.deposit_type).toBe('');
      expect(res.errors.deposit_type).toBe('VALIDATION.SELECT_DEPOSIT_TYPE');
    });

    it('needs a facility', async () => {
      const c = await client();
      expect((await c.save({ deposit_type: 'flex' })).errors.deposit_type).toBe('VALIDATION.RESELECT_DEPOSIT_TYPE');
    });
  });

  describe('recipient', () => {
    it('fills the recipient details from the database', async () => {
      const c = await client();
      await c.save({ facility_id: 1001 });
      const res = await c.save({ deposit_inmate_id: '100001', deposit_inmate_last_name: 'Forged' });
      expect(res.fields).toMatchObject({
        deposit_inmate_id: '100001',
        deposit_inmate_first_name: 'John',
        deposit_inmate_last_name: 'Smith',
        deposit_inmate_booking_code: '2024-10010001',
        deposit_inmate_dob: '1985-03-14',
      });
      expect(res.fields.deposit_inmate_booking_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(res.fields.dep_principal_code).toMatch(/^P\d{8}$/);
      expect(res.errors).toEqual({});
    });

    it('refuses an inmate of another facility', async () => {
      const c = await client();
      await c.save({ facility_id: 1001 });
      const res = await c.save({ deposit_inmate_id: '100020' });
      expect(res.fields.deposit_inmate_id).toBe('100020');
      expect(res.fields.deposit_inmate_first_name).toBe('');
      expect(res.errors).toEqual({ deposit_inmate_id: 'VALIDATION.INVALID_ENTRY' });
    });

    it('refuses an unknown inmate or one without a facility', async () => {
      const c = await client();
      expect((await c.save({ deposit_inmate_id: '100001' })).errors.deposit_inmate_id).toBe('VALIDATION.INVALID_ENTRY');
      await c.save({ facility_id: 1001 });
      expect((await c.save({ deposit_inmate_id: 'nobody' })).errors.deposit_inmate_id).toBe('VALIDATION.INVALID_ENTRY');
    });

    it('refuses a fraud-flagged inmate with ERROR.FRAUD_CONTROL_MESSAGE', async () => {
      const c = await client();
      await c.save({ facility_id: 1001 });
      const res = await c.save({ deposit_inmate_id: '100004' });
      expect(res.errors).toEqual({ deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' });
      expect(res.fields.deposit_inmate_first_name).toBe('');
      const fixed = await c.save({ deposit_inmate_id: '100003' });
      expect(fixed.errors).toEqual({});
      expect(fixed.fields.deposit_inmate_first_name).toBe('Maria');
    });

    it('clears the details when the recipient is emptied', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_inmate_id: '100001' });
      const res = await c.save({ deposit_inmate_id: '' });
      expect(res.fields.deposit_inmate_last_name).toBe('');
      expect(res.fields.dep_principal_code).toBe('');
    });
  });

  describe('amount', () => {
    it('computes fee and total from the schedule once facility, type and amount are good', async () => {
      const c = await client();
      const res = await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_amount: 25 });
      expect(res.fields).toMatchObject({ deposit_amount: 25, deposit_fee: 4.95, deposit_total: 29.95 });
      const text = await c.save({ deposit_amount: '$19.99' });
      expect(text.fields).toMatchObject({ deposit_amount: 19.99, deposit_fee: 2.95, deposit_total: 22.94 });
    });

    it('keeps an amount outside the limits with its error, cleared by a good amount', async () => {
      const c = await client();
      await c.save({ facility_id: 1002, deposit_type: 'flex' });
      const low = await c.save({ deposit_amount: 15 });
      expect(low.fields.deposit_amount).toBe(15);
      expect(low.fields.deposit_total).toBeNull();
      expect(low.errors).toEqual({ deposit_amount: 'VALIDATION.DEPOSIT_BELOW_MINIMUM' });
      const high = await c.save({ deposit_amount: 150 });
      expect(high.errors).toEqual({ deposit_amount: 'VALIDATION.DEPOSIT_LIMIT_REACHED' });
      const good = await c.save({ deposit_amount: 50 });
      expect(good.errors).toEqual({});
      expect(good.fields.deposit_total).toBe(54.95);
    });

    it('checks the amount again when the facility changes', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_type: 'flex', deposit_amount: 150 });
      const res = await c.save({ facility_id: 1002 });
      expect(res.errors).toEqual({ deposit_amount: 'VALIDATION.DEPOSIT_LIMIT_REACHED' });
    });

    it('refuses text that is no amount', async () => {
      const c = await client();
      await c.save({ facility_id: 1001, deposit_type: 'flex' });
      for (const v of ['abc', '10.999', '-5', 0, true, [25], { v: 25 }]) {
        await c.save({ deposit_amount: 25 });
        const res = await c.save({ deposit_amount: v });
        expect(res.errors.deposit_amount, String(v)).toBe('VALIDATION.INVALID_DEPOSIT_AMOUNT');
        // The earlier amount is not kept to be charged, and no price is shown for it.
        expect(res.fields, String(v)).toMatchObject({ deposit_amount: v === 0 ? 0 : null, deposit_total: null });
      }
      expect((await c.save({ deposit_amount: null })).errors).toEqual({});
    });

    it('checks the preset id', async () => {
      const c = await client();
      expect((await c.save({ deposit_amount_id: '75' })).errors).toEqual({});
      expect((await c.save({ deposit_amount_id: 'other' })).errors).toEqual({});
      expect((await c.save({ deposit_amount_id: '33' })).errors).toEqual({
        deposit_amount_id: 'VALIDATION.INVALID_ENTRY',
      });
    });
  });

  describe('billing, contact and terms', () => {
    it('accepts a complete payer', async () => {
      const c = await client();
      const res = await c.save(PAYER);
      expect(res.errors).toEqual({});
      expect(res.fields.billing_agree_terms).toBe(true);
    });

    it('keeps a bad value with its error; a later good value clears it (§5)', async () => {
      const c = await client();
      const bad = await c.save({
        billing_zip: '123',
        email: 'not-an-email',
        phone_no: '555',
        billing_first_name: 'P4t',
      });
      expect(bad.fields.billing_zip).toBe('123');
      expect(bad.fields.email).toBe('not-an-email');
      expect(bad.errors).toEqual({
        billing_zip: 'VALIDATION.INVALID_ZIPCODE',
        email: 'VALIDATION.INVALID_EMAIL',
        phone_no: 'VALIDATION.KEEP_TYPING',
        billing_first_name: 'VALIDATION.INVALID_ENTRY',
      });
      expect((await c.get<{ errors: unknown }>('/state/errors')).body.errors).toEqual(bad.errors);
      const good = await c.save({ billing_zip: '78701', email: 'pat@example.com' });
      expect(good.errors).toEqual({
        phone_no: 'VALIDATION.KEEP_TYPING',
        billing_first_name: 'VALIDATION.INVALID_ENTRY',
      });
    });

    it('treats an empty value as not yet filled', async () => {
      const c = await client();
      await c.save({ billing_city: 'Au5tin' });
      const res = await c.save({ billing_city: '', billing_first_name: '', email: '' });
      expect(res.errors).toEqual({});
    });

    it('checks zip and state again when the billing country changes', async () => {
      const c = await client();
      expect((await c.save({ billing_zip: 'K1A 0B1', billing_country: 'CA' })).errors).toEqual({});
      expect((await c.save({ billing_country: 'US' })).errors).toEqual({ billing_zip: 'VALIDATION.INVALID_ZIPCODE' });
      expect((await c.save({ billing_zip: '10001' })).errors).toEqual({});
    });

    it('checks the phone again when its country changes', async () => {
      const c = await client();
      expect((await c.save({ phone_country: 'MX', phone_no: '+52 55 1234 5678' })).errors).toEqual({});
      expect((await c.save({ phone_country: 'US' })).errors).toEqual({
        phone_no: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY',
      });
    });

    it('derives billing_agree_terms from the four checkboxes', async () => {
      const c = await client();
      expect((await c.save({ terms_1: true, terms_2: true, terms_3: true })).fields.billing_agree_terms).toBe(false);
      expect((await c.save({ terms_4: true })).fields.billing_agree_terms).toBe(true);
      expect((await c.save({ terms_2: false })).fields.billing_agree_terms).toBe(false);
    });

    it('clears a field sent a value of the wrong type, or too long (docs/decisions/0037)', async () => {
      const c = await client();
      await c.save({ billing_city: 'Austin', terms_1: true, billing_address1: '1 Main St' });
      const res = await c.save({
        billing_city: { a: 1 },
        terms_1: 'yes',
        email: ['a@b.co'],
        billing_address1: 'x'.repeat(201),
      });
      expect(res.fields.billing_city).toBe('');
      expect(res.fields.terms_1).toBe(false);
      expect(res.fields.billing_agree_terms).toBe(false);
      expect(res.fields.billing_address1).toBe('');
      expect(res.errors).toEqual({
        billing_city: 'VALIDATION.INVALID_ENTRY',
        terms_1: 'VALIDATION.INVALID_ENTRY',
        email: 'VALIDATION.INVALID_ENTRY',
        billing_address1: 'VALIDATION.TOO_MANY',
      });
    });
  });

  describe('card token', () => {
    it("fills brand, masked number and expiry from this session's vault", async () => {
      const c = await client();
      const visa = await c.tokenize();
      const res = await c.save({ card_token: visa.token });
      expect(res.fields).toMatchObject({
        card_token: visa.token,
        card_brand: 'visa',
        card_display: '**** **** **** 1111',
        credit_card_month: '12',
        credit_card_year: '2030',
      });
      expect(res.errors).toEqual({});
      const amex = await c.tokenize({ credit_card: '378282246310005', credit_card_cvc: '1234' });
      expect((await c.save({ card_token: amex.token })).fields.card_display).toBe('**** ****** *0005');
      const cleared = await c.save({ card_token: '' });
      expect(cleared.fields).toMatchObject({ card_token: '', card_brand: '', card_display: '', credit_card_year: '' });
    });

    it('refuses an unknown token', async () => {
      const c = await client();
      const res = await c.save({ card_token: 'tok_unknown' });
      expect(res.errors).toEqual({ card_token: 'VALIDATION.INVALID_ENTRY' });
      expect(res.fields.card_brand).toBe('');
    });

    it("refuses another session's token", async () => {
      const a = await client();
      const b = await client();
      const token = (await a.tokenize()).token;
      const res = await b.save({ card_token: token });
      expect(res.errors).toEqual({ card_token: 'VALIDATION.INVALID_ENTRY' });
      expect(res.fields.card_display).toBe('');
    });
  });
});

describe('the form state read with the session (docs/decisions/0065)', () => {
  it('is the last one saved, and nothing of it is read once the session is past its idle limit', async () => {
    const own = fixedClock();
    const idle = await startServer({ now: own.now });
    try {
      const c = await newClient(idle.app);
      await c.save({ billing_zip: '1', billing_city: 'Austin' });
      await c.save({ billing_city: 'Houston' });
      const all = await c.get<StateAllResponse>('/state/all');
      expect(all.body.fields).toMatchObject({ billing_city: 'Houston', billing_zip: '1' });
      expect(all.body.errors).toEqual({ billing_zip: 'VALIDATION.INVALID_ZIPCODE' });
      expect((await c.get('/state/errors')).body).toEqual({ errors: { billing_zip: 'VALIDATION.INVALID_ZIPCODE' } });
      // The test servers' idle limit is a day: the cookie's session has ended, and with it its form.
      own.advance(24 * 60 * 60 * 1000 + 1);
      const later = await c.get<StateAllResponse>('/state/all');
      expect(later.body.fields).toEqual(VIEWED_EMPTY_FORM);
      expect(later.body.csrf_token).not.toBe(all.body.csrf_token);
      expect((await new Client(idle.app).get('/state/errors')).body).toEqual({ errors: {} });
    } finally {
      await idle.dispose();
    }
  });
});

describe('GET /state/errors', () => {
  it("answers only this session's errors", async () => {
    const a = await client();
    await a.save({ billing_zip: '1' });
    const b = await client();
    expect((await b.get('/state/errors')).body).toEqual({ errors: {} });
    expect((await a.get('/state/errors')).body).toEqual({ errors: { billing_zip: 'VALIDATION.INVALID_ZIPCODE' } });
  });
});

describe('POST /state/clear', () => {
  it('empties the form and its errors but keeps the language', async () => {
    const c = await client();
    await c.get('/pay/set_locale/es');
    await c.save({ facility_id: 1001, billing_zip: '1' });
    const res = await c.post<StateSaveResponse>('/state/clear');
    expect(res.status).toBe(200);
    expect(res.body.fields).toEqual({ ...VIEWED_EMPTY_FORM, locale: 'es' });
    expect(res.body.errors).toEqual({});
    expect((await c.state()).locale).toBe('es');
  });

  it("does not touch another session's form", async () => {
    const a = await client();
    await a.save({ facility_id: 1001 });
    const b = await client();
    await b.post('/state/clear');
    expect((await a.state()).fields.facility_id).toBe(1001);
  });
});

describe('GET /pay/set_locale/{locale}', () => {
  it('stores English or Spanish in the form state', async () => {
    const c = await client();
    const res = await c.get('/pay/set_locale/es');
    expect(res).toMatchObject({ status: 200, body: { locale: 'es' } });
    expect((await c.state()).locale).toBe('es');
    expect((await c.state()).fields.locale).toBe('es');
    await c.get('/pay/set_locale/en');
    expect((await c.state()).locale).toBe('en');
  });

  it('refuses any other language with 400', async () => {
    const c = await client();
    for (const l of ['fr', 'EN', 'es-MX', '%20']) {
      const res = await c.get(`/pay/set_locale/${l}`);
      expect(res.status, l).toBe(400);
      expect(res.body).toEqual({ errors: { locale: 'VALIDATION.INVALID_ENTRY' } });
    }
    expect((await c.state()).locale).toBe('en');
  });

  it('sets the language of this session only', async () => {
    const a = await client();
    const b = await client();
    await b.get('/pay/set_locale/es');
    expect((await a.state()).locale).toBe('en');
  });

  it('is also accepted through /state/save', async () => {
    const c = await client();
    expect((await c.save({ locale: 'es' })).fields.locale).toBe('es');
    const bad = await c.save({ locale: 'de' });
    expect(bad.fields.locale).toBe('es');
    expect(bad.errors).toEqual({ locale: 'VALIDATION.INVALID_ENTRY' });
  });
});
