// The checks of harness.ts can fail: a coverage gap is reported, and a real run that departs from
// the model fails its path.
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { provideRecipientSearch } from '../../machines/provide-actors.ts';
import { HARRIS, NETWORK_FAILURE, NO_MATCH, searchAnswer } from '../../fixtures/samples.ts';
import { type ModelSpec, answering, coverage, modelPaths, replayPath, start } from './harness.ts';

describe('harness', () => {
  it('reports a state node never reached and a transition never taken', () => {
    const tiny = createMachine({
      id: 'tiny',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {}, c: { on: { back: 'a' } } },
    });
    start(tiny, undefined).send({ type: 'go' });
    const report = coverage.report(tiny);
    expect(report.missingStates).toEqual(['tiny.c']);
    expect(report.missingTransitions).toEqual(['tiny.c on back #0']);
    expect(report).toMatchObject({ states: 4, reachedStates: 3, transitions: 2, takenTransitions: 1 });
  });

  it('fails a path when the real actor departs from the model', async () => {
    const spec: ModelSpec = {
      build: (calls) => provideRecipientSearch(calls.all()),
      input: { facilityId: HARRIS.id, minLength: 3, mode: 'name' },
      samples: () => [{ type: 'search.submit', values: { query: 'smi', lastName: '' } }],
      answers: { searchInmates: () => [searchAnswer(1), NO_MATCH] },
      failures: { searchInmates: [NETWORK_FAILURE] },
      project: (s) => [s.context.sent?.query],
    };
    const graph = modelPaths(spec);
    // The search answers at once, with nothing: the run reaches `empty` where the model waits in `searching`.
    const departing: ModelSpec = {
      ...spec,
      build: () => provideRecipientSearch({ searchInmates: answering(() => NO_MATCH) }),
    };
    const results = await Promise.allSettled(graph.paths.map((path) => replayPath(departing, graph, path)));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    expect(String((failed[0] as PromiseRejectedResult).reason)).toMatch(/expected .* to be/);
  });
});
