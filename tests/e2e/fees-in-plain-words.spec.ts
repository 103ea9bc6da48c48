// The fee in plain words (docs/decisions/0052): beside each preset and a typed amount, the fee as money
// and as a share of the deposit, read after the amount by a screen reader; the payment summary says what
// the recipient receives, the fee and its share, and what the payer pays. English on a desktop, Spanish
// on a 390x844 phone. Harris County Jail, flex (fixtures/fees.json): $4.95 up to $99.99, then $7.95; no
// tax in Texas.
import type { Page } from '@playwright/test';
import {
  RECIPIENT,
  START,
  T,
  chooseAmount,
  chooseFacility,
  chooseFlex,
  definitionOf,
  expect,
  expectNoAxeViolations,
  findRecipient,
  label,
  money,
  presetRadio,
  test,
  type Lang,
} from './support.ts';

const PRESET_FEES = [
  [25, 4.95],
  [50, 4.95],
  [75, 4.95],
  [100, 7.95],
  [150, 7.95],
] as const;

/** A share as the page writes it: whole percent, one decimal below 1%. */
function share(fee: number, amount: number, lang: Lang): string {
  const value = fee / amount;
  return new Intl.NumberFormat(lang === 'es' ? 'es-US' : 'en-US', {
    style: 'percent',
    maximumFractionDigits: value < 0.01 ? 1 : 0,
  }).format(value);
}

function feeShare(fee: number, amount: number, lang: Lang): string {
  return T[lang].CHECKOUT.FEE_SHARE.replace('{{fee}}', money(fee, lang))
    .replace('{{share}}', share(fee, amount, lang))
    .replace('{{amount}}', money(amount, lang));
}

function shareOf(fee: number, amount: number, lang: Lang): string {
  return T[lang].CHECKOUT.SHARE_OF.replace('{{share}}', share(fee, amount, lang)).replace(
    '{{amount}}',
    money(amount, lang),
  );
}

async function toCheckout(page: Page, lang: Lang) {
  if (lang === 'es') await page.addInitScript(() => window.localStorage.setItem('deposit.lang', 'es'));
  await page.goto(START);
  await chooseFacility(page, lang);
  await chooseFlex(page, lang);
  await findRecipient(page, RECIPIENT.name, lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(T[lang].CHECKOUT.HEADING);
}

/** Each preset is named by its amount and described by its fee, also shown in its tile. */
async function expectPresetFees(page: Page, lang: Lang) {
  for (const [amount, fee] of PRESET_FEES) {
    const radio = presetRadio(page, lang, amount);
    await expect(radio).toHaveAccessibleDescription(feeShare(fee, amount, lang));
    await expect(page.getByText(feeShare(fee, amount, lang), { exact: true })).toBeVisible();
  }
}

/** The summary in plain words: what the recipient receives, the fee and its share, what the payer pays. */
async function expectSummary(page: Page, lang: Lang, amount: number, fee: number) {
  const c = T[lang].CHECKOUT;
  const summary = page.getByRole('region', { name: c.SUMMARY });
  await expect(summary).not.toHaveAttribute('aria-busy', 'true');
  await expect(definitionOf(summary, c.DEPOSIT_AMOUNT)).toHaveText(money(amount, lang));
  const feeLine = definitionOf(summary, c.FEE);
  await expect(feeLine.getByText(money(fee, lang), { exact: true })).toBeVisible();
  await expect(feeLine.getByText(shareOf(fee, amount, lang), { exact: true })).toBeVisible();
  await expect(definitionOf(summary, c.TOTAL)).toHaveText(money(Math.round((amount + fee) * 100) / 100, lang));
}

/** Nothing on the amount or the summary recommends one amount over another. */
async function expectNoNudge(page: Page, lang: Lang) {
  const c = T[lang].CHECKOUT;
  const words = `${await page.getByRole('group', { name: c.AMOUNT }).innerText()} ${await page
    .getByRole('region', { name: c.SUMMARY })
    .innerText()}`;
  expect(words).not.toMatch(/save|saving|best|value|recommend|popular|more is|ahorr|mejor|recomend|popular/i);
}

for (const [lang, viewport] of [
  ['en', { width: 1280, height: 900 }],
  ['es', { width: 390, height: 844 }],
] as const) {
  test.describe(`fees in plain words (${lang}, ${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport });

    test('beside each preset and a typed amount, and in the summary', async ({ page }) => {
      await toCheckout(page, lang);
      // §9: the default $25 is priced with every preset in the same answer.
      await expect(presetRadio(page, lang, 25)).toBeChecked();
      await expectPresetFees(page, lang);
      await expectSummary(page, lang, 25, 4.95);
      await expectNoNudge(page, lang);
      await expectNoAxeViolations(page, `checkout with preset fees (${lang})`);

      // Another preset: its fee and share in the summary; the presets keep theirs.
      await chooseAmount(page, lang, 100);
      await expectSummary(page, lang, 100, 7.95);
      await expectPresetFees(page, lang);

      // A typed amount: its fee beside it, said when it comes, and in the summary.
      const c = T[lang].CHECKOUT;
      await page.getByRole('radio', { name: c.OTHER, exact: true }).check();
      const other = page.getByLabel(label(c.OTHER_AMOUNT));
      await other.fill('30');
      await expect(other).toHaveAccessibleDescription(feeShare(4.95, 30, lang));
      await expect(page.getByText(feeShare(4.95, 30, lang), { exact: true })).toBeVisible();
      await expectSummary(page, lang, 30, 4.95);
      await expectPresetFees(page, lang);
      await expectNoNudge(page, lang);
      await expectNoAxeViolations(page, `checkout with a typed amount's fee (${lang})`);
    });
  });
}
