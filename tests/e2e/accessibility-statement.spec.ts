// The accessibility statement (/accessibility, contract/accessibility.ts) says what the tests find:
// the page shows the claims of the data, in English and Spanish; every known issue still shows where
// it is said to (and any other violation fails every journey's axe check, tests/e2e/support.ts); the
// site can be zoomed to 400% (a 320 px wide window) without text spilling off the screen.
import {
  RECIPIENT,
  START,
  T,
  axeResults,
  chooseFacility,
  chooseFlex,
  expect,
  expectNoAxeViolations,
  expectStep,
  findRecipient,
  test,
} from './support.ts';
import { ACCESSIBILITY_STATEMENT as S, complianceOf } from '../../contract/accessibility.ts';

const STANDARD = `${S.standard.name} ${S.standard.version} ${S.standard.level}`;

test.describe('the accessibility statement', () => {
  for (const lang of ['en', 'es'] as const) {
    test(`the footer leads to it; it says what the data claims (${lang})`, async ({ page }) => {
      const t = T[lang];
      const a = t.ACCESSIBILITY;
      await page.goto('/#/landing');
      if (lang === 'es') await page.getByRole('button', { name: 'Español' }).click();
      const footer = page.getByRole('navigation', { name: t.LEGAL.FOOTER_NAV });
      await footer.getByRole('link', { name: t.PAGES.ACCESSIBILITY }).click();
      await expect(page.getByRole('heading', { level: 1, name: t.PAGES.ACCESSIBILITY })).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/accessibility');
      await expect(page).toHaveTitle(`${t.PAGES.ACCESSIBILITY} - ${t.LAYOUT.SITE_NAME}`);

      const compliance = complianceOf(S) === 'full' ? a.COMPLIANT_FULL : a.COMPLIANT_PARTIAL;
      await expect(page.getByText(compliance.replace('{{standard}}', STANDARD))).toBeVisible();
      await expect(page.getByText(a.TESTED_AXE.replace('{{standard}}', STANDARD))).toBeVisible();
      if (S.knownIssues.length === 0) {
        await expect(page.getByText(a.NO_KNOWN_ISSUES)).toBeVisible();
        await expect(page.getByText(a.NON_ACCESSIBLE_NONE.replace('{{standard}}', STANDARD))).toBeVisible();
      }
      for (const issue of S.knownIssues) {
        const [group, key] = issue.key.split('.') as [string, string];
        await expect(
          page.getByText((t as Record<string, Record<string, string>>)[group]?.[key] ?? issue.key).first(),
        ).toBeVisible();
      }
      for (const journey of S.keyboardJourneys) {
        const [, key] = journey.key.split('.') as [string, keyof typeof a];
        await expect(page.getByRole('listitem').filter({ hasText: a[key] })).toBeVisible();
      }
      await expect(page.getByRole('heading', { level: 2, name: a.HOW_TESTED })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: a.PREPARATION })).toBeVisible();
      await expectNoAxeViolations(page, `accessibility statement (${lang})`);
    });
  }

  test('every known issue still shows where the statement says it does', async ({ page }) => {
    for (const issue of S.knownIssues) {
      await page.goto(`/#${issue.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const found = (await axeResults(page)).violations.map((v) => v.id);
      expect(found, `${issue.rule} at ${issue.path} (a fixed issue leaves the statement)`).toContain(issue.rule);
    }
    // With no known issue, the statement says the site is fully compliant.
    expect(complianceOf(S)).toBe(S.knownIssues.length === 0 ? 'full' : 'partial');
  });

  test.describe('zoomed to 400% (a window 320 px wide)', () => {
    test.use({ viewport: { width: 320, height: 256 } });

    test('no page spills off the screen sideways', async ({ page }) => {
      const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      await page.goto('/#/landing');
      await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.LANDING })).toBeVisible();
      expect(await sideways(), 'landing').toBeLessThanOrEqual(0);
      await page.goto('/#/accessibility');
      await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.ACCESSIBILITY })).toBeVisible();
      expect(await sideways(), 'accessibility statement').toBeLessThanOrEqual(0);
      await page.goto(START);
      await chooseFacility(page, 'en');
      await chooseFlex(page, 'en');
      await findRecipient(page, RECIPIENT.name, 'en');
      await expectStep(page, 'en', T.en.CHECKOUT.HEADING, 80, '#/checkout');
      expect(await sideways(), 'checkout').toBeLessThanOrEqual(0);
    });
  });
});
