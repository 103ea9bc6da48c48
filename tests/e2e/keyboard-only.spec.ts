// A guest's deposit with the keyboard alone (the accessibility statement, contract/accessibility.ts):
// every control is reached with Tab, text is typed, lists are chosen by typing, boxes ticked with
// Space, buttons pressed with Enter. No pointer: tests/ui/accessibility-statement.test.ts checks that
// this file calls no click, check, fill or selectOption.
import type { Locator, Page } from '@playwright/test';
import {
  AMOUNT,
  CARDS,
  EXPIRY,
  FACILITY,
  RECIPIENT,
  START,
  T,
  TERMS,
  definitionOf,
  expect,
  expectCheckoutTotals,
  expectStep,
  label,
  money,
  payer,
  test,
} from './support.ts';

const en = T.en;
const c = en.CHECKOUT;

/** Presses Tab until `target` has focus (at most `limit` times): it can be reached from the keyboard. */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target, `reached with Tab within ${limit} presses`).toBeFocused();
}

async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

test('a guest deposit from the facility to the receipt, with the keyboard alone', async ({ page }) => {
  test.setTimeout(90_000);
  const who = payer('keyboard');
  await page.goto(START);
  await expectStep(page, 'en', en.FACILITY.HEADING, 30, '#/deposit_facility/US');

  // Facility: the state and the facility lists take typed letters.
  const state = page.getByLabel(en.FACILITY.STATE, { exact: true });
  await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
  await typeInto(page, state, 'Texas');
  await expect(state).toHaveValue(FACILITY.state);
  const facility = page.getByLabel(en.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await typeInto(page, facility, FACILITY.label);
  await expect(facility.getByRole('option', { selected: true })).toHaveText(FACILITY.label);
  await tabTo(page, page.getByRole('button', { name: en.WIZARD.CONTINUE }));
  await page.keyboard.press('Enter');

  // Type: the inmate account's Choose button.
  await expectStep(page, 'en', en.TYPE.HEADING, 40, '#/deposit_type');
  const flex = page.getByRole('region', { name: en.TYPE.FLEX_TITLE.replace('{{label}}', en.INMATE_LABEL.INMATE) });
  await tabTo(page, flex.getByRole('button', { name: en.TYPE.CHOOSE }));
  await page.keyboard.press('Enter');

  // Recipient: type the name, then the result's button.
  await expectStep(
    page,
    'en',
    en.RECIPIENT.HEADING.replace('{{label}}', en.INMATE_LABEL.INMATE),
    60,
    '#/deposit_recipient',
  );
  await typeInto(page, page.getByLabel(en.RECIPIENT.NAME), RECIPIENT.query);
  const select = page.getByRole('button', {
    name: en.RECIPIENT.SELECT_NAMED.replace('{{name}}', RECIPIENT.name),
    exact: true,
  });
  await expect(select).toBeVisible();
  await tabTo(page, select);
  await page.keyboard.press('Enter');

  // Checkout: the default $25 (§9), then every field in turn.
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await expectCheckoutTotals(page, 'en');
  await typeInto(page, page.getByLabel(label(c.CARD_NUMBER)), CARDS.approved);
  await typeInto(page, page.getByLabel(label(c.EXPIRY_MONTH)), EXPIRY.month);
  await expect(page.getByLabel(label(c.EXPIRY_MONTH))).toHaveValue(EXPIRY.month);
  await typeInto(page, page.getByLabel(label(c.EXPIRY_YEAR)), EXPIRY.year);
  await expect(page.getByLabel(label(c.EXPIRY_YEAR))).toHaveValue(EXPIRY.year);
  await typeInto(page, page.getByLabel(label(c.CVC)), EXPIRY.cvc);
  await typeInto(page, page.getByLabel(label(c.FIRST_NAME)), who.first);
  await typeInto(page, page.getByLabel(label(c.LAST_NAME)), who.last);
  await typeInto(page, page.getByLabel(label(c.ADDRESS1)), who.address);
  await typeInto(page, page.getByLabel(label(c.CITY)), who.city);
  await typeInto(page, page.getByLabel(label(c.STATE)), 'Texas');
  await expect(page.getByLabel(label(c.STATE))).toHaveValue(who.state);
  await typeInto(page, page.getByLabel(label(c.ZIP)), who.zip);
  await typeInto(page, page.getByLabel(label(c.EMAIL)), who.email);
  await typeInto(page, page.getByLabel(label(c.PHONE)), who.phone);
  for (const key of TERMS) {
    const box = page.getByLabel(label(c[key]));
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await tabTo(page, page.getByRole('button', { name: en.DEPOSIT.DEPOSIT_SUBMIT, exact: true }));
  await page.keyboard.press('Enter');

  // Receipt: each offer answered from the keyboard; focus goes back to the receipt.
  const r = en.RECEIPT;
  const account = page.getByRole('dialog', { name: r.ACCOUNT_TITLE });
  await expect(account.getByRole('heading', { name: r.ACCOUNT_TITLE })).toBeFocused();
  await tabTo(page, account.getByRole('button', { name: r.NO_THANKS }));
  await page.keyboard.press('Enter');
  const sms = page.getByRole('dialog', { name: r.SMS_TITLE });
  await expect(sms.getByRole('heading', { name: r.SMS_TITLE })).toBeFocused();
  await tabTo(page, sms.getByRole('button', { name: r.SKIP }));
  await page.keyboard.press('Enter');
  await expect(sms).toBeHidden();
  // Just paid: held on the card and on its way (docs/decisions/0049).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.HEADING_SUBMITTED);
  await expect(definitionOf(page.getByRole('main'), r.AMOUNT_PAID)).toHaveText(money(AMOUNT.total, 'en'));
});
