// The pam variant (§2): at a pam facility the checkout asks for the fees acknowledgement, and Next posts
// the signed payload (urlencoded) to the payment endpoint, here the sandbox's own, which takes the card and
// sends the payer back with a signed result: the site records the deposit and shows the pam receipt.
import { T, chooseFlex, expect, expectNoAxeViolations, expectStep, label, presetRadio, test } from './support.ts';

test('pam: signed in, acknowledge the fees, Next reaches the payment endpoint, which takes the card; back on the site the pam receipt shows', async ({
  page,
  journey,
}) => {
  const t = T.en;
  const c = t.CHECKOUT;
  await page.goto('/#/login');
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();

  await page.goto('/#/deposit_facility/US');
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await page.getByLabel(t.FACILITY.STATE, { exact: true }).selectOption('AZ');
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: 'Maricopa County Lower Buckeye Jail' });
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await chooseFlex(page, 'en');
  await page.getByLabel(t.RECIPIENT.NAME).fill('lee');
  await page
    .getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', 'Robert Lee'), exact: true })
    .click();
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');

  await presetRadio(page, 'en').check();
  const next = page.getByRole('button', { name: c.NEXT, exact: true });
  await expect(next).toBeDisabled();
  await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveCount(0);
  await page.getByRole('checkbox', { name: /I understand that a fee of/ }).check();
  await expect(next).toBeEnabled();
  await expectNoAxeViolations(page, 'pam checkout');
  await next.click();

  // The endpoint's page: what is paid, and its own card form.
  const ps = t.PAM_SANDBOX;
  await expect(page.getByRole('heading', { level: 1, name: ps.TITLE })).toBeVisible();
  await expect(page.getByText('Robert Lee', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'pam endpoint');
  expect(journey.requests.some((r) => r.path === '/vault/tokenize')).toBe(false);
  const fill = async (number: string) => {
    await page.getByLabel(ps.CARD_NUMBER, { exact: false }).fill(number);
    await page.getByLabel(ps.EXPIRY_MONTH, { exact: false }).fill('12');
    await page.getByLabel(ps.EXPIRY_YEAR, { exact: false }).fill('2030');
    await page.getByLabel(ps.SECURITY_CODE, { exact: false }).fill(number.length === 15 ? '1234' : '123');
    await page.getByRole('button', { name: /^Pay / }).click();
  };
  // §8 on the endpoint: a declined card says why, and nothing is taken.
  await fill('378282246310005');
  await expect(page.getByRole('alert')).toContainText(t.ERROR.NO_AMEX);
  await expect(page.getByLabel(ps.EXPIRY_MONTH, { exact: false })).toHaveValue('12');
  await fill('4111111111111111');

  // Back on the site: the deposit is recorded and the pam receipt shows (§2).
  // A signed-in payer is offered the text receipt (§2) first; skipped here.
  await expect(page).toHaveURL(/#\/deposit_receipt$/);
  const sms = page.getByRole('dialog', { name: t.RECEIPT.SMS_TITLE });
  await expect(sms).toBeVisible();
  await sms.getByRole('button', { name: t.RECEIPT.SKIP }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.RECEIPT.HEADING })).toBeVisible();
  const fact = (name: string) =>
    page.getByText(name, { exact: true }).and(page.locator('dt')).locator('xpath=following-sibling::dd[1]');
  await expect(fact(t.RECEIPT.PAM_CARD_LAST4)).toHaveText('1111');
  await expect(fact(t.RECEIPT.DEPOSIT_AMOUNT)).toHaveText('$25.00');
  await expect(fact(t.RECEIPT.PAM_FEE)).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByText(t.RECEIPT.CARD_EXPIRY, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'pam receipt');
  // A reload of the receipt keeps it; the deposit is in the payer's history once.
  await page.reload();
  await page.getByRole('dialog', { name: t.RECEIPT.SMS_TITLE }).getByRole('button', { name: t.RECEIPT.SKIP }).click();
  await expect(fact(t.RECEIPT.PAM_CARD_LAST4)).toHaveText('1111');
});
