// A flow's table from state to screen (STYLE.md: the one place that reads a state value). Each leaf
// state of each machine the flow renders, named '<machine>:<state path>' as the stories name them, has an
// entry: the view it shows, its status, and whether the flow ends there. The renderer reads the view of
// the state a machine is in; tests/ui/stories-coverage.test.ts reads the tables to demand that every
// machine state has an entry and every entry a story.
import type { AnyMachineSnapshot, StateValue } from 'xstate';

/** What the payer can do in a state: type, wait, answer a dialog, read an error, or nothing more. */
export type ScreenStatus = 'loading' | 'editing' | 'busy' | 'dialog' | 'error' | 'done';

export interface ScreenEntry<V extends string = string> {
  view: V;
  status: ScreenStatus;
  /** The flow ends here: the machine is done (its parent takes over). */
  terminal?: true;
}

/** '<machine>:<state path>' -> entry; `machine` is the name the stories use (a child's invoke id in its parent). */
export type ScreenTable<V extends string = string> = Record<string, ScreenEntry<V>>;

/** The leaf state paths of a state value ('open.priced'; several for parallel regions). */
export function leafPaths(value: StateValue, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix + value];
  return Object.entries(value).flatMap(([key, sub]) => (sub ? leafPaths(sub, `${prefix}${key}.`) : []));
}

/** The entry of the state `snapshot` is in, for the machine named `machine`; under `region` if given. */
export function screenOf<V extends string>(
  table: ScreenTable<V>,
  machine: string,
  snapshot: Pick<AnyMachineSnapshot, 'value'> | undefined,
  region = '',
): ScreenEntry<V> | null {
  if (!snapshot) return null;
  for (const path of leafPaths(snapshot.value)) {
    if (region && !path.startsWith(`${region}.`)) continue;
    const entry = table[`${machine}:${path}`];
    if (entry) return entry;
  }
  return null;
}
