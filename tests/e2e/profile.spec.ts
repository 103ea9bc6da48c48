// Update profile (§2) and the account notification choice (§7): Ben changes his last name and how he is
// notified; a bad phone is refused with the other fields kept.
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

test('update profile: sign in on the way, a bad phone refused, names and notification choice kept', async ({
  page,
}) => {
  const t = T.en;
  const p = t.PROFILE;
  await page.goto('/#/account/update_profile');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ben@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-2');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.PAGES.UPDATE_PROFILE })).toBeFocused();
  await expect(page.getByText(p.NOTIFY_CHOOSE)).toBeVisible();
  await expectNoAxeViolations(page, 'update profile');

  await page.getByLabel(label(p.LAST_NAME)).fill('Carter-Ruiz');
  // §5 the phone rule (contract/phone.ts): no US area code starts with 5-5-5.
  await page.getByLabel(label(p.PHONE)).fill('(555) 123-4567');
  await page.getByRole('checkbox', { name: p.NOTIFY_SMS }).check();
  await page.getByRole('button', { name: p.SAVE }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([`${p.PHONE} - ${t.VALIDATION.INVALID_PHONE_FOR_COUNTRY}`]);
  await expect(page.getByLabel(label(p.LAST_NAME))).toHaveValue('Carter-Ruiz');
  await expectNoAxeViolations(page, 'update profile with an error');

  // §5 phone mask as typed.
  await page.getByLabel(label(p.PHONE)).fill('7135550110');
  await expect(page.getByLabel(label(p.PHONE))).toHaveValue('(713) 555-0110');
  await page.getByRole('button', { name: p.SAVE }).click();
  await expect(page.getByText(p.SAVED)).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(label(p.LAST_NAME))).toHaveValue('Carter-Ruiz');
  await expect(page.getByRole('checkbox', { name: p.NOTIFY_SMS })).toBeChecked();
  await expect(page.getByText(p.NOTIFY_CHOOSE)).toHaveCount(0);
});
