// The accessibility statement (/accessibility, in the form GOV.UK services use): what the site claims,
// as data. The page says it; the tests hold the site to it (tests/ui/accessibility-statement.test.ts,
// tests/e2e/accessibility-statement.spec.ts): axe runs with exactly these rules on every story and
// every journey, a violation that is not a known issue below fails, a known issue that no longer shows
// fails too, and the keyboard-only journeys named here use the keyboard alone.

/** A part of the site that does not meet the standard yet: the axe rule, and where it shows. */
export interface KnownIssue {
  /** i18n key of its description (ACCESSIBILITY.ISSUES.*). */
  key: string;
  /** The axe rule that finds it. */
  rule: string;
  /** The hash path of the page where the e2e journeys find it, and the story ids where stories do. */
  path: string;
  stories: string[];
  /** The WCAG success criterion it fails, e.g. '1.4.3'. */
  criterion: string;
}

export const ACCESSIBILITY_STATEMENT = {
  /** The standard the site is tested against and claims. */
  standard: { name: 'WCAG', version: '2.2', level: 'AA' },
  /** The axe tags of that standard: every A and AA rule of WCAG 2.0, 2.1 and 2.2. */
  axeTags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
  /** Rules of those tags that axe leaves off unless asked: the claim needs them on. */
  axeRulesOn: ['target-size'],
  /** Non-compliances: none known. A story or journey may not ignore a rule unless it is listed here. */
  knownIssues: [] as KnownIssue[],
  /** Content of other sites shown here, outside what this statement covers (i18n keys). */
  outOfScope: ['ACCESSIBILITY.OUT_OF_SCOPE_NAV', 'ACCESSIBILITY.OUT_OF_SCOPE_LEGAL', 'ACCESSIBILITY.OUT_OF_SCOPE_PAM'],
  /** The journeys made with the keyboard alone (tests/e2e), as the page lists them. */
  keyboardJourneys: [{ file: 'tests/e2e/keyboard-only.spec.ts', key: 'ACCESSIBILITY.KEYBOARD_DEPOSIT' }],
  /** ISO dates. */
  prepared: '2026-11-24',
  lastReviewed: '2026-11-24',
  lastTested: '2026-11-24',
} as const;

/** Fully compliant when no non-compliance is known; partially compliant otherwise. */
export function complianceOf(statement: { knownIssues: readonly KnownIssue[] }): 'full' | 'partial' {
  return statement.knownIssues.length === 0 ? 'full' : 'partial';
}
