// The checkout's service calls (contract/checkout-services.ts): approved depositor, the unified-wallet
// inmate lookup and limits, voicemail offers, the CPA link, the fee schedule and the saved-card vault.
// Each with good input, bad input (400 with field errors), signed out (401) where an account is
// needed, and the other payer's ids (refused).
import { describe, expect, it } from 'vitest';
import type { TokenizeResponse } from '../../contract/api.ts';
import {
  CHECKOUT_SERVICE_PATHS as P,
  VOICEMAIL_TIERS,
  type AllowedMinMaxResponse,
  type CnInmateResponse,
  type CpaSettingsResponse,
  type FeesResponse,
  type IsApprovedDepositorResponse,
  type VoicemailOffersResponse,
} from '../../contract/checkout-services.ts';
import { NOT_FOUND, UNAUTHORIZED, useSignedInServer } from './account-helpers.ts';
import { fillCheckout, fixedClock, newClient } from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock, { config: { dailyMaxPerRecipient: 100 } });

describe('POST /pay/is_approved_depositor', () => {
  it('answers the signed-in payer’s own status', async () => {
    const { ana, ben } = current();
    const ask = (c: typeof ana, inmate: string, facility: number | string = 1001) =>
      c.post<IsApprovedDepositorResponse>(P.isApprovedDepositor, { como_facility_id: facility, inmate_id: inmate });
    expect(await ask(ana, '100001')).toMatchObject({ status: 200, body: { approvedDepositor: true } });
    expect((await ask(ana, '100002')).body).toEqual({ approvedDepositor: false });
    expect((await ask(ana, '100003')).body).toEqual({ approvedDepositor: false });
    expect((await ask(ana, '100026', '1201')).body).toEqual({ approvedDepositor: true });
    // The same recipient, another payer: Ben's status is his own.
    expect((await ask(ben, '100001')).body).toEqual({ approvedDepositor: false });
    expect((await ask(ben, '100020', 1002)).body).toEqual({ approvedDepositor: true });
  });

  it('answers 400 with field errors for bad input', async () => {
    const { ana } = current();
    const res = await ana.post(P.isApprovedDepositor, { como_facility_id: 'abc', inmate_id: '' });
    expect(res).toMatchObject({
      status: 400,
      body: { errors: { como_facility_id: 'VALIDATION.MUST_BE_NUMERIC', inmate_id: 'VALIDATION.REQUIRED' } },
    });
    expect((await ana.post(P.isApprovedDepositor, { como_facility_id: { a: 1 }, inmate_id: '1' })).status).toBe(400);
  });

  it('answers 401 to a guest', async () => {
    const guest = await newClient(current().app);
    const res = await guest.post(P.isApprovedDepositor, { como_facility_id: 1001, inmate_id: '100001' });
    expect(res).toMatchObject({ status: 401, body: UNAUTHORIZED });
  });
});

describe('POST /pay/get_cn_inmate', () => {
  const body = (inmate: string, facility: number | string = 1001) => ({
    como_facility_id: facility,
    inmate_id: inmate,
    como_service_id: 'TRUST-1001',
  });

  it('finds the inmate with returnCode 0 and its fraud flag', async () => {
    const guest = await newClient(current().app);
    const found = await guest.post<CnInmateResponse>(P.getCnInmate, body('100001'));
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      returnCode: 0,
      principalId: expect.any(String),
      firstName: 'John',
      lastName: 'Smith',
      dateOfBirth: '1985-03-14',
      fraud_flag: false,
    });
    expect((await guest.post<CnInmateResponse>(P.getCnInmate, body('100004'))).body).toMatchObject({
      returnCode: 0,
      fraud_flag: true,
    });
  });

  it('answers returnCode 1 for an inmate it does not find, also one of another facility', async () => {
    const guest = await newClient(current().app);
    for (const b of [body('999999'), body('100020', 1001)]) {
      expect((await guest.post<CnInmateResponse>(P.getCnInmate, b)).body).toMatchObject({
        returnCode: 1,
        firstName: '',
        fraud_flag: false,
      });
    }
  });

  it('answers 400 for bad input and an unknown facility', async () => {
    const guest = await newClient(current().app);
    expect(
      await guest.post(P.getCnInmate, { como_facility_id: '1001', inmate_id: '1', como_service_id: 'a b' }),
    ).toMatchObject({
      status: 400,
      body: { errors: { como_service_id: 'VALIDATION.INVALID_ENTRY' } },
    });
    expect(await guest.post(P.getCnInmate, body('100001', 999))).toMatchObject({
      status: 400,
      body: { errors: { como_facility_id: 'ERROR.FACILITY_NOT_FOUND' } },
    });
    expect((await guest.post(P.getCnInmate, 'x', { 'content-type': 'application/json' })).status).toBe(400);
  });
});

