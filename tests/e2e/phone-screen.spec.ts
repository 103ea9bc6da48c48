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
    // In sight as the modal opens, without scrolling it: not cut off at its bottom edge.
    await expectInSight(account, button, `the ${name} button`);
    await expectWithinScreen(page, button, `the ${name} button`);
  }
  await expectNoAxeViolations(page, 'create-account modal on a phone');

  // A refused submit lists the fields above them (the modal grows); the actions stay in sight.
  await account.getByRole('button', { name: r.CREATE_ACCOUNT }).click();
  await expect(account.getByRole('alert')).toBeFocused();
  for (const name of [r.CREATE_ACCOUNT, r.NO_THANKS]) {
    await expectInSight(account, account.getByRole('button', { name }), `the ${name} button, with errors`);
  }
  // A field scrolled to by its error link is not hidden under them.
  await account.getByRole('link', { name: new RegExp(`^${r.PIN_AGAIN} - `) }).click();
  await expectInSight(account, account.getByLabel(new RegExp(`^${r.PIN_AGAIN}`)), 'the PIN again field');
  await expectNoAxeViolations(page, 'create-account modal on a phone, with errors');
});

/** Wholly within the dialog's visible box and the screen as they are now, and not under another element. */
async function expectInSight(dialog: Locator, target: Locator, what: string): Promise<void> {
  await expect(target).toBeVisible();
  const seen = await target.evaluate(
    (el, d) => {
      const box = el.getBoundingClientRect();
      const frame = (d as Element).getBoundingClientRect();
      const inside =
        box.top >= frame.top && box.bottom <= frame.bottom && box.bottom <= window.innerHeight && box.top >= 0;
      // What a tap at the middle and near both ends would reach.
      const reached = [0.1, 0.5, 0.9].map((f) =>
        document.elementFromPoint(box.left + box.width / 2, box.top + box.height * f),
      );
      return { inside, covered: reached.some((x) => !x || (x !== el && !el.contains(x))) };
    },
    await dialog.elementHandle(),
  );
  expect(seen, what).toEqual({ inside: true, covered: false });
}
