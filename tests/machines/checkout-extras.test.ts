// Checkout extras (docs/decisions/0015): the voicemail offers (§7, §9 one-time payments only), the
// CPA link (§9 cpastates: throttled, the newest answer wins) and the auto-pay note (§6). Model-based
// paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type AnyActorRef, type SnapshotFrom, SimulatedClock } from 'xstate';
import type { CpaSettingsResponse, VoicemailOffer } from '../../contract/checkout-services.ts';
import { DELAYS } from '../../contract/constants.ts';
import type { FormFields } from '../../contract/entities.ts';
import {
  type CheckoutExtrasEvent,
  type CheckoutExtrasInput,
  checkoutExtrasMachine,
  showsAutoPayNote,
  voicemailOfferFor,
} from '../../machines/checkout-extras.machine.ts';
import { CHECKOUT_CHILDREN } from '../../machines/checkout.machine.ts';
import { provideCheckout, provideMachine } from '../../machines/provide-actors.ts';
import { HARRIS, NETWORK_FAILURE, RECIPIENT_FIELDS } from '../../fixtures/samples.ts';
import offersFixture from '../../fixtures/voicemail-offers.json' with { type: 'json' };
import {
  type EventSamples,
  type ModelSpec,
  FakeCalls,
  allSamples,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  start,
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof checkoutExtrasMachine>;

const OFFERS: VoicemailOffer[] = offersFixture;
const DEST: FormFields = { ...RECIPIENT_FIELDS, deposit_type: 'dest', deposit_amount: 50, deposit_amount_id: '50' };

/** The sandbox server's answer for Virginia (§9 cpastates VA), per language. */
function cpaAnswer(state: string, lang: string): CpaSettingsResponse {
  if (state !== 'VA') return { isCPAState: false, cpaLabel: '', cpaUrl: '' };
  return {
    isCPAState: true,
    cpaLabel: lang === 'es' ? 'Aviso de protección al consumidor de Virginia' : 'Virginia consumer protection notice',
    cpaUrl: 'https://www.oag.state.va.us/consumer-protection/',
  };
}

const samples = {
  'extras.billingState': [
    { type: 'extras.billingState', state: 'VA' },
    { type: 'extras.billingState', state: 'TX' },
    { type: 'extras.billingState', state: '' },
  ],
  'extras.language': [
    { type: 'extras.language', lang: 'es' },
    { type: 'extras.language', lang: 'en' },
  ],
} satisfies EventSamples<CheckoutExtrasEvent>;

const input: CheckoutExtrasInput = { fields: DEST };

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(checkoutExtrasMachine, calls.all()),
  input,
  samples: () => allSamples(samples),
  answers: {
    loadVoicemailOffers: () => [{ offers: OFFERS }],
    getCpaSettings: ({ context }) => [cpaAnswer(context.billingState, context.lang)],
  },
  failures: {
    loadVoicemailOffers: [NETWORK_FAILURE],
    getCpaSettings: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [c.billingState, c.lang, c.offers.length, c.cpa?.label ?? null],
  limit: 20_000,
};

describe('checkout extras: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    console.info(
      `checkout extras graph: ${graph.vertices} vertices, ${graph.edges} edges, ${graph.paths.length} paths`,
    );
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

// ---------------------------------------------------------------- behaviour

function setup(fields: FormFields = DEST) {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const actor = start(provideMachine(checkoutExtrasMachine, calls.all()), { fields }, clock);
  const snap = () => actor.getSnapshot() as Snapshot;
  return { calls, clock, actor, snap };
}

describe('voicemail offers (§7 get_voicemail_offers, §9)', () => {
  it('are loaded once; the chosen amount earns the highest tier at or below it', async () => {
    const t = setup();
    expect(t.calls.inputs('loadVoicemailOffers')).toHaveLength(1);
    t.calls.resolve('loadVoicemailOffers', { offers: [...OFFERS].reverse() });
    await settle();
    expect(t.snap().matches({ voicemail: 'ready' })).toBe(true);
    const offers = t.snap().context.offers;
    expect(offers.map((o) => o.tier)).toEqual([25, 50, 75, 100, 150]);
    expect(voicemailOfferFor(offers, DEST)).toEqual({ tier: 50, voicemails: 2 });
    expect(voicemailOfferFor(offers, { ...DEST, deposit_amount: 74.99 })).toEqual({ tier: 50, voicemails: 2 });
    expect(voicemailOfferFor(offers, { ...DEST, deposit_amount: 500 })).toEqual({ tier: 150, voicemails: 8 });
    expect(voicemailOfferFor(offers, { ...DEST, deposit_amount: 24 })).toBeNull();
    expect(voicemailOfferFor(offers, { ...DEST, deposit_amount: null })).toBeNull();
    t.actor.stop();
  });

  it('§9: only for one-time deposits to phone accounts; a picked roundup counts with its amount', () => {
    expect(voicemailOfferFor(OFFERS, { ...DEST, recurring_type: 'monthly', recurring_increment: 1 })).toBeNull();
    for (const type of ['flex', 'trust', 'bail', ''] as const) {
      expect(voicemailOfferFor(OFFERS, { ...DEST, deposit_type: type })).toBeNull();
    }
    const roundup = { id: 1, amount: 50, roundup_amount: 75, roundup_diff: 25, fee: 3, tax: 0.3 };
    expect(voicemailOfferFor(OFFERS, { ...DEST, roundups: true, selected_roundup: roundup })).toEqual({
      tier: 75,
      voicemails: 3,
    });
  });

  it('a failed load offers nothing, and the checkout goes on', async () => {
    const t = setup();
    t.calls.reject('loadVoicemailOffers', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ voicemail: 'failed' })).toBe(true);
    expect(voicemailOfferFor(t.snap().context.offers, DEST)).toBeNull();
    expect(t.snap().status).toBe('active');
    t.actor.stop();
  });
});

