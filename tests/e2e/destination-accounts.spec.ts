// The phone accounts page in the browser (§2 /account/destination_accounts and identity.my_account,
// §3 breakage, §4 inactivity alerts, §9 SNAP rows, order and low balance). Ben's accounts
// (fixtures/payers.json): Dad 311 (primary, $20.00), Sister 312 ($55.00), Grandpa 314 (pending,
// $8.50), Grandma 315 (pending, $0.00; tests/e2e/phone-verification.spec.ts verifies it) and a hidden
// SNAP row. Only Grandpa's account is changed here.
import type { Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, expectStep, label, test } from './support.ts';

const en = T.en;
const PAGE = '/account/destination_accounts';
const DAD = 'Dad, (713) 555-0111';
const SISTER = 'Sister, (713) 555-0112';
const GRANDPA = 'Grandpa, (713) 555-0114';
const fill = (text: string, account: string) => text.replace('{{account}}', account);

/** §2/§6: a guest who opens a login-required page signs in first and comes back to `to`. */
async function signInThrough(page: Page, from: string, to: string) {
  await page.goto(`/#${from}`);
  await expect(page.getByRole('heading', { level: 1, name: en.LOGIN.HEADING })).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/login?returnTo=${encodeURIComponent(to)}`);
  await page.getByLabel(label(en.LOGIN.EMAIL)).fill('ben@example.com');
  await page.getByLabel(label(en.LOGIN.PASSWORD)).fill('sandbox-pass-2');
  await page.getByRole('button', { name: en.LOGIN.SUBMIT }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${to}`);
}

const list = (page: Page) => page.getByRole('list', { name: en.PAGES.DESTINATION_ACCOUNTS });
const row = (page: Page, account: string) => list(page).getByRole('listitem').filter({ hasText: account });

