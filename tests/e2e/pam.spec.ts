// The pam variant (§2): at a pam facility the checkout asks for the fees acknowledgement, and Next posts
// the signed payload (urlencoded) to the payment endpoint, here the sandbox's own, which takes the card and
// sends the payer back with a signed result: the site records the deposit and shows the pam receipt.
import type { Page } from '@playwright/test';
import {
  chooseAmount,
  chooseFlex,
  definitionOf,
  expect,
  expectNoAxeViolations,
  expectStep,
  label,
  type Lang,
  money,
  START,
  T,
  test,
} from './support.ts';

/** Ana signs in and goes to the checkout of a flex deposit for Robert Lee at Maricopa County (1201, pam). */
async function toPamCheckout(page: Page, lang: Lang): Promise<void> {
  const t = T[lang];
  if (lang === 'es') {
    await page.goto(START);
    await page.getByRole('button', { name: T.en.LAYOUT.LANGUAGE_ES }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  }
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();

  await page.goto('/#/deposit_facility/US');
  await expectStep(page, lang, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await page.getByLabel(t.FACILITY.STATE, { exact: true }).selectOption('AZ');
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: 'Maricopa County Lower Buckeye Jail' });
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await chooseFlex(page, lang);
  await page.getByLabel(t.RECIPIENT.NAME).fill('lee');
  await page
    .getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', 'Robert Lee'), exact: true })
    .click();
  await expectStep(page, lang, t.CHECKOUT.HEADING, 80, '#/checkout');
}

test('pam: signed in, acknowledge the fees, Next reaches the payment endpoint, which takes the card; back on the site the pam receipt shows', async ({
  page,
  journey,
}) => {
  const t = T.en;
  const c = t.CHECKOUT;
  await toPamCheckout(page, 'en');

  await chooseAmount(page, 'en');
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
  await expect(page.getByRole('heading', { level: 1, name: t.RECEIPT.HEADING_SUBMITTED })).toBeVisible();
  await expect(definitionOf(page, t.RECEIPT.PAM_CARD_LAST4)).toHaveText('1111');
  await expect(definitionOf(page, t.RECEIPT.DEPOSIT_AMOUNT)).toHaveText('$25.00');
  await expect(definitionOf(page, t.RECEIPT.PAM_FEE)).toHaveText(/^\$\d+\.\d\d$/);
  await expect(page.getByText(t.RECEIPT.CARD_EXPIRY, { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page, 'pam receipt');
  // A reload of the receipt keeps it; the deposit is in the payer's history once.
  await page.reload();
  await page.getByRole('dialog', { name: t.RECEIPT.SMS_TITLE }).getByRole('button', { name: t.RECEIPT.SKIP }).click();
  await expect(definitionOf(page, t.RECEIPT.PAM_CARD_LAST4)).toHaveText('1111');
});

test('pam recurring (Spanish): twice a month on the 1st and the 15th is set up with the payment, on the card the endpoint took, and listed under My account', async ({
  page,
}) => {
  const t = T.es;
  const c = t.CHECKOUT;
  await toPamCheckout(page, 'es');
  await chooseAmount(page, 'es');
  // One time unless the payer chooses otherwise.
  const often = page.getByRole('group', { name: c.RECURRING });
  await expect(often.getByRole('radio', { name: c.RECURRING_ONCE })).toBeChecked();
  await often.getByRole('radio', { name: t.RECURRING.BIWEEKLY }).check();
  await expect(often.getByText(c.PAM_RECURRING_HINT)).toBeVisible();
  await page.getByRole('checkbox', { name: /^Entiendo que se cobra una comisión de/ }).check();
  await expectNoAxeViolations(page, 'pam checkout, recurring (es)');
  await page.getByRole('button', { name: c.NEXT, exact: true }).click();

  // The endpoint says that it will charge again, and when.
  const ps = t.PAM_SANDBOX;
  await expect(page.getByRole('heading', { level: 1, name: ps.TITLE })).toBeVisible();
  await expect(page.getByText(/el 1 y el 15 de cada mes/)).toBeVisible();
  await expectNoAxeViolations(page, 'pam endpoint, recurring (es)');
  await page.getByLabel(ps.CARD_NUMBER, { exact: false }).fill('5555555555554444');
  await page.getByLabel(ps.EXPIRY_MONTH, { exact: false }).fill('11');
  await page.getByLabel(ps.EXPIRY_YEAR, { exact: false }).fill(String(new Date().getFullYear() + 3));
  await page.getByLabel(ps.SECURITY_CODE, { exact: false }).fill('123');
  await page.getByRole('button', { name: new RegExp(`^${ps.PAY.replace('{{total}}', '')}`) }).click();

  await expect(page).toHaveURL(/#\/deposit_receipt$/);
  await page.getByRole('dialog', { name: t.RECEIPT.SMS_TITLE }).getByRole('button', { name: t.RECEIPT.SKIP }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.RECEIPT.HEADING_SUBMITTED })).toBeVisible();
  await expect(definitionOf(page, t.RECEIPT.PAM_CARD_LAST4)).toHaveText('4444');
  await expect(definitionOf(page, t.RECEIPT.REPEATS)).toHaveText(t.RECURRING.BIWEEKLY);
  await expectNoAxeViolations(page, 'pam receipt, recurring (es)');

  // My account lists it, on the endpoint's card, and it can be cancelled there.
  await page.goto('/#/account/recurring_deposits');
  const list = page.getByRole('list', { name: t.PAGES.RECURRING_DEPOSITS });
  const item = list.getByRole('listitem').filter({ hasText: /4444/ }).filter({ hasText: t.RECURRING.BIWEEKLY });
  await expect(item).toHaveCount(1);
  // Each schedule once: the seeded pam one (trust, $100.00) too, which both account calls name.
  await expect(list.getByRole('listitem').filter({ hasText: money(100, 'es') })).toHaveCount(1);
  await expect(item).toContainText('Robert Lee');
  await expect(item).toContainText(money(25, 'es'));
  await expectNoAxeViolations(page, 'recurring deposits (es)');
  await item.getByRole('button', { name: t.RECURRING.CANCEL }).click();
  const confirm = page.getByRole('alertdialog', { name: t.RECURRING.CONFIRM_TITLE });
  await confirm.getByRole('button', { name: t.RECURRING.CANCEL }).click();
  await expect(page.getByRole('status')).toContainText(t.RECURRING.CANCELLED.split('{{')[0] ?? '');
  await expect(item).toHaveCount(0);
});
