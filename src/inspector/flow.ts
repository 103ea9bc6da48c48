// A flow: the events between the actors of one system, in order, each with every machine actor's
// state after it (development only, docs/decisions/0001). The inspector records one as the app runs,
// saves it as a JSON file (secrets masked), and replays one into a fresh actor system whose calls never
// go out: what a call answered is in the flow, and is sent back in its place.
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type InspectionEvent,
  SimulatedClock,
  createActor,
  isMachineSnapshot,
} from 'xstate';
import { actorsOf, masked } from './inspector-model.ts';

/** What a flow file says it is; a file without it is refused. */
export const FLOW_FORMAT = 'statechart-flow';
export const FLOW_VERSION = 1;

/** One machine actor at one moment. */
export interface ActorMoment {
  /** The machine's id (its chart). */
  machine: string;
  value: unknown;
  status: string;
  /** Ids of the active state nodes. */
  active: string[];
  /** The context, secrets masked. */
  context: unknown;
}

/** Every running machine actor at one moment, by path ('app / wizard / checkout'). */
export type Moment = Record<string, ActorMoment>;

export interface FlowStep {
  n: number;
  /** The sender's path; null for an event from outside the system (the screen, a test). */
  from: string | null;
  to: string;
  /** The event, secrets masked. */
  event: EventObject;
  /**
   * Sent again by a replay: an event from outside, a call's answer (the calls do not run in a replay)
   * or a delay's end (a replay's clock does not move). The others the machines send again themselves.
   */
  replay: boolean;
  /** Each machine actor's state value once the event is handled. */
  states: Record<string, unknown>;
}

/** A flow as saved to a file. */
export interface Flow {
  format: typeof FLOW_FORMAT;
  version: typeof FLOW_VERSION;
  /** The root machine's id. */
  machine: string;
  /** The root actor's input, secrets masked. */
  input: unknown;
  /** The moment before the first event. */
  start: Record<string, unknown>;
  steps: FlowStep[];
}

/** A step as the recorder keeps it: the snapshots around it, contexts included. */
export interface RecordedStep extends FlowStep {
  before: Moment;
  after: Moment;
}

interface ActorLike {
  id: string;
  _parent?: ActorLike | undefined;
  getSnapshot(): unknown;
}

/** 'app / wizard / checkout': the ids from the root down, the root named `rootName`. */
export function pathOf(ref: ActorLike, rootName: string): string {
  const ids: string[] = [];
  for (let at: ActorLike | undefined = ref; at; at = at._parent) ids.unshift(at._parent ? at.id : rootName);
  return ids.join(' / ');
}

function isMachineActor(ref: ActorLike): boolean {
  return isMachineSnapshot(ref.getSnapshot() as never);
}

function momentOf(snapshot: AnyMachineSnapshot): ActorMoment {
  return {
    machine: snapshot.machine.id,
    value: masked(snapshot.value),
    status: snapshot.status,
    active: snapshot._nodes.map((n) => n.id),
    context: masked(snapshot.context),
  };
}

/** Every machine actor of the system `root` belongs to, as it is now. */
export function momentOfSystem(root: AnyActorRef, rootName = 'app'): Moment {
  return Object.fromEntries(
    actorsOf(root, rootName).map((a) => [a.path, momentOf(a.ref.getSnapshot() as AnyMachineSnapshot)]),
  );
}

function statesOf(moment: Moment): Record<string, unknown> {
  return Object.fromEntries(Object.entries(moment).map(([path, m]) => [path, m.value]));
}

/** Whether a replay sends the event again (see FlowStep.replay). */
function replayed(event: EventObject, source: ActorLike | undefined): boolean {
  return !source || !isMachineActor(source) || event.type.startsWith('xstate.after.');
}

/**
 * Records the flow of a system from its inspection events: pass `record` as (or call it from) the
 * root's `inspect` option, before the root starts.
 */
