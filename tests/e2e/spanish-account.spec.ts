// The account pages in Spanish (§1: English and Spanish): the language chosen before signing in carries
// through the sign-in and the account pages, with axe on each.
import { T, expect, expectNoAxeViolations, label, test, START } from './support.ts';

test('Spanish: sign in, then the phone accounts, history, primary account and transfer pages', async ({ page }) => {
  const es = T.es;
  await page.goto(START);
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await page.goto('/#/account/destination_accounts');
  await expect(page.getByRole('heading', { level: 1, name: es.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(es.LOGIN.EMAIL)).fill('ben@example.com');
  await page.getByLabel(label(es.LOGIN.PASSWORD)).fill('sandbox-pass-2');
  await page.getByRole('button', { name: es.LOGIN.SUBMIT }).click();
  // Back on the page that asked for the sign-in.
  await expect(page.getByRole('heading', { level: 1, name: es.PAGES.DESTINATION_ACCOUNTS })).toBeFocused();

  for (const [path, titleKey] of [
    ['/account/destination_accounts', 'DESTINATION_ACCOUNTS'],
    ['/account/deposit_history', 'DEPOSIT_HISTORY'],
    ['/account/primary_account', 'PRIMARY_ACCOUNT'],
    ['/account/transfer_funds', 'TRANSFER_FUNDS'],
  ] as const) {
    await page.goto(`/#${path}`);
    await expect(page.getByRole('heading', { level: 1, name: es.PAGES[titleKey] })).toBeFocused();
    await expect(page.getByRole('navigation', { name: es.ACCOUNT.NAV })).toBeVisible();
    await expectNoAxeViolations(page, `${path} (es)`);
  }
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});
