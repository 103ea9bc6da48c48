// A guest's deposit to a friends-and-family phone account (§2 type and number steps, checkout roundup,
// receipt): a new number, the fraud check, a roundup picked and then "No thanks", the deposit, and the
// receipt naming the number.
import {
  CARDS,
  T,
  chooseFacility,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  fillPayment,
  label,
  money,
  payer,
  presetRadio,
  submitButton,
  test,
} from './support.ts';

test('dest to a new number: fraud-flagged number refused, roundup picked then undone, paid', async ({ page }) => {
  const t = T.en;
  const c = t.CHECKOUT;
  await page.goto('/');
  await chooseFacility(page, 'en');
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await page.getByRole('region', { name: t.TYPE.DEST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();

  await expectStep(page, 'en', t.NUMBER.HEADING, 60, '#/deposit_number');
  await expectNoAxeViolations(page, 'number step');
  const phone = page.getByLabel(label(t.NUMBER.PHONE));
  // §5: the sandbox's fraud-flagged number (fixtures/fraud-numbers.json) stops the deposit.
  await phone.fill('5125550666');
  await expect(phone).toHaveValue('(512) 555-0666');
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await expect(page.getByRole('alert')).toContainText(t.ERROR.FRAUD_CONTROL_MESSAGE);
  await phone.fill('5125550123');
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();

  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await expect(page.getByText('(512) 555-0123')).toBeVisible();
  await presetRadio(page, 'en').check();
  await fillPayment(page, CARDS.approved, 'en', payer('dest'));
  // §9 roundups for a $25 phone deposit: $30 (1 free call) and $40 (2); picking one replaces the figures.
  const roundup = page.getByRole('group', { name: c.ROUNDUP });
  const to30 = roundup.getByRole('radio', {
    name: c.ROUNDUP_OPTION_one.replace('{{amount}}', money(30, 'en')).replace('{{count}}', '1'),
  });
  await to30.check();
  const summary = page.getByRole('region', { name: c.SUMMARY });
  await expect(summary).toContainText(money(30, 'en'));
  await roundup.getByRole('radio', { name: c.NO_THANKS }).check();
  await expect(summary).not.toContainText(money(30, 'en'));
  await to30.check();
  await expectNoAxeViolations(page, 'dest checkout with a roundup');
  await submitButton(page, 'en').click();

  await expectReceiptStep(page, 'en');
  const main = page.getByRole('main');
  await expect(main).toContainText(t.TYPE.DEST_TITLE);
  await expect(main).toContainText('(512) 555-0123');
  await expect(main).toContainText(money(30, 'en'));
});
