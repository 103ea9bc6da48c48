// Unified wallet (contract/unified-wallet.ts, decisions/0016): the two lookups of §7 with good input,
// bad input and unknown ids (no sign-in needed); the server-owned form-state fields of §3; and
// /pay/process_deposit in unified-wallet mode: trust checks and limits of §5, maxed out of §4.
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckoutResponse, FeesAndRoundupsResponse } from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS as P, type AllowedMinMaxResponse } from '../../contract/checkout-services.ts';
import {
  NO_UNIFIED_WALLET,
  UNIFIED_WALLET_PATHS as UW,
  type FacilityServicesResponse,
  type UnifiedWalletResponse,
} from '../../contract/unified-wallet.ts';
import { useSignedInServer } from './account-helpers.ts';
import {
  PAYER,
  fillCheckout,
  fixedClock,
  logCapture,
  newClient,
  startServer,
  type Client,
  type TestServer,
} from './helpers.ts';

const clock = fixedClock();
const current = useSignedInServer(clock, { config: { dailyMaxPerRecipient: 100 } });

const pay = (c: Client) => c.post<CheckoutResponse>('/pay/process_deposit', { skip_completed_steps: false });

/** A signed-in payer's trust checkout at the unified-wallet facility 1402, with a new Visa. */
async function uwTrustCheckout(c: Client, inmate: string, amount: number) {
  await c.save({ facility_id: 1402 });
  await c.save({ deposit_type: 'trust', deposit_inmate_id: inmate, deposit_amount: amount });
  const { email: _e, phone_no: _p, phone_country: _pc, ...billing } = PAYER;
  await c.save({ ...billing, card_token: (await c.tokenize()).token });
}

describe('GET /pay/get_unified_wallet', () => {
  it('answers the wallet of a unified-wallet facility, and none for another', async () => {
    const guest = await newClient(current().app);
    const res = await guest.get<UnifiedWalletResponse>(`${UW.getUnifiedWallet}?facility_id=1402`);
    expect(res).toMatchObject({
      status: 200,
      body: { oc_facility_id: 'OC-1402', uwVisitor: 'ames', uwInmate: 'pin-debit', uwTrust: 'purse-reg' },
    });
    expect((await guest.get(`${UW.getUnifiedWallet}?facility_id=1401`)).body).toMatchObject({
      oc_facility_id: 'OC-1401',
    });
    expect(await guest.get(`${UW.getUnifiedWallet}?facility_id=1001`)).toMatchObject({
      status: 200,
      body: NO_UNIFIED_WALLET,
    });
  });

  it('answers 400 for a bad or unknown facility id', async () => {
    const guest = await newClient(current().app);
    expect(await guest.get(`${UW.getUnifiedWallet}?facility_id=abc`)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'VALIDATION.MUST_BE_NUMERIC' } },
    });
    expect(await guest.get(UW.getUnifiedWallet)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'VALIDATION.REQUIRED' } },
    });
    expect(await guest.get(`${UW.getUnifiedWallet}?facility_id=9999`)).toMatchObject({
      status: 400,
      body: { errors: { facility_id: 'ERROR.FACILITY_NOT_FOUND' } },
    });
  });
});

describe('POST /pay/get_facilities_services_by_ids', () => {
  it('answers the facility and its services', async () => {
    const guest = await newClient(current().app);
    const res = await guest.post<FacilityServicesResponse>(UW.getFacilityServices, { oc_facility_id: 'OC-1402' });
    expect(res.status).toBe(200);
    expect(res.body.facilityId).toBe(1402);
    expect(res.body.facilityServices).toEqual(
      expect.arrayContaining([
        { serviceName: 'PINDEBIT', serviceId: 'PIN-1402' },
        { serviceName: 'ADVPAY', serviceId: 'ADV-1402' },
        { serviceName: 'TRUST', serviceId: 'TRUST-1402' },
      ]),
    );
    expect(res.body.facilityServices).toHaveLength(3);
  });

  it('answers 400 for bad input and for an unknown wallet', async () => {
    const guest = await newClient(current().app);
    expect(await guest.post(UW.getFacilityServices, {})).toMatchObject({
      status: 400,
      body: { errors: { oc_facility_id: 'VALIDATION.REQUIRED' } },
    });
    expect(await guest.post(UW.getFacilityServices, { oc_facility_id: 'OC 1402' })).toMatchObject({
      status: 400,
      body: { errors: { oc_facility_id: 'VALIDATION.INVALID_ENTRY' } },
    });
    expect((await guest.post(UW.getFacilityServices, { oc_facility_id: { a: 1 } })).status).toBe(400);
    expect(await guest.post(UW.getFacilityServices, { oc_facility_id: 'OC-1001' })).toMatchObject({
      status: 400,
      body: { errors: { oc_facility_id: 'VALIDATION.INVALID_ENTRY' } },
    });
  });
});

