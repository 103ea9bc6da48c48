// recipientSearch (§2 deposit.recipient, §5, §7, §9): model-based paths, behaviour, coverage.
import { describe, expect, it } from 'vitest';
import { type SnapshotFrom, SimulatedClock, fromPromise } from 'xstate';
import type { SearchInmatesResponse } from '../../contract/api.ts';
import { DELAYS } from '../../contract/constants.ts';
import type { ActorIO } from '../../machines/actors.types.ts';
import { provideRecipientSearch } from '../../machines/provide-actors.ts';
import { recipientSearchMachine } from '../../machines/recipient-search.machine.ts';
import type { RecipientSearchEvent, RecipientSearchInput, SearchMode } from '../../machines/wizard.types.ts';
import { HARRIS, HARRIS_INMATES, NETWORK_FAILURE, NO_MATCH, searchAnswer } from '../../fixtures/samples.ts';
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

type Snapshot = SnapshotFrom<typeof recipientSearchMachine>;
type Search = ActorIO['searchInmates'];

/** A valid search as the step's form sends it (the form checks the rules: tests/ui/recipient-step.test.tsx). */
const submit = (query: string, lastName = '') => ({
  type: 'search.submit' as const,
  values: { query, lastName },
});

const samples = {
  'search.submit': [submit('smi'), submit(' smith ')],
  'search.clear': [{ type: 'search.clear' }],
  'search.page': [
    { type: 'search.page', page: 2 },
    { type: 'search.page', page: 99 },
  ],
  'search.retry': [{ type: 'search.retry' }],
} satisfies EventSamples<RecipientSearchEvent>;

const input: RecipientSearchInput = { facilityId: HARRIS.id, minLength: 3, mode: 'name' };

const spec: ModelSpec<Snapshot> = {
  build: (calls) => provideRecipientSearch(calls.all()),
  input,
  samples: () => allSamples(samples),
  answers: { searchInmates: (s) => [searchAnswer(s.context.page), NO_MATCH] },
  failures: { searchInmates: [NETWORK_FAILURE] },
  project: ({ context: c }) => [c.sent?.query, c.page, c.total, c.more, c.results.length, c.failure],
};

describe('recipientSearch: paths of the model', () => {
  const graph = modelPaths(spec);
  it('has a graph to walk', () => {
    expect(graph.paths.length).toBeGreaterThan(10);
  });
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(spec, graph, path);
  });
});

function setup(minLength = 3, mode: SearchMode = 'name') {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const actor = start(
    provideRecipientSearch(calls.all()),
    { facilityId: HARRIS.id, minLength, mode } satisfies RecipientSearchInput,
    clock,
  );
  return { calls, clock, actor };
}

/** §2/§5 ICE facilities: an A-number and the first letters of the last name. */
const iceSpec: ModelSpec<Snapshot> = {
  ...spec,
  input: { facilityId: 3001, minLength: 2, mode: 'ice' } satisfies RecipientSearchInput,
  samples: () => [submit('A12', 'Ga'), submit('A1234', 'Her'), { type: 'search.clear' }],
  project: ({ context: c }) => [c.sent?.query, c.sent?.lastName, c.page, c.total, c.failure],
};

describe('recipientSearch (ICE): paths of the model', () => {
  const graph = modelPaths(iceSpec);
  it.each(graph.paths.map((p, i) => [i + 1, describePath(p), p] as const))('path %i: %s', async (_i, _d, path) => {
    await replayPath(iceSpec, graph, path);
  });
});

describe('recipientSearch: booking number and ICE (§2, §5)', () => {
  it('a juvenile or Canadian facility searches by booking number', () => {
    const { actor, clock, calls } = setup(2, 'booking');
    actor.send(submit('2024-2001'));
    clock.increment(250);
    expect(calls.inputs('searchInmates')).toEqual([
      { facilityId: HARRIS.id, query: '2024-2001', page: 1, mode: 'booking', lastName: '' },
    ]);
  });

  it("ICE searches by the A-number and the last name's first letters, trimmed", () => {
    const { actor, clock, calls } = setup(2, 'ice');
    actor.send(submit(' A123 ', ' Gar '));
    clock.increment(250);
    expect(calls.inputs('searchInmates')).toEqual([
      { facilityId: HARRIS.id, query: 'A123', page: 1, mode: 'ice', lastName: 'Gar' },
    ]);
  });
});

