// The landing page and the signed-in start page in the browser (§2 /landing and
// deposit.deposit_or_schedule_visit, §6 login required and quick deposit, §9 quick-deposit amounts).
// Ben (fixtures/payers.json) sent $35 to John Smith at Travis County (1002) and $20 to his father's
// phone account: his cards are $35 or $60 (the smallest and last amount, then one increment of 25)
// and $20 or $45. No other journey makes deposits as Ben.
import type { Page } from '@playwright/test';
import { T, definitionOf, expect, expectNoAxeViolations, expectStep, label, money, test } from './support.ts';

const en = T.en;
const D = en.DEPOSIT_OR_VISIT;
const PATH = '/deposit_or_schedule_visit';
const HISTORY = '/account/deposit_history';

/**
 * §2/§6: a guest who opens a login-required page signs in first and comes back to it. The journeys sign
 * in through the deposit history: signing in on the way to the start page itself leads through the
 * identity step (§4, tests/e2e/identity.spec.ts), whose outcome depends on Ben's verification.
 */
async function signInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1, name: en.LOGIN.HEADING })).toBeFocused();
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toBe(`#/login?returnTo=${encodeURIComponent(path)}`);
  await page.getByLabel(label(en.LOGIN.EMAIL)).fill(email);
  await page.getByLabel(label(en.LOGIN.PASSWORD)).fill(password);
  await page.getByRole('button', { name: en.LOGIN.SUBMIT }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${path}`);
}

/** Signed in as Ben, then the start page opened by its address. */
async function openSignedIn(page: Page) {
  await signInThrough(page, HISTORY, 'ben@example.com', 'sandbox-pass-2');
  await page.goto(`/#${PATH}`);
}

const hash = (page: Page) => page.evaluate(() => window.location.hash);

