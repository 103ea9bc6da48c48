// Phone verification in the browser (§2 verify phone modal, §3 validate_status pending until confirmed
// by text or call, §4 phone verification, §8): Ben verifies his pending phone account Grandma 315
// (fixtures/payers.json; the phone accounts journey deletes Grandpa 314, so this one is used) by text,
// reading the code from the development outbox as his phone would receive it. Only Grandma's account is
// changed here.
import type { Page } from '@playwright/test';
import type { OutboxResponse } from '../../contract/api.ts';
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

const en = T.en;
const PAGE = '/account/destination_accounts';
const GRANDMA = 'Grandma, (713) 555-0115';
const GRANDMA_ANI = '7135550115';
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/{{(\w+)}}/g, (_, k: string) => String(values[k]));

/** §2/§6: a guest who opens a login-required page signs in first and comes back to `to`. */
async function signInThrough(page: Page, from: string, to: string) {
  await page.goto(`/#${from}`);
  await expect(page.getByRole('heading', { level: 1, name: en.LOGIN.HEADING })).toBeFocused();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#/login?returnTo=${encodeURIComponent(to)}`);
  await page.getByLabel(label(en.LOGIN.EMAIL)).fill('ben@example.com');
  await page.getByLabel(label(en.LOGIN.PASSWORD)).fill('sandbox-pass-2');
  await page.getByRole('button', { name: en.LOGIN.SUBMIT }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${to}`);
}

const list = (page: Page) => page.getByRole('list', { name: en.PAGES.DESTINATION_ACCOUNTS });
const row = (page: Page, account: string) => list(page).getByRole('listitem').filter({ hasText: account });

/** The code of the newest verification text to the number, from GET /development/outbox. */
async function codeTextedTo(page: Page, ani: string): Promise<string> {
  const res = await page.request.get('/development/outbox');
  expect(res.ok()).toBe(true);
  const { messages } = (await res.json()) as OutboxResponse;
  const text = messages.find((m) => m.channel === 'sms' && m.to === ani && m.subject === 'phone-verify:sms');
  const code = text?.body.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no verification text to ${ani} in the outbox`);
  return code;
}

test.describe('phone verification', () => {
  test('§4: closing the modal starts it afresh next time', async ({ page }) => {
    await signInThrough(page, PAGE, PAGE);
    const verify = page.getByRole('button', { name: fill(en.PHONE_VERIFY.VERIFY_ITEM, { account: GRANDMA }) });
    await verify.click();
    const dialog = page.getByRole('dialog', { name: fill(en.PHONE_VERIFY.TITLE, { account: GRANDMA }) });
    await dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_CALL }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      fill(en.PHONE_VERIFY.SENT_CALL, { account: GRANDMA, minutes: 10 }),
    );
    await expect(dialog.getByRole('textbox')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await verify.click();
    await expect(dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT })).toBeVisible();
    await expect(dialog.getByRole('textbox')).toHaveCount(0);
  });

  test('a pending phone account is verified by text with the code from the outbox; a wrong code says so', async ({
    page,
  }) => {
    await signInThrough(page, PAGE, PAGE);
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.DESTINATION_ACCOUNTS })).toBeFocused();
    await expect(row(page, GRANDMA)).toContainText(en.DEST_ACCOUNTS.PENDING);
    // Only pending accounts offer verification.
    await expect(list(page).getByRole('button', { name: new RegExp(`^${en.PHONE_VERIFY.VERIFY} Dad`) })).toHaveCount(0);

    await page.getByRole('button', { name: fill(en.PHONE_VERIFY.VERIFY_ITEM, { account: GRANDMA }) }).click();
    const title = fill(en.PHONE_VERIFY.TITLE, { account: GRANDMA });
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('heading', { name: title })).toBeFocused();
    await expect(dialog).toContainText(en.PHONE_VERIFY.INTRO);
    await expectNoAxeViolations(page, 'verify phone modal');

    // §4: by text; the code field takes focus once the code is on its way.
    await dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT }).click();
    await expect(dialog.getByRole('status')).toHaveText(
      fill(en.PHONE_VERIFY.SENT_TEXT, { account: GRANDMA, minutes: 10 }),
    );
    const codeField = dialog.getByRole('textbox');
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByLabel(label(en.PHONE_VERIFY.CODE))).toBeVisible();
    await expectNoAxeViolations(page, 'verify phone modal: code entry');

    const code = await codeTextedTo(page, GRANDMA_ANI);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }).click();
    await expect(dialog.getByRole('alert')).toHaveText(en.ERROR.VERIFY_CODE_WRONG);
    await expect(codeField).toHaveValue(wrong);
    await expect(codeField).toBeFocused();
    await expectNoAxeViolations(page, 'verify phone modal: wrong code');

    await codeField.fill(code);
    await dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }).click();
    await expect(dialog.getByRole('status')).toHaveText(fill(en.PHONE_VERIFY.VERIFIED, { account: GRANDMA }));
    await expectNoAxeViolations(page, 'verify phone modal: verified');
    await dialog.getByRole('button', { name: en.COMMON.CLOSE }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, GRANDMA)).not.toContainText(en.DEST_ACCOUNTS.PENDING);

    // §3: the server keeps it: validated after a reload, with nothing left to verify.
    await page.reload();
    await expect(row(page, GRANDMA)).toBeVisible();
    await expect(row(page, GRANDMA)).not.toContainText(en.DEST_ACCOUNTS.PENDING);
    await expect(
      page.getByRole('button', { name: fill(en.PHONE_VERIFY.VERIFY_ITEM, { account: GRANDMA }) }),
    ).toHaveCount(0);
  });
});
