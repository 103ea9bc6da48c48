// Professional verification in the browser (§2 /account/professional_verification and its result page,
// §4 PENDING as SUCCESS, §5 issue date PATTERN, §6 login required and the sso token, §8 EXISTED).
import type { Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

const P = T.en.PROFESSIONAL;
const FORM = '/account/professional_verification';
const FACILITY = 'Harris County Jail';
const EMAIL = 'ben@example.com';

/** §2/§6: a guest who opens a login-required page signs in first and comes back to it. */
async function signInThrough(page: Page, path: string, email: string, password: string) {
  await page.goto(`/#${path}`);
  await expect(page.getByRole('heading', { level: 1, name: T.en.LOGIN.HEADING })).toBeFocused();
  await expect
    .poll(() => page.evaluate(() => window.location.hash))
    .toBe(`#/login?returnTo=${encodeURIComponent(path)}`);
  await page.getByLabel(label(T.en.LOGIN.EMAIL)).fill(email);
  await page.getByLabel(label(T.en.LOGIN.PASSWORD)).fill(password);
  await page.getByRole('button', { name: T.en.LOGIN.SUBMIT }).click();
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(`#${path}`);
}

async function expectForm(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.PROFESSIONAL })).toBeFocused();
  await expect(page.getByLabel(label(P.FACILITY))).toBeEnabled();
}

async function fillForm(page: Page, issueDate: string) {
  await page.getByLabel(label(P.FACILITY)).selectOption({ label: `${FACILITY} (TX)` });
  await page.getByLabel(label(P.BAR_NUMBER)).fill('TX-24012345');
  await page.getByLabel(label(P.ISSUE_STATE)).selectOption({ label: 'Texas' });
  await page.getByLabel(label(P.ISSUE_DATE)).fill(issueDate);
  await page.getByLabel(label(P.BUSINESS_PHONE)).fill('5125550140');
  // §5 phone mask as typed.
  await expect(page.getByLabel(label(P.BUSINESS_PHONE))).toHaveValue('(512) 555-0140');
  await page.getByLabel(label(P.PHONE_EXT)).fill('12');
}

const resultHash = (status: string) =>
  `#/account/professional_verification_resp/${status}/${encodeURIComponent(FACILITY)}`;

test.describe('professional verification', () => {
  test('sign in on the way, fix a bad issue date, send the request; a second one for the facility is already pending', async ({
    page,
    journey,
  }) => {
    await signInThrough(page, FORM, EMAIL, 'sandbox-pass-2');
    await expectForm(page);
    await expectNoAxeViolations(page, 'professional form');

    // §5: an issue date after today is a PATTERN error; nothing entered is lost.
    await fillForm(page, '2999-01-01');
    await page.getByRole('button', { name: P.SUBMIT }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText(`${P.ISSUE_DATE} - ${P.PATTERN}`);
    await expect(page.getByLabel(label(P.ISSUE_DATE))).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel(label(P.BAR_NUMBER))).toHaveValue('TX-24012345');
    await expectNoAxeViolations(page, 'professional form with a bad issue date');
    await summary.getByRole('link').click();
    await expect(page.getByLabel(label(P.ISSUE_DATE))).toBeFocused();

    // §4: the new request is PENDING, shown as SUCCESS.
    await page.getByLabel(label(P.ISSUE_DATE)).fill('2015-06-01');
    await page.getByRole('button', { name: P.SUBMIT }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(resultHash('SUCCESS'));
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.PROFESSIONAL_RESULT })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(P.RESULT_SUCCESS_TITLE);
    await expect(
      page.getByText(P.RESULT_SUCCESS.replace('{{facility}}', FACILITY).replace('{{email}}', EMAIL)),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'professional result: success');

    // §8: the same facility again: the pending request is noticed on the form, and the answer is EXISTED.
    await page.getByRole('link', { name: P.ANOTHER }).click();
    await expectForm(page);
    await page.getByLabel(label(P.FACILITY)).selectOption({ label: `${FACILITY} (TX)` });
    await expect(
      page.getByRole('status').filter({ hasText: P.PENDING_NOTICE.replace('{{facility}}', FACILITY) }),
    ).toBeVisible();
    await fillForm(page, '2015-06-01');
    await page.getByRole('button', { name: P.SUBMIT }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe(resultHash('EXISTED'));
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.PROFESSIONAL_RESULT })).toBeFocused();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText(P.RESULT_EXISTED_TITLE);
    await expect(
      page.getByText(P.RESULT_EXISTED.replace('{{facility}}', FACILITY).replace('{{email}}', EMAIL)),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'professional result: pending request exists');

    // §6: the token was fetched once; the second visit took it from the form state.
    const calls = (path: string) => journey.requests.filter((r) => r.path === path).length;
    expect(calls('/auth/sso_token')).toBe(1);
    expect(calls('/fusion/save_professional_request')).toBe(2);
  });
});
