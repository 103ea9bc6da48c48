// The stories' sandbox (stories/support/sandbox.ts) answers the app's calls without a server; this test
// holds it to the real one. The same calls go, through the app's own actors (src/api/actors.ts, the ky
// client) to the reference server, and through the stories' fake actors to the sandbox; the answers must
// agree: fees, totals and roundups, limits, facilities, searches, the unified-wallet checks, the card
// vault and the deposit's outcome for each sandbox card. A rule changed on one side only fails here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyActorLogic, createActor, toPromise } from 'xstate';
import type { CallFailure } from '../../machines/actors.types.ts';
import type { ActorLogics } from '../../machines/provide-actors.ts';
import { CHECKOUT_PRESETS } from '../../contract/constants.ts';
import type { DepositType, FormFields } from '../../contract/entities.ts';
import { createActors } from '../../src/api/actors.ts';
import { createApiClient } from '../../src/api/client.ts';
import { fakeActors } from '../../stories/support/drive.ts';
import {
  billingFields,
  cardInput,
  createSandbox,
  facilityFields,
  recipientFields,
  signedInFields,
  STORY_NOW,
} from '../../stories/support/sandbox.ts';
import facilities from '../../fixtures/facilities.json' with { type: 'json' };
import testCards from '../../fixtures/test-cards.json' with { type: 'json' };
import { startServer, type Harness } from './harness.tsx';

type Outcome<T> = { ok: T } | { failed: Pick<CallFailure, 'status' | 'errors'> };

/** Runs one call and settles it as an answer or as the failure src/api/client.ts reports. */
async function answerOf<T>(logic: AnyActorLogic, input: unknown): Promise<Outcome<T>> {
  try {
    return { ok: (await toPromise(createActor(logic, { input }).start())) as T };
  } catch (e) {
    const f = e as CallFailure;
    return { failed: { status: f.status, errors: f.errors } };
  }
}

let h: Harness;
beforeAll(async () => {
  // The server on the sandbox's clock: ages, expiry dates and the day's limits are reckoned alike.
  // Every call comes from one address: the per-client limits a thousand times the site's, as in the
  // server tests (docs/decisions/0039).
  // The processor faults' cards (docs/test-cards.md) answer once the processor timeout has passed: a
  // short one keeps this file quick.
  h = await startServer({
    now: () => STORY_NOW,
    config: { rateLimitFactor: 1000, money: { processorTimeoutMs: 500 } },
  });
});
afterAll(async () => {
  await h.close();
});

/** A fresh browser on the real server (its own session) and a fresh sandbox, each with its actors. */
function sides(fields: FormFields = facilityFields(1001)) {
  const real = createActors(createApiClient({ baseUrl: 'http://localhost/', fetch: h.newBrowser() }));
  const fake = fakeActors(createSandbox({ fields })) as ActorLogics;
  // As the app starts: the form state read, which opens the session and gives the CSRF token.
  const started = Promise.all([answerOf(real.loadFormState, undefined), answerOf(fake.loadFormState, undefined)]);
  return {
    started,
    async both<T>(name: keyof ActorLogics, input: unknown): Promise<[Outcome<T>, Outcome<T>]> {
      await started;
      const server = await answerOf<T>(real[name] as AnyActorLogic, input);
      const sandbox = await answerOf<T>(fake[name] as AnyActorLogic, input);
      return [server, sandbox];
    },
    real,
    fake,
  };
}

const TYPES: DepositType[] = ['flex', 'dest', 'trust', 'bail'];

/** JSON with every object's keys in order: an answer's meaning, not the order a serializer wrote it in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** The calls where the sandbox and the server answered differently, each with both answers. */
class Differences {
  readonly found: string[] = [];
  compare(what: string, server: unknown, sandbox: unknown): void {
    const [a, b] = [canonical(server), canonical(sandbox)];
    if (a !== b) this.found.push(`${what}: server ${a.slice(0, 300)} | sandbox ${b.slice(0, 300)}`);
  }
  expectNone(): void {
    expect(this.found.slice(0, 6), `${this.found.length} calls answered differently`).toEqual([]);
  }
}

