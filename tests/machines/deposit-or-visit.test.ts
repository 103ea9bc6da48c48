// depositOrVisit (§2 deposit_or_schedule_visit: make a deposit, view my account, schedule a visit
// hidden on mobile, quick-deposit cards, ?verificationRejected; §6 quick deposit blocked by a fraud
// flag; §9 labels by purse_reg): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import type { QuickDeposit } from '../../contract/quick-deposits.ts';
import { MSG } from '../../contract/schemas.ts';
import { NETWORK_FAILURE, QUICK_DEPOSITS, SITE, pageInput, saveAnswer } from '../../fixtures/samples.ts';
import {
  type DepositOrVisitEvent,
  FRAUD_CONTROL_MESSAGE,
  NEW_DEPOSIT_PATH,
  QUICK_DEPOSIT_PATH,
  QUICK_UNAVAILABLE,
  START_FAILED,
  depositOrVisitMachine,
  isVerificationRejected,
  quickDepositFields,
  quickTypeKey,
} from '../../machines/deposit-or-visit.machine.ts';
import { locationOf } from '../../machines/pages.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import type { StartDepositInput, StartDepositOutput } from '../../machines/start-deposit.machine.ts';
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
  withParent,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof depositOrVisitMachine>;

const card = (id: string): QuickDeposit => {
  const found = QUICK_DEPOSITS.find((q) => q.id === id);
  if (!found) throw new Error(`no sample card ${id}`);
  return found;
};
const FLEX = card('flex-1001-100001');
const MOM = card('dest-1001-5125550101');
const TRUST = card('trust-1001-100003');
const REGULATED = card('dest-1301-5125550102');
const BLOCKED = card('flex-1001-100004');

const SAVED = saveAnswer({ ...EMPTY_FORM, ...quickDepositFields(FLEX, 25), facility_state: 'TX' });
const REFUSED = saveAnswer(EMPTY_FORM, { deposit_inmate_id: MSG.invalid });
const FRAUD = saveAnswer(EMPTY_FORM, { deposit_inmate_id: FRAUD_CONTROL_MESSAGE });
const AMOUNT_ERROR = saveAnswer(EMPTY_FORM, { deposit_amount: MSG.amountBelowMin });

const samples = {
  'quick.choose': [
    { type: 'quick.choose', id: FLEX.id, amount: 25 },
    { type: 'quick.choose', id: MOM.id, amount: 45 },
    // Not one of the card's amounts; a blocked card; a card that is not listed.
    { type: 'quick.choose', id: FLEX.id, amount: 50 },
    { type: 'quick.choose', id: BLOCKED.id, amount: 30 },
    { type: 'quick.choose', id: 'flex-9999-1', amount: 25 },
  ],
  'quick.retry': [{ type: 'quick.retry' }],
  'deposit.new': [{ type: 'deposit.new' }],
} satisfies EventSamples<DepositOrVisitEvent>;

function build(calls: FakeCalls) {
  // The app is the parent in the site; in the model there is none to tell. Starting the deposit is
  // one answer here (its own states are walked in start-deposit.test.ts).
  return provideMachine(depositOrVisitMachine, calls.all()).provide({
    // A promise in the child machine's place (the same output and error), as checkout.test.ts does.
    actors: { startDepositMachine: calls.controlled<StartDepositOutput, StartDepositInput>('startDeposit') } as never,
    actions: { tellAppGo: () => {} },
  });
}

const input = pageInput('deposit_or_schedule_visit', { signedIn: true });

const spec: ModelSpec<Snapshot> = {
  build,
  input,
  samples: () => allSamples(samples),
  answers: {
    loadQuickDeposits: () => [QUICK_DEPOSITS, []],
    startDeposit: (s) =>
      s.context.chosen ? [{ answer: SAVED }, { answer: REFUSED }, { answer: FRAUD }] : [{ answer: null }],
  },
  failures: {
    loadQuickDeposits: [NETWORK_FAILURE],
    startDeposit: [NETWORK_FAILURE],
  },
  project: ({ context: c }) => [
    c.quickDeposits.length,
    c.loadFailure,
    c.chosen?.card.id,
    c.chosen?.amount,
    c.destination,
    c.failure,
  ],
};

