// Shared by the machine tests:
// - FakeCalls: actor implementations (provided with `.provide({ actors })`) that answer only when
//   a test says so, keyed by invoke id, so a test decides the order in which calls land;
// - Coverage: records, from XState's inspection events, every state node entered and every
//   transition taken by every actor the tests run, and lists what was never reached;
// - modelPaths / replayPath: model-based testing with @xstate/graph. The graph is walked with user
//   events plus the answers of invoked actors (xstate.done.actor.* / xstate.error.actor.*) and
//   delays (xstate.after.*) as events; each path is replayed on a real actor, where an answer
//   event resolves the fake call, a delay moves a simulated clock, and a user event is sent.
import { TestModel, getStateNodes } from '@xstate/graph';
import type { AdjacencyMap, StatePath } from '@xstate/graph';
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
  type InspectionEvent,
  type PromiseActorLogic,
  SimulatedClock,
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  createEmptyActor,
  createMachine,
  fromPromise,
  isMachineSnapshot,
} from 'xstate';
import { expect } from 'vitest';
import type { StateSaveResponse } from '../../contract/api.ts';
import { DELAYS } from '../../contract/constants.ts';
import { SYSTEM, type SystemId } from '../../machines/system.ts';
import type { FormStateEvent } from '../../machines/wizard.types.ts';
import type { ActorLogics } from '../../machines/provide-actors.ts';

type FormSaveEvent = Extract<FormStateEvent, { type: 'form.save' }>;

// ---------------------------------------------------------------- event samples

/** At least one sample per event type: a new event type is a compile error until it has one. */
export type EventSamples<E extends EventObject> = {
  [K in E['type']]: readonly [Extract<E, { type: K }>, ...Extract<E, { type: K }>[]];
};

export function allSamples<E extends EventObject>(samples: EventSamples<E>): E[] {
  return Object.values<readonly E[]>(samples).flat();
}

// ---------------------------------------------------------------- fake actors

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

export class FakeCalls {
  readonly log: { src: string; id: string; input: unknown }[] = [];
  private readonly pending = new Map<string, Pending>();

  /** An actor that answers when `resolve(id, ...)` or `reject(id, ...)` is called for its invoke id. */
  controlled<O, I>(src: string): PromiseActorLogic<O, I> {
    return fromPromise<O, I>(
      ({ input, self }) =>
        new Promise<O>((resolve, reject) => {
          this.log.push({ src, id: self.id, input });
          this.pending.set(self.id, { resolve: (v) => resolve(v as O), reject });
        }),
    );
  }

  /**
   * Every actor of actors.types.ts, each answering only when told. Any name asked for gets one, so a
   * call added to ActorIO needs no entry here.
   */
  all(): ActorLogics {
    const made = new Map<string, unknown>();
    return new Proxy({} as ActorLogics, {
      get: (_, name) => {
        if (typeof name !== 'string') return undefined;
        if (!made.has(name)) made.set(name, this.controlled(name));
        return made.get(name);
      },
      has: (_, name) => typeof name === 'string',
      ownKeys: () => [...made.keys()],
      getOwnPropertyDescriptor: (_, name) =>
        typeof name === 'string' && made.has(name)
          ? { value: made.get(name), enumerable: true, configurable: true }
          : undefined,
    });
  }

  isPending(id: string): boolean {
    return this.pending.has(id);
  }

  resolve(id: string, output: unknown): void {
    this.take(id).resolve(output);
  }

  reject(id: string, error: unknown): void {
    this.take(id).reject(error);
  }

  inputs(src: string): unknown[] {
    return this.log.filter((c) => c.src === src).map((c) => c.input);
  }

  private take(id: string): Pending {
    const p = this.pending.get(id);
    if (!p)
      throw new Error(`no call of '${id}' is waiting for an answer (calls: ${this.log.map((c) => c.id).join(', ')})`);
    this.pending.delete(id);
    return p;
  }
}

/** An actor that answers at once with what `answer` returns for its input. */
export function answering<O, I>(answer: (input: I) => O | Promise<O>): PromiseActorLogic<O, I> {
  return fromPromise<O, I>(async ({ input }) => answer(input));
}

/** Lets promise answers land: their `then` callbacks run before the next macrotask. */
export async function settle(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  await new Promise((r) => setImmediate(r));
}

