// XState's `setup`, with machines built when first used (docs/decisions/0064). Building a machine
// (`createMachine`, and again each `.provide()`) walks its whole statechart; on a cheap phone the
// app's thirty-odd machines cost more of the first screen's start-up than drawing it, although the
// first screen runs five of them. Every machine module takes `setup` from here instead of 'xstate'.
import { type AnyStateMachine, setup as xstateSetup } from 'xstate';

/** What is still to be built, oldest first (buildWaitingMachines builds them when the page is idle). */
const waiting = new Set<() => AnyStateMachine>();
const lazy = new WeakSet<object>();

/**
 * A machine that is built on first use, from the same config and implementations: everything read from
 * it (`provide`, `transition`, `root`, `config`, `instanceof StateMachine`...) reads the built machine.
 */
export function lazyMachine<M extends AnyStateMachine>(build: () => M): M {
  let built: M | undefined;
  const machine = (): M => {
    if (!built) {
      built = build();
      waiting.delete(machine);
    }
    return built;
  };
  waiting.add(machine);
  const proxy = new Proxy({} as M, {
    get: (_, key) => Reflect.get(machine(), key),
    set: (_, key, value) => Reflect.set(machine(), key, value),
    has: (_, key) => Reflect.has(machine(), key),
    ownKeys: () => Reflect.ownKeys(machine()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(machine(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(machine()),
  });
  lazy.add(proxy);
  return proxy;
}

/** Whether `logic` is a machine of lazyMachine that may not be built yet (asking it anything builds it). */
export function isLazyMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && lazy.has(logic);
}

/**
 * Builds the machines not built yet while `hasTime()` says so, oldest first: called when the page is idle,
 * so that a step's machines are ready before the payer reaches it. Returns whether any are left.
 */
export function buildWaitingMachines(hasTime: () => boolean): boolean {
  for (const machine of waiting) {
    if (!hasTime()) return true;
    machine();
  }
  return false;
}

/** `setup` of 'xstate', whose `createMachine` gives a lazyMachine. */
export const setup: typeof xstateSetup = ((implementations: Parameters<typeof xstateSetup>[0]) => {
  const made = xstateSetup(implementations);
  return {
    ...made,
    createMachine: (config: Parameters<typeof made.createMachine>[0]) => lazyMachine(() => made.createMachine(config)),
  };
}) as typeof xstateSetup;
