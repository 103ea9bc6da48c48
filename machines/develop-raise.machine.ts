// /develop/raise (§2 "Development only; throws a test error"): the page has nothing to load or
// decide; its screen throws while rendering, so the error boundary, the unexpected-error page and the
// error reports of §8 can be tried. machines/page-machines.ts offers it in development builds only
// (docs/decisions/0009).
import { type SnapshotFrom } from 'xstate';
import { setup } from './lazy-setup.ts';
import type { PageInput } from './pages.ts';

/** The message of the test error, so a report of it is easy to tell from a real one. */
export const TEST_ERROR_MESSAGE = 'Test error from /develop/raise';

// Pure: a production build, which does not offer the page, drops the machine with it.
export const developRaiseMachine = /* @__PURE__ */ setup({
  types: { input: {} as PageInput },
}).createMachine({
  id: 'developRaise',
  initial: 'raising',
  states: { raising: {} },
});

export type DevelopRaiseSnapshot = SnapshotFrom<typeof developRaiseMachine>;