// ---------------------------------------------------------------- coverage

function transitionKey(t: AnyTransitionDefinition): string {
  const source = t.source;
  const list = t.eventType === '' ? source.always : source.transitions.get(t.eventType);
  return `${source.id} on ${t.eventType || '(always)'} #${list?.indexOf(t) ?? -1}`;
}

export interface CoverageReport {
  machine: string;
  states: number;
  transitions: number;
  reachedStates: number;
  takenTransitions: number;
  missingStates: string[];
  missingTransitions: string[];
}

export class Coverage {
  private readonly states = new Map<string, Set<string>>();
  private readonly transitions = new Map<string, Set<string>>();

  /** Pass as `inspect` to createActor: records every actor of the system, children included. */
  readonly inspect = (ev: InspectionEvent): void => {
    if (ev.type !== '@xstate.snapshot' && ev.type !== '@xstate.microstep') return;
    const snapshot = ev.snapshot;
    if (!isMachineSnapshot(snapshot)) return;
    const id = snapshot.machine.id;
    const states = this.set(this.states, id);
    for (const node of (snapshot as AnyMachineSnapshot)._nodes) states.add(node.id);
    if (ev.type === '@xstate.microstep') {
      const taken = this.set(this.transitions, id);
      for (const t of ev._transitions) taken.add(transitionKey(t));
    }
  };

  report(machine: AnyStateMachine): CoverageReport {
    const nodes = [machine.root, ...getStateNodes(machine.root)];
    const allStates = nodes.map((n) => n.id);
    const allTransitions = nodes.flatMap((n) => [
      ...[...n.transitions.values()].flat().map(transitionKey),
      ...(n.always ?? []).map(transitionKey),
    ]);
    const reached = this.states.get(machine.id) ?? new Set<string>();
    const taken = this.transitions.get(machine.id) ?? new Set<string>();
    // A state left by a transition was reached, if only for a moment (an initial state that decides at once).
    const left = new Set([...taken].map((key) => key.slice(0, key.indexOf(' on '))));
    const missingStates = allStates.filter((s) => !reached.has(s) && !left.has(s));
    const missingTransitions = allTransitions.filter((t) => !taken.has(t));
    return {
      machine: machine.id,
      states: allStates.length,
      transitions: allTransitions.length,
      reachedStates: allStates.length - missingStates.length,
      takenTransitions: allTransitions.length - missingTransitions.length,
      missingStates,
      missingTransitions,
    };
  }

  private set(map: Map<string, Set<string>>, id: string): Set<string> {
    let s = map.get(id);
    if (!s) map.set(id, (s = new Set()));
    return s;
  }
}

/** One recorder per test file (Vitest runs each file in its own module graph). */
export const coverage = new Coverage();

export function formatReport(r: CoverageReport): string {
  return `${r.machine}: ${r.reachedStates}/${r.states} state nodes reached, ${r.takenTransitions}/${r.transitions} transitions taken`;
}

/**
 * Starts a real actor whose states and transitions count towards the coverage check; `systemId`
 * names it in its system (the root app is SYSTEM.app, a wizard tested with its children SYSTEM.wizard).
 */
export function start<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  clock: SimulatedClock = new SimulatedClock(),
  systemId?: SystemId,
) {
  const actor = createActor(machine, { input, clock, inspect: coverage.inspect, systemId } as Parameters<
    typeof createActor<M>
  >[1]);
  actor.start();
  return actor;
}

/** The names a child tested under a stand-in parent has, and the name of the parent it tells. */
export interface Names {
  /** The child's own name (SYSTEM.checkout for the checkout, whose children tell it by name). */
  child?: SystemId;
  /** What the stand-in parent stands for: the actor the child tells by name (SYSTEM.app by default). */
  parent?: SystemId;
}

/**
 * A parent that invokes `child` (id 'child') and records every event the child sends it, by
 * sendParent or by the parent's name (`names.parent`). Unless the parent is the wizard, a stand-in
 * wizard records what the child tells the wizard (form changes, saves asked), in the same list.
 */