describe('form state: the unified-wallet fields (§3, server owned)', () => {
  it('are written from the facility and the deposit type', async () => {
    const guest = await newClient(current().app);
    const atWallet = await guest.save({ facility_id: 1402 });
    expect(atWallet.fields).toMatchObject({
      unified_wallet_enabled: true,
      oc_facility_id: 'OC-1402',
      uw_pinDebit: 'pin-debit',
      uw_advpay: 'ames',
      uw_trust: 'purse-reg',
      como_facility_id: '1402',
      como_service_id: '',
    });
    expect((await guest.save({ deposit_type: 'trust' })).fields.como_service_id).toBe('TRUST-1402');
    expect((await guest.save({ deposit_type: 'dest' })).fields.como_service_id).toBe('ADV-1402');
    expect((await guest.save({ deposit_type: 'flex' })).fields.como_service_id).toBe('PIN-1402');
    // Another facility ends the mode.
    expect((await guest.save({ facility_id: 1001 })).fields).toMatchObject({
      unified_wallet_enabled: false,
      oc_facility_id: '',
      uw_trust: '',
      como_facility_id: '1001',
      como_service_id: '',
    });
  });

  it('cannot be switched on by the client', async () => {
    const guest = await newClient(current().app);
    await guest.save({ facility_id: 1001, deposit_type: 'flex' });
    const answer = await guest.save({
      unified_wallet_enabled: true,
      oc_facility_id: 'OC-1402',
      uw_trust: 'purse-reg',
      como_service_id: 'TRUST-1402',
    });
    expect(answer.fields).toMatchObject({ unified_wallet_enabled: false, oc_facility_id: '', como_service_id: '' });
    expect((await guest.state()).fields.unified_wallet_enabled).toBe(false);
  });

  it('turn roundups off (§9 not in unified-wallet mode)', async () => {
    const guest = await newClient(current().app);
    await guest.save({ facility_id: 1402 });
    const fees = await guest.get<FeesAndRoundupsResponse>(
      '/pay/get_fees_and_roundups?facility_id=1402&deposit_type=dest&deposit_amount=23&unified_wallet_flag=true&oc_facility_id=OC-1402',
    );
    expect(fees.status).toBe(200);
    expect(fees.body.roundups.filter((r) => r.id !== -1)).toEqual([]);
  });
});

describe('POST /pay/get_allowed_min_max at a unified-wallet facility', () => {
  it('answers the service range, and the unusable limits of 1401 as they are (§4 maxed out)', async () => {
    const guest = await newClient(current().app);
    const body = (facility: number, inmate: string) => ({
      como_facility_id: facility,
      inmate_id: inmate,
      como_service_id: `TRUST-${facility}`,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body(1402, '100060'))).body).toEqual({
      minAmount: 10,
      maxAmount: 100,
    });
    expect((await guest.post<AllowedMinMaxResponse>(P.getAllowedMinMax, body(1401, '100029'))).body).toEqual({
      minAmount: 50,
      maxAmount: 20,
    });
  });
});

describe('/pay/process_deposit in unified-wallet mode', () => {
  it('§5: charges an approved depositor a trust deposit within the service range', async () => {
    const { ana } = current();
    await uwTrustCheckout(ana, '100060', 40);
    const res = await pay(ana);
    expect(res.body).toMatchObject({
      success: true,
      cached_deposit_info: { deposit_type: 'trust', facility_id: 1402, amount: 40 },
    });
  });

  it('§5: refuses a payer who is not approved for this recipient (the other payer, another inmate)', async () => {
    const { ana, ben } = current();
    await uwTrustCheckout(ana, '100061', 40);
    expect((await pay(ana)).body).toMatchObject({ success: false, error: 'NOT_APPROVED_DEPOSITOR_MSG' });
    await uwTrustCheckout(ben, '100060', 40);
    expect((await pay(ben)).body).toMatchObject({ success: false, error: 'NOT_APPROVED_DEPOSITOR_MSG' });
  });

  it('§5: refuses an amount above the service maximum (the daily limit lowers it)', async () => {
    const { ana } = current();
    // The facility allows 200; the daily maximum per recipient of this server is 100.
    await uwTrustCheckout(ana, '100060', 150);
    expect((await pay(ana)).body).toMatchObject({
      success: false,
      error: 'DEPOSIT_MIN_MAX_ERROR',
      errors: { deposit_amount: 'VALIDATION.DEPOSIT_LIMIT_REACHED' },
    });
  });

  it('§4: takes no deposit at all where the limits are unusable (1401, maxed out)', async () => {
    const guest = await newClient(current().app);
    await fillCheckout(guest, { facility_id: 1401, deposit_inmate_id: '100029', deposit_amount: 25 });
    // The amount is marked when it is saved, as process_deposit refuses it.
    expect((await guest.state()).errors).toMatchObject({ deposit_amount: 'VALIDATION.DEPOSIT_LIMIT_REACHED' });
    const res = await pay(guest);
    expect(res.body).toMatchObject({ success: false, error: 'DEPOSIT_MIN_MAX_ERROR' });
    expect(res.body.cached_deposit_info).toBeNull();
  });
});

describe('§8: a missing como service id is only logged', () => {
  const logs = logCapture();
  let own: TestServer | undefined;
  afterEach(async () => {
    await own?.dispose();
  });

  it('a type without a service in the wallet saves without an error, logged, with no service id', async () => {
    own = await startServer({ now: clock.now, logger: { level: 'warn', stream: logs.stream } });
    await own.query("DELETE FROM unified_wallet_services WHERE oc_facility_id = 'OC-1402' AND service_name = 'TRUST'");
    const guest = await newClient(own.app);
    await guest.save({ facility_id: 1402 });
    const answer = await guest.save({ deposit_type: 'trust' });
    expect(answer.errors).toEqual({});
    expect(answer.fields).toMatchObject({ unified_wallet_enabled: true, uw_trust: '', como_service_id: '' });
    expect(logs.text()).toContain('unified wallet: no como service id for this deposit type');
  });
});
