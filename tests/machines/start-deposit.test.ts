// startDeposit (a new deposit from a page outside the wizard, §2 repeat and quick deposits, §4: the form
// state starts empty, then holds the fields): model-based paths, behaviour, coverage. The pages' own
// tests (deposit-history.test.ts, deposit-or-visit.test.ts) check what they do with its answer.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import { EMPTY_FORM, type FormFields } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import { NETWORK_FAILURE, saveAnswer } from '../../fixtures/samples.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { type StartDepositInput, startDepositMachine } from '../../machines/start-deposit.machine.ts';
import {
  type ModelSpec,
  FakeCalls,
  coverage,
  describePath,
  formatReport,
  modelPaths,
  replayPath,
  settle,
  start,
} from './harness.ts';

type Snapshot = SnapshotFrom<typeof startDepositMachine>;

const FIELDS: Partial<FormFields> = { facility_id: 1001, deposit_type: 'flex', deposit_inmate_id: '100001' };
const SAVED = saveAnswer({ ...EMPTY_FORM, ...FIELDS, facility_state: 'TX' });
const REFUSED = saveAnswer(EMPTY_FORM, { deposit_inmate_id: MSG.invalid });

const spec = (input: StartDepositInput): ModelSpec<Snapshot> => ({
  build: (calls) => provideMachine(startDepositMachine, calls.all()),
  input,
  samples: () => [],
  answers: {
    clearFormState: () => [saveAnswer(EMPTY_FORM)],
    saveFormState: () => [SAVED, REFUSED],
  },
  // Neither call is answered by this machine: a failure ends it with an error (the page says so).
  failures: { clearFormState: [NETWORK_FAILURE], saveFormState: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.fields === null, c.answer],
});

describe.each([
  ['with fields', { fields: FIELDS }],
  ['an empty deposit', { fields: null }],
] as const)('startDeposit: paths of the model, %s', (_name, input) => {
  const s = spec(input);
  const graph = modelPaths(s);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(1);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(s, graph, path);
  });
});

describe('startDeposit: behaviour', () => {
  function run(input: StartDepositInput) {
    const calls = new FakeCalls();
    const actor = start(provideMachine(startDepositMachine, calls.all()), input);
    const outcome: { output?: unknown; error?: unknown } = {};
    actor.subscribe({
      complete: () => {
        outcome.output = actor.getSnapshot().output;
      },
      error: (error) => {
        outcome.error = error;
      },
    });
    return { calls, actor, outcome };
  }

  it('§4: empties the form state first, then saves the fields, and answers with the save', async () => {
    const t = run({ fields: FIELDS });
    expect(t.actor.getSnapshot().value).toBe('clearing');
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.actor.getSnapshot().value).toBe('saving');
    expect(t.calls.inputs('saveFormState')).toEqual([{ fields: FIELDS }]);
    t.calls.resolve('saveFormState', REFUSED);
    await settle();
    // The page judges a refusal: the answer comes back as the server gave it.
    expect(t.outcome).toEqual({ output: { answer: REFUSED } });
  });

  it('an empty deposit only empties the form state and answers with no save', async () => {
    const t = run({ fields: null });
    t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
    await settle();
    expect(t.calls.inputs('saveFormState')).toEqual([]);
    expect(t.outcome).toEqual({ output: { answer: null } });
  });

  it('a failed call ends it with that error, and nothing more is called', async () => {
    for (const failing of ['clearFormState', 'saveFormState'] as const) {
      const t = run({ fields: FIELDS });
      if (failing === 'saveFormState') {
        t.calls.resolve('clearFormState', saveAnswer(EMPTY_FORM));
        await settle();
      }
      t.calls.reject(failing, NETWORK_FAILURE);
      await settle();
      expect(t.outcome).toEqual({ error: NETWORK_FAILURE });
      expect(t.actor.getSnapshot().status).toBe('error');
      expect(t.calls.inputs('saveFormState')).toHaveLength(failing === 'saveFormState' ? 1 : 0);
    }
  });
});

describe('startDeposit: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(startDepositMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
