// The signed-in payer's account pages in the browser (§2 /account/..., §6 login required, §8).
import type { Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

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

test.describe('account pages', () => {
  test('saved cards: sign in on the way, remove one after confirming; a card still used is kept with the error', async ({
    page,
  }) => {
    await signInThrough(page, '/account/credit_cards', 'ana@example.com', 'sandbox-pass-1');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.CREDIT_CARDS })).toBeFocused();
    const list = page.getByRole('list', { name: T.en.PAGES.CREDIT_CARDS });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expectNoAxeViolations(page, 'saved cards');

    await page.getByRole('button', { name: 'Remove Discover ending in 1117' }).click();
    const dialog = page.getByRole('alertdialog', { name: T.en.CARDS.CONFIRM_TITLE });
    await expect(dialog.getByRole('heading', { name: T.en.CARDS.CONFIRM_TITLE })).toBeFocused();
    await expectNoAxeViolations(page, 'remove-card dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(3);

    await page.getByRole('button', { name: 'Remove Discover ending in 1117' }).click();
    await dialog.getByRole('button', { name: T.en.CARDS.REMOVE }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Discover ending in 1117' })).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // Card 1111 pays a recurring deposit: the server refuses, the dialog closes and the flag shows (§8).
    await page.getByRole('button', { name: 'Remove Visa ending in 1111' }).click();
    await dialog.getByRole('button', { name: T.en.CARDS.REMOVE }).click();
    await expect(page.getByRole('alert')).toHaveText(T.en.ERROR.ERROR_DELETING_CARD);
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await page.reload();
    await expect(page.getByRole('list', { name: T.en.PAGES.CREDIT_CARDS }).getByRole('listitem')).toHaveCount(2);
  });

  test('recurring deposits: cancel one after confirming; it stays cancelled after a reload', async ({ page }) => {
    await signInThrough(page, '/account/recurring_deposits', 'ben@example.com', 'sandbox-pass-2');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.RECURRING_DEPOSITS })).toBeFocused();
    const list = page.getByRole('list', { name: T.en.PAGES.RECURRING_DEPOSITS });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('$30.00');
    await expectNoAxeViolations(page, 'recurring deposits');

    const cancel = list.getByRole('button', { name: /\$30\.00/ });
    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: T.en.RECURRING.CONFIRM_TITLE });
    await expect(dialog.getByRole('heading', { name: T.en.RECURRING.CONFIRM_TITLE })).toBeFocused();
    await expectNoAxeViolations(page, 'cancel-recurring dialog');
    await dialog.getByRole('button', { name: T.en.RECURRING.KEEP }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    await cancel.click();
    await dialog.getByRole('button', { name: T.en.RECURRING.CANCEL }).click();
    await expect(page.getByRole('status').filter({ hasText: '$30.00' })).toBeVisible();
    await expect(page.getByText(T.en.RECURRING.NONE)).toBeVisible();

    await page.reload();
    await expect(page.getByText(T.en.RECURRING.NONE)).toBeVisible();
  });
});