describe('the sandbox answers as the server does', () => {
  it('fees, the server\u2019s totals and roundups, for every facility, type and amount (§4, §5, §9)', async () => {
    const d = new Differences();
    const s = sides();
    const amounts = [5, 9.99, 10, 19.99, 20, 23, 25, 49.5, 99.99, 100, 150, 199, 200, 250, 251];
    const disagreements: string[] = [];
    for (const f of facilities) {
      for (const type of TYPES) {
        for (const amount of amounts) {
          const [server, sandbox] = await s.both('getFees', { facilityId: f.id, depositType: type, amount });
          if (canonical(server) !== canonical(sandbox)) {
            disagreements.push(`${f.id} ${type} ${amount}: server ${canonical(server)} sandbox ${canonical(sandbox)}`);
          }
        }
      }
    }
    expect(disagreements.slice(0, 8), `${disagreements.length} disagreements`).toEqual([]);
    d.expectNone();
  });

  it('facility options and details (§2 facility step, §3)', async () => {
    const d = new Differences();
    const s = sides();
    for (const [country, regions] of [
      ['US', ['TX', 'IL', 'AZ', 'GA', 'WA', 'NY']],
      ['CA', ['ON', 'BC']],
    ] as const) {
      for (const region of ['', ...regions]) {
        const [server, sandbox] = await s.both('loadFacilityOptions', { country, region });
        d.compare(`${country} ${region}`, server, sandbox);
      }
    }
    for (const f of facilities) {
      const [server, sandbox] = await s.both('loadFacility', { facilityId: f.id });
      d.compare(String(f.id), server, sandbox);
    }
    d.expectNone();
  });

  it('recipient searches at every facility, by name, booking number and A-number (§2, §5)', async () => {
    const d = new Differences();
    const s = sides();
    for (const f of facilities) {
      const mode = f.is_ice ? 'ice' : f.is_juve || f.is_canada ? 'booking' : 'name';
      for (const query of ['smith', 'jo', 'ri', 'a', 'A2', 'J']) {
        for (const page of [1, 2]) {
          const input = { facilityId: f.id, query, page, mode, lastName: mode === 'ice' ? 'ga' : '' };
          const [server, sandbox] = await s.both('searchInmates', input);
          d.compare(JSON.stringify(input), server, sandbox);
        }
      }
    }
    d.expectNone();
  });

  it('the unified-wallet checks of a signed-in payer (§5, docs/decisions/0016)', async () => {
    const d = new Differences();
    const s = sides(signedInFields(facilityFields(1402)));
    // The server's session signs in; the sandbox's form state is signed in already (it has no sign-in call).
    await s.started;
    const signIn = await answerOf(s.real.signIn, { email: 'ana@example.com', password: 'sandbox-pass-1' });
    expect(signIn).toHaveProperty('ok');
    for (const inmate_id of ['100060', '100061', '100062', '999999']) {
      for (const como_facility_id of ['1402', '1401']) {
        const [approvedS, approvedF] = await s.both('isApprovedDepositor', { como_facility_id, inmate_id });
        d.compare(`${como_facility_id} ${inmate_id}`, approvedS, approvedF);
        const input = { como_facility_id, inmate_id, como_service_id: `TRUST-${como_facility_id}` };
        const [cnS, cnF] = await s.both('getCnInmate', input);
        d.compare(`cn ${JSON.stringify(input)}`, cnS, cnF);
        const [limitsS, limitsF] = await s.both('getAllowedMinMax', input);
        d.compare(`limits ${JSON.stringify(input)}`, limitsS, limitsF);
      }
    }
    d.expectNone();
  });

  it('voicemail offers, the CPA link, and a phone number\u2019s fraud flag (§5, §9)', async () => {
    const d = new Differences();
    const s = sides();
    const [offersS, offersF] = await s.both('loadVoicemailOffers', undefined);
    d.compare('answer', offersS, offersF);
    for (const state of ['VA', 'va', 'TX', '']) {
      for (const lang of ['en', 'es']) {
        const [server, sandbox] = await s.both('getCpaSettings', { state, lang });
        d.compare(`${state} ${lang}`, server, sandbox);
      }
    }
    for (const ani of ['5125550666', '5125550100', '12']) {
      const [server, sandbox] = await s.both('checkDestinationFraud', { ani, country: 'US' });
      d.compare(ani, server, sandbox);
    }
    d.expectNone();
  });

  it('the card vault: every sandbox card\u2019s brand and last four, or its refusal', async () => {
    const d = new Differences();
    const s = sides();
    for (const card of testCards) {
      const [server, sandbox] = await s.both<{ brand: string; last4: string }>('tokenizeCard', cardInput(card));
      const pick = (o: Outcome<{ brand: string; last4: string }>) =>
        'ok' in o ? { brand: o.ok.brand, last4: o.ok.last4 } : o;
      d.compare(card.number, pick(server), pick(sandbox));
    }
    d.expectNone();
  });

  it('the deposit\u2019s outcome for each sandbox card: success, or its §8 error, and the same receipt figures', async () => {
    const d = new Differences();
    const amount = CHECKOUT_PRESETS[0];
    for (const card of testCards) {
      // A guest paying John Smith at Harris County (each card with its own payer, so none is a duplicate).
      const email = `contract-${card.number}@example.com`;
      const fields: FormFields = {
        ...billingFields(recipientFields('100001')),
        email,
        deposit_amount: amount,
        deposit_amount_id: String(amount),
        terms_1: true,
        terms_2: true,
        terms_3: true,
        terms_4: true,
      };
      const s = sides(fields);
      await s.started;
      const run = async (side: Partial<ActorLogics>) => {
        const saved = await answerOf(side.saveFormState as AnyActorLogic, { fields });
        if (!('ok' in saved)) return { saved };
        const token = await answerOf<{ token: string; exp_month: string; exp_year: string }>(
          side.tokenizeCard as AnyActorLogic,
          cardInput(card),
        );
        if (!('ok' in token)) return { token };
        await answerOf(side.saveFormState as AnyActorLogic, {
          fields: {
            card_token: token.ok.token,
            credit_card_month: token.ok.exp_month,
            credit_card_year: token.ok.exp_year,
          },
        });
        const deposit = await answerOf<{
          success: boolean;
          error: string | null;
          warning: string | null;
          cached_deposit_info: { amount: number; fee: number; tax: number; total: number; card_last4: string } | null;
        }>(side.processDeposit as AnyActorLogic, { confirmDuplicate: false });
        if (!('ok' in deposit)) return { deposit };
        const r = deposit.ok.cached_deposit_info;
        return {
          success: deposit.ok.success,
          error: deposit.ok.error,
          warning: deposit.ok.warning,
          receipt: r ? { amount: r.amount, fee: r.fee, tax: r.tax, total: r.total, card_last4: r.card_last4 } : null,
        };
      };
      const server = await run(s.real);
      const sandbox = await run(s.fake);
      d.compare(`${card.number} (${card.outcome})`, server, sandbox);
    }
    d.expectNone();
  });
});