export function createRecorder(rootName = 'app', running?: AnyActorRef) {
  const machines = new Map<string, AnyStateMachine>();
  // Opened beside a system that already runs (a story), the flow starts where it is.
  let current: Moment = running ? momentOfSystem(running, rootName) : {};
  let start: Moment = current;
  let rootMachine = '';
  if (running) {
    for (const a of actorsOf(running, rootName)) {
      const machine = (a.ref.getSnapshot() as AnyMachineSnapshot).machine;
      machines.set(machine.id, machine);
      if (a.ref === running) rootMachine = machine.id;
    }
  }
  const steps: RecordedStep[] = [];
  return {
    record(ev: InspectionEvent): void {
      const target = ev.actorRef as AnyActorRef;
      if (ev.type === '@xstate.snapshot') {
        const snapshot = ev.snapshot as AnyMachineSnapshot;
        if (!isMachineSnapshot(snapshot)) return;
        const path = pathOf(target, rootName);
        if (target.sessionId === ev.rootId) rootMachine = snapshot.machine.id;
        machines.set(snapshot.machine.id, snapshot.machine);
        const next: Moment = { ...current };
        const children: Record<string, unknown> = snapshot.children;
        // A machine that is done (or failed) is no longer running: it leaves the moment, with its children.
        // Its last snapshot may come after its parent's.
        if (snapshot.status === 'active') next[path] = momentOf(snapshot);
        else delete next[path];
        // An actor its parent no longer holds has stopped, too.
        for (const other of Object.keys(next)) {
          if (!other.startsWith(`${path} / `)) continue;
          const child = other.slice(path.length + 3).split(' / ')[0] ?? '';
          if (snapshot.status !== 'active' || !(child in children)) delete next[other];
        }
        current = next;
        const last = steps[steps.length - 1];
        if (last) {
          last.after = current;
          last.states = statesOf(current);
        } else start = current;
        return;
      }
      if (ev.type !== '@xstate.event' || ev.event.type === 'xstate.init' || !isMachineActor(target)) return;
      const source = ev.sourceRef as ActorLike | undefined;
      steps.push({
        n: steps.length + 1,
        from: source ? pathOf(source, rootName) : null,
        to: pathOf(target, rootName),
        event: masked(ev.event),
        replay: replayed(ev.event, source),
        states: statesOf(current),
        before: current,
        after: current,
      });
    },
    steps: (): readonly RecordedStep[] => steps,
    start: (): Moment => start,
    /** The machine of an id, as it ran (for its chart). */
    machine: (id: string): AnyStateMachine | undefined => machines.get(id),
    /** The flow so far, as a file holds it. */
    flow(input: unknown): Flow {
      return {
        format: FLOW_FORMAT,
        version: FLOW_VERSION,
        machine: rootMachine,
        input: masked(input),
        start: statesOf(start),
        steps: steps.map(({ before: _before, after: _after, ...step }) => step),
      };
    },
  };
}

/** Reads a flow file's text: the flow, or why it is not one. */
export function parseFlow(text: string): Flow | Error {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return new Error(`not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  const flow = value as Partial<Flow> | null;
  if (typeof flow !== 'object' || flow === null || flow.format !== FLOW_FORMAT) {
    return new Error(`not a flow file (no "format": "${FLOW_FORMAT}")`);
  }
  if (flow.version !== FLOW_VERSION) return new Error(`a flow of version ${String(flow.version)}, not ${FLOW_VERSION}`);
  if (!Array.isArray(flow.steps)) return new Error('a flow without steps');
  return flow as Flow;
}

/** Where a replay left the flow: the step and actor whose state differs from the recorded one. */
export interface Divergence {
  n: number;
  path: string;
  recorded: unknown;
  replayed: unknown;
}

/** A replay `upTo` steps in: the fresh root actor, the last step it stands at, and where it diverged. */
export interface Replay {
  actor: AnyActorRef;
  /** The step whose recorded states the replay now stands at (0: the start). */
  at: number;
  divergence: Divergence | null;
}

function statesOfSystem(root: AnyActorRef, rootName: string): Record<string, unknown> {
  return Object.fromEntries(
    actorsOf(root, rootName).map((a) => [a.path, masked((a.ref.getSnapshot() as AnyMachineSnapshot).value)]),
  );
}

function differs(recorded: Record<string, unknown>, now: Record<string, unknown>, n: number, paths?: string[]) {
  for (const path of paths ?? Object.keys(recorded)) {
    const a = JSON.stringify(recorded[path] ?? null);
    const b = JSON.stringify(now[path] ?? null);
    if (a !== b) return { n, path, recorded: recorded[path] ?? null, replayed: now[path] ?? null };
  }
  return null;
}

/**
 * The last step of the run that step `n` belongs to: a replayed event and the events the machines sent
 * because of it all happen in one go.
 */
export function settledStep(flow: Flow, n: number): number {
  let at = Math.max(0, Math.min(n, flow.steps.length));
  while (at < flow.steps.length && flow.steps[at]?.replay === false) at += 1;
  return at;
}

/**
 * Replays `flow` into a fresh actor of `machine` (its calls must never answer: the flow's answers are
 * sent in their place, see `inertCalls`) up to step `n`, then stops where the events `n` caused are
 * handled. Each replayed step's states are checked against the recorded ones; the first difference
 * stops the replay. The caller stops the actor.
 */
export function replayFlow(machine: AnyStateMachine, flow: Flow, n: number, rootName = 'app'): Replay {
  const actor = createActor(machine, { input: flow.input, clock: new SimulatedClock() } as never) as AnyActorRef;
  actor.start();
  const end = settledStep(flow, n);
  let divergence = differs(flow.start, statesOfSystem(actor, rootName), 0);
  let at = 0;
  for (const step of flow.steps.slice(0, end)) {
    if (divergence) break;
    if (step.replay) {
      const target = actorsOf(actor, rootName).find((a) => a.path === step.to);
      if (!target) {
        divergence = { n: step.n, path: step.to, recorded: 'running', replayed: 'not running' };
        break;
      }
      target.ref.send(step.event);
    }
    at = step.n;
    // Checked where a run of steps is over: in the middle of it the machines have already moved on.
    const next = flow.steps[step.n];
    if (!next || next.replay) divergence = differs(step.states, statesOfSystem(actor, rootName), step.n);
  }
  return { actor, at, divergence };
}

/**
 * Holds a replayed system where it is: every event sent to any of its actors is dropped from now on
 * (an app drawn from it would otherwise move it on: an address it writes, a focus it reports). XState
 * delivers every event of a system through `system._relay`.
 */
export function freeze(actor: AnyActorRef): void {
  (actor.system as unknown as { _relay: (...args: unknown[]) => void })._relay = () => {};
}