describe('recipientSearch: behaviour', () => {
  it('nothing to search (the form emptied or to correct) stops the search under way and drops the results', async () => {
    const { actor, calls, clock } = setup();
    actor.send(submit('smi'));
    clock.increment(DELAYS.searchThrottle);
    calls.resolve('searchInmates', searchAnswer(1));
    await settle();
    expect(actor.getSnapshot().value).toBe('results');
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context).toMatchObject({ sent: null, results: [], total: 0, more: false });
    actor.send(submit('smith'));
    clock.increment(DELAYS.searchThrottle);
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().value).toBe('idle');
    clock.increment(DELAYS.searchThrottle);
    expect((calls.inputs('searchInmates') as Search['input'][]).map((i) => i.query)).toEqual(['smi', 'smith']);
  });

  it('§9: searches only after the 250 ms throttle, with the trimmed query and page 1', () => {
    const { actor, calls, clock } = setup();
    actor.send(submit(' smith '));
    clock.increment(DELAYS.searchThrottle - 1);
    expect(actor.getSnapshot().value).toBe('waiting');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('searching');
    expect(calls.inputs('searchInmates')).toEqual([
      { facilityId: HARRIS.id, query: 'smith', page: 1, mode: 'name', lastName: '' },
    ]);
  });

  it('§7: a newer search cancels an older one; the older answer never lands', async () => {
    const requests: { input: Search['input']; signal: AbortSignal; resolve: (a: SearchInmatesResponse) => void }[] = [];
    const search = fromPromise<Search['output'], Search['input']>(
      ({ input, signal }) => new Promise((resolve) => requests.push({ input, signal, resolve })),
    );
    const clock = new SimulatedClock();
    const actor = start(recipientSearchMachine.provide({ actors: { searchInmates: search } }), input, clock);
    actor.send(submit('smi'));
    clock.increment(DELAYS.searchThrottle);
    actor.send(submit('garcia'));
    expect(actor.getSnapshot().value).toBe('waiting');
    expect(requests[0]?.signal.aborted).toBe(true);
    clock.increment(DELAYS.searchThrottle);
    expect(requests.map((r) => r.input.query)).toEqual(['smi', 'garcia']);

    const garcia = HARRIS_INMATES.filter((i) => i.last_name === 'Garcia');
    requests[1]?.resolve(searchAnswer(1, garcia));
    await settle();
    requests[0]?.resolve(searchAnswer(1));
    await settle();
    expect(actor.getSnapshot().value).toBe('results');
    expect(actor.getSnapshot().context.results).toEqual(garcia);
  });

  it('§8: no match is the empty state (DEPOSIT.SEARCH_NOT_FOUND)', async () => {
    const { actor, calls, clock } = setup();
    actor.send(submit('nobody'));
    clock.increment(DELAYS.searchThrottle);
    calls.resolve('searchInmates', NO_MATCH);
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
  });

  it('pages only within 1..ceil(total / perPage), and straight to searching', async () => {
    const { actor, calls, clock } = setup();
    actor.send(submit('smi'));
    clock.increment(DELAYS.searchThrottle);
    calls.resolve('searchInmates', searchAnswer(1, HARRIS_INMATES.slice(0, 12)));
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('results');
    expect(s.can({ type: 'search.page', page: 0 })).toBe(false);
    expect(s.can({ type: 'search.page', page: 3 })).toBe(false);
    expect(s.can({ type: 'search.page', page: 1.5 })).toBe(false);
    expect(s.can({ type: 'search.page', page: 2 })).toBe(true);
    actor.send({ type: 'search.page', page: 3 });
    expect(actor.getSnapshot().value).toBe('results');
    actor.send({ type: 'search.page', page: 2 });
    expect(actor.getSnapshot().value).toBe('searching');
    expect(calls.inputs('searchInmates').at(-1)).toEqual({
      facilityId: HARRIS.id,
      query: 'smi',
      page: 2,
      mode: 'name',
      lastName: '',
    });
  });

  it('keeps "more than" from an answer past the server\'s cap, pages within the cap, and a new search drops it', async () => {
    const { actor, calls, clock } = setup();
    actor.send(submit('smi'));
    clock.increment(DELAYS.searchThrottle);
    // The server counted 12 and no further (docs/decisions/0023).
    calls.resolve('searchInmates', { ...searchAnswer(1, HARRIS_INMATES.slice(0, 12)), more: true });
    await settle();
    const s = actor.getSnapshot();
    expect(s.value).toBe('results');
    expect(s.context).toMatchObject({ total: 12, more: true });
    expect(s.can({ type: 'search.page', page: 2 })).toBe(true);
    expect(s.can({ type: 'search.page', page: 3 })).toBe(false);
    actor.send(submit('smith'));
    expect(actor.getSnapshot().context.more).toBe(true);
    clock.increment(DELAYS.searchThrottle);
    calls.resolve('searchInmates', searchAnswer(1, HARRIS_INMATES.slice(0, 3)));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ total: 3, more: false });
    actor.send({ type: 'search.clear' });
    expect(actor.getSnapshot().context).toMatchObject({ total: 0, more: false });
  });

  it('a failed search can be retried', async () => {
    const { actor, calls, clock } = setup();
    actor.send(submit('smi'));
    clock.increment(DELAYS.searchThrottle);
    calls.reject('searchInmates', NETWORK_FAILURE);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe('ERROR.NETWORK');
    actor.send({ type: 'search.retry' });
    expect(actor.getSnapshot().value).toBe('searching');
    expect(actor.getSnapshot().context.failure).toBeNull();
  });
});

describe('recipientSearch: coverage', () => {
  it('reached every state node and took every transition', () => {
    const report = coverage.report(recipientSearchMachine);
    console.info(formatReport(report));
    expect(report.missingStates).toEqual([]);
    expect(report.missingTransitions).toEqual([]);
  });
});
