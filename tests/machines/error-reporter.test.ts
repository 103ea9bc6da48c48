// errorReporter (§7 client errors POSTed to /development/log_js_error; §8 at most 4 reports, one at
// a time): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import type { SnapshotFrom } from 'xstate';
import type { LogJsErrorRequest } from '../../contract/api.ts';
import {
  type ErrorReporterEvent,
  MAX_ERROR_REPORTS,
  errorReporterMachine,
} from '../../machines/error-reporter.machine.ts';
import { NETWORK_FAILURE } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof errorReporterMachine>;

const report = (n: number): LogJsErrorRequest => ({ message: `Error: number ${n}`, url: '#/checkout' });

const samples = {
  'report.error': [{ type: 'report.error', report: report(1) }],
} satisfies EventSamples<ErrorReporterEvent>;

const spec: ModelSpec<Snapshot> = {
  build: (calls) => errorReporterMachine.provide({ actors: { sendErrorReport: calls.all().sendErrorReport } }),
  input: undefined,
  samples: () => allSamples(samples),
  answers: { sendErrorReport: () => [undefined] },
  failures: { sendErrorReport: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.queue.length, c.taken],
};

describe('errorReporter: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThanOrEqual(4);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

describe('errorReporter: behaviour', () => {
  function reporter() {
    const calls = new FakeCalls();
    const actor = start(
      errorReporterMachine.provide({ actors: { sendErrorReport: calls.all().sendErrorReport } }),
      undefined,
    );
    return { calls, actor, snap: () => actor.getSnapshot() as Snapshot };
  }

  it('§8: sends one report at a time, the others waiting in order', async () => {
    const t = reporter();
    for (const n of [1, 2, 3]) t.actor.send({ type: 'report.error', report: report(n) });
    expect(t.calls.inputs('sendErrorReport')).toEqual([report(1)]);
    expect(t.snap().context.queue).toHaveLength(3);
    t.calls.resolve('sendErrorReport', undefined);
    await settle();
    expect(t.calls.inputs('sendErrorReport')).toEqual([report(1), report(2)]);
    t.calls.reject('sendErrorReport', NETWORK_FAILURE);
    await settle();
    expect(t.calls.inputs('sendErrorReport')).toEqual([report(1), report(2), report(3)]);
    t.calls.resolve('sendErrorReport', undefined);
    await settle();
    expect(t.snap().value).toBe('idle');
    expect(t.snap().context).toEqual({ queue: [], taken: 3 });
  });

  it('§8: sends at most 4 reports; later ones are dropped, even after the first ones are sent', async () => {
    const t = reporter();
    for (const n of [1, 2, 3, 4, 5, 6]) t.actor.send({ type: 'report.error', report: report(n) });
    expect(t.snap().context.taken).toBe(MAX_ERROR_REPORTS);
    for (let i = 0; i < MAX_ERROR_REPORTS; i++) {
      t.calls.resolve('sendErrorReport', undefined);
      await settle();
    }
    expect(t.snap().value).toBe('spent');
    t.actor.send({ type: 'report.error', report: report(7) });
    await settle();
    expect(t.calls.inputs('sendErrorReport')).toEqual([report(1), report(2), report(3), report(4)]);
    expect(t.calls.isPending('sendErrorReport')).toBe(false);
  });

  it('a report that fails to send counts, and is not sent again', async () => {
    const t = reporter();
    for (const n of [1, 2, 3, 4]) {
      t.actor.send({ type: 'report.error', report: report(n) });
      t.calls.reject('sendErrorReport', NETWORK_FAILURE);
      await settle();
    }
    expect(t.snap().value).toBe('spent');
    expect(t.calls.inputs('sendErrorReport')).toEqual([report(1), report(2), report(3), report(4)]);
  });
});

describe('errorReporter: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(errorReporterMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
