// The session's idle limit (WCAG 2.2.1 Timing Adjustable; docs/decisions/0045). The server ends a
// session after SESSION_IDLE_MINUTES without a request; the page counts the same minutes from the
// server's last answer, warns a signed-in payer before the end, and ends the session itself a little
// before the server would, so that what the page shows is never a session the server has ended.

/** Default idle limit in minutes: what payment sites use (15 to 30 minutes idle). */
export const DEFAULT_SESSION_IDLE_MINUTES = 15;

/** The server writes a session's last-seen time at most this often, so it may end that much sooner. */
export const SESSION_TOUCH_SECONDS = 60;

/** How long before the end a signed-in payer is warned (WCAG 2.2.1 asks for at least 20 seconds). */
export const SESSION_WARNING_SECONDS = 120;

export interface SessionTimes {
  /** After the server's last answer: when the warning opens. */
  warnAfterMs: number;
  /** After the warning opened: when the session ends if the payer does not answer. */
  warnForMs: number;
  /** After the server's last answer: when the page ends the session (warnAfterMs + warnForMs). */
  endAfterMs: number;
}

/**
 * When the page warns and ends a session of `idleSeconds`: before the server's end by the time its
 * last-seen writes may lag; a short limit keeps at least half of it before the warning.
 */
export function sessionTimes(idleSeconds: number): SessionTimes {
  const idleMs = Math.max(1, idleSeconds) * 1000;
  const endAfterMs = Math.max(idleMs - SESSION_TOUCH_SECONDS * 1000, Math.round(idleMs / 2));
  const warnAfterMs = Math.max(endAfterMs - SESSION_WARNING_SECONDS * 1000, Math.round(endAfterMs / 2));
  return { warnAfterMs, warnForMs: endAfterMs - warnAfterMs, endAfterMs };
}

// GET /auth/me answers whether the session is signed in; the warning's "Stay signed in" calls it, and
// any request keeps a session alive.