test.describe('landing', () => {
  test('the site root opens the welcome page with its notice, for a guest, and sends a signed-in payer on', async ({
    page,
  }) => {
    // Page loads (a hash change within a loaded page is the wizard's to judge, §4).
    for (const root of ['/', '/#/', '/#/no/such/page']) {
      await page.goto('about:blank');
      await page.goto(root);
      await expect(page.getByRole('heading', { level: 1, name: en.PAGES.LANDING })).toBeFocused();
      await expect.poll(() => hash(page)).toBe('#/landing');
      await expect(page.getByRole('region', { name: en.LANDING.NOTICE_TITLE })).toContainText(en.LANDING.NOTICE_SHORT);
    }
    await expectNoAxeViolations(page, 'landing at the site root');
    // §2 /landing: a signed-in payer is sent on to deposit_or_schedule_visit.
    await signInThrough(page, HISTORY, 'ben@example.com', 'sandbox-pass-2');
    await page.goto('about:blank');
    await page.goto('/');
    await expectStep(page, 'en', en.PAGES.DEPOSIT_OR_VISIT, 20, `#${PATH}`);
  });

  test('a guest reads the inactivity notice and continues as new to the facility step', async ({ page }) => {
    await page.goto('/#/landing');
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.LANDING })).toBeFocused();
    await expect(page).toHaveTitle(`${en.PAGES.LANDING} - ${en.LAYOUT.SITE_NAME}`);
    const notice = page.getByRole('region', { name: en.LANDING.NOTICE_TITLE });
    await expect(notice).toContainText(en.LANDING.NOTICE_SHORT);
    await expect(notice.getByText(en.LANDING.NOTICE_MORE)).toBeHidden();
    await expectNoAxeViolations(page, 'landing');

    // §2: show more, then show less, from the keyboard.
    await notice.getByRole('button', { name: en.LANDING.SHOW_MORE }).focus();
    await page.keyboard.press('Enter');
    await expect(notice.getByText(en.LANDING.NOTICE_MORE)).toBeVisible();
    const less = notice.getByRole('button', { name: en.LANDING.SHOW_LESS });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    await expectNoAxeViolations(page, 'landing, notice expanded');
    await less.click();
    await expect(notice.getByText(en.LANDING.NOTICE_MORE)).toBeHidden();

    // §2: continue as new goes to deposit.facility.
    await page.getByRole('button', { name: en.LANDING.CONTINUE }).click();
    await expectStep(page, 'en', en.FACILITY.HEADING, 30, '#/deposit_facility/US');
  });

  test('a signed-in payer opens deposit_or_schedule_visit, then a quick deposit opens the checkout', async ({
    page,
  }) => {
    await openSignedIn(page);
    await expectStep(page, 'en', en.PAGES.DEPOSIT_OR_VISIT, 20, `#${PATH}`);
    await expect(page.getByRole('link', { name: D.SCHEDULE_VISIT })).toHaveAttribute(
      'href',
      'https://visits.example.com/schedule',
    );
    await expect(page.getByRole('link', { name: D.VIEW_ACCOUNT })).toBeVisible();
    const cards = page.getByRole('list', { name: D.QUICK_LIST }).getByRole('listitem');
    await expect(cards).toHaveCount(2);
    const john = cards.filter({ hasText: 'John Smith' });
    const type = D.TYPE_FLEX.replace('{{label}}', 'Inmate');
    await expect(definitionOf(john, D.TYPE)).toHaveText(type);
    await expect(definitionOf(john, D.FACILITY)).toHaveText('Travis County Correctional Complex');
    await expect(john.getByRole('button')).toHaveText([money(35, 'en'), money(60, 'en')]);
    const dad = cards.filter({ hasText: 'Dad, (713) 555-0111' });
    await expect(definitionOf(dad, D.TYPE)).toHaveText(D.TYPE_DEST_NRG);
    await expect(dad.getByRole('button')).toHaveText([money(20, 'en'), money(45, 'en')]);
    await expectNoAxeViolations(page, 'deposit or schedule a visit');

    // §2: a signed-in payer who opens the landing page is sent on here.
    await page.goto('/#/landing');
    await expect.poll(() => hash(page)).toBe(`#${PATH}`);
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.DEPOSIT_OR_VISIT })).toBeFocused();

    // A quick deposit of $35 (not a checkout preset: the "other" amount) to John Smith.
    const name = D.AMOUNT_ITEM.replace('{{amount}}', money(35, 'en'))
      .replace('{{recipient}}', 'John Smith')
      .replace('{{type}}', type)
      .replace('{{facility}}', 'Travis County Correctional Complex');
    await page.getByRole('button', { name, exact: true }).click();

    const c = en.CHECKOUT;
    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    const recipient = page.getByRole('region', { name: c.RECIPIENT_TITLE });
    await expect(definitionOf(recipient, c.FACILITY)).toHaveText('Travis County Correctional Complex');
    await expect(definitionOf(recipient, 'Inmate')).toHaveText('John Smith');
    await expect(page.getByRole('radio', { name: c.OTHER, exact: true })).toBeChecked();
    await expect(page.getByLabel(label(c.OTHER_AMOUNT))).toHaveValue('35');
    const summary = page.getByRole('region', { name: c.SUMMARY });
    await expect(definitionOf(summary, c.DEPOSIT_AMOUNT)).toHaveText(money(35, 'en'));
    await expectNoAxeViolations(page, 'checkout after a quick deposit');
  });

  test('an address the payer goes to wins over one the app writes in the same moment', async ({ page }) => {
    await page.goto('/#/landing');
    await expect(page.getByRole('heading', { level: 1, name: en.PAGES.LANDING })).toBeFocused();
    // The payer's move, then the app's own page address written over it before the hashchange is
    // handled (what happened when an address was typed while the app moved after an account was made).
    await page.evaluate(() => {
      window.location.hash = '#/deposit_facility/US';
      window.history.replaceState(null, '', '#/landing');
    });
    await expectStep(page, 'en', en.FACILITY.HEADING, 30, '#/deposit_facility/US');
  });
});
