// The statechart inspector's panel (development only, docs/decisions/0001): the statecharts of the
// running actors drawn with the active states filled, the events between actors as they happen, time
// travel to any earlier event (every actor's snapshot then, and the screen of that moment where a replay
// reaches it), a flow saved to a file and replayed step by step, and a form that sends an event. It is a
// developer's tool and never part of a production build, so its words are not in locales/.
import { type FormEvent, type ReactNode, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from 'xstate';
import { ChartSvg } from './chart-svg.tsx';
import {
  type Flow,
  type Moment,
  type RecordedStep,
  createRecorder,
  freeze,
  momentOfSystem,
  parseFlow,
  replayFlow,
} from './flow.ts';
import { acceptedEvents, actorsOf, eventText, parsePayload } from './inspector-model.ts';
import './inspector.css';

/** How many of the latest events the sequence lists (all are recorded and saved). */
const SHOWN_EVENTS = 300;

/**
 * Follows the actor system of `root` from the moment it is made (before `root.start()`, to record
 * every event): a version that moves on every inspection event, and the flow recorded so far.
 */
export function createInspectorStore(root: AnyActorRef, rootName = 'app') {
  let version = 0;
  let scheduled = false;
  const listeners = new Set<() => void>();
  const started = (root.getSnapshot() as { status?: string } | undefined)?.status === 'active';
  const recorder = createRecorder(rootName, started ? root : undefined);
  const notify = () => {
    scheduled = false;
    version += 1;
    for (const l of listeners) l();
  };
  const subscription = root.system.inspect((ev: InspectionEvent) => {
    recorder.record(ev);
    // Inspection events arrive in the middle of a transition: the panel re-reads once it is over.
    if (!scheduled) {
      scheduled = true;
      queueMicrotask(notify);
    }
  });
  return {
    root,
    rootName,
    recorder,
    /** The root's input, where a saved flow starts from. */
    input: (root as { options?: { input?: unknown } }).options?.input,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    version: () => version,
    dispose: () => subscription.unsubscribe(),
  };
}

export type InspectorStore = ReturnType<typeof createInspectorStore>;

/** Draws the app as `actor` has it: the screen of an earlier moment, from a replay. */
export type ScreenRenderer = (actor: AnyActorRef) => ReactNode;

function SendForm({ path, actor, events }: { path: string; actor: AnyActorRef; events: string[] }) {
  const [type, setType] = useState('');
  const [payload, setPayload] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parsePayload(payload);
    if (parsed instanceof Error) return setProblem(`The payload is not ${parsed.message}.`);
    if (!type.trim()) return setProblem('Name the event to send.');
    setProblem(null);
    actor.send({ ...parsed, type: type.trim() });
  };
  return (
    <form className="inspector__send" onSubmit={onSubmit}>
      <h3>Send an event to {path}</h3>
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

/** Whether a replayed screen is shown: the address is then its own, not the live app's. */
let previewing = false;

/**
 * A replayed app writes the address of its step; the hashchange that follows must reach neither it nor
 * the live app (which would go there). Registered once, in the capture phase, before the apps' own.
 */
function holdHashChanges() {
  if ((window as { inspectorHoldsHash?: boolean }).inspectorHoldsHash) return;
  (window as { inspectorHoldsHash?: boolean }).inspectorHoldsHash = true;
  window.addEventListener(
    'hashchange',
    (e) => {
      if (previewing) e.stopImmediatePropagation();
    },
    true,
  );
}

/** Where the live page is: the app's root (src/main.tsx), a story's canvas (.storybook/preview.tsx). */
export const LIVE_PAGE = '#root, [data-inspected-page]';

/** The screen of a replayed moment, over the page (not over the panel). */
function ScreenOverlay({ children, caption }: { children: ReactNode; caption: string }) {
  useEffect(() => {
    // Before the hashchange the replayed app's first address causes is dispatched (a later task).
    holdHashChanges();
    previewing = true;
    const { hash } = window.location;
    const { title } = document;
    const { lang } = document.documentElement;
    // The live page is under the replayed one: out of reach and unseen by assistive technology meanwhile.
    const live = [...document.querySelectorAll<HTMLElement>(LIVE_PAGE)].filter((el) => !el.inert);
    for (const el of live) {
      el.inert = true;
      el.setAttribute('aria-hidden', 'true');
    }
    return () => {
      for (const el of live) {
        el.inert = false;
        el.removeAttribute('aria-hidden');
      }
      // The live page gets its own address, title and language back.
      window.history.replaceState(null, '', hash || window.location.pathname + window.location.search);
      document.title = title;
      document.documentElement.lang = lang;
      // A hashchange the replayed app caused may still be queued.
      setTimeout(() => {
        previewing = false;
      }, 0);
    };
  }, []);
  return createPortal(
    <div className="inspector-screen" role="group" aria-label="Screen of this moment">
      <p className="inspector-screen__caption">{caption}</p>
      {children}
    </div>,
    document.body,
  );
}

function json(value: unknown): string {
  return JSON.stringify(value, null, 1) ?? 'undefined';
}

function SnapshotOf({ label, moment, path }: { label: string; moment: Moment | undefined; path: string }) {
  const m = moment?.[path];
  return (
    <div className="inspector__snapshot">
      <h4>{label}</h4>
      {m ? <pre>{json({ value: m.value, status: m.status, context: m.context })}</pre> : <p>{path} was not running.</p>}
    </div>
  );
}

function download(flow: Flow) {
  const blob = new Blob([JSON.stringify(flow, null, 2)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `flow-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 0);
}

interface Loaded {
  name: string;
  flow: Flow;
}

/** The steps of the timeline shown: the live recording, or a loaded flow's (without contexts). */
type Step = RecordedStep | Flow['steps'][number];

function momentFromStates(states: Record<string, unknown>): Moment {
  return Object.fromEntries(
    Object.entries(states).map(([path, value]) => [path, { machine: '', value, status: '', active: [], context: '' }]),
  );
}

/** The inspector of the actor system `store` follows. */
export function InspectorPanel({
  store,
  replayMachine,
  screen,
  initialFlow,
}: {
  store: InspectorStore;
  /** The root machine with inert calls, for replays (src/inspector/app-replay.ts). */
  replayMachine: AnyStateMachine;
  /** Draws the screen of a replayed moment; without it, time travel shows the machines only. */
  screen?: ScreenRenderer;
  /** A flow to replay from the start, as if loaded from a file. */
  initialFlow?: Loaded;
}) {
  const version = useSyncExternalStore(store.subscribe, store.version);
  const { root, rootName, recorder } = store;
  const [open, setOpen] = useState(true);
  const [chosen, setChosen] = useState('');
  const [withChildren, setWithChildren] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(initialFlow ?? null);
  // The step the panel stands at: null is the present (live); 0 the start of the flow.
  const [cursor, setCursor] = useState<number | null>(initialFlow ? 0 : null);
  const [opened, setOpened] = useState<number | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);

  const steps: readonly Step[] = loaded ? loaded.flow.steps : recorder.steps();
  const last = steps.length;
  const at = cursor === null ? null : Math.min(cursor, last);

  // The moment replayed for the screen (and, for a loaded flow, for every snapshot): made anew on each
  // move, stopped when left.
  const replay = useMemo(() => {
    if (at === null) return null;
    const flow = loaded ? loaded.flow : recorder.flow(store.input);
    try {
      const r = replayFlow(replayMachine, flow, at, rootName);
      freeze(r.actor);
      return r;
    } catch (e) {
      console.warn('The replay failed', e);
      return null;
    }
    // A live recording grows; the moment chosen does not change with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [at, loaded, replayMachine, rootName]);
  useEffect(() => () => replay?.actor.stop(), [replay]);

  // Re-read on every version: actors come and go with the states that invoke them.
  const present = useMemo(() => (version >= 0 ? momentOfSystem(root, rootName) : {}), [root, rootName, version]);
  const machines = useMemo(() => {
    const out = new Map<string, AnyStateMachine>();
    const from = (ref: AnyActorRef | undefined) => {
      if (!ref) return;
      for (const a of actorsOf(ref, rootName)) {
        const m = (a.ref.getSnapshot() as AnyMachineSnapshot).machine;
        out.set(m.id, m);
      }
    };
    if (version >= 0) from(root);
    from(replay?.actor);
    return out;
  }, [root, rootName, replay, version]);

  let moment: Moment;
  if (at === null) moment = present;
  else if (loaded) moment = replay && !replay.divergence ? momentOfSystem(replay.actor, rootName) : {};
  else moment = at === 0 ? recorder.start() : ((steps[at - 1] as RecordedStep | undefined)?.after ?? {});
  const paths = Object.keys(moment);
  const path = paths.includes(chosen) ? chosen : (paths[paths.length - 1] ?? '');
  const shownPaths = withChildren ? paths.filter((p) => p === path || p.startsWith(`${path} / `)) : [path];
  const liveActor = at === null ? actorsOf(root, rootName).find((a) => a.path === path) : undefined;
  const liveSnapshot = liveActor?.ref.getSnapshot() as AnyMachineSnapshot | undefined;

  const go = (n: number | null) => {
    setCursor(n === null ? null : Math.max(0, Math.min(n, last)));
    if (n !== null) setOpened(n);
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    const flow = parseFlow(await file.text());
    if (flow instanceof Error) return setFileProblem(`${file.name} is ${flow.message}.`);
    setFileProblem(null);
    setLoaded({ name: file.name, flow });
    setCursor(0);
    setOpened(null);
  };

  const replayNote = (() => {
    if (at === null || !replay) return null;
    if (replay.divergence) {
      const d = replay.divergence;
      return `The page cannot show this moment: replayed, ${d.path} is ${json(d.replayed)} after event #${d.n} where the flow has ${json(d.recorded)}.`;
    }
    return screen ? `The page shows the screen after event #${replay.at} (replayed: no call goes out).` : null;
  })();

  const opener = opened === null ? undefined : steps[opened - 1];
  const before = (n: number): Moment | undefined => {
    if (loaded) return momentFromStates(n <= 1 ? loaded.flow.start : (steps[n - 2]?.states ?? {}));
    return (steps[n - 1] as RecordedStep | undefined)?.before;
  };
  const after = (n: number): Moment | undefined => {
    if (loaded) return momentFromStates(steps[n - 1]?.states ?? {});
    return (steps[n - 1] as RecordedStep | undefined)?.after;
  };

  return (
    <aside className={open ? 'inspector' : 'inspector inspector--closed'} aria-label="Statechart inspector">
      <div className="inspector__bar">
        <h2>Statechart inspector</h2>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide' : 'Show'}
        </button>
      </div>
      {open ? (
        <>
          <section className="inspector__time" aria-label="Time travel">
            <p data-testid="inspector-moment">
              {loaded ? `Replaying ${loaded.name}: ` : ''}
              {at === null ? `Live, ${last} events so far.` : `At event ${at} of ${last}.`}
            </p>
            <div className="inspector__buttons">
              <button type="button" onClick={() => go((at ?? last) - 1)} disabled={at === 0}>
                Step back
              </button>
              <button type="button" onClick={() => go((at ?? last) + 1)} disabled={at === null || at >= last}>
                Step forward
              </button>
              {loaded ? (
                <button type="button" onClick={() => go(last)} disabled={at === last}>
                  Last step
                </button>
              ) : (
                <button type="button" onClick={() => go(null)} disabled={at === null}>
                  Back to live
                </button>
              )}
            </div>
            {replayNote ? <p data-testid="inspector-replay">{replayNote}</p> : null}
            <div className="inspector__buttons">
              <button type="button" onClick={() => download(loaded ? loaded.flow : recorder.flow(store.input))}>
                Save flow
              </button>
              {loaded ? (
                <button type="button" onClick={() => (setLoaded(null), go(null))}>
                  Close the flow
                </button>
              ) : null}
            </div>
            <label htmlFor="inspector-flow-file">Replay a flow file</label>
            <input
              id="inspector-flow-file"
              type="file"
              accept="application/json,.json"
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
            {fileProblem ? <p role="alert">{fileProblem}</p> : null}
          </section>
          {path ? (
            <>
              <label htmlFor="inspector-actor">Actor</label>
              <select id="inspector-actor" value={path} onChange={(e) => setChosen(e.target.value)}>
                {paths.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
              <label className="inspector__check">
                <input type="checkbox" checked={withChildren} onChange={(e) => setWithChildren(e.target.checked)} />{' '}
                With its children
              </label>
              <p className="inspector__state">
                Active: <code data-testid="inspector-active">{JSON.stringify(moment[path]?.value)}</code> (
                {moment[path]?.status})
              </p>
              {shownPaths.map((p) => {
                const m = moment[p];
                const machine = m ? machines.get(m.machine) : undefined;
                return m && machine ? (
                  <ChartSvg key={p} machine={machine} active={new Set(m.active)} title={`Statechart of ${p}`} />
                ) : null;
              })}
              <details>
                <summary>Snapshot of {path}</summary>
                <SnapshotOf label="Now" moment={moment} path={path} />
              </details>
              {liveActor && liveSnapshot ? (
                <SendForm key={path} path={path} actor={liveActor.ref} events={acceptedEvents(liveSnapshot)} />
              ) : null}
            </>
          ) : (
            <p>No actor at this moment{replay?.divergence ? ' (the replay stopped)' : ''}.</p>
          )}
          <h3>Events between actors</h3>
          <ol className="inspector__sequence" aria-label="Events between actors">
            {steps.slice(-SHOWN_EVENTS).map((step) => (
              <li
                key={step.n}
                value={step.n}
                className={step.n === at ? 'inspector__step inspector__step--at' : 'inspector__step'}
              >
                <button
                  type="button"
                  aria-current={step.n === at ? 'step' : undefined}
                  onClick={() => go(step.n)}
                  title="Go to this moment"
                >
                  <span className="inspector__route">
                    {step.from ?? '(outside)'} → {step.to}
                  </span>{' '}
                  <code>{eventText(step.event)}</code>
                </button>
              </li>
            ))}
          </ol>
          {opener ? (
            <section aria-label={`Event ${opener.n}`} className="inspector__opened">
              <h3>
                Event {opener.n}: {opener.event.type}, {opener.from ?? '(outside)'} → {opener.to}
              </h3>
              <SnapshotOf label="Before" moment={before(opener.n)} path={opener.to} />
              <SnapshotOf label="After" moment={after(opener.n)} path={opener.to} />
            </section>
          ) : null}
          {screen && replay && !replay.divergence ? (
            <ScreenOverlay caption={replayNote ?? ''}>{screen(replay.actor)}</ScreenOverlay>
          ) : null}
        </>
      ) : null}
    </aside>
  );
}
