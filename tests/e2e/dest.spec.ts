// A guest's deposit to a friends-and-family phone account (§2 type and number steps, checkout roundup,
// receipt): a new number, the fraud check, a roundup picked and then "No thanks", the deposit, and the
// receipt naming the number.
import {
  CARDS,
  chooseAmount,
  chooseFacility,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  EXPIRY,
  fillPayment,
  label,
  money,
  payer,
  START,
  submitButton,
  T,
  TERMS,
  test,
} from './support.ts';

test('dest to a new number: fraud-flagged number refused, roundup picked then undone, paid', async ({ page }) => {
  const t = T.en;
  const c = t.CHECKOUT;
  await page.goto(START);
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
  await chooseAmount(page, 'en');
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

test('a new payer: a deposit to a new number makes a pending phone account, verified from the receipt', async ({
  page,
}) => {
  const t = T.en;
  const c = t.CHECKOUT;
  // A new payer: the seeded ones' phone accounts are counted by other journeys.
  await page.goto('/#/login');
  await page.getByRole('button', { name: t.LOGIN.CREATE_ACCOUNT }).click();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill(`dee-${Date.now()}@example.com`);
  await page.getByLabel(label(t.LOGIN.FIRST_NAME)).fill('Dee');
  await page.getByLabel(label(t.LOGIN.LAST_NAME)).fill('Park');
  await page.getByLabel(label(t.LOGIN.PASSWORD), { exact: true }).fill('secret1');
  await page.getByLabel(label(t.LOGIN.PASSWORD_AGAIN)).fill('secret1');
  await page.getByLabel(label(t.LOGIN.PIN), { exact: true }).fill('123456');
  await page.getByLabel(label(t.LOGIN.PIN_AGAIN)).fill('123456');
  await page.getByRole('button', { name: t.LOGIN.REGISTER_SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();
  // §2: a new account lands on deposit_or_schedule_visit (landing.spec.ts has an address typed while
  // the app writes its own).
  await expect(page.getByRole('heading', { level: 1, name: t.PAGES.DEPOSIT_OR_VISIT })).toBeFocused();
  await page.goto('/#/deposit_facility/US');
  await chooseFacility(page, 'en');
  await page.getByRole('region', { name: t.TYPE.DEST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
  await expectStep(page, 'en', t.NUMBER.HEADING, 60, '#/deposit_number');
  await page.getByLabel(label(t.NUMBER.PHONE)).fill('7135550177');
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await chooseAmount(page, 'en');
  // No saved cards yet: a new card and its billing address.
  await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.approved);
  await page.getByLabel(label(c.EXPIRY_MONTH)).selectOption(EXPIRY.month);
  await page.getByLabel(label(c.EXPIRY_YEAR)).selectOption(EXPIRY.year);
  await page.getByLabel(label(c.CVC)).fill(EXPIRY.cvc);
  await page.getByLabel(label(c.FIRST_NAME)).fill('Dee');
  await page.getByLabel(label(c.LAST_NAME)).fill('Park');
  await page.getByLabel(label(c.ADDRESS1)).fill('9 Elm St');
  await page.getByLabel(label(c.CITY)).fill('Houston');
  await page.getByLabel(label(c.STATE)).selectOption('TX');
  await page.getByLabel(label(c.ZIP)).fill('77002');
  for (const key of TERMS) await page.getByLabel(label(c[key])).check();
  await submitButton(page, 'en').click();

  // The text-receipt modal first (US billing), then the receipt offers to verify the new number.
  await expectReceiptStep(page, 'en');
  await page.getByRole('button', { name: t.RECEIPT.VERIFY_PHONE }).click();
  const dialog = page.getByRole('dialog');
  await expectNoAxeViolations(page, 'verify the new number from the receipt');
  await dialog.getByRole('button', { name: t.PHONE_VERIFY.SEND_TEXT }).click();
  const codeField = dialog.getByRole('textbox');
  await expect(codeField).toBeFocused();
  const res = await page.request.get('/development/outbox');
  const { messages } = (await res.json()) as {
    messages: { channel: string; to: string; subject: string; body: string }[];
  };
  const code = messages
    .find((m) => m.to === '7135550177' && m.subject === 'phone-verify:sms')
    ?.body.match(/\b\d{6}\b/)?.[0];
  expect(code).toBeDefined();
  await codeField.fill(code ?? '');
  await dialog.getByRole('button', { name: t.PHONE_VERIFY.SUBMIT }).click();
  await expect(page.getByText(t.RECEIPT.PHONE_VERIFIED)).toBeVisible();
});