export function withParent(
  child: AnyStateMachine,
  input: unknown,
  clock: SimulatedClock = new SimulatedClock(),
  names: Names = {},
) {
  const received: EventObject[] = [];
  const record = ({ event }: { event: EventObject }) => {
    received.push(event);
  };
  const parentId = names.parent ?? SYSTEM.app;
  const standInWizard = createMachine({ id: 'standInWizard', on: { '*': { actions: record } } });
  const parent = createMachine({
    id: 'testParent',
    // The stand-in wizard first: in the app the wizard is there before any machine it runs, which may
    // ask it for a save as it starts.
    invoke: [
      ...(parentId === SYSTEM.wizard ? [] : [{ id: 'wizard', systemId: SYSTEM.wizard, src: standInWizard }]),
      { id: 'child', src: child, input, ...(names.child ? { systemId: names.child } : {}) },
    ],
    on: { '*': { actions: record } },
  });
  const actor = start(parent, undefined, clock, parentId);
  const childRef = actor.getSnapshot().children['child'];
  if (!childRef) throw new Error('the child did not start');
  return { actor, child: childRef as AnyActorRef, received };
}

/**
 * Answers the last `form.save` a stand-in wizard recorded, as the wizard does (wizard.machine.ts): its
 * copy of the form state to whoever asked and to the checkout, or the failure to whoever asked.
 */
export function answerSave(
  actor: AnyActorRef,
  received: readonly EventObject[],
  answer: StateSaveResponse | { error: unknown },
): void {
  const asked = received.filter((e): e is FormSaveEvent => e.type === 'form.save').at(-1);
  if (!asked) throw new Error(`no save was asked (events: ${received.map((e) => e.type).join(', ')})`);
  const to = actor.system.get(asked.replyTo) as AnyActorRef | undefined;
  if ('error' in answer) {
    to?.send({ type: 'form.saveFailed', error: answer.error });
    return;
  }
  const saved = { type: 'form.saved', answer };
  to?.send(saved);
  if (asked.replyTo !== SYSTEM.checkout) (actor.system.get(SYSTEM.checkout) as AnyActorRef | undefined)?.send(saved);
}

// ---------------------------------------------------------------- model-based paths

export interface ModelSpec<S extends AnyMachineSnapshot = AnyMachineSnapshot> {
  /** The machine with the fakes of one run (each replay gets fresh ones). */
  build: (calls: FakeCalls) => AnyStateMachine;
  input: unknown;
  /** User events worth trying in a snapshot; those the snapshot cannot take are dropped. */
  samples: (snapshot: S) => readonly EventObject[];
  /** Answers of invoked actors by invoke id, as xstate.done.actor.<id> events. */
  answers: Record<string, (snapshot: S) => readonly unknown[]>;
  /** Failures of invoked actors by invoke id, as xstate.error.actor.<id> events. */
  failures: Record<string, readonly unknown[]>;
  /** The part of the context the guards read: graph vertices are (state value, this). */
  project: (snapshot: S) => unknown;
  /** Traversal bound: exceeding it fails the test instead of running forever. */
  limit?: number;
  /** Named delays of the machine that contract/constants.ts DELAYS does not hold (`build` provides them). */
  delays?: Record<string, number>;
}

export interface ModelPaths {
  model: TestModel<AnyMachineSnapshot, EventObject, unknown>;
  paths: StatePath<AnyMachineSnapshot, EventObject>[];
  vertices: number;
  edges: number;
}

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

function candidates<S extends AnyMachineSnapshot>(spec: ModelSpec<S>, snapshot: S): EventObject[] {
  // A machine that has finished takes no more events (its actor has stopped).
  if (snapshot.status !== 'active') return [];
  const out: EventObject[] = [...spec.samples(snapshot)];
  for (const descriptor of __unsafe_getAllOwnEventDescriptors(snapshot)) {
    if (descriptor.startsWith(DONE)) {
      const answers = spec.answers[descriptor.slice(DONE.length)]?.(snapshot) ?? [];
      for (const output of answers) out.push({ type: descriptor, output } as EventObject);
    } else if (descriptor.startsWith(ERROR)) {
      for (const error of spec.failures[descriptor.slice(ERROR.length)] ?? [])
        out.push({ type: descriptor, error } as EventObject);
    } else if (descriptor.startsWith(AFTER)) {
      out.push({ type: descriptor });
    }
  }
  return out.filter((e) => snapshot.can(e));
}

