// The session's idle limit (docs/decisions/0045), state to screen (src/screen-table.ts): what a
// signed-in payer sees; a guest's session ends without a screen of its own.
import type { ScreenTable } from '../screen-table.ts';

export type SessionTimeoutView = 'none' | 'warning';

export const SESSION_TIMEOUT_SCREENS = {
  'sessionTimeout:signedIn.active': { view: 'none', status: 'editing' },
  'sessionTimeout:signedIn.warning': { view: 'warning', status: 'dialog' },
  'sessionTimeout:signedIn.staying': { view: 'warning', status: 'busy' },
} satisfies ScreenTable<SessionTimeoutView>;
