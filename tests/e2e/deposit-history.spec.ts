// The signed-in payer's deposit history in the browser (§2 /account/deposit_history: 20 per page,
// next and previous wrapping, repeat deposit; §4 checkout guards; §9 20 per page). Ana's history in
// fixtures/payers.json holds 26 deposits: two pages. Other journeys of the run may add deposits of
// theirs to her history, newest first, so the number of pages is read from the page.
import type { Page } from '@playwright/test';
import { T, definitionOf, expect, expectNoAxeViolations, expectStep, label, presetRadio, test } from './support.ts';

const H = T.en.HISTORY;

/** §2/§6: a guest who opens a login-required page signs in first and comes back to it. */
async function signInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1, name: T.en.LOGIN.HEADING })).toBeFocused();
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toBe(`#/login?returnTo=${encodeURIComponent(path)}`);
  await page.getByLabel(label(T.en.LOGIN.EMAIL)).fill(email);
  await page.getByLabel(label(T.en.LOGIN.PASSWORD)).fill(password);
  await page.getByRole('button', { name: T.en.LOGIN.SUBMIT }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${path}`);
}

const pageOf = (n: number, of: number) =>
  T.en.COMMON.PAGE_OF.replace('{{page}}', String(n)).replace('{{pages}}', String(of));

test.describe('deposit history', () => {
  test('pages of 20 wrap both ways; a deposit is repeated and the checkout step opens with it', async ({ page }) => {
    await signInThrough(page, '/account/deposit_history', 'ana@example.com', 'sandbox-pass-1');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.DEPOSIT_HISTORY })).toBeFocused();
    const list = page.getByRole('list', { name: T.en.PAGES.DEPOSIT_HISTORY });
    const rows = list.getByRole('listitem');
    const pager = page.getByRole('navigation', { name: H.PAGES });
    const previous = pager.getByRole('button', { name: T.en.COMMON.PREVIOUS });
    const next = pager.getByRole('button', { name: T.en.COMMON.NEXT });

    // §9: 20 a page; Ana has more than 20 deposits.
    await expect(rows).toHaveCount(20);
    await expect(pager).toContainText(/Page 1 of \d+/);
    const pages = Number(/of (\d+)/.exec((await pager.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThanOrEqual(2);
    // Rows by their order numbers: a deposit made by an earlier journey may post meanwhile, and its
    // status line change (docs/decisions/0048).
    const ordersShown = async () =>
      (await rows.allTextContents()).map((text) => /Order number\s*(D\d+)/.exec(text)?.[1]);
    const firstOrders = await ordersShown();
    await expectNoAxeViolations(page, 'deposit history, first page');

    // §2: Previous on the first page wraps to the last.
    await previous.click();
    await expect(pager).toContainText(pageOf(pages, pages));
    const lastCount = await rows.count();
    expect(lastCount).toBeGreaterThanOrEqual(1);
    expect(lastCount).toBeLessThanOrEqual(20);
    await expect(rows.first()).not.toContainText(firstOrders[0] ?? '');
    await expectNoAxeViolations(page, 'deposit history, last page');

    // §2: Next on the last page wraps to the first (from the keyboard).
    await next.focus();
    await page.keyboard.press('Enter');
    await expect(pager).toContainText(pageOf(1, pages));
    await expect(rows).toHaveCount(20);
    expect(await ordersShown()).toEqual(firstOrders);
    // And Next walks every page in order back to the first.
    for (let n = 2; n <= pages; n++) {
      await next.click();
      await expect(pager).toContainText(pageOf(n, pages));
    }
    await next.click();
    await expect(pager).toContainText(pageOf(1, pages));

    // The seeded deposits are older than any made today: these stay on the first page.
    const row = (order: string) => rows.filter({ hasText: order });
    // §3 facility_flex_disabled: Lubbock County (1004) no longer takes flex deposits.
    const lubbock = row('D90000006').getByRole('button');
    await expect(lubbock).toBeDisabled();
    await expect(lubbock).toHaveAccessibleDescription(H.BLOCKED_TYPE_UNAVAILABLE);
    // A deposit to a phone account is repeated to its number.
    await expect(row('D90000002').getByRole('button')).toBeEnabled();

    // The newest seeded deposit: $25 to John Smith at Harris County Jail.
    const john = row('D90000001');
    await expect(definitionOf(john, H.DATE)).toHaveText('11/15/2026');
    await expect(definitionOf(john, H.TYPE)).toHaveText(H.TYPE_FLEX);
    await expect(definitionOf(john, H.RECIPIENT)).toHaveText('John Smith');
    await expect(definitionOf(john, H.FACILITY)).toHaveText('Harris County Jail');
    await expect(definitionOf(john, H.AMOUNT)).toHaveText('$25.00');
    await john.getByRole('button', { name: 'Repeat deposit of $25.00 to John Smith, order D90000001' }).click();

    // §4: the checkout guard lets the repeat through (facility and recipient are saved).
    const c = T.en.CHECKOUT;
    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    const recipient = page.getByRole('region', { name: c.RECIPIENT_TITLE });
    await expect(definitionOf(recipient, c.FACILITY)).toHaveText('Harris County Jail');
    await expect(definitionOf(recipient, 'Inmate')).toHaveText('John Smith');
    await expect(presetRadio(page, 'en', 25)).toBeChecked();
    await expectNoAxeViolations(page, 'checkout after a repeat');
  });
});
