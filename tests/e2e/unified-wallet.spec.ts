// Unified wallet (§2 type notice, §3, §4 maxed out, §5 unified-wallet trust, §9 labels; decisions/0016),
// with axe on each step: the notice and the AdvancePay name at DuPage County (1402); the maxed-out
// checkout at Cook County (1401) and back; a signed-in approved depositor's trust deposit at 1402,
// its limits from the service.
import type { Page } from '@playwright/test';
import {
  T,
  TERMS,
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

// Several steps, each with axe, on a machine shared with other runs: more than the default 30 s.
test.describe.configure({ timeout: 90_000 });
const DUPAGE = 'DuPage County Jail';
const COOK = 'Cook County Department of Corrections';

async function chooseIllinoisFacility(page: Page, name: string): Promise<void> {
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  const state = page.getByLabel(t.FACILITY.STATE, { exact: true });
  await expect(state.getByRole('option', { name: 'Illinois' })).toBeAttached();
  await state.selectOption('IL');
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: name });
  await expect(facility.getByRole('option', { selected: true })).toHaveText(name);
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
}

function panel(page: Page, title: string) {
  return page.getByRole('region', { name: title.replace('{{label}}', 'Inmate') });
}

async function selectRecipient(page: Page, lastName: string, name: string): Promise<void> {
  await expectStep(page, 'en', t.RECIPIENT.HEADING.replace('{{label}}', 'Inmate'), 60, '#/deposit_recipient');
  await page.getByLabel(t.RECIPIENT.NAME).fill(lastName);
  const select = page.getByRole('button', { name: t.RECIPIENT.SELECT_NAMED.replace('{{name}}', name), exact: true });
  await expect(select).toBeVisible();
  await expectNoAxeViolations(page, 'recipient');
  await select.click();
}

function limitsHint(min: string, max: string): string {
  return t.CHECKOUT.LIMITS.replace('{{min}}', min).replace('{{max}}', max);
}

test('unified wallet: the notice, AdvancePay and the PIN-debit account at DuPage County (1402)', async ({
  page,
  journey,
}) => {
  await page.goto(START);
  await chooseIllinoisFacility(page, DUPAGE);

  // §2 type step: the unified-wallet notice; dest is AdvancePay, flex the PIN-debit account (§9 _UW).
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await expect(page.getByRole('note', { name: t.TYPE.UNIFIED_WALLET_TITLE })).toBeVisible();
  await expect(panel(page, t.TYPE.DEST_TITLE_UW)).toBeVisible();
  await expect(panel(page, t.TYPE.DEST_TITLE)).toHaveCount(0);
  await expectNoAxeViolations(page, 'type step, unified wallet');
  await panel(page, t.TYPE.FLEX_TITLE_UW).getByRole('button', { name: t.TYPE.CHOOSE }).click();

  await selectRecipient(page, 'rivera', 'Sofia Rivera');
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  const main = page.getByRole('main');
  await expect(main).toContainText(t.TYPE.FLEX_TITLE_UW.replace('{{label}}', 'Inmate'));
  await expect(main).toContainText(limitsHint('$10.00', '$200.00'));
  await page.getByRole('radio', { name: '$25.00', exact: true }).check();
  await expect(page.getByText(t.CHECKOUT.CALCULATING)).toHaveCount(0);
  // §9: no roundups in unified-wallet mode.
  await expect(page.getByRole('group', { name: t.CHECKOUT.ROUNDUP })).toHaveCount(0);
  await expectNoAxeViolations(page, 'checkout, unified wallet');
  expect(journey.consoleErrors).toEqual([]);
});

test('maxed out: at Cook County (1401) the checkout takes no amount; Back', async ({ page, journey }) => {
  // Unified wallet with limits 50 > 20 (§4).
  await page.goto(START);
  await chooseIllinoisFacility(page, COOK);
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await panel(page, t.TYPE.FLEX_TITLE_UW).getByRole('button', { name: t.TYPE.CHOOSE }).click();
  await selectRecipient(page, 'ortiz', 'Daniel Ortiz');
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  await expect(page.getByRole('alert').filter({ hasText: t.UW.MAXED_OUT_TITLE })).toBeVisible();
  await expect(page.getByText(t.CHECKOUT.SUMMARY)).toHaveCount(0);
  await expect(page.getByRole('radio', { name: '$25.00', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT })).toHaveCount(0);
  await expectNoAxeViolations(page, 'checkout, maxed out');
  await page.getByRole('button', { name: t.WIZARD.BACK }).click();
  await expectStep(page, 'en', t.RECIPIENT.HEADING.replace('{{label}}', 'Inmate'), 60, '#/deposit_recipient');
  expect(journey.consoleErrors).toEqual([]);
});

test('unified-wallet trust: an approved depositor pays within the service limits', async ({ page, journey }) => {
  await page.goto(START);
  await chooseIllinoisFacility(page, DUPAGE);
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  const trust = panel(page, t.TYPE.TRUST_TITLE_UW);
  await trust.getByRole('button', { name: t.TYPE.CHOOSE }).click();

  // §4: trust needs an account; sign in and come back.
  const dialog = page.getByRole('dialog', { name: t.TYPE.SIGN_IN_TITLE });
  await dialog.getByRole('link', { name: t.TYPE.SIGN_IN }).click();
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await panel(page, t.TYPE.TRUST_TITLE_UW).getByRole('button', { name: t.TYPE.CHOOSE }).click();

  await selectRecipient(page, 'rivera', 'Sofia Rivera');
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  // §5: approved depositor, inmate found, then the service's min and max.
  await expect(page.getByRole('main')).toContainText(limitsHint('$10.00', '$200.00'));
  await page.getByRole('radio', { name: '$50.00', exact: true }).check();
  await page
    .getByRole('group', { name: t.CHECKOUT.PAY_WITH })
    .getByRole('radio', { name: /Visa ending in 1111/ })
    .check();
  await page.getByLabel(label(t.CHECKOUT.SAVED_CVC)).fill('123');
  for (const key of TERMS) await page.getByLabel(label(t.CHECKOUT[key])).check();
  await expectNoAxeViolations(page, 'checkout, unified-wallet trust');
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(page.getByRole('main')).toContainText(t.TYPE.TRUST_TITLE_UW);
  await expectNoAxeViolations(page, 'receipt, unified-wallet trust');
  expect(journey.consoleErrors).toEqual([]);
});