function serializer<S extends AnyMachineSnapshot>(spec: ModelSpec<S>) {
  return (snapshot: AnyMachineSnapshot) =>
    JSON.stringify([snapshot.value, snapshot.status, spec.project(snapshot as S)]);
}

type Path = StatePath<AnyMachineSnapshot, EventObject>;
type Adjacency = AdjacencyMap<AnyMachineSnapshot, EventObject>;
/** A vertex of the graph: a snapshot as `serializer` writes it. */
type Vertex = keyof Adjacency;

/**
 * A transition cover: the shortest path to every vertex of the graph (every reachable state with
 * every combination of guard inputs), and, for every edge that is new at the level of state values
 * (source value, event, target value), that path extended by the edge. Paths that are the start
 * of a longer one are left out: the longer one checks every step of them. The graph is walked once.
 */
export function modelPaths<S extends AnyMachineSnapshot>(spec: ModelSpec<S>): ModelPaths {
  const machine = eachStepInAFreshSystem(spec.build(new FakeCalls()));
  const serializeState = serializer(spec);
  const model = new TestModel<AnyMachineSnapshot, EventObject, unknown>(machine, {
    input: spec.input,
    serializeState,
    events: (snapshot: AnyMachineSnapshot) => candidates(spec, snapshot as S),
    limit: spec.limit ?? 20_000,
  });
  const adjacency: Adjacency = model.getAdjacencyMap();
  const shortest = shortestPaths(adjacency, serializeState);
  const chosen: Path[] = [...shortest];
  const seen = new Set<string>();
  const eventKey = eventKeys();
  let edges = 0;
  for (const path of shortest) {
    const vertex = adjacency[serializeState(path.state) as Vertex];
    for (const { event, state } of Object.values(vertex?.transitions ?? {})) {
      edges += 1;
      const key = JSON.stringify([path.state.value, eventKey(event), state.value, state.status]);
      if (seen.has(key)) continue;
      seen.add(key);
      chosen.push({ state, steps: [...path.steps, { state, event }], weight: path.weight + 1 });
    }
  }
  return { model, paths: withoutPrefixes(chosen, eventKey), vertices: shortest.length, edges };
}

/**
 * The shortest path from the initial snapshot (the map's first vertex) to every vertex, breadth
 * first, as @xstate/graph's TestModel replays them: the first step is xstate.init, each step holds
 * the snapshot its event leads to.
 */
function shortestPaths(adjacency: Adjacency, serializeState: (snapshot: AnyMachineSnapshot) => string): Path[] {
  const [first] = Object.keys(adjacency) as Vertex[];
  const initial = first === undefined ? undefined : adjacency[first];
  if (first === undefined || !initial) return [];
  const init: Path = {
    state: initial.state,
    steps: [{ state: initial.state, event: { type: 'xstate.init' } }],
    weight: 0,
  };
  const paths = new Map<Vertex, Path>([[first, init]]);
  const queue = [first];
  for (let i = 0; i < queue.length; i += 1) {
    const key = queue[i] as Vertex;
    const path = paths.get(key) as Path;
    for (const { event, state } of Object.values(adjacency[key]?.transitions ?? {})) {
      const next = serializeState(state) as Vertex;
      if (paths.has(next)) continue;
      paths.set(next, { state, steps: [...path.steps, { state, event }], weight: path.weight + 1 });
      queue.push(next);
    }
  }
  return [...paths.values()];
}

/**
 * A short key per distinct event (the graph's event objects are shared by the paths through them;
 * an answer's event holds a whole form state, too long to compare again and again).
 */
function eventKeys(): (event: EventObject) => string {
  const byObject = new WeakMap<EventObject, string>();
  const byText = new Map<string, string>();
  return (event) => {
    let key = byObject.get(event);
    if (key === undefined) {
      const text = JSON.stringify(event);
      key = byText.get(text) ?? String(byText.size);
      byText.set(text, key);
      byObject.set(event, key);
    }
    return key;
  };
}

/**
 * The machine, computing each transition of the graph in a system of its own. @xstate/graph computes
 * every transition in one system and never runs the stops it computes, so an actor named by systemId
 * (the wizard, the checkout and its children) would still be registered when a later transition
 * invokes it again ("Actor with system ID ... already exists"). A pure transition reaches no other
 * actor by name anyway.
 */
