// POST /pay/verify (§4 identity verification): good input, bad input, a guest, the three outcomes, and
// one payer's answers never changing another's status.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MeResponse } from '../../contract/accounts.ts';
import { IDENTITY_PATHS, type VerifyResponse } from '../../contract/identity.ts';
import { ANA, BEN, signedIn } from './account-helpers.ts';
import { type TestServer, newClient, startServer } from './helpers.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.dispose();
});

/** Ben's answers (fixtures/payers.json: born 1979-02-11, SSN ending 4321). */
const RIGHT = { agree_1: true, agree_2: true, dob_month: '2', dob_day: '11', dob_year: '1979', ssn: '4321' };
const WRONG = { ...RIGHT, ssn: '1234' };

async function statusOf(c: Awaited<ReturnType<typeof signedIn>>): Promise<string | undefined> {
  return (await c.get<MeResponse>('/auth/me')).body.user?.validate_status;
}

describe('POST /pay/verify', () => {
  it('validates a payer whose answers match', async () => {
    const ben = await signedIn(server.app, BEN);
    expect(await statusOf(ben)).toBe('pending');
    const res = await ben.post<VerifyResponse>(IDENTITY_PATHS.verify, RIGHT);
    expect(res.body).toEqual({ success: true, validate_status: 'validated', retryable: false });
    expect(await statusOf(ben)).toBe('validated');
  });

  it('rejects answers that do not match: retryable twice, then not, and the status is rejected', async () => {
    const ben = await signedIn(server.app, BEN);
    const ana = await signedIn(server.app, ANA);
    const anaBefore = await statusOf(ana);
    for (const retryable of [true, true, false]) {
      const res = await ben.post<VerifyResponse>(IDENTITY_PATHS.verify, WRONG);
      expect(res.body).toEqual({ success: false, validate_status: 'rejected', retryable });
    }
    expect(await statusOf(ben)).toBe('rejected');
    expect(await statusOf(ana)).toBe(anaBefore);
    // Another payer's right answers are not this payer's.
    expect((await ana.post<VerifyResponse>(IDENTITY_PATHS.verify, RIGHT)).body.success).toBe(false);
  });

  it('refuses bad input with field errors and never echoes the SSN', async () => {
    const ben = await signedIn(server.app, BEN);
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ ...RIGHT, agree_2: false }, { agree_2: 'VALIDATION.AGREE_TERMS' }],
      [{ ...RIGHT, ssn: '12' }, { ssn: 'IDENTITY.SSN_LENGTH' }],
      [{ ...RIGHT, ssn: '12a4' }, { ssn: 'VALIDATION.MUST_BE_NUMERIC' }],
      [{ ...RIGHT, dob_month: '13' }, { dob_month: 'VALIDATION.INVALID_ENTRY' }],
      [{ ...RIGHT, dob_year: '' }, { dob_year: 'VALIDATION.REQUIRED' }],
    ];
    for (const [body, errors] of cases) {
      const res = await ben.post(IDENTITY_PATHS.verify, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ errors });
      expect(JSON.stringify(res.body)).not.toContain(String(body.ssn));
    }
    expect(await statusOf(ben)).toBe('pending');
  });

  it('answers 401 to a guest', async () => {
    const guest = await newClient(server.app);
    await guest.start();
    expect((await guest.post(IDENTITY_PATHS.verify, RIGHT)).status).toBe(401);
  });
});