describe('depositOrVisit: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('depositOrVisit: rules', () => {
  it('§9: deposit type labels vary by purse_reg', () => {
    expect(quickTypeKey(FLEX)).toBe('DEPOSIT_OR_VISIT.TYPE_FLEX');
    expect(quickTypeKey(TRUST)).toBe('DEPOSIT_OR_VISIT.TYPE_TRUST');
    expect(quickTypeKey({ deposit_type: 'bail', purse_reg: -1 })).toBe('DEPOSIT_OR_VISIT.TYPE_BAIL');
    expect(quickTypeKey(MOM)).toBe('DEPOSIT_OR_VISIT.TYPE_DEST_NRG');
    expect(quickTypeKey(REGULATED)).toBe('DEPOSIT_OR_VISIT.TYPE_DEST_REG');
  });

  it('§4: ?verificationRejected (with or without a value) shows the warning; false or 0 does not', () => {
    expect(isVerificationRejected({ verificationRejected: '' })).toBe(true);
    expect(isVerificationRejected({ verificationRejected: 'true' })).toBe(true);
    expect(isVerificationRejected({ verificationRejected: 'false' })).toBe(false);
    expect(isVerificationRejected({ verificationRejected: '0' })).toBe(false);
    expect(isVerificationRejected({})).toBe(false);
    expect(locationOf('#/deposit_or_schedule_visit?verificationRejected')).toEqual({
      kind: 'page',
      route: 'deposit_or_schedule_visit',
      params: {},
      query: { verificationRejected: '' },
    });
  });

  it('a quick deposit holds the facility, type, recipient and amount; an amount that is no preset is "other"', () => {
    expect(quickDepositFields(FLEX, 25)).toEqual({
      facility_id: 1001,
      deposit_type: 'flex',
      deposit_inmate_id: '100001',
      deposit_amount: 25,
      deposit_amount_id: '25',
    });
    expect(quickDepositFields(FLEX, 10)).toMatchObject({ deposit_amount: 10, deposit_amount_id: 'other' });
  });

  it('a phone deposit holds the phone account too (the checkout needs the phone, §4)', () => {
    expect(quickDepositFields(MOM, 45)).toEqual({
      facility_id: 1001,
      deposit_type: 'dest',
      deposit_inmate_id: '100001',
      deposit_amount: 45,
      deposit_amount_id: 'other',
      dest_account_id: 301,
      deposit_phone_no: '5125550101',
      deposit_phone_no_label: 'Mom',
      deposit_phone_country: 'US',
    });
  });

  it('the paths lead to the checkout step and the facility step', () => {
    expect(locationOf(QUICK_DEPOSIT_PATH)).toEqual({ kind: 'wizard', route: 'checkout' });
    expect(locationOf(NEW_DEPOSIT_PATH)).toEqual({ kind: 'wizard', route: 'facility' });
  });
});

