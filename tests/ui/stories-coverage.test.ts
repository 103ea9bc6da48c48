// Every screen state has a story: the states come from the machines themselves, the stories name
// theirs in `parameters.machineStates`. A new state without a story fails here.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine, StateNode } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { checkoutMachine } from '../../machines/checkout.machine.ts';
import { facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { recipientSearchMachine } from '../../machines/recipient-search.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';

/** Leaf state paths of a machine ('active.fees.idle'), final states left out (no screen of their own). */
function leaves(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: StateNode, path: string[]) => {
    const kids = Object.values(node.states) as StateNode[];
    if (kids.length === 0) {
      if (node.type !== 'final') out.push(path.join('.'));
      return;
    }
    for (const kid of kids) walk(kid, [...path, kid.key]);
  };
  walk(machine.root as StateNode, []);
  return out;
}

/** The states a payer can see: every leaf, less the ones that are not screens. */
const NOT_SCREENS: Record<string, (path: string) => boolean> = {
  // The autosave region runs behind every step; `routing` is left at once by its `always` guards.
  wizard: (p) => p.startsWith('autosave.') || p === 'step.routing',
  app: () => false,
  checkout: () => false,
  recipientSearch: () => false,
  facilityPicker: () => false,
};

const MACHINES: Record<string, AnyStateMachine> = {
  app: appMachine,
  wizard: wizardMachine,
  facilityPicker: facilityPickerMachine,
  recipientSearch: recipientSearchMachine,
  checkout: checkoutMachine,
};

function required(): string[] {
  return Object.entries(MACHINES).flatMap(([name, machine]) =>
    leaves(machine)
      .filter((p) => !NOT_SCREENS[name]?.(p))
      .map((p) => `${name}:${p}`),
  );
}

function storied(): Set<string> {
  const dir = join(import.meta.dirname, '../../stories');
  const named = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.stories.tsx'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const block of text.matchAll(/machineStates:\s*\[([^\]]*)\]/g)) {
      for (const m of (block[1] ?? '').matchAll(/'([^']+)'/g)) named.add(m[1] as string);
    }
  }
  return named;
}

describe('stories', () => {
  const need = required();
  const have = storied();

  it('know the screen states of the machines', () => {
    expect(need.length).toBeGreaterThan(30);
  });

  it('show every screen state of every machine', () => {
    expect(need.filter((s) => !have.has(s))).toEqual([]);
  });

  it('name only states that exist', () => {
    expect([...have].filter((s) => !need.includes(s))).toEqual([]);
  });
});
