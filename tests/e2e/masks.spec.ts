// §5 masks: phone '(###) ###-####' on every phone field and card '**** **** **** ####' on the card
// number, as the payer types; not on touch devices, where the typed value stays as it is.
import type { Page } from '@playwright/test';
import {
  CARDS,
  RECIPIENT,
  START,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  findRecipient,
  label,
  masked,
  test,
} from './support.ts';

const c = T.en.CHECKOUT;

async function toCheckout(page: Page): Promise<void> {
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.HEADING);
}

/** Types the value key by key, as a payer does (fill would set it at once). */
async function type(page: Page, name: string, value: string): Promise<void> {
  const field = page.getByLabel(label(name));
  await field.clear();
  await field.pressSequentially(value);
}

test.describe('on a desktop', () => {
  test('the checkout masks the card number and the contact phone, and the number step the phone', async ({ page }) => {
    await toCheckout(page);
    await type(page, c.CARD_NUMBER, CARDS.approved);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(masked.card(CARDS.approved));
    await type(page, c.CARD_NUMBER, CARDS.amex);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue('3782 822463 10005');
    await type(page, c.PHONE, '5125550100');
    await expect(page.getByLabel(label(c.PHONE))).toHaveValue('(512) 555-0100');
    // Pasted with other separators: the same mask.
    await page.getByLabel(label(c.PHONE)).fill('512.555.0199');
    await expect(page.getByLabel(label(c.PHONE))).toHaveValue('(512) 555-0199');
    // The masked card is valid (§5: spaces are not digits), and never kept (decision 0046).
    await page.getByLabel(label(c.CVC)).fill('123');
    await page.getByLabel(label(c.CARD_NUMBER)).blur();
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveAccessibleName(c.CARD_NUMBER);

    await page.getByRole('button', { name: T.en.WIZARD.BACK }).click();
    await page.getByRole('button', { name: T.en.WIZARD.BACK }).click();
    const t = T.en;
    await page.getByRole('region', { name: t.TYPE.DEST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
    await type(page, t.NUMBER.PHONE, '7135550177');
    await expect(page.getByLabel(label(t.NUMBER.PHONE))).toHaveValue('(713) 555-0177');
  });
});

test.describe('on a touch device', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('no mask: the card number and the phone stay as typed', async ({ page }) => {
    expect(await page.evaluate(() => window.matchMedia('(pointer: coarse)').matches)).toBe(true);
    await toCheckout(page);
    await type(page, c.CARD_NUMBER, CARDS.approved);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(CARDS.approved);
    await type(page, c.PHONE, '5125550100');
    await expect(page.getByLabel(label(c.PHONE))).toHaveValue('5125550100');
  });
});