describe('POST /pay/get_allowed_min_max', () => {
  const body = (inmate = '100001', facility: number | string = 1001) => ({
    como_facility_id: facility,
    inmate_id: inmate,
    como_service_id: 'TRUST-1001',
  });

  it('answers the facility range, lowered by what the payer sent today (daily maximum 100 here)', async () => {
    const { app } = current();
    const guest = await newClient(app);
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body())).body).toEqual({
      minAmount: 10,
      maxAmount: 100,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body('100020', 1002))).body).toEqual({
      minAmount: 20,
      maxAmount: 100,
    });
    // After a deposit of 75, 25 is left for this payer and this recipient only.
    await fillCheckout(guest, { deposit_amount: 75, extra: { email: 'minmax@example.com' } });
    expect((await guest.post('/pay/process_deposit', { skip_completed_steps: false })).body).toMatchObject({
      success: true,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body())).body).toEqual({
      minAmount: 10,
      maxAmount: 25,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body('100003'))).body.maxAmount).toBe(100);
    const other = await newClient(app);
    expect((await other.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body())).body.maxAmount).toBe(100);
  });

  it('answers maxAmount 0 (maxed out, §4) when less than the minimum is left', async () => {
    const guest = await newClient(current().app);
    await fillCheckout(guest, { deposit_amount: 95, extra: { email: 'maxed@example.com' } });
    expect((await guest.post('/pay/process_deposit', { skip_completed_steps: false })).body).toMatchObject({
      success: true,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body())).body).toEqual({
      minAmount: 10,
      maxAmount: 0,
    });
  });

  it('answers 400 for bad input, an unknown facility or inmate', async () => {
    const guest = await newClient(current().app);
    expect(
      await guest.post(P.getAllowedMinMax, { como_facility_id: '', inmate_id: '', como_service_id: '' }),
    ).toMatchObject({
      status: 400,
      body: {
        errors: {
          como_facility_id: 'VALIDATION.REQUIRED',
          inmate_id: 'VALIDATION.REQUIRED',
          como_service_id: 'VALIDATION.REQUIRED',
        },
      },
    });
    expect(await guest.post(P.getAllowedMinMax, body('100001', 5))).toMatchObject({
      status: 400,
      body: { errors: { como_facility_id: 'ERROR.FACILITY_NOT_FOUND' } },
    });
    expect(await guest.post(P.getAllowedMinMax, body('424242'))).toMatchObject({
      status: 400,
      body: { errors: { inmate_id: 'VALIDATION.INVALID_ENTRY' } },
    });
  });
});

describe('GET /pay/get_voicemail_offers', () => {
  it('answers one pair per tier of §9', async () => {
    const guest = await newClient(current().app);
    const res = await guest.get<VoicemailOffersResponse>(P.voicemailOffers);
    expect(res.status).toBe(200);
    expect(res.body.offers.map((o) => o.tier)).toEqual([...VOICEMAIL_TIERS]);
    expect(res.body.offers[0]).toEqual({ tier: 25, voicemails: 1 });
    for (const o of res.body.offers) expect(Number.isInteger(o.voicemails)).toBe(true);
  });
});

