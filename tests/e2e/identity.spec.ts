// identity.verify (§2, §4): Ben (pending, with pending US phone accounts, fixtures/payers.json: born
// 1979-02-11, SSN ending 4321) signs in from the welcome page and is taken to the identity step, which
// §4 skips only when no pending US phone accounts remain; he agrees, is rejected once (retryable), then
// verified, sees the phone accounts still to verify and goes on to deposit_or_schedule_visit. His phone
// accounts are left as they are.
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

test('identity: signing in leads to it; agreement, a rejected try, then verified and on to make a deposit', async ({
  page,
}) => {
  const t = T.en;
  const i = t.IDENTITY;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: t.PAGES.LANDING })).toBeFocused();
  await page.getByRole('main').getByRole('button', { name: t.LANDING.SIGN_IN }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ben@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-2');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();

  // Not "What would you like to do?": the identity step first (§4).
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/identity_verify');
  const agreement = page.getByRole('dialog', { name: i.AGREE_TITLE });
  await expect(agreement.getByRole('heading', { name: i.AGREE_TITLE })).toBeFocused();
  await expectNoAxeViolations(page, 'identity agreement');
  await agreement.getByRole('checkbox').nth(0).check();
  await agreement.getByRole('button', { name: i.ACCEPT }).click();
  await expect(agreement).toBeVisible();
  await agreement.getByRole('checkbox').nth(1).check();
  await agreement.getByRole('button', { name: i.ACCEPT }).click();

  await page.getByLabel(label(i.DOB_MONTH)).fill('2');
  await page.getByLabel(label(i.DOB_DAY)).fill('11');
  await page.getByLabel(label(i.DOB_YEAR)).fill('1979');
  await page.getByLabel(label(i.SSN)).fill('1234');
  await page.getByRole('button', { name: i.SUBMIT }).click();
  await expect(page.getByRole('alert')).toContainText(i.REJECTED);
  await expect(page.getByLabel(label(i.DOB_YEAR))).toHaveValue('1979');
  await expectNoAxeViolations(page, 'identity rejected, retry');
  await page.getByLabel(label(i.SSN)).fill('4321');
  await page.getByRole('button', { name: i.SUBMIT }).click();

  const accounts = page.getByRole('list', { name: i.ACCOUNTS_TITLE });
  await expect(accounts.getByRole('listitem').first()).toBeVisible();
  await expectNoAxeViolations(page, 'identity: phone accounts to verify');
  await page.getByRole('button', { name: i.CONTINUE }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.PAGES.DEPOSIT_OR_VISIT })).toBeFocused();
});
