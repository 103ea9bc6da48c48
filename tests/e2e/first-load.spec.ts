// The first load on a cheap phone (docs/decisions/0030-0032): the site's files go out compressed and
// cached for good, the first screen (the welcome page, §2) is in the page before any script runs (in the
// payer's language), the app takes it over without moving it, and the journey goes on from there.
import type { Page } from '@playwright/test';
import { LANGUAGE_COOKIE } from '../../contract/constants.ts';
import { T, chooseFacility, expect, expectStep, layoutShift, test } from './support.ts';

const MOBILE = { width: 412, height: 823 };

/** The entry script named by the page. */
async function entryScript(page: Page): Promise<string> {
  const html = await (await page.request.get('/', { headers: { accept: 'text/html' } })).text();
  const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(src, 'the page names its entry script').toBeTruthy();
  return src ?? '';
}

test.describe('first load', () => {
  test('a script of the site goes out compressed by what the browser accepts, and is cached for good', async ({
    page,
  }) => {
    const src = await entryScript(page);
    const br = await page.request.get(src, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['vary']).toContain('accept-encoding');
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gzip = await page.request.get(src, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    // The page itself is checked again on every visit.
    const html = await page.request.get('/', { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
    expect(html.headers()['content-encoding']).toBe('gzip');
  });

  for (const lang of ['en', 'es'] as const) {
    const t = T[lang];
    test(`the first screen's heading and choices are in the page before any script runs (${lang})`, async ({
      browser,
      baseURL,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: MOBILE });
      if (lang === 'es') await context.addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url: baseURL ?? '' }]);
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // §2: the site root is the welcome page.
      await expect(page.getByRole('heading', { level: 1, name: t.PAGES.LANDING })).toBeVisible();
      await expect(page.getByRole('button', { name: t.LANDING.CONTINUE })).toBeVisible();
      await expect(page.getByRole('button', { name: t.LANDING.SIGN_IN })).toBeVisible();
      await expect(page.getByRole('region', { name: t.LANDING.NOTICE_TITLE })).toBeVisible();
      await expect(page).toHaveTitle(`${t.PAGES.LANDING} - ${t.LAYOUT.SITE_NAME}`);
      // The journeys' server runs the sandbox: its page says so before any script (docs/decisions/0050).
      await expect(page.getByRole('region', { name: t.SANDBOX_BANNER.LABEL })).toHaveText(t.SANDBOX_BANNER.TEXT);
      await context.close();
    });

    test(`the app takes the first screen over without moving it, and the deposit goes on (${lang})`, async ({
      browser,
    }) => {
      const context = await browser.newContext({ viewport: MOBILE });
      // A payer who chose the language before: the choice is in local storage (§1).
      if (lang === 'es') await context.addInitScript(() => localStorage.setItem('deposit.lang', 'es'));
      const page = await context.newPage();
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: t.PAGES.LANDING })).toBeFocused();
      await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/landing');
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      // The header's navigation script has arrived and the app has its own page: nothing moved.
      await expect(page.getByRole('navigation', { name: t.HEADER_NAV.LABEL })).toBeVisible();
      await expect(page).toHaveTitle(`${t.PAGES.LANDING} - ${t.LAYOUT.SITE_NAME}`);
      expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
      // The banner outlives the app's takeover, in the payer's language only.
      await expect(page.getByRole('region', { name: t.SANDBOX_BANNER.LABEL })).toBeVisible();
      await expect(page.locator('.sandbox-banner:visible')).toHaveCount(1);
      await page.getByRole('button', { name: t.LANDING.CONTINUE }).click();
      await chooseFacility(page, lang);
      await expectStep(page, lang, t.TYPE.HEADING, 40, '#/deposit_type');
      // On every page, and it follows a change of language.
      const other = lang === 'en' ? 'es' : 'en';
      await page.getByRole('button', { name: t.LAYOUT[`LANGUAGE_${other.toUpperCase() as 'EN' | 'ES'}`] }).click();
      await expect(page.getByRole('region', { name: T[other].SANDBOX_BANNER.LABEL })).toBeVisible();
      await expect(page.getByRole('region', { name: t.SANDBOX_BANNER.LABEL })).toBeHidden();
      await context.close();
    });
  }

  test('on a slow phone the app takes each drawn screen over as drawn: React throws nothing away', async ({ page }) => {
    // A started app moved on (its form state answered) before React's first render, which then differed
    // from the page: React drew the screen anew and the error was reported (docs/decisions/0064).
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/development/log_js_error')) reports.push(request.postData() ?? '');
    });
    page.on('console', (message) => {
      if (message.type() === 'error') reports.push(message.text());
    });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (const [address, heading] of [
      ['/', T.en.PAGES.LANDING],
      ['/deposit_facility/CA', T.en.FACILITY.HEADING],
      ['/deposit_facility/US', T.en.FACILITY.HEADING],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeFocused();
      await expect.poll(() => page.evaluate(() => performance.getEntriesByName('first-screen-ready').length)).toBe(1);
    }
    expect(reports).toEqual([]);
  });

  test('another address shows its own page, not the pre-rendered first screen', async ({ page }) => {
    await page.goto('/#/login');
    await expect(page.getByRole('heading', { level: 1, name: T.en.LOGIN.HEADING })).toBeFocused();
    await expect(page.getByRole('heading', { name: T.en.PAGES.LANDING })).toHaveCount(0);
    await page.goto('/#/deposit_facility/US');
    await expectStep(page, 'en', T.en.FACILITY.HEADING, 30, '#/deposit_facility/US');
    await expect(page.getByRole('heading', { name: T.en.PAGES.LANDING })).toHaveCount(0);
  });
});
