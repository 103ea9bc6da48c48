// Trust deposits (§2 type step, §4 login-required modal, §6 approved depositor): a guest is asked to
// sign in and comes back to the type step; an approved depositor pays, one who is not is refused with
// NOT_APPROVED_DEPOSITOR_MSG and keeps what was entered.
import type { Page } from '@playwright/test';
import {
  T,
  TERMS,
  chooseFacility,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  label,
  submitButton,
  test,
  START,
} from './support.ts';

const t = T.en;

async function chooseTrust(page: Page): Promise<void> {
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  const trust = page.getByRole('region', { name: t.TYPE.TRUST_TITLE });
  await trust.getByRole('button', { name: t.TYPE.CHOOSE }).click();
}

/** The recipient by last name, then the checkout with the saved Visa, its code and the terms. */
async function payWithSavedVisa(page: Page, lastName: string, name: string): Promise<void> {
  await expectStep(page, 'en', t.RECIPIENT.HEADING.replace('{{label}}', 'Inmate'), 60, '#/deposit_recipient');
  await page.getByLabel(t.RECIPIENT.NAME).fill(lastName);
  await page.getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', name), exact: true }).click();
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  await page.getByRole('radio', { name: '$50.00', exact: true }).check();
  await page
    .getByRole('group', { name: t.CHECKOUT.PAY_WITH })
    .getByRole('radio', { name: /Visa ending in 1111/ })
    .check();
  await page.getByLabel(label(t.CHECKOUT.SAVED_CVC)).fill('123');
  for (const key of TERMS) await page.getByLabel(label(t.CHECKOUT[key])).check();
}

test('trust: a guest signs in on the way; approved pays, not approved is refused', async ({ page, journey }) => {
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseTrust(page);

  // §4: the login-required modal.
  const dialog = page.getByRole('dialog', { name: t.TYPE.SIGN_IN_TITLE });
  await expect(dialog.getByRole('heading', { name: t.TYPE.SIGN_IN_TITLE })).toBeFocused();
  await expectNoAxeViolations(page, 'login-required modal');
  await dialog.getByRole('link', { name: t.TYPE.SIGN_IN }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();

  // Back on the type step, signed in: trust goes on to the recipient.
  await chooseTrust(page);
  await payWithSavedVisa(page, 'smith', 'John Smith');
  await expectNoAxeViolations(page, 'trust checkout');
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(page.getByRole('main')).toContainText(t.TYPE.TRUST_TITLE);

  // Another trust deposit, to someone Ana is not approved for.
  await page.getByRole('button', { name: t.RECEIPT.MAKE_ANOTHER }).click();
  await chooseFacility(page, 'en');
  await chooseTrust(page);
  await payWithSavedVisa(page, 'smithers', 'Johnny Smithers');
  await submitButton(page, 'en').click();
  await expect(page.getByRole('alert').filter({ hasText: t.ERROR.NOT_APPROVED_DEPOSITOR_MSG })).toBeVisible();
  await expect(page.getByLabel(label(t.CHECKOUT.SAVED_CVC))).toHaveValue('123');
  await expect(page.getByRole('radio', { name: '$50.00', exact: true })).toBeChecked();
  expect(journey.consoleErrors).toEqual([]);
});
