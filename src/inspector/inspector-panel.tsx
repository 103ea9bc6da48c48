// The statechart inspector's panel (development only, docs/decisions/0001): the running actors, the
// statechart of the chosen one drawn from its machine's definition with the active states marked,
// the events as they happen, and a form that sends an event. It is a developer's tool and never part
// of a production build, so its few words are not in locales/.
import { type FormEvent, useMemo, useState, useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import {
  type ChartNode,
  type InspectedActor,
  acceptedEvents,
  activeIds,
  actorsOf,
  chartOf,
  eventText,
  parsePayload,
} from './inspector-model.ts';
import './inspector.css';

interface LogEntry {
  n: number;
  at: string;
  actor: string;
  text: string;
}

const LOG_SIZE = 60;

/**
 * Follows the actor system of `root` from the moment it is made: a version that moves on every
 * inspection event, and the event log.
 */
export function createInspectorStore(root: AnyActorRef) {
  let version = 0;
  let n = 0;
  let log: LogEntry[] = [];
  let scheduled = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    scheduled = false;
    version += 1;
    for (const l of listeners) l();
  };
  const subscription = root.system.inspect((ev: InspectionEvent) => {
    if (ev.type === '@xstate.event') {
      n += 1;
      const entry = {
        n,
        at: new Date().toLocaleTimeString(),
        actor: (ev.actorRef as AnyActorRef).id,
        text: eventText(ev.event),
      };
      log = [entry, ...log].slice(0, LOG_SIZE);
    }
    // Inspection events arrive in the middle of a transition: the panel re-reads once it is over.
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(notify);
    }
  });
  return {
    root,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    log: () => log,
    dispose: () => subscription.unsubscribe(),
  };
}

export type InspectorStore = ReturnType<typeof createInspectorStore>;

function Chart({ node, active, depth = 0 }: { node: ChartNode; active: Set<string>; depth?: number }) {
  const isActive = active.has(node.id);
  const classes = [
    'chart__node',
    `chart__node--${node.type}`,
    isActive ? 'chart__node--active' : '',
    node.initial ? 'chart__node--initial' : '',
  ].join(' ');
  return (
    <li className={classes} data-state={node.id} aria-current={isActive ? 'true' : undefined}>
      <div className="chart__head">
        <span className="chart__name">{depth === 0 ? `#${node.id}` : node.key}</span>
        {node.type === 'parallel' ? <span className="chart__badge">parallel</span> : null}
        {node.type === 'final' ? <span className="chart__badge">final</span> : null}
        {node.tags.map((tag) => (
          <span key={tag} className="chart__badge chart__badge--tag">
            {tag}
          </span>
        ))}
        {node.invokes.map((id) => (
          <span key={id} className="chart__badge chart__badge--invoke">
            invokes {id}
          </span>
        ))}
      </div>
      {node.transitions.length > 0 ? (
        <ul className="chart__transitions">
          {node.transitions.map((t, i) => (
            <li key={i}>
              <code>{t.event}</code>
              {t.guard ? <span className="chart__guard"> [{t.guard}]</span> : null} → {t.targets.join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
      {node.children.length > 0 ? (
        <ul className={node.type === 'parallel' ? 'chart__children chart__children--parallel' : 'chart__children'}>
          {node.children.map((child) => (
            <Chart key={child.id} node={child} active={active} depth={depth + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function SendForm({ actor, events }: { actor: InspectedActor; events: string[] }) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePayload(payload);
    if (parsed instanceof Error) return setProblem(`The payload is not ${parsed.message}.`);
    if (!type.trim()) return setProblem('Name the event to send.');
    setProblem(null);
    actor.ref.send({ ...parsed, type: type.trim() });
  };
  return (
    <form className="inspector__send" onSubmit={onSubmit}>
      <h3>Send an event to {actor.path}</h3>
      <label htmlFor="inspector-event">Event</label>
      <input
        id="inspector-event"
        list="inspector-events"
        value={type}
        onChange={(e) => setType(e.target.value)}
        autoComplete="off"
      />
      <datalist id="inspector-events">
        {events.map((ev) => (
          <option key={ev} value={ev} />
        ))}
      </datalist>
      <label htmlFor="inspector-payload">Payload (JSON object, optional)</label>
      <textarea id="inspector-payload" rows={2} value={payload} onChange={(e) => setPayload(e.target.value)} />
      {problem ? <p role="alert">{problem}</p> : null}
      <button type="submit">Send</button>
    </form>
  );
}

/** The inspector of the actor system `store` follows. */
export function InspectorPanel({ store, rootName = 'app' }: { store: InspectorStore; rootName?: string }) {
  const version = useSyncExternalStore(store.subscribe, store.version);
  const log = store.log();
  const { root } = store;
  // Re-read on every version: actors come and go with the states that invoke them.
  const actors = useMemo(() => (version >= 0 ? actorsOf(root, rootName) : []), [root, rootName, version]);
  const [chosen, setChosen] = useState<string>('');
  const [open, setOpen] = useState(true);
  const actor = actors.find((a) => a.path === chosen) ?? actors[actors.length - 1];
  const snapshot = actor?.ref.getSnapshot() as AnyMachineSnapshot | undefined;
  const machine: AnyStateMachine | null = snapshot?.machine ?? null;
  return (
    <aside className={open ? 'inspector' : 'inspector inspector--closed'} aria-label="Statechart inspector">
      <div className="inspector__bar">
        <h2>Statechart inspector</h2>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open && actor && snapshot && machine ? (
        <>
          <label htmlFor="inspector-actor">Actor</label>
          <select id="inspector-actor" value={actor.path} onChange={(e) => setChosen(e.target.value)}>
            {actors.map((a) => (
              <option key={a.ref.sessionId} value={a.path}>
                {a.path}
              </option>
            ))}
          </select>
          <p className="inspector__state">
            Active: <code data-testid="inspector-active">{JSON.stringify(snapshot.value)}</code> ({snapshot.status})
          </p>
          <ul className="chart" aria-label={`Statechart of ${machine.id}`}>
            <Chart node={chartOf(machine)} active={activeIds(snapshot)} />
          </ul>
          <SendForm key={actor.path} actor={actor} events={acceptedEvents(snapshot)} />
          <h3>Events</h3>
          <ol className="inspector__log" aria-label="Events, newest first">
            {log.map((entry) => (
              <li key={entry.n}>
                <span className="inspector__time">{entry.at}</span> <strong>{entry.actor}</strong>{' '}
                <code>{entry.text}</code>
              </li>
            ))}
          </ol>
        </>
      ) : null}
    </aside>
  );
}
