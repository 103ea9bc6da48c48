// The first screen (docs/decisions/0031): what a payer sees first at '/', the welcome page (§2 /landing,
// machines/pages.ts startLocation). It is rendered at build time in each language (src/prerender.tsx)
// and painted before any script runs; the app hydrates it when the address and the language are those
// of the page it came with.
import type { AppLocation } from '../machines/pages.ts';

/** The addresses whose first screen is the pre-rendered welcome page: '/' and /landing (§2). */
export function isFirstScreen(location: AppLocation): boolean {
  return location.kind === 'page' && location.route === 'landing' && Object.keys(location.query).length === 0;
}

/** The User Timing mark set when the app shows its first screen working (read by `npm run bench:web`). */
export const FIRST_SCREEN_MARK = 'first-screen-ready';

/**
 * Set on <html> by the page's inline script (index.html) when the pre-rendered screen is not the one the
 * app will show (another address, another language): the styles hide it until the app renders.
 */
export const PRERENDER_HIDDEN_CLASS = 'prerender-hidden';

/** Marks the first screen once per page load (where the browser keeps User Timing marks). */
export function markFirstScreen(): void {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  if (performance.getEntriesByName(FIRST_SCREEN_MARK).length === 0) performance.mark(FIRST_SCREEN_MARK);
}
