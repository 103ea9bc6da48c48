// The session's idle limit (WCAG 2.2.1 Timing Adjustable; docs/decisions/0045), with the browser's
// clock moved on instead of waiting: a signed-in payer is warned 12 minutes after the last answer of
// the server (15-minute limit), in a dialog that takes focus, may stay signed in or sign out, and is
// signed out 2 minutes later without an answer. A guest's session ends at the limit and the wizard
// keeps every non-card value (decision 0046).
import type { Page } from '@playwright/test';
import {
  CARDS,
  chooseAmount,
  chooseFacility,
  chooseFlex,
  expect,
  expectBillingFilled,
  expectNoAxeViolations,
  expectStep,
  EXPIRY,
  findRecipient,
  label,
  payer,
  presetRadio,
  RECIPIENT,
  START,
  T,
  TERMS,
  test,
} from './support.ts';

const en = T.en;
const S = en.SESSION;

async function signIn(page: Page): Promise<void> {
  await page.goto('/#/login?returnTo=%2Faccount%2Frecurring_deposits');
  await page.getByLabel(label(en.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(en.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: en.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('heading', { level: 1, name: en.PAGES.RECURRING_DEPOSITS })).toBeFocused();
  // The idle time counts from the server's last answer: let the page's calls finish first.
  await page.waitForLoadState('networkidle');
}

async function sid(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((c) => c.name === 'sid')?.value;
}

test.describe('the session idle limit', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('a signed-in payer is warned, stays signed in, then is signed out at the limit', async ({ page, journey }) => {
    await signIn(page);
    const warning = page.getByRole('alertdialog', { name: S.WARNING_TITLE });

    // 11 minutes: nothing yet.
    await page.clock.fastForward('11:00');
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('01:00');
    await expect(warning.getByRole('heading', { name: S.WARNING_TITLE })).toBeFocused();
    await expect(warning).toHaveAccessibleDescription(
      S.WARNING_TEXT.replace('{{idle}}', '12').replace('{{left}}', '2'),
    );
    await expectNoAxeViolations(page, 'session warning');

    // Keyboard only: Tab to "Stay signed in", Enter. One request; the count starts again.
    const mes = () => journey.requests.filter((r) => r.path === '/auth/me').length;
    const before = mes();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(warning.getByRole('button', { name: S.STAY })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toHaveCount(0);
    expect(mes()).toBe(before + 1);
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.RECURRING_DEPOSITS })).toBeVisible();

    // Escape also keeps the session.
    await page.clock.fastForward('12:00');
    await expect(warning).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(warning).toHaveCount(0);
    expect(mes()).toBe(before + 2);

    // No answer: signed out 2 minutes after the warning, on the welcome page, which says why.
    await page.clock.fastForward('12:00');
    await expect(warning).toBeVisible();
    await page.clock.fastForward('02:00');
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.LANDING })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: S.SIGNED_OUT_IDLE })).toBeVisible();
    expect(journey.requests.some((r) => r.method === 'POST' && r.path === '/auth/logout')).toBe(true);
    // The server agrees: the account page asks for a sign-in.
    await page.goto('/#/account/recurring_deposits');
    await expect(page.getByRole('heading', { level: 1, name: en.LOGIN.HEADING })).toBeFocused();
  });

  test('"Sign out" in the warning signs out at once', async ({ page }) => {
    await signIn(page);
    await page.clock.fastForward('12:00');
    const warning = page.getByRole('alertdialog', { name: S.WARNING_TITLE });
    await warning.getByRole('button', { name: S.SIGN_OUT }).click();
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.LANDING })).toBeFocused();
    await expect(page.getByText(S.SIGNED_OUT_IDLE)).toHaveCount(0);
  });

  test("a guest's session ends at the limit without a warning, and the checkout keeps every non-card value", async ({
    page,
    journey,
  }) => {
    const c = en.CHECKOUT;
    const who = payer('idle');
    await page.goto(START);
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, RECIPIENT.name, 'en');
    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    await chooseAmount(page, 'en', 75);
    await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.approved);
    await page.getByLabel(label(c.CVC)).fill(EXPIRY.cvc);
    await page.getByLabel(label(c.FIRST_NAME)).fill(who.first);
    await page.getByLabel(label(c.LAST_NAME)).fill(who.last);
    await page.getByLabel(label(c.ADDRESS1)).fill(who.address);
    await page.getByLabel(label(c.CITY)).fill(who.city);
    await page.getByLabel(label(c.STATE)).selectOption(who.state);
    await page.getByLabel(label(c.ZIP)).fill(who.zip);
    await page.getByLabel(label(c.EMAIL)).fill(who.email);
    await page.getByLabel(label(c.PHONE)).fill(who.phone);
    for (const key of TERMS) await page.getByLabel(label(c[key])).check();
    // The idle time counts from the server's last answer: the last autosave's.
    await expect
      .poll(() => page.evaluate(() => window.sessionStorage.getItem('deposit-site.form-draft')))
      .toContain('"pending":[]');
    await expect.poll(() => journey.requests.filter((r) => r.path === '/state/save').length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    const before = await sid(page);

    await page.clock.fastForward('13:59');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await sid(page)).toBe(before);
    await page.clock.fastForward('00:02');
    // The old session is ended and a new one holds the values.
    await expect.poll(() => sid(page)).not.toBe(before);
    expect(journey.requests.some((r) => r.method === 'POST' && r.path === '/auth/logout')).toBe(true);
    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect(presetRadio(page, 'en', 75)).toBeChecked();
    await expectBillingFilled(page, 'en', who);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue('');
    await expect(page.getByLabel(label(c.CVC))).toHaveValue('');
  });
});
