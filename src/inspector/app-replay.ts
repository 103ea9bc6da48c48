// The app's machine as a replay runs it (development only, docs/decisions/0001): every call of every
// machine is one that never answers, so a replay sends nothing to the server; the flow's recorded
// answers are sent in their place (src/inspector/flow.ts).
import { type AnyStateMachine, fromPromise } from 'xstate';
import { type ActorLogics, provideApp } from '../../machines/provide-actors.ts';

const NEVER_ANSWERS = fromPromise<never>(() => new Promise<never>(() => {}));

/** Every call named, each one that never answers. */
const inertCalls = new Proxy({} as Partial<ActorLogics>, {
  get: () => NEVER_ANSWERS,
  has: () => true,
});

let machine: AnyStateMachine | null = null;

/** The app machine with inert calls, made once. */
export function appReplayMachine(): AnyStateMachine {
  machine ??= provideApp(inertCalls);
  return machine;
}