test.describe('phone accounts', () => {
  test('my account leads here; sorted accounts, activity, alerts by text kept after a reload, delete one', async ({
    page,
  }) => {
    // §2: identity.my_account always redirects to account.destination_accounts.
    await signInThrough(page, '/identity_my_account', PAGE);
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.DESTINATION_ACCOUNTS })).toBeFocused();
    // §9: primary first, then balance descending; the SNAP row is hidden.
    await expect(list(page).getByRole('listitem')).toHaveCount(4);
    await expect(list(page).getByRole('listitem')).toContainText([DAD, SISTER, GRANDPA]);
    await expect(page.getByText(/SNAP/)).toHaveCount(0);
    await expect(row(page, DAD)).toContainText(en.DEST_ACCOUNTS.PRIMARY);
    await expect(row(page, DAD)).toContainText('$20.00');
    await expect(row(page, DAD)).toContainText(en.DEST_ACCOUNTS.LOW_BALANCE);
    await expect(row(page, SISTER)).not.toContainText(en.DEST_ACCOUNTS.LOW_BALANCE);
    await expect(row(page, GRANDPA)).toContainText(en.DEST_ACCOUNTS.PENDING);
    await expect(row(page, GRANDPA)).toContainText(en.DEST_ACCOUNTS.ALERTS_OFF);
    await expectNoAxeViolations(page, 'phone accounts');

    // Activity of the prepaid purse, then of the regulated one (§7 pp, pr).
    await page.getByRole('button', { name: fill(en.DEST_ACCOUNTS.HISTORY_ITEM, DAD) }).click();
    const activity = page.getByRole('dialog', { name: fill(en.DEST_ACCOUNTS.ACTIVITY_TITLE, DAD) });
    await expect(activity.getByRole('heading', { name: fill(en.DEST_ACCOUNTS.ACTIVITY_TITLE, DAD) })).toBeFocused();
    const rows = activity.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(en.ACCOUNT.ACTIVITY_DEPOSIT);
    await expect(rows.nth(1)).toContainText('$20.00');
    await expectNoAxeViolations(page, 'account history dialog');
    await activity.getByRole('radio', { name: en.DEST_ACCOUNTS.PURSE_PR }).check();
    await expect(activity.getByText(en.DEST_ACCOUNTS.ACTIVITY_NONE)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(activity).toBeHidden();

    // §4: enrol Grandpa's account in inactivity alerts by text.
    await page.getByRole('button', { name: fill(en.DEST_ACCOUNTS.ALERTS_ITEM, GRANDPA) }).click();
    const alerts = page.getByRole('dialog', { name: fill(en.DEST_ACCOUNTS.ALERTS_TITLE, GRANDPA) });
    await expect(alerts.getByRole('heading', { name: fill(en.DEST_ACCOUNTS.ALERTS_TITLE, GRANDPA) })).toBeFocused();
    const bySms = alerts.getByRole('checkbox', { name: en.DEST_ACCOUNTS.ALERTS_SMS });
    await expect(bySms).not.toBeChecked();
    await expectNoAxeViolations(page, 'inactivity alerts dialog');
    await bySms.check();
    await alerts.getByRole('button', { name: en.DEST_ACCOUNTS.ALERTS_SAVE }).click();
    await expect(alerts.getByRole('status')).toContainText(en.DEST_ACCOUNTS.ALERTS_SAVED);
    await expectNoAxeViolations(page, 'inactivity alerts saved');
    await alerts.getByRole('button', { name: en.COMMON.CLOSE }).click();
    await expect(alerts).toBeHidden();
    await expect(row(page, GRANDPA)).toContainText(en.DEST_ACCOUNTS.ALERTS_BY_SMS);

    await page.reload();
    await expect(row(page, GRANDPA)).toContainText(en.DEST_ACCOUNTS.ALERTS_BY_SMS);
    await page.getByRole('button', { name: fill(en.DEST_ACCOUNTS.ALERTS_ITEM, GRANDPA) }).click();
    await expect(alerts.getByRole('checkbox', { name: en.DEST_ACCOUNTS.ALERTS_SMS })).toBeChecked();
    await expect(alerts.getByRole('checkbox', { name: en.DEST_ACCOUNTS.ALERTS_EMAIL })).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(alerts).toBeHidden();

    // Delete a non-primary account, after keeping it once.
    const remove = page.getByRole('button', { name: fill(en.DEST_ACCOUNTS.DELETE_ITEM, GRANDPA) });
    await remove.click();
    const confirm = page.getByRole('alertdialog', { name: en.DEST_ACCOUNTS.CONFIRM_TITLE });
    await expect(confirm.getByRole('heading', { name: en.DEST_ACCOUNTS.CONFIRM_TITLE })).toBeFocused();
    await expect(confirm).toContainText(GRANDPA);
    await expectNoAxeViolations(page, 'delete phone account dialog');
    await confirm.getByRole('button', { name: en.DEST_ACCOUNTS.KEEP }).click();
    await expect(confirm).toBeHidden();
    await expect(list(page).getByRole('listitem')).toHaveCount(4);

    await remove.click();
    await confirm.getByRole('button', { name: en.DEST_ACCOUNTS.DELETE }).click();
    await expect(page.getByRole('status').filter({ hasText: GRANDPA })).toHaveText(
      fill(en.DEST_ACCOUNTS.REMOVED, GRANDPA),
    );
    await expect(list(page).getByRole('listitem')).toHaveCount(3);
    await expect(list(page).getByRole('listitem')).toContainText([DAD, SISTER]);

    await page.reload();
    await expect(list(page).getByRole('listitem')).toHaveCount(3);
    await expect(list(page).getByRole('listitem')).toContainText([DAD, SISTER]);
  });

  test('a deposit to a phone account opens the number step of its facility with the account chosen', async ({
    page,
  }) => {
    await signInThrough(page, PAGE, PAGE);
    await page.getByRole('button', { name: fill(en.DEST_ACCOUNTS.DEPOSIT_ITEM, SISTER) }).click();
    await expectStep(page, 'en', en.NUMBER.HEADING, 60, '#/deposit_number');
    await expect(page.getByText('Travis County Correctional Complex', { exact: true })).toBeVisible();
    const accounts = page.getByRole('group', { name: en.NUMBER.YOUR_ACCOUNTS });
    await expect(accounts.getByRole('radio', { checked: true })).toHaveAccessibleName(SISTER);
    await page.getByRole('button', { name: en.WIZARD.CONTINUE }).click();
    await expectStep(page, 'en', en.CHECKOUT.HEADING, 80, '#/checkout');
  });
});
