// What the statechart inspector shows, read from the running actors and their machines' definitions
// (development only: src/inspector/open-inspector.tsx). Nothing here changes an actor.
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  __unsafe_getAllOwnEventDescriptors,
  isMachineSnapshot,
} from 'xstate';

/** A running actor of the system: the root actor, or a child found through `snapshot.children`. */
export interface InspectedActor {
  /** 'app', 'app / wizard', 'app / wizard / checkout' ... */
  path: string;
  ref: AnyActorRef;
}

/** The machine actors under `root`, depth first, each once (children of children included). */
export function actorsOf(root: AnyActorRef, rootName = 'app'): InspectedActor[] {
  const out: InspectedActor[] = [];
  const seen = new Set<string>();
  const visit = (ref: AnyActorRef, path: string) => {
    if (seen.has(ref.sessionId)) return;
    seen.add(ref.sessionId);
    const snapshot = ref.getSnapshot() as unknown;
    if (!isMachineSnapshot(snapshot as never)) return;
    out.push({ path, ref });
    const children: Record<string, AnyActorRef | undefined> = (snapshot as AnyMachineSnapshot).children;
    for (const [id, child] of Object.entries(children)) if (child) visit(child, `${path} / ${id}`);
  };
  visit(root, rootName);
  return out;
}

export interface ChartTransition {
  /** The event ('amount.preset'), 'always', or 'after 250 ms'. */
  event: string;
  /** Keys of the target states, '(self)' for a transition that stays. */
  targets: string[];
  /** Ids of the target state nodes; none for a transition that stays (it is drawn inside its state). */
  targetIds: string[];
  guard: string | null;
}

/** One state of a statechart, with what leaves it. */
export interface ChartNode {
  id: string;
  key: string;
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history';
  initial: boolean;
  tags: string[];
  /** Ids of the actors this state invokes. */
  invokes: string[];
  transitions: ChartTransition[];
  children: ChartNode[];
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  if (typeof guard === 'function') {
    // XState's and(), or(), not() keep the guards they combine.
    const inner = (guard as { guards?: unknown[] }).guards;
    const name = guard.name || 'guard';
    return Array.isArray(inner) ? `${name}(${inner.map((g) => guardName(g) ?? 'guard').join(', ')})` : name;
  }
  return 'guard';
}

/** An xstate.after.* event as the delay it waits for. */
function eventLabel(type: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(type);
  if (after) return `after ${after[1]}`;
  if (type.startsWith('xstate.done.actor.')) return `done: ${type.slice('xstate.done.actor.'.length).split('.')[0]}`;
  if (type.startsWith('xstate.error.actor.')) return `error: ${type.slice('xstate.error.actor.'.length).split('.')[0]}`;
  return type || 'always';
}

function nodeOf(node: AnyStateNode, initialKey: string | undefined): ChartNode {
  const transitions: ChartTransition[] = [];
  const add = (event: string, list: readonly { target?: readonly AnyStateNode[] | undefined; guard?: unknown }[]) => {
    for (const t of list) {
      transitions.push({
        event: eventLabel(event),
        targets: t.target && t.target.length > 0 ? t.target.map((n) => n.key) : ['(self)'],
        targetIds: t.target ? t.target.map((n) => n.id) : [],
        guard: guardName(t.guard),
      });
    }
  };
  for (const [event, list] of node.transitions) add(event, list);
  add('', node.always ?? []);
  const initial = node.initial?.target?.[0]?.key;
  return {
    id: node.id,
    key: node.key,
    type: node.type,
    initial: initialKey === node.key,
    tags: [...node.tags],
    invokes: node.invoke.map((i) => i.id),
    transitions,
    children: Object.values(node.states).map((child) => nodeOf(child, initial)),
  };
}

const charts = new WeakMap<AnyStateMachine, ChartNode>();

/** The statechart of a machine, from its definition (state nodes, transitions, invokes, tags). */
export function chartOf(machine: AnyStateMachine): ChartNode {
  let chart = charts.get(machine);
  if (!chart) {
    chart = nodeOf(machine.root, undefined);
    charts.set(machine, chart);
  }
  return chart;
}

/** Ids of the state nodes the snapshot is in (the root included). */
export function activeIds(snapshot: AnyMachineSnapshot): Set<string> {
  return new Set(snapshot._nodes.map((n) => n.id));
}

/** The events the snapshot has a transition for, besides XState's own (done, error, after). */
export function acceptedEvents(snapshot: AnyMachineSnapshot): string[] {
  return (__unsafe_getAllOwnEventDescriptors(snapshot) as string[])
    .filter((type) => !type.startsWith('xstate.') && type !== '*')
    .sort();
}

/** Values the event log never shows: a card number, a security code, a password, a PIN (docs/decisions/0003). */
const SECRET_KEYS = /^(credit_card|credit_card_cvc|cvc|saved_card_cvc|password|password_again|pin|pin_again|ssn)$/;

/** How much of an event the log shows (a call's whole answer would fill the panel). */
const EVENT_TEXT_MAX = 400;

/** What a secret is shown and saved as. */
export const MASK = '•••';

function maskValue(key: string, value: unknown): unknown {
  return SECRET_KEYS.test(key) && typeof value === 'string' && value !== '' ? MASK : value;
}

/**
 * A copy of `value` as plain JSON with every secret masked: what the inspector keeps of an event or a
 * context, and all a saved flow holds (functions, actor references and cycles are left out).
 */
export function masked<T>(value: T): T {
  const text = JSON.stringify(value, (key, v: unknown) => {
    if (typeof v === 'function') return undefined;
    // An actor reference (a child kept in a context) is not data: its id stands for it.
    if (typeof v === 'object' && v !== null && 'sessionId' in v && 'send' in v) {
      return `[actor ${String((v as unknown as { id: unknown }).id)}]`;
    }
    return maskValue(key, v);
  });
  return (text === undefined ? null : JSON.parse(text)) as T;
}

/** An event as one line of the log, secrets masked. */
export function eventText(event: EventObject): string {
  const text = JSON.stringify(event, maskValue);
  return text.length > EVENT_TEXT_MAX ? `${text.slice(0, EVENT_TEXT_MAX)}…` : text;
}

/** Parses the payload typed in the send form: a JSON object, or nothing. */
export function parsePayload(text: string): Record<string, unknown> | Error {
  if (text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return new Error('a JSON object');
    return value as Record<string, unknown>;
  } catch (e) {
    return e instanceof Error ? e : new Error(String(e));
  }
}
