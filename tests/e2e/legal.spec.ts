// The legal pages, the error reports and /develop/raise in the browser, on a production build
// (§2 login.terms, login.privacy, /develop/raise; §7 legal text and client errors; §8 reports).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { paragraphsOf } from '../../contract/legal.ts';
import { T, type Lang, expect, expectNoAxeViolations, requestsSentSoFar, test, START } from './support.ts';

const LEGAL_DIR = join(import.meta.dirname, '../../fixtures/legal');
/** The paragraphs of a sandbox provider's text, as the page shows them. */
const paragraphs = (document: 'terms' | 'privacy', lang: Lang) =>
  paragraphsOf(readFileSync(join(LEGAL_DIR, `${document}.${lang}.txt`), 'utf8'));

const TITLES = { terms: 'TERMS', privacy: 'PRIVACY' } as const;

/** The legal page of `document` in `lang`: its heading has focus, its whole text shows, axe is content. */
async function expectLegalPage(page: Page, document: 'terms' | 'privacy', lang: Lang) {
  const heading = page.getByRole('heading', { level: 1, name: T[lang].PAGES[TITLES[document]] });
  await expect(heading).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/${document}`);
  const text = paragraphs(document, lang);
  const shown = page.getByRole('main').locator('p');
  await expect(shown).toHaveText(text);
  await expect(page).toHaveTitle(`${T[lang].PAGES[TITLES[document]]} - ${T[lang].LAYOUT.SITE_NAME}`);
  await expectNoAxeViolations(page, `${document} (${lang})`);
}

test.describe('legal pages', () => {
  test('the footer leads to the terms and the privacy policy; each follows the language', async ({ page }) => {
    await page.goto(START);
    await expect(page.getByRole('heading', { level: 1, name: T.en.FACILITY.HEADING })).toBeVisible();
    const footer = page.getByRole('navigation', { name: T.en.LEGAL.FOOTER_NAV });
    await footer.getByRole('link', { name: T.en.PAGES.TERMS }).click();
    await expectLegalPage(page, 'terms', 'en');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.TERMS })).toBeFocused();

    await page.getByRole('button', { name: 'Español' }).click();
    await expectLegalPage(page, 'terms', 'es');

    await page
      .getByRole('navigation', { name: T.es.LEGAL.FOOTER_NAV })
      .getByRole('link', { name: T.es.PAGES.PRIVACY })
      .click();
    await expectLegalPage(page, 'privacy', 'es');
    await expect(page.getByRole('heading', { level: 1, name: T.es.PAGES.PRIVACY })).toBeFocused();

    await page.getByRole('button', { name: 'English' }).click();
    await expectLegalPage(page, 'privacy', 'en');
  });

  test('opened by address, in the language the payer chose before', async ({ page }) => {
    await page.goto('/#/privacy');
    await expectLegalPage(page, 'privacy', 'en');

    // §1: the language choice is kept in local storage.
    await page.evaluate(() => window.localStorage.setItem('deposit.lang', 'es'));
    await page.goto('/#/terms');
    await page.reload();
    await expectLegalPage(page, 'terms', 'es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});

test.describe('error reports', () => {
  test('§8: at most 4 reports per page load, one request at a time', async ({ page, journey }) => {
    const held: Route[] = [];
    await page.route('**/development/log_js_error', (route) => {
      held.push(route);
    });
    const sent = () => journey.requests.filter((r) => r.path === '/development/log_js_error');
    // The reports whose answers the page has (its resource timing lists a request once it is done).
    const answered = () =>
      page.evaluate(
        () =>
          performance.getEntriesByType('resource').filter((e) => e.name.includes('/development/log_js_error')).length,
      );
    // The form state (and with it the session's token) answers only after the errors: reports made on the
    // drawn page before it wait for the session instead of being refused.
    let answerFormState: () => void = () => {};
    const formStateHeld = new Promise<void>((resolve) => (answerFormState = resolve));
    await page.route('**/state/all', async (route) => {
      await formStateHeld;
      await route.continue();
    });
    await page.goto(START);
    await expect(page.getByRole('heading', { level: 1, name: T.en.FACILITY.HEADING })).toBeVisible();
    // Six uncaught errors as the window reports them (a synthetic event: the page itself stays sound).
    await page.evaluate(() => {
      for (let i = 1; i <= 6; i++) window.dispatchEvent(new ErrorEvent('error', { error: new Error(`boom ${i}`) }));
    });
    answerFormState();
    const bodies: { message: string; url?: string }[] = [];
    for (let i = 1; i <= 4; i++) {
      await expect.poll(() => held.length).toBe(1);
      // Only one is under way: the next waits until this one has its answer.
      await requestsSentSoFar(page);
      expect(sent()).toHaveLength(i);
      const route = held.shift() as Route;
      bodies.push(route.request().postDataJSON() as { message: string; url?: string });
      await route.continue();
    }
    // The page has the fourth answer: a fifth report would have been sent as it came.
    await expect.poll(answered).toBe(4);
    await requestsSentSoFar(page);
    expect(sent()).toHaveLength(4);
    expect(held).toHaveLength(0);
    expect(bodies.map((b) => b.message)).toEqual(['Error: boom 1', 'Error: boom 2', 'Error: boom 3', 'Error: boom 4']);
    // The route the payer was on.
    expect(bodies[0]?.url).toBe('#/deposit_facility/US');
  });

  test('§2: a production build does not offer /develop/raise: it leads to the start', async ({ page, journey }) => {
    await page.goto('/#/develop/raise');
    await expect(page.getByRole('heading', { level: 1, name: T.en.FACILITY.HEADING })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: T.en.ERROR.HEADING })).toHaveCount(0);
    await requestsSentSoFar(page);
    expect(journey.requests.filter((r) => r.path === '/development/log_js_error')).toEqual([]);
  });
});
