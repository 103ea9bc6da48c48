// primaryAccount (§2 /account/primary_account: validated accounts only; §7 make_primary {ani}; §8
// ERROR_CHANGING_PRIMARY_ACCOUNT): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { type PrimaryAccountEvent, primaryAccountMachine } from '../../machines/primary-account.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { NETWORK_FAILURE, PRIMARY_DEST_ACCOUNTS, pageInput } from '../../fixtures/samples.ts';
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
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof primaryAccountMachine>;

const PENDING_ONLY = PRIMARY_DEST_ACCOUNTS.filter((a) => !a.validated);
/** A primary account that is not validated (the server never makes one so, but rows may say so). */
const PRIMARY_PENDING = PRIMARY_DEST_ACCOUNTS.map((a) => ({
  ...a,
  primary: a.id === 303,
  current_primary: a.id === 303,
}));

const ANI = { 301: '5125550101', 302: '5125550102', 303: '5125550103', 306: '4165550106' } as const;
const save = (id: keyof typeof ANI) => ({ type: 'primary.save', values: { ani: ANI[id] } }) as const;

const samples = {
  'primary.save': [
    save(302),
    save(301),
    // The pending account is not offered: a save of it is refused without a call.
    save(303),
  ],
  'primary.retry': [{ type: 'primary.retry' }],
} satisfies EventSamples<PrimaryAccountEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideMachine(primaryAccountMachine, calls.all()),
  input: pageInput('primary_account', { signedIn: true }),
  samples: () => allSamples(samples),
  answers: {
    loadPrimaryAccounts: () => [
      { dest_accounts: PRIMARY_DEST_ACCOUNTS },
      { dest_accounts: PENDING_ONLY },
      { dest_accounts: PRIMARY_PENDING },
    ],
    makePrimaryAccount: () => [
      { success: true, errors: {} },
      { success: false, errors: { form: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT' } },
    ],
  },
  failures: { loadPrimaryAccounts: [NETWORK_FAILURE], makePrimaryAccount: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.accounts.length, c.primaryId, c.sent?.ani, c.saved?.id, c.failure],
};

describe('primaryAccount: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(6);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('primaryAccount: behaviour', () => {
  async function loaded(accounts = PRIMARY_DEST_ACCOUNTS) {
    const calls = new FakeCalls();
    const actor = start(provideMachine(primaryAccountMachine, calls.all()), pageInput('primary_account'));
    calls.resolve('loadPrimaryAccounts', { dest_accounts: accounts });
    await settle();
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('§2: offers the validated accounts only; a pending one cannot be made primary', async () => {
    const t = await loaded();
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.accounts.map((a) => a.id)).toEqual([301, 306, 302]);
    expect(t.snap().context.hidden).toBe(1);
    expect(t.snap().context.primaryId).toBe(301);
    expect(t.snap().context.sent).toBeNull();
    t.actor.send(save(303));
    expect(t.snap().value).toBe('ready');
    expect(t.snap().context.failure).toBe('PRIMARY.CHOOSE');
    expect(t.calls.inputs('makePrimaryAccount')).toEqual([]);
  });

  it('§2: without a validated account there is nothing to choose', async () => {
    const t = await loaded(PENDING_ONLY);
    expect(t.snap().value).toBe('none');
    expect(t.snap().context.accounts).toEqual([]);
  });

  it('§7: makes the chosen account primary by its number; the status names it', async () => {
    const t = await loaded();
    t.actor.send(save(302));
    expect(t.snap().value).toBe('saving');
    expect(t.calls.inputs('makePrimaryAccount')).toEqual([{ ani: '5125550102' }]);
    // A second save while the first is under way is not taken.
    t.actor.send(save(306));
    t.calls.resolve('makePrimaryAccount', { success: true, errors: {} });
    await settle();
    const c = t.snap().context;
    expect(t.snap().value).toBe('ready');
    expect([c.primaryId, c.sent?.ani, c.saved?.id]).toEqual([302, '5125550102', 302]);
    expect(c.accounts.filter((a) => a.primary).map((a) => a.id)).toEqual([302]);
  });

  it('saving the current primary again makes no call and confirms it', async () => {
    const t = await loaded();
    t.actor.send(save(301));
    expect(t.snap().value).toBe('ready');
    expect(t.calls.inputs('makePrimaryAccount')).toEqual([]);
    expect(t.snap().context.saved?.id).toBe(301);
  });

  it('no validated account is primary yet: the first save makes the call', async () => {
    const t = await loaded(PRIMARY_PENDING);
    expect(t.snap().context.primaryId).toBeNull();
    t.actor.send(save(306));
    expect(t.snap().value).toBe('saving');
    expect(t.calls.inputs('makePrimaryAccount')).toEqual([{ ani: '4165550106' }]);
  });

  it('§8: a refused or failed change shows ERROR_CHANGING_PRIMARY_ACCOUNT and keeps the choice', async () => {
    for (const answer of ['refused', 'failed'] as const) {
      const t = await loaded();
      t.actor.send(save(306));
      if (answer === 'refused') {
        t.calls.resolve('makePrimaryAccount', {
          success: false,
          errors: { form: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT' },
        });
      } else t.calls.reject('makePrimaryAccount', NETWORK_FAILURE);
      await settle();
      const c = t.snap().context;
      expect(t.snap().value).toBe('ready');
      expect(c.failure).toBe('ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT');
      // The form opens with the choice sent if it is drawn again.
      expect([c.primaryId, c.sent?.ani, c.saved]).toEqual([301, '4165550106', null]);
      expect(c.accounts.find((a) => a.primary)?.id).toBe(301);
    }
  });

  it('a failed load can be tried again', async () => {
    const calls = new FakeCalls();
    const actor = start(provideMachine(primaryAccountMachine, calls.all()), pageInput('primary_account'));
    calls.reject('loadPrimaryAccounts', NETWORK_FAILURE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('ERROR.NETWORK');
    actor.send({ type: 'primary.retry' });
    calls.resolve('loadPrimaryAccounts', { dest_accounts: PRIMARY_DEST_ACCOUNTS });
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('primaryAccount: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(primaryAccountMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
