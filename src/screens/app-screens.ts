// The app shell (§2): the table from each state of the app machine to what the page shows
// (src/screens/screen-table.ts): the wizard, a page outside it, the loading screen while the form state
// is read, the failure screen when it could not be.
import type { ScreenTable } from '../screen-table.ts';

export type AppView = 'loading' | 'failed' | 'wizard' | 'page';

export const APP_SCREENS = {
  'app:booting': { view: 'loading', status: 'loading' },
  'app:bootFailed': { view: 'failed', status: 'error' },
  'app:ready.wizard': { view: 'wizard', status: 'editing' },
  'app:ready.page': { view: 'page', status: 'editing' },
  'app:ready.reloading': { view: 'loading', status: 'loading' },
  'app:ready.signingOut': { view: 'loading', status: 'busy' },
  // The session's idle limit (docs/decisions/0045): signing out, or starting a guest's new session.
  'app:ready.signingOutIdle': { view: 'loading', status: 'busy' },
  'app:ready.endingGuestSession': { view: 'loading', status: 'busy' },
} satisfies ScreenTable<AppView>;