describe('POST /pay/get_cpa_settings', () => {
  it('answers the link for VA in the language asked, and nothing elsewhere', async () => {
    const guest = await newClient(current().app);
    const en = await guest.post<CpaSettingsResponse>(P.cpaSettings, { state: 'VA', lang: 'en' });
    expect(en.status).toBe(200);
    expect(en.body).toEqual({
      isCPAState: true,
      cpaLabel: expect.stringContaining('Virginia'),
      cpaUrl: expect.stringMatching(/^https:/),
    });
    const es = await guest.post<CpaSettingsResponse>(P.cpaSettings, { state: 'va', lang: 'es' });
    expect(es.body.isCPAState).toBe(true);
    expect(es.body.cpaLabel).not.toBe(en.body.cpaLabel);
    expect((await guest.post<CpaSettingsResponse>(P.cpaSettings, { state: 'TX', lang: 'en' })).body).toEqual({
      isCPAState: false,
      cpaLabel: '',
      cpaUrl: '',
    });
  });

  it('follows the configuration', async () => {
    const other = await current.startCopy({
      config: {
        cpaStates: ['MD'],
        cpaLinks: {
          en: { label: 'MD notice', url: 'https://md.example' },
          es: { label: 'Aviso MD', url: 'https://md.example/es' },
        },
      },
    });
    try {
      const guest = await newClient(other.app);
      expect((await guest.post(P.cpaSettings, { state: 'MD', lang: 'es' })).body).toEqual({
        isCPAState: true,
        cpaLabel: 'Aviso MD',
        cpaUrl: 'https://md.example/es',
      });
      expect((await guest.post<CpaSettingsResponse>(P.cpaSettings, { state: 'VA', lang: 'en' })).body.isCPAState).toBe(
        false,
      );
    } finally {
      await other.dispose();
    }
  });

  it('answers 400 for bad input', async () => {
    const guest = await newClient(current().app);
    expect(await guest.post(P.cpaSettings, { state: 'Virginia', lang: 'fr' })).toMatchObject({
      status: 400,
      body: { errors: { state: 'VALIDATION.INVALID_ENTRY', lang: 'VALIDATION.INVALID_ENTRY' } },
    });
    expect(await guest.post(P.cpaSettings, {})).toMatchObject({
      status: 400,
      body: { errors: { state: 'VALIDATION.REQUIRED', lang: 'VALIDATION.REQUIRED' } },
    });
  });
});

describe('GET /pay/get_fees', () => {
  it('answers the schedule, all types or one', async () => {
    const guest = await newClient(current().app);
    const all = (await guest.get<FeesResponse>(P.fees)).body.fees;
    expect(new Set(all.map((t) => t.deposit_type))).toEqual(new Set(['flex', 'dest', 'trust', 'bail']));
    const trust = (await guest.get<FeesResponse>(`${P.fees}?deposit_type=trust`)).body.fees;
    expect(trust).toEqual([
      { deposit_type: 'trust', min_amount: 0.01, max_amount: 49.99, fee: 3.95 },
      { deposit_type: 'trust', min_amount: 50, max_amount: 250, fee: 5.95 },
    ]);
  });

  it('answers 400 for an unknown type', async () => {
    const guest = await newClient(current().app);
    expect(await guest.get(`${P.fees}?deposit_type=cash`)).toMatchObject({
      status: 400,
      body: { errors: { deposit_type: 'VALIDATION.SELECT_DEPOSIT_TYPE' } },
    });
  });
});

describe('POST /vault/tokenize_saved_card', () => {
  it('gives a token for the payer’s own saved card, never echoing the code', async () => {
    const { ana } = current();
    const res = await ana.post<TokenizeResponse>(P.vaultTokenizeSavedCard, {
      saved_card_id: 501,
      credit_card_cvc: '321',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      token: expect.stringMatching(/^tok_/),
      brand: 'visa',
      last4: '1111',
      exp_month: '12',
      exp_year: '2030',
    });
    expect(JSON.stringify(res.body)).not.toContain('321');
  });

  it('refuses another payer’s card as not found, and an expired card', async () => {
    const { ana, ben } = current();
    expect(await ben.post(P.vaultTokenizeSavedCard, { saved_card_id: 501, credit_card_cvc: '123' })).toMatchObject({
      status: 404,
      body: NOT_FOUND,
    });
    expect(await ana.post(P.vaultTokenizeSavedCard, { saved_card_id: 503, credit_card_cvc: '123' })).toMatchObject({
      status: 400,
      body: { errors: { saved_card_id: 'VALIDATION.CARD_EXPIRED' } },
    });
  });

  it('answers 400 for bad input and 401 to a guest', async () => {
    const { ana, app } = current();
    expect(await ana.post(P.vaultTokenizeSavedCard, { saved_card_id: 'x', credit_card_cvc: '12' })).toMatchObject({
      status: 400,
      body: { errors: { saved_card_id: 'VALIDATION.MUST_BE_NUMERIC', credit_card_cvc: 'VALIDATION.INVALID_CVC' } },
    });
    const guest = await newClient(app);
    expect(await guest.post(P.vaultTokenizeSavedCard, { saved_card_id: 501, credit_card_cvc: '123' })).toMatchObject({
      status: 401,
      body: UNAUTHORIZED,
    });
  });
});
