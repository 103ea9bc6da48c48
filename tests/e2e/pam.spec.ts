// The pam variant (§2): at a pam facility the checkout asks for the fees acknowledgement, and Next posts
// the signed payload (urlencoded) to the payment endpoint, here the sandbox's own.
import { T, chooseFlex, expect, expectNoAxeViolations, expectStep, label, presetRadio, test } from './support.ts';

test('pam: signed in, acknowledge the fees, Next reaches the payment endpoint which takes the payment', async ({
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

  await expect(page.getByRole('heading', { level: 1, name: t.PAM_SANDBOX.TITLE })).toBeVisible();
  await expect(page.getByText('Robert Lee', { exact: false })).toBeVisible();
  expect(journey.requests.some((r) => r.path === '/vault/tokenize')).toBe(false);
});
