// Machines built on first use (machines/lazy-setup.ts, docs/decisions/0064): nothing is built until the
// machine is read, and what is read is the built machine, whatever reads it.
import { describe, expect, it } from 'vitest';
import { StateMachine, createActor, fromPromise } from 'xstate';
import { buildWaitingMachines, isLazyMachine, lazyMachine, setup } from '../../machines/lazy-setup.ts';
import { provideMachine } from '../../machines/provide-actors.ts';

/** A small machine whose config counts how often XState builds it (it reads `states` once per build). */
function counted() {
  let builds = 0;
  const states = { idle: { on: { go: 'done' } }, done: { type: 'final' as const } };
  const machine = setup({}).createMachine({
    id: 'counted',
    initial: 'idle',
    get states() {
      builds += 1;
      return states;
    },
  });
  return { machine, builds: () => builds };
}

describe('lazy machines', () => {
  it('are built when first read, once, and then behave as the machine', () => {
    const { machine, builds } = counted();
    expect(isLazyMachine(machine)).toBe(true);
    expect(builds()).toBe(0);
    const actor = createActor(machine).start();
    expect(builds()).toBe(1);
    expect(machine).toBeInstanceOf(StateMachine);
    expect(machine.id).toBe('counted');
    expect(Object.keys(machine)).toContain('root');
    actor.send({ type: 'go' });
    expect(actor.getSnapshot().status).toBe('done');
    createActor(machine).start();
    expect(builds()).toBe(1);
  });

  it('give a provided child machine that is built when its parent first invokes it', async () => {
    let childBuilds = 0;
    const child = lazyMachine(() => {
      childBuilds += 1;
      return setup({ actors: { call: fromPromise<string>(async () => 'placeholder') } }).createMachine({
        initial: 'calling',
        states: {
          calling: { invoke: { src: 'call', onDone: 'done' } },
          done: { type: 'final' },
        },
      });
    });
    const parent = setup({ actors: { child } }).createMachine({
      initial: 'waiting',
      states: {
        waiting: { on: { start: 'running' } },
        running: { invoke: { src: 'child', onDone: 'finished' } },
        finished: { type: 'final' },
      },
    });
    const provided = provideMachine(parent, {});
    const actor = createActor(provided).start();
    expect(childBuilds).toBe(0);
    actor.send({ type: 'start' });
    expect(childBuilds).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('finished');
  });

  it('still waiting are built by buildWaitingMachines while it is given time, oldest first', () => {
    // Machines of other modules may be waiting too: build those first.
    buildWaitingMachines(() => true);
    const first = counted();
    const second = counted();
    let asked = 0;
    expect(buildWaitingMachines(() => asked++ < 1)).toBe(true);
    expect([first.builds(), second.builds()]).toEqual([1, 0]);
    expect(buildWaitingMachines(() => true)).toBe(false);
    expect([first.builds(), second.builds()]).toEqual([1, 1]);
    // A machine built by its use is not built again.
    createActor(first.machine).start();
    expect(first.builds()).toBe(1);
  });
});