function eachStepInAFreshSystem<M extends AnyStateMachine>(machine: M): M {
  const freshScope = () => {
    const empty = createEmptyActor();
    return {
      self: empty,
      logger: () => undefined,
      id: '',
      sessionId: '',
      defer: () => undefined,
      system: empty.system,
      stopChild: () => undefined,
      emit: () => undefined,
      actionExecutor: () => undefined,
    };
  };
  return new Proxy(machine, {
    get(target, prop, receiver) {
      if (prop === 'transition') {
        return (snapshot: AnyMachineSnapshot, event: EventObject) =>
          target.transition(snapshot, event, freshScope() as unknown as Parameters<M['transition']>[2]);
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
}

/**
 * The paths that are not the start of another (or the same as another). In sorted order, a key that
 * is the start of any other is the start of the one right after it.
 */
function withoutPrefixes(paths: Path[], eventKey: (event: EventObject) => string): Path[] {
  const keyed = paths
    .map((path) => ({ path, key: path.steps.map((s) => eventKey(s.event)).join(',') + ',' }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed
    .filter((k, i) => !keyed[i + 1]?.key.startsWith(k.key))
    .sort((a, b) => a.path.steps.length - b.path.steps.length)
    .map((k) => k.path);
}

function delayOf(eventType: string, own: Record<string, number> = {}): number {
  const name = eventType.slice(AFTER.length).split('.')[0] ?? '';
  const ms = own[name] ?? (DELAYS as Record<string, number>)[name] ?? Number(name);
  if (!Number.isFinite(ms)) throw new Error(`unknown delay in ${eventType}`);
  return ms;
}

export function describePath(path: StatePath<AnyMachineSnapshot, EventObject>): string {
  return path.steps
    .slice(1)
    .map(({ event }) => {
      const e = event as EventObject & Record<string, unknown>;
      if (e.type.startsWith(DONE)) return `${e.type.slice(DONE.length).split('.')[0]} answers`;
      if (e.type.startsWith(ERROR)) return `${e.type.slice(ERROR.length).split('.')[0]} fails`;
      if (e.type.startsWith(AFTER)) {
        const name = e.type.slice(AFTER.length).split('.')[0] ?? '';
        return name in DELAYS || /^\d+$/.test(name) ? `${delayOf(e.type)} ms` : `${name} passes`;
      }
      const { type, ...rest } = e;
      const detail = JSON.stringify(rest);
      return detail === '{}' ? type : `${type} ${detail.length > 40 ? `${detail.slice(0, 37)}...` : detail}`;
    })
    .join(' → ');
}

/**
 * Replays a path on a real actor with fresh fakes and a simulated clock; after every step the
 * actor's snapshot must serialize like the path's (same state value, status and guard inputs).
 */
export async function replayPath<S extends AnyMachineSnapshot>(
  spec: ModelSpec<S>,
  { model }: ModelPaths,
  path: StatePath<AnyMachineSnapshot, EventObject>,
): Promise<void> {
  const calls = new FakeCalls();
  const clock = new SimulatedClock();
  const machine = spec.build(calls);
  const serializeState = serializer(spec);
  let actor: AnyActorRef | undefined;
  const exec = async (step: { event: EventObject }) => {
    const event = step.event as EventObject & { output?: unknown; error?: unknown };
    if (event.type === 'xstate.init') {
      actor = start(machine, spec.input, clock);
    } else if (event.type.startsWith(DONE)) {
      calls.resolve(event.type.slice(DONE.length), event.output);
    } else if (event.type.startsWith(ERROR)) {
      calls.reject(event.type.slice(ERROR.length), event.error);
    } else if (event.type.startsWith(AFTER)) {
      clock.increment(delayOf(event.type, spec.delays));
    } else {
      actor?.send(event);
    }
    await settle();
  };
  const types = new Set(path.steps.map((s) => s.event.type));
  const events = Object.fromEntries([...types].map((t) => [t, exec]));
  try {
    await model.testPath(path, {
      events,
      states: {
        '*': (expected) => {
          expect(serializeState(actor?.getSnapshot() as AnyMachineSnapshot)).toBe(serializeState(expected));
        },
      },
    });
  } finally {
    actor?.stop();
  }
}
