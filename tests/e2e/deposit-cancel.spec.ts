// Cancelling a deposit that has not been sent to the facility yet (docs/decisions/0049): the hold on the
// card is released and nothing is taken. A guest cancels a flex deposit from the receipt, after the
// confirmation dialog (Escape first keeps it, and the focus goes back to Cancel); a signed-in payer
// cancels one from the deposit history. A deposit stays unsent, and so cancellable, for
// DEPOSIT_POST_SECONDS after its authorization (30 s on the journeys' server, playwright.config.ts): each
// journey cancels well within it. Every expectation polls; no fixed wait.
import type { Page } from '@playwright/test';
import {
  CARDS,
  RECIPIENT,
  T,
  TERMS,
  chooseAmount,
  chooseFacility,
  chooseFlex,
  definitionOf,
  expect,
  expectNoAxeViolations,
  expectReceiptStep,
  expectStep,
  fillCheckout,
  findRecipient,
  label,
  money,
  payer,
  submitButton,
  test,
  START,
} from './support.ts';

const t = T.en;
const s = t.DEPOSIT_STATUS;
const r = t.RECEIPT;

/** A message with its {{placeholders}} filled in. */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/{{(\w+)}}/g, (_, k: string) => values[k] ?? '');
}

test.describe('cancelling a deposit not yet sent', () => {
  test('a guest cancels a flex deposit from the receipt after confirming; the status reads cancelled', async ({
    page,
  }) => {
    await page.goto(START);
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, RECIPIENT.name, 'en');
    await fillCheckout(page, CARDS.approved, 'en', payer('cancel'));
    await submitButton(page, 'en').click();
    await expectReceiptStep(page, 'en');
    const main = page.getByRole('main');
    const order = (await definitionOf(main, r.ORDER_NUMBER).textContent()) ?? '';
    expect(order).toMatch(/^D\d{8}$/);

    const panel = page.getByRole('region', { name: s.HEADING });
    const line = panel.getByTestId('deposit-status');
    await expect(line).toHaveAttribute('data-status', 'submitted');
    const cancel = panel.getByRole('button', { name: s.CANCEL });
    await expect(cancel).toBeVisible();
    await expect(cancel).toHaveAccessibleDescription(s.CANCEL_HINT);

    // The dialog takes the focus; Escape keeps the deposit and gives the focus back to Cancel.
    const dialog = page.getByRole('alertdialog', { name: s.CANCEL_TITLE });
    await cancel.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: s.CANCEL_TITLE })).toBeFocused();
    const words = { amount: money(25, 'en'), recipient: RECIPIENT.name, order };
    await expect(dialog).toHaveAccessibleDescription(fill(s.CANCEL_TEXT, words));
    await expectNoAxeViolations(page, 'receipt with the cancel dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(cancel).toBeFocused();
    await expect(line).toHaveAttribute('data-status', 'submitted');

    // Confirmed: the status, the headline and a message say it is cancelled; nothing was taken.
    await page.keyboard.press('Enter');
    const cancelled = page.waitForResponse((res) => new URL(res.url()).pathname.startsWith('/pay/deposit_cancel/'));
    await dialog.getByRole('button', { name: s.CANCEL_CONFIRM }).click();
    expect((await cancelled).status()).toBe(200);
    await expect(dialog).toBeHidden();
    await expect(line).toHaveAttribute('data-status', 'cancelled');
    await expect(line).toContainText(s.CANCELLED);
    await expect(panel.getByText(fill(s.CANCEL_DONE, words), { exact: true })).toBeFocused();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.HEADING_CANCELLED);
    await expect(panel.getByRole('button', { name: s.CANCEL })).toHaveCount(0);
    await expectNoAxeViolations(page, 'receipt with a cancelled deposit');

    // The server keeps it: the receipt read again (behind the offers a guest gets again) says cancelled.
    await page.reload();
    await expect(page.getByRole('region', { name: s.HEADING }).getByTestId('deposit-status')).toHaveAttribute(
      'data-status',
      'cancelled',
    );
  });

  test('a signed-in payer cancels a deposit from the deposit history', async ({ page }) => {
    await signIn(page, 'ana@example.com', 'sandbox-pass-1');
    const order = await payWithSavedCard(page, 100);

    await page.goto('/#/account/deposit_history');
    await expect(page.getByRole('heading', { level: 1, name: t.PAGES.DEPOSIT_HISTORY })).toBeFocused();
    const list = page.getByRole('list', { name: t.PAGES.DEPOSIT_HISTORY });
    // The newest deposit is on the first page.
    const row = list.getByRole('listitem').filter({ hasText: order });
    await expect(row).toHaveCount(1);
    const line = row.getByTestId('deposit-status');
    await expect(line).toHaveAttribute('data-status', 'submitted');
    const words = { amount: money(100, 'en'), recipient: RECIPIENT.name, order };
    const cancel = row.getByRole('button', { name: fill(s.CANCEL_ITEM, words) });
    await expect(cancel).toBeVisible();

    await cancel.click();
    const dialog = page.getByRole('alertdialog', { name: s.CANCEL_TITLE });
    await expect(dialog.getByRole('heading', { name: s.CANCEL_TITLE })).toBeFocused();
    await expect(dialog).toHaveAccessibleDescription(fill(s.CANCEL_TEXT, words));
    await expectNoAxeViolations(page, 'deposit history with the cancel dialog');
    await dialog.getByRole('button', { name: s.CANCEL_CONFIRM }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(fill(s.CANCEL_DONE, words), { exact: true })).toBeFocused();
    await expect(line).toHaveAttribute('data-status', 'cancelled');
    await expect(row.getByRole('button', { name: fill(s.CANCEL_ITEM, words) })).toHaveCount(0);
    await expectNoAxeViolations(page, 'deposit history after a cancel');

    // The server keeps it: the history read again says cancelled.
    await page.reload();
    await expect(
      page.getByRole('list', { name: t.PAGES.DEPOSIT_HISTORY }).getByRole('listitem').filter({ hasText: order }),
    ).toContainText(s.CANCELLED);
  });
});

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill(email);
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill(password);
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();
}

/** A one-time flex deposit to John Smith with the payer's saved Visa; answers its order number. */
async function payWithSavedCard(page: Page, amount: number): Promise<string> {
  const c = t.CHECKOUT;
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await chooseAmount(page, 'en', amount);
  await page
    .getByRole('group', { name: c.PAY_WITH })
    .getByRole('radio', { name: /Visa ending in 1111/ })
    .check();
  await page.getByLabel(label(c.SAVED_CVC)).fill('321');
  for (const key of TERMS) await page.getByLabel(label(c[key])).check();
  await submitButton(page, 'en').click();
  // Another journey of the run may have paid the same amount to him from this account minutes ago (§4
  // duplicate warning): this deposit is meant all the same.
  const warning = page.getByRole('alertdialog', { name: c.WARNING_TITLE });
  const receipt = page.getByRole('heading', { level: 1, name: r.HEADING_SUBMITTED });
  await expect(warning.or(receipt)).toBeVisible();
  if (await warning.isVisible()) await warning.getByRole('button', { name: c.DEPOSIT_AGAIN }).click();
  await expectReceiptStep(page, 'en');
  return (await definitionOf(page.getByRole('main'), r.ORDER_NUMBER).textContent()) ?? '';
}