describe('depositOrVisit: behaviour', () => {
  function open(over: Parameters<typeof pageInput>[1] = {}) {
    const calls = new FakeCalls();
    const t = withParent(
      provideMachine(depositOrVisitMachine, calls.all()),
      pageInput('deposit_or_schedule_visit', { signedIn: true, ...over }),
    );
    const snap = () => t.child.getSnapshot() as Snapshot;
    return { calls, ...t, snap };
  }
  async function loaded(cards = QUICK_DEPOSITS) {
    const t = open();
    t.calls.resolve('loadQuickDeposits', cards);
    await settle();
    return t;
  }
  async function choose(t: Awaited<ReturnType<typeof loaded>>, id: string, amount: number) {
    t.child.send({ type: 'quick.choose', id, amount });
    expect(t.snap().value).toEqual({ cards: 'ready', action: 'starting' });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
  }

  it('§2: loads the quick-deposit cards while the other choices are ready', async () => {
    const t = open();
    expect(t.snap().value).toEqual({ cards: 'loading', action: 'idle' });
    expect(t.snap().can({ type: 'deposit.new' })).toBe(true);
    t.calls.resolve('loadQuickDeposits', QUICK_DEPOSITS);
    await settle();
    expect(t.snap().value).toEqual({ cards: 'ready', action: 'idle' });
    expect(t.snap().context.quickDeposits.map((q) => q.id)).toEqual(QUICK_DEPOSITS.map((q) => q.id));
  });

  it('§2: the visit link is the configured URL, hidden on mobile; the warning only with ?verificationRejected', () => {
    expect(open().snap().context).toMatchObject({ visitUrl: SITE.visit_url, verificationRejected: false });
    expect(open({ mobile: true }).snap().context.visitUrl).toBeNull();
    expect(open({ site: { ...SITE, visit_url: '' } }).snap().context.visitUrl).toBeNull();
    expect(open({ site: null }).snap().context.visitUrl).toBeNull();
    expect(open({ query: { verificationRejected: '' } }).snap().context.verificationRejected).toBe(true);
  });

  it('cards that do not load say why and can be loaded again; a deposit can still be made', async () => {
    const t = open();
    t.calls.reject('loadQuickDeposits', NETWORK_FAILURE);
    await settle();
    expect(t.snap().value).toEqual({ cards: 'failed', action: 'idle' });
    expect(t.snap().context.loadFailure).toBe('ERROR.NETWORK');
    t.child.send({ type: 'quick.retry' });
    expect(t.snap().value).toEqual({ cards: 'loading', action: 'idle' });
    expect(t.calls.inputs('loadQuickDeposits')).toHaveLength(2);
    t.calls.resolve('loadQuickDeposits', QUICK_DEPOSITS);
    await settle();
    expect(t.snap().context.loadFailure).toBeNull();
  });

  it('a quick deposit starts a new deposit with the card, then tells the app to open the checkout step', async () => {
    const t = await loaded();
    await choose(t, FLEX.id, 10);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: quickDepositFields(FLEX, 10) }]);
    expect(t.received).toEqual([]);
    t.calls.resolve('saveFormState', SAVED);
    await settle();
    expect(t.snap().value).toEqual({ cards: 'ready', action: 'leaving' });
    expect(t.received).toEqual([{ type: 'app.go', path: QUICK_DEPOSIT_PATH }]);
  });

  it('a phone-account card carries the phone account to the checkout step', async () => {
    const t = await loaded();
    await choose(t, MOM.id, 20);
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: quickDepositFields(MOM, 20) }]);
  });

  it('§2 make a deposit: a new deposit from an empty form state, on the facility step', async () => {
    const t = open();
    t.child.send({ type: 'deposit.new' });
    expect(t.snap().value).toEqual({ cards: 'loading', action: 'starting' });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    expect(t.snap().context.destination).toBe(NEW_DEPOSIT_PATH);
    expect(t.received).toEqual([{ type: 'app.go', path: NEW_DEPOSIT_PATH }]);
  });

  it('§6: a blocked card cannot start a deposit: FRAUD_CONTROL_MESSAGE, no call', async () => {
    const t = await loaded();
    t.child.send({ type: 'quick.choose', id: BLOCKED.id, amount: BLOCKED.depositPresetOne });
    expect(t.snap().value).toEqual({ cards: 'ready', action: 'idle' });
    expect(t.snap().context.failure).toBe(FRAUD_CONTROL_MESSAGE);
    expect(t.calls.inputs('clearFormState')).toEqual([]);
    // The next good choice clears the message.
    await choose(t, FLEX.id, 25);
    expect(t.snap().context.failure).toBeNull();
  });

  it("an amount that is not the card's, or a card that is not listed, is not started", async () => {
    for (const [id, amount] of [
      [FLEX.id, 50],
      [TRUST.id, 10],
      ['flex-9999-1', 25],
    ] as const) {
      const t = await loaded();
      t.child.send({ type: 'quick.choose', id, amount });
      expect(t.snap().value).toEqual({ cards: 'ready', action: 'idle' });
      expect(t.snap().context.failure).toBeNull();
    }
    // Before the cards are loaded nothing can be chosen.
    const t = open();
    t.child.send({ type: 'quick.choose', id: FLEX.id, amount: 25 });
    expect(t.snap().value).toEqual({ cards: 'loading', action: 'idle' });
  });

  it('a refused quick deposit stays on the page with why; an amount problem is left to the checkout step', async () => {
    const cases = [
      { answer: REFUSED, failure: QUICK_UNAVAILABLE, action: 'idle' },
      { answer: FRAUD, failure: FRAUD_CONTROL_MESSAGE, action: 'idle' },
      { answer: saveAnswer(EMPTY_FORM, { dest_account_id: MSG.invalid }), failure: QUICK_UNAVAILABLE, action: 'idle' },
      { answer: AMOUNT_ERROR, failure: null, action: 'leaving' },
    ];
    for (const c of cases) {
      const t = await loaded();
      await choose(t, FLEX.id, 25);
      t.calls.resolve('saveFormState', c.answer);
      await settle();
      expect(t.snap().value).toEqual({ cards: 'ready', action: c.action });
      expect(t.snap().context.failure).toBe(c.failure);
      expect(t.received.length).toBe(c.failure === null ? 1 : 0);
    }
  });

  it('a start whose calls fail stays on the page, with the cards, and can be tried again', async () => {
    for (const failing of ['clearFormState', 'saveFormState'] as const) {
      const t = await loaded();
      t.child.send({ type: 'quick.choose', id: FLEX.id, amount: 25 });
      if (failing === 'saveFormState') {
        t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
        await settle();
      }
      t.calls.reject(failing, NETWORK_FAILURE);
      await settle();
      expect(t.snap().value).toEqual({ cards: 'ready', action: 'idle' });
      expect(t.snap().context).toMatchObject({ failure: START_FAILED, chosen: null, destination: null });
      expect(t.snap().context.quickDeposits).toHaveLength(QUICK_DEPOSITS.length);
      expect(t.received).toEqual([]);
      t.child.send({ type: 'deposit.new' });
      expect(t.snap().value).toEqual({ cards: 'ready', action: 'starting' });
      expect(t.snap().context.failure).toBeNull();
    }
  });
});

describe('depositOrVisit: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(depositOrVisitMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
