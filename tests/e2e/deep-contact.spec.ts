// Deep-contact links (§4, docs/decisions/0019): a guest's link without zuid asks for sign-in and comes
// back to the type step; signed in, trust goes from type straight to checkout (no recipient search) and
// an approved depositor pays; a link with zuid lets a guest make a flex deposit; a fraud-flagged person
// is blocked (FRAUD_CONTROL_MESSAGE); an unknown link offers the normal wizard. Axe on every step.
import type { Page } from '@playwright/test';
import {
  CARDS,
  chooseAmount,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  fillPayment,
  label,
  payer,
  submitButton,
  T,
  TERMS,
  test,
} from './support.ts';

const t = T.en;

/** Fulton County Jail (1101): Ana is an approved depositor of Latoya Jackson (fixtures/approved-depositors.json). */
const FULTON_LINK = '/#/deep_contact/1101/100023';

function forText(name: string): string {
  return t.DEEP_CONTACT.FOR.replace('{{name}}', name).replace('{{label}}', 'inmate');
}

async function expectTypeStepFor(page: Page, name: string): Promise<void> {
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await expect(page.getByText(forText(name))).toBeVisible();
}

async function choose(page: Page, titleKey: 'FLEX_TITLE' | 'TRUST_TITLE'): Promise<void> {
  const title = t.TYPE[titleKey].replace('{{label}}', 'Inmate');
  await page.getByRole('region', { name: title }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
}

async function expectCheckoutStep(page: Page): Promise<void> {
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
}

test('deep contact: a guest signs in from the link, then trust goes straight to checkout and is paid', async ({
  page,
}) => {
  // A sign-in (a memory-hard hash) and axe on six screens: more than one step's worth of time.
  test.setTimeout(90_000);
  await page.goto(FULTON_LINK);
  await expectTypeStepFor(page, 'Latoya Jackson');
  await expectNoAxeViolations(page, 'deep-contact type step (guest)');

  // §4: without zuid, a deposit to the person needs sign-in, flex included.
  await choose(page, 'FLEX_TITLE');
  const dialog = page.getByRole('dialog', { name: t.TYPE.SIGN_IN_TITLE });
  await expect(dialog.getByRole('heading', { name: t.TYPE.SIGN_IN_TITLE })).toBeFocused();
  await expect(dialog).toContainText(t.DEEP_CONTACT.SIGN_IN_TEXT.replace('{{name}}', 'Latoya Jackson'));
  await expectNoAxeViolations(page, 'deep-contact login-required modal');
  await dialog.getByRole('link', { name: t.TYPE.SIGN_IN }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await expectNoAxeViolations(page, 'sign-in page');
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();

  // Back on the type step with the same person; trust skips the recipient search.
  await expectTypeStepFor(page, 'Latoya Jackson');
  await expectNoAxeViolations(page, 'deep-contact type step (signed in)');
  await choose(page, 'TRUST_TITLE');
  await expectCheckoutStep(page);
  await expect(page.getByRole('main')).toContainText('Latoya Jackson');
  await expectNoAxeViolations(page, 'deep-contact checkout');

  // Back goes to the type step, not to a recipient search.
  await page.getByRole('button', { name: t.WIZARD.BACK }).click();
  await expectTypeStepFor(page, 'Latoya Jackson');
  await choose(page, 'TRUST_TITLE');
  await expectCheckoutStep(page);

  await chooseAmount(page, 'en', 75);
  await page
    .getByRole('group', { name: t.CHECKOUT.PAY_WITH })
    .getByRole('radio', { name: /Visa ending in 1111/ })
    .check();
  await page.getByLabel(label(t.CHECKOUT.SAVED_CVC)).fill('123');
  for (const key of TERMS) await page.getByLabel(label(t.CHECKOUT[key])).check();
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(page.getByRole('main')).toContainText(t.TYPE.TRUST_TITLE);
  await expect(page.getByRole('main')).toContainText('Latoya Jackson');
  await expectNoAxeViolations(page, 'deep-contact receipt');
});

test('deep contact: a link with zuid lets a guest make a flex deposit', async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto('/#/deep_contact/1001/100003?zuid=partner-42');
  await expectTypeStepFor(page, 'Maria Garcia');
  await expectNoAxeViolations(page, 'deep-contact type step (zuid)');
  await choose(page, 'FLEX_TITLE');
  await expectCheckoutStep(page);
  await expectNoAxeViolations(page, 'deep-contact flex checkout');
  await chooseAmount(page, 'en');
  await fillPayment(page, CARDS.approved, 'en', payer('deep'));
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(page.getByRole('main')).toContainText('Maria Garcia');
  await expectNoAxeViolations(page, 'deep-contact flex receipt');
});

test('deep contact: a fraud-flagged person is blocked; a new deposit starts at the facility step', async ({ page }) => {
  await page.goto('/#/deep_contact/1001/100004?zuid=partner-42');
  await expectTypeStepFor(page, 'Victor Delgado');
  await expect(page.getByRole('alert')).toHaveText(t.ERROR.FRAUD_CONTROL_MESSAGE);
  await expect(page.getByRole('button', { name: t.TYPE.CHOOSE })).toHaveCount(0);
  await expectNoAxeViolations(page, 'deep-contact fraud block');
  await page.getByRole('button', { name: t.DEEP_CONTACT.START_WIZARD }).click();
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await expect(page.getByText(forText('Victor Delgado'))).toHaveCount(0);
});

test('deep contact: an unknown link says so and offers the normal wizard', async ({ page, journey }) => {
  journey.expectedHttpErrors.push('/pay/deep_contact');
  await page.goto('/#/deep_contact/1001/999999');
  await expect(page.getByRole('alert')).toHaveText(t.ERROR.DEEP_CONTACT_NOT_FOUND);
  await expectNoAxeViolations(page, 'deep-contact unknown link');
  await page.getByRole('link', { name: t.DEEP_CONTACT.START_WIZARD }).click();
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
});
