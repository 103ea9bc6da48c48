// The first screens' path form (docs/decisions/0057): `/deposit_facility/US` is answered with the facility
// step drawn for that address and language, its states from the database, so the payer sees it before
// any script runs; the app then lands on the same step, takes the painted screen over without a second
// look-up, a mismatch or a shift, and the deposit goes on.
import { PATHS } from '../../contract/api.ts';
import { LANGUAGE_COOKIE } from '../../contract/constants.ts';
import { T, chooseFacility, expect, expectStep, layoutShift, test } from './support.ts';

const MOBILE = { width: 412, height: 823 };

test.describe('the facility step at its path', () => {
  for (const lang of ['en', 'es'] as const) {
    const t = T[lang];
    test(`is on the page with its states before any script runs (${lang})`, async ({ browser }) => {
      // No choice made yet: the browser's language chooses (Accept-Language).
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: MOBILE,
        locale: lang === 'es' ? 'es-MX' : 'en-US',
      });
      const page = await context.newPage();
      await page.goto('/deposit_facility/US');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1, name: t.FACILITY.HEADING })).toBeVisible();
      await expect(page).toHaveTitle(`${t.FACILITY.HEADING} - ${t.LAYOUT.SITE_NAME}`);
      await expect(page.getByLabel(t.FACILITY.COUNTRY, { exact: true })).toHaveValue('US');
      const state = page.getByLabel(t.FACILITY.STATE, { exact: true });
      await expect(state).toBeVisible();
      await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
      await expect(page.getByRole('progressbar', { name: t.LAYOUT.PROGRESS })).toHaveAttribute('aria-valuenow', '30');
      await expect(page.getByRole('region', { name: t.SANDBOX_BANNER.LABEL })).toBeVisible();
      await context.close();
    });

    test(`with scripts, the app lands on the same step, takes it over and goes on (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ viewport: MOBILE });
      // A payer who chose the language before (§1): the choice is in local storage and its cookie.
      if (lang === 'es') {
        await context.addInitScript(() => localStorage.setItem('deposit.lang', 'es'));
        await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url: baseURL ?? '' }]);
      }
      const page = await context.newPage();
      const asked: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path === PATHS.stateList || path === PATHS.allowedCountries || path === PATHS.logJsError) asked.push(path);
      });
      await page.goto('/deposit_facility/US');
      await expectStep(page, lang, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
      // The address is the app's hash route from here on.
      expect(await page.evaluate(() => window.location.pathname)).toBe('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('html')).not.toHaveClass(/prerender-hidden/);
      await expect(page.getByRole('navigation', { name: t.HEADER_NAV.LABEL })).toBeVisible();
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
      await chooseFacility(page, lang);
      await expectStep(page, lang, t.TYPE.HEADING, 40, '#/deposit_type');
      // The lists came with the page (no second look-up), and nothing went wrong in the takeover.
      expect(asked).toEqual([]);
      await context.close();
    });
  }

  test('with a hash of another address, the page shows that address, not the painted step', async ({ page }) => {
    await page.goto('/deposit_facility/US#/login');
    await expect(page.getByRole('heading', { level: 1, name: T.en.LOGIN.HEADING })).toBeFocused();
    await expect(page.getByRole('heading', { name: T.en.FACILITY.HEADING })).toHaveCount(0);
  });

  test('the site root with a facility step hash goes to its path form and is painted from there', async ({ page }) => {
    // docs/decisions/0066: the page's inline script goes to /deposit_facility/CA, drawn by the server.
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') pages.push(new URL(request.url()).pathname);
    });
    await page.goto('/?utm_source=mail#/deposit_facility/ca');
    await expectStep(page, 'en', T.en.FACILITY.HEADING, 30, '#/deposit_facility/CA');
    expect(pages).toEqual(['/', '/deposit_facility/CA']);
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/deposit_facility/CA');
    // The address is the app's hash route again, its query kept.
    expect(await page.evaluate(() => `${window.location.pathname}${window.location.search}`)).toBe('/?utm_source=mail');
    await expect(page.getByLabel(T.en.FACILITY.COUNTRY, { exact: true })).toHaveValue('CA');
    // Another country, or another step, stays at the root.
    await page.goto('/#/deposit_facility/MX');
    await expect(page.locator('html')).toHaveAttribute('data-screen', '/landing');
  });
});