describe('the CPA link (§9 cpastates)', () => {
  it('is asked once the billing state settles (throttled), in the payer language', async () => {
    const t = setup({ ...DEST, billing_state: 'va', locale: 'es' });
    expect(t.snap().matches({ cpa: 'waiting' })).toBe(true);
    t.actor.send({ type: 'extras.billingState', state: 'TX' });
    t.clock.increment(DELAYS.formSaveThrottle - 1);
    t.actor.send({ type: 'extras.billingState', state: 'VA' });
    t.clock.increment(DELAYS.formSaveThrottle - 1);
    expect(t.calls.inputs('getCpaSettings')).toEqual([]);
    t.clock.increment(1);
    expect(t.calls.inputs('getCpaSettings')).toEqual([{ state: 'VA', lang: 'es' }]);
    t.calls.resolve('getCpaSettings', cpaAnswer('VA', 'es'));
    await settle();
    expect(t.snap().matches({ cpa: 'shown' })).toBe(true);
    expect(t.snap().context.cpa).toEqual({
      label: 'Aviso de protección al consumidor de Virginia',
      url: 'https://www.oag.state.va.us/consumer-protection/',
    });
    // The same state again asks nothing.
    t.actor.send({ type: 'extras.billingState', state: 'va' });
    expect(t.snap().matches({ cpa: 'shown' })).toBe(true);
    t.actor.stop();
  });

  it('a newer question stops the older call: the newest answer wins', async () => {
    const t = setup({ ...DEST, billing_state: 'VA' });
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.snap().matches({ cpa: 'loading' })).toBe(true);
    t.actor.send({ type: 'extras.billingState', state: 'MD' });
    // The link of the older state is gone at once.
    expect(t.snap().context.cpa).toBeNull();
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.calls.inputs('getCpaSettings')).toEqual([
      { state: 'VA', lang: 'en' },
      { state: 'MD', lang: 'en' },
    ]);
    t.calls.resolve('getCpaSettings', cpaAnswer('MD', 'en'));
    await settle();
    expect(t.snap().matches({ cpa: 'hidden' })).toBe(true);
    expect(t.snap().context.cpa).toBeNull();
    t.actor.stop();
  });

  it('a language switch asks again; no state, a bad state or a failure shows no link', async () => {
    const t = setup({ ...DEST, billing_state: 'VA' });
    t.clock.increment(DELAYS.formSaveThrottle);
    t.calls.resolve('getCpaSettings', cpaAnswer('VA', 'en'));
    await settle();
    expect(t.snap().context.cpa?.label).toBe('Virginia consumer protection notice');
    t.actor.send({ type: 'extras.language', lang: 'es' });
    t.clock.increment(DELAYS.formSaveThrottle);
    t.calls.reject('getCpaSettings', NETWORK_FAILURE);
    await settle();
    expect(t.snap().matches({ cpa: 'failed' })).toBe(true);
    expect(t.snap().context.cpa).toBeNull();
    t.actor.send({ type: 'extras.billingState', state: '' });
    expect(t.snap().matches({ cpa: 'idle' })).toBe(true);
    t.actor.send({ type: 'extras.billingState', state: 'Virginia' });
    t.clock.increment(DELAYS.formSaveThrottle);
    expect(t.snap().matches({ cpa: 'idle' })).toBe(true);
    expect(t.calls.inputs('getCpaSettings')).toHaveLength(2);
    t.actor.stop();
  });

  it('follows the billing state the payer types in the checkout', async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const { child } = withParent(provideCheckout(calls.all()), { fields: RECIPIENT_FIELDS, facility: HARRIS }, clock);
    const extras = (child.getSnapshot() as { children: Record<string, AnyActorRef> }).children[
      CHECKOUT_CHILDREN.extras
    ];
    expect(extras).toBeDefined();
    child.send({ type: 'checkout.change', fields: { billing_city: 'Richmond' } });
    child.send({ type: 'checkout.change', fields: { billing_state: 'VA' } });
    clock.increment(DELAYS.formSaveThrottle);
    expect(calls.inputs('getCpaSettings')).toEqual([{ state: 'VA', lang: 'en' }]);
    calls.resolve('getCpaSettings', cpaAnswer('VA', 'en'));
    await settle();
    expect((extras?.getSnapshot() as Snapshot).matches({ cpa: 'shown' })).toBe(true);
  });
});

describe('the auto-pay note (§6)', () => {
  it('shows except for bail and unified-wallet dest deposits', () => {
    const note = (fields: Partial<FormFields>) => showsAutoPayNote({ fields: { ...RECIPIENT_FIELDS, ...fields } });
    expect(note({ deposit_type: 'flex' })).toBe(true);
    expect(note({ deposit_type: 'trust' })).toBe(true);
    expect(note({ deposit_type: 'dest' })).toBe(true);
    expect(note({ deposit_type: 'bail' })).toBe(false);
    expect(note({ deposit_type: 'dest', unified_wallet_enabled: true } as Partial<FormFields>)).toBe(false);
    expect(note({ deposit_type: 'trust', unified_wallet_enabled: true } as Partial<FormFields>)).toBe(true);
    // A form state from before the unified-wallet field: not a unified wallet.
    const { unified_wallet_enabled: _dropped, ...older } = { ...RECIPIENT_FIELDS, deposit_type: 'dest' as const };
    expect(showsAutoPayNote({ fields: older as FormFields })).toBe(true);
  });
});

describe('checkout extras: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(checkoutExtrasMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
