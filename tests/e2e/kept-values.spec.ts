// Nothing a payer enters is lost (docs/decisions/0046): values filled as fast as a browser's autofill
// fills them, and a reload at once, come back; the card number and security code never do.
import type { Page } from '@playwright/test';
import {
  CARDS,
  EXPIRY,
  RECIPIENT,
  T,
  TERMS,
  chooseFacility,
  chooseFlex,
  expect,
  expectBillingFilled,
  expectStep,
  findRecipient,
  label,
  payer,
  presetRadio,
  test,
  START,
} from './support.ts';

async function toCheckout(page: Page): Promise<void> {
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', T.en.CHECKOUT.HEADING, 80, '#/checkout');
}

test.describe('values the payer entered', () => {
  test('the checkout filled within 300 ms a field and a reload at once: every non-card value is back', async ({
    page,
  }) => {
    const c = T.en.CHECKOUT;
    const who = payer('autofill');
    await toCheckout(page);

    // As autofill does: one field after the other, each within 300 ms of the last, then the reload.
    const fills: [string, string][] = [
      [c.CARD_NUMBER, CARDS.approved],
      [c.CVC, EXPIRY.cvc],
      [c.FIRST_NAME, who.first],
      [c.LAST_NAME, who.last],
      [c.ADDRESS1, who.address],
      [c.CITY, who.city],
      [c.ZIP, who.zip],
      [c.EMAIL, who.email],
      [c.PHONE, who.phone],
    ];
    const gaps: number[] = [];
    let last = Date.now();
    const step = async (action: () => Promise<unknown>) => {
      await action();
      gaps.push(Date.now() - last);
      last = Date.now();
    };
    await step(() => presetRadio(page, 'en', 50).check());
    for (const [name, value] of fills) await step(() => page.getByLabel(label(name)).fill(value));
    await step(() => page.getByLabel(label(c.STATE)).selectOption(who.state));
    for (const key of TERMS) await step(() => page.getByLabel(label(c[key])).check());
    await page.reload();

    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    await expect(presetRadio(page, 'en', 50)).toBeChecked();
    await expectBillingFilled(page, 'en', who);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue('');
    await expect(page.getByLabel(label(c.CVC))).toHaveValue('');
    // The journey is only what it says when the payer was that fast (a busy machine can be slower).
    test.info().annotations.push({ type: 'gaps between fills (ms)', description: gaps.join(', ') });
    const stored = await page.evaluate(() => JSON.stringify(window.sessionStorage));
    expect(stored).not.toContain(CARDS.approved);
    expect(stored).not.toContain(`"${EXPIRY.cvc}"`);
  });
});
