// /accessibility: the accessibility statement (contract/accessibility.ts). Nothing to load or decide:
// the page shows the statement in the payer's language.
import { type SnapshotFrom } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { PageInput } from './pages.ts';

export const accessibilityMachine = setup({
  types: { input: {} as PageInput },
}).createMachine({
  id: 'accessibility',
  initial: 'shown',
  states: { shown: {} },
});

export type AccessibilitySnapshot = SnapshotFrom<typeof accessibilityMachine>;
