// The accessibility statement's claims (contract/accessibility.ts) hold for the tests that back them:
// every story and every journey runs axe with the claimed standard's rules and fails on a violation;
// nothing opts out of a rule unless the statement lists it as a known issue; the keyboard-only
// journeys it names exist and use no pointer.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY_STATEMENT as S, complianceOf } from '../../contract/accessibility.ts';

const ROOT = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const filesIn = (dir: string, ext: RegExp) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => ext.test(f))
    .map((f) => `${dir}/${f}`);

/** What a test does with a pointer (or a shortcut that is not a key press). */
const POINTER = /\.(click|dblclick|check|uncheck|setChecked|fill|selectOption|tap|hover|dragTo|setInputFiles)\(/;

describe('the accessibility statement', () => {
  it('claims a standard whose axe tags it lists, and its compliance follows its known issues', () => {
    expect(S.standard).toEqual({ name: 'WCAG', version: '2.2', level: 'AA' });
    for (const tag of ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'])
      expect(S.axeTags).toContain(tag);
    expect(complianceOf(S)).toBe(S.knownIssues.length === 0 ? 'full' : 'partial');
    for (const date of [S.prepared, S.lastReviewed, S.lastTested]) {
      expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(date).getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it('every story runs axe with its rules and fails on a violation (Storybook preview)', () => {
    const preview = read('.storybook/preview.tsx');
    expect(preview).toMatch(/a11y:\s*{\s*test:\s*'error'/);
    expect(preview).toContain('ACCESSIBILITY_STATEMENT.axeRulesOn.map((id) => ({ id, enabled: true }))');
  });

  it('no story opts out of axe, or of one of its rules, unless a known issue names that story', () => {
    const allowed = new Set(S.knownIssues.flatMap((k) => k.stories));
    const optOuts = filesIn('stories', /\.stories\.tsx$/).flatMap((file) =>
      read(file)
        .split('\n')
        .map((line, i) => ({ line, at: `${file}:${i + 1}` }))
        .filter(
          ({ line }) => /\ba11y\s*:/.test(line) || /enabled:\s*false|disable:\s*true|test:\s*'(off|todo)'/.test(line),
        ),
    );
    expect(optOuts.filter(({ at }) => ![...allowed].some((story) => at.includes(story))).map((o) => o.at)).toEqual([]);
  });

  it('every journey runs axe through the one check, with the claimed tags, and skips no rule', () => {
    const support = read('tests/e2e/support.ts');
    expect(support).toContain('export const AXE_TAGS = [...ACCESSIBILITY_STATEMENT.axeTags];');
    expect(support).toContain('new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze()');
    for (const file of filesIn('tests/e2e', /\.ts$/)) {
      const text = read(file);
      expect(text, `${file} builds its own axe check`).not.toMatch(file.endsWith('support.ts') ? /$^/ : /AxeBuilder/);
      expect(text, `${file} leaves rules or parts out`).not.toMatch(/\.disableRules\(|\.exclude\(/);
    }
    // The journeys check many pages: every spec that shows a page runs it somewhere.
    const checks = filesIn('tests/e2e', /\.spec\.ts$/).filter((f) => read(f).includes('expectNoAxeViolations('));
    expect(checks.length).toBeGreaterThan(20);
  });

  it('names keyboard-only journeys that exist and use no pointer, not even through a shared step', () => {
    const support = read('tests/e2e/support.ts');
    // The shared steps of support.ts that use a pointer.
    const pointerSteps = [...support.matchAll(/export async function (\w+)\(/g)]
      .map((m) => {
        const name = m[1] as string;
        const start = m.index ?? 0;
        const end = support.indexOf('\nexport ', start + 1);
        return { name, body: support.slice(start, end === -1 ? undefined : end) };
      })
      .filter(({ body }) => POINTER.test(body))
      .map(({ name }) => name);
    expect(pointerSteps).toContain('chooseFacility');
    expect(S.keyboardJourneys.length).toBeGreaterThan(0);
    for (const journey of S.keyboardJourneys) {
      expect(existsSync(join(ROOT, journey.file)), journey.file).toBe(true);
      const text = read(journey.file);
      const code = text.replace(/^\s*\/\/.*$/gm, '');
      expect(code, `${journey.file} uses a pointer`).not.toMatch(POINTER);
      const imported = /import {([^}]*)} from '\.\/support\.ts'/.exec(code)?.[1] ?? '';
      const names = imported.split(',').map((n) => n.trim());
      expect(
        names.filter((n) => pointerSteps.includes(n)),
        `${journey.file} imports a step that uses a pointer`,
      ).toEqual([]);
      expect(code).toContain("keyboard.press('Tab')");
    }
  });

  it('its known issues (if any) name a rule of the claimed tags, a page and a criterion', () => {
    for (const issue of S.knownIssues) {
      expect(issue.rule).toMatch(/^[a-z0-9-]+$/);
      expect(issue.path).toMatch(/^\//);
      expect(issue.criterion).toMatch(/^\d\.\d\.\d+$/);
      expect(issue.key).toMatch(/^ACCESSIBILITY\.ISSUES\./);
    }
  });
});
