// A 390 x 844 phone (§2: payers are often on old phones): nothing runs past the screen's edge.
import type { Locator, Page } from '@playwright/test';
import {
  CARDS,
  RECIPIENT,
  START,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  expectNoAxeViolations,
  fillCheckout,
  findRecipient,
  payer,
  submitButton,
  test,
} from './support.ts';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The element lies within the screen's width, and nothing inside it is wider than it. */
async function expectWithinScreen(page: Page, locator: Locator, what: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what}: right edge`).toBeLessThanOrEqual(width);
  const overflow = await locator.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${what}: content wider than the box`).toBeLessThanOrEqual(0);
}

test("the receipt's save-your-details modal fits a 390 px phone, long e-mail address and all", async ({ page }) => {
  const r = T.en.RECEIPT;
  const who = {
    ...payer('phone'),
    email: `a.payer.with.a.rather.long.address.${Date.now()}@family-deposits.example.com`,
  };
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await fillCheckout(page, CARDS.approved, 'en', who);
  await submitButton(page, 'en').click();

  const account = page.getByRole('dialog', { name: r.ACCOUNT_TITLE });
  await expect(account.getByRole('heading', { name: r.ACCOUNT_TITLE })).toBeFocused();
  await expect(account).toContainText(who.email);
  await expectWithinScreen(page, account, 'the modal');
  await expectWithinScreen(page, account.getByText(who.email, { exact: false }), 'the text with the e-mail');
  for (const name of [r.CREATE_ACCOUNT, r.NO_THANKS]) {
    const button = account.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
    await expectWithinScreen(page, button, `the ${name} button`);
  }
  await expectNoAxeViolations(page, 'create-account modal on a phone');
});
