// The primary account page in the browser (§2 /account/primary_account: validated accounts only;
// §6 login required; §7 make_primary).
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

const P = T.en.PRIMARY;
const option = (name: string, phone: string) => P.OPTION.replace('{{label}}', name).replace('{{phone}}', phone);
const MOM = option('Mom', '(512) 555-0101');
const BROTHER = option('Brother', '(512) 555-0102');
const current = (name: string) => `${name} ${P.CURRENT}`;
const saved = (name: string) => P.SAVED.replace('{{account}}', name);

test.describe('primary account', () => {
  test('sign in on the way, make another verified account primary; it is kept after a reload', async ({ page }) => {
    await signInThrough(page, '/account/primary_account', 'ana@example.com', 'sandbox-pass-1');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.PRIMARY_ACCOUNT })).toBeFocused();
    const group = page.getByRole('group', { name: P.LEGEND });
    // §2: the verified accounts only (Cousin's is pending; the SNAP line is never listed, §9).
    await expect(group.getByRole('radio')).toHaveCount(4);
    await expect(group.getByRole('radio', { name: /Cousin/ })).toHaveCount(0);
    await expect(page.getByText(P.HIDDEN)).toBeVisible();
    await expect(group.getByRole('radio', { name: current(MOM), exact: true })).toBeChecked();
    await expectNoAxeViolations(page, 'primary account');

    await group.getByRole('radio', { name: BROTHER, exact: true }).check();
    await page.getByRole('button', { name: P.SAVE }).click();
    await expect(page.getByRole('status')).toHaveText(saved(BROTHER));
    await expect(group.getByRole('radio', { name: current(BROTHER), exact: true })).toBeChecked();
    await expect(group.getByRole('radio', { name: MOM, exact: true })).not.toBeChecked();
    await expectNoAxeViolations(page, 'primary account saved');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.PRIMARY_ACCOUNT })).toBeFocused();
    await expect(group.getByRole('radio', { name: current(BROTHER), exact: true })).toBeChecked();
    await expect(group.getByRole('radio', { name: MOM, exact: true })).not.toBeChecked();

    // Back to Mom with the keyboard only (Enter in a radio submits the form); other journeys expect
    // Ana's accounts as seeded.
    const mom = group.getByRole('radio', { name: MOM, exact: true });
    await mom.focus();
    await page.keyboard.press('Space');
    await expect(mom).toBeChecked();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText(saved(MOM));
    await page.reload();
    await expect(group.getByRole('radio', { name: current(MOM), exact: true })).toBeChecked();
  });
});
