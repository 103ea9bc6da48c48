// A signed-in payer pays with a saved card and sets up a monthly recurring deposit (§4 card choice,
// recurring; §6 signed in), then finds it under My account, Recurring deposits.
import {
  RECIPIENT,
  T,
  TERMS,
  chooseFacility,
  chooseFlex,
  definitionOf,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  findRecipient,
  label,
  money,
  presetRadio,
  submitButton,
  test,
} from './support.ts';

test('saved card, monthly on the 15th: the deposit goes through and the recurring deposit is listed', async ({
  page,
  journey,
}) => {
  const t = T.en;
  const c = t.CHECKOUT;
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  // Signed in: the header offers the account instead of the sign-in link.
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();

  await page.goto('/#/deposit_facility/US');
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');

  await presetRadio(page, 'en').check();
  const payWith = page.getByRole('group', { name: c.PAY_WITH });
  await expect(payWith.getByRole('radio', { name: c.NEW_CARD })).toBeChecked();
  await payWith.getByRole('radio', { name: /Visa ending in 1111/ }).check();
  await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveCount(0);
  await page.getByLabel(label(c.SAVED_CVC)).fill('321');

  const often = page.getByRole('group', { name: c.RECURRING });
  // Offered a recurring choice, the payer is told where to cancel one.
  await expect(page.getByText(t.CHECKOUT_EXTRAS.AUTO_PAY_NOTE)).toBeVisible();
  await often.getByRole('radio', { name: c.RECURRING_MONTHLY }).check();
  // A day is needed: submitting without one names the field.
  for (const key of TERMS) await page.getByLabel(label(c[key])).check();
  await submitButton(page, 'en').click();
  const summary = page.getByRole('alert', { name: t.ERROR.CHECKOUT_ERROR });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([`${c.RECURRING_DAY} - ${t.VALIDATION.REQUIRED}`]);
  await page.getByLabel(label(c.RECURRING_DAY)).selectOption('15');
  await expect(page.getByLabel(label(c.SAVED_CVC))).toHaveValue('321');
  await expectNoAxeViolations(page, 'checkout with a saved card and recurring');

  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(page.getByRole('main')).toContainText('Visa');
  // The receipt names the schedule (§4).
  await expect(definitionOf(page, t.RECEIPT.REPEATS)).toHaveText(t.RECURRING.MONTHLY.replace('{{day}}', '15'));
  expect(journey.requests.some((r) => r.path === '/vault/tokenize')).toBe(false);
  // The security code went to the saved-card vault call only.
  expect(journey.requests.filter((r) => r.body.includes('"321"')).map((r) => r.path)).toEqual([
    '/vault/tokenize_saved_card',
  ]);

  await page.goto('/#/account/recurring_deposits');
  const list = page.getByRole('list', { name: t.PAGES.RECURRING_DEPOSITS });
  const item = list.getByRole('listitem').filter({
    hasText: t.RECURRING.ITEM.replace('{{amount}}', money(25, 'en')).replace('{{recipient}}', RECIPIENT.name),
  });
  await expect(item).toContainText(t.RECURRING.MONTHLY.replace('{{day}}', '15'));
});
