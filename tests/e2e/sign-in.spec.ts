// Signing in, creating an account and signing out in the browser (§2 login.welcome, §5, §8).
import type { Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, label, test, type Lang } from './support.ts';

async function openSignIn(page: Page, lang: Lang) {
  await page.goto('/#/login');
  // The page takes focus on its heading when it opens; a language chosen afterwards changes its words.
  await expect(page.getByRole('heading', { level: 1, name: T.en.LOGIN.HEADING })).toBeFocused();
  if (lang === 'es') {
    await page.getByRole('button', { name: T.es.LAYOUT.LANGUAGE_ES }).click();
    await expect(page.getByRole('heading', { level: 1, name: T.es.LOGIN.HEADING })).toBeVisible();
  }
  await expect(page).toHaveTitle(`${T[lang].PAGES.LOGIN} - ${T[lang].LAYOUT.SITE_NAME}`);
}

async function signIn(page: Page, lang: Lang, email: string, password: string) {
  await page.getByLabel(label(T[lang].LOGIN.EMAIL)).fill(email);
  await page.getByLabel(label(T[lang].LOGIN.PASSWORD)).fill(password);
  await page.getByRole('button', { name: T[lang].LOGIN.SUBMIT }).click();
}

function header(page: Page, lang: Lang) {
  return page.getByRole('navigation', { name: T[lang].LAYOUT.ACCOUNT_NAV });
}

test.describe('sign in', () => {
  test('a wrong password gets one message and keeps the email; the right one signs in; sign out ends it', async ({
    page,
    journey,
  }) => {
    journey.expectedHttpErrors.push('/auth/login');
    await openSignIn(page, 'en');
    await expectNoAxeViolations(page, 'sign-in page');
    await page.getByRole('button', { name: T.en.LOGIN.SUBMIT }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toBeFocused();
    await expect(summary).toContainText(`${T.en.LOGIN.EMAIL} - ${T.en.VALIDATION.REQUIRED}`);
    await expectNoAxeViolations(page, 'sign-in page with errors');

    await signIn(page, 'en', 'ana@example.com', 'not-the-password');
    await expect(summary).toContainText(T.en.ERROR.ERROR_LOGIN_CREDENTIALS);
    await expect(page.getByLabel(label(T.en.LOGIN.EMAIL))).toHaveValue('ana@example.com');
    await expect(page.getByLabel(label(T.en.LOGIN.PASSWORD))).toHaveValue('');

    await page.getByLabel(label(T.en.LOGIN.PASSWORD)).fill('sandbox-pass-1');
    await page.getByRole('button', { name: T.en.LOGIN.SUBMIT }).click();
    await expect(header(page, 'en').getByRole('button', { name: T.en.LAYOUT.SIGN_OUT })).toBeVisible();
    await expect(header(page, 'en').getByRole('link', { name: T.en.LAYOUT.MY_ACCOUNT })).toBeVisible();
    const me = await page.evaluate(() => fetch('/auth/me').then((r) => r.json()));
    expect(me).toMatchObject({ logged_in: true, user: { email: 'ana@example.com' } });

    await header(page, 'en').getByRole('button', { name: T.en.LAYOUT.SIGN_OUT }).click();
    await expect(header(page, 'en').getByRole('link', { name: T.en.LAYOUT.SIGN_IN })).toBeVisible();
    const after = await page.evaluate(() => fetch('/auth/me').then((r) => r.json()));
    expect(after).toMatchObject({ logged_in: false });
  });

  test('create an account, in Spanish: §5 rules first, then signed in as the new payer', async ({ page }) => {
    await openSignIn(page, 'es');
    await page.getByRole('button', { name: T.es.LOGIN.CREATE_ACCOUNT }).click();
    await expect(page.getByRole('heading', { level: 1, name: T.es.LOGIN.REGISTER_HEADING })).toBeFocused();
    const email = `rosa-${Date.now()}@example.com`;
    await page.getByLabel(label(T.es.LOGIN.EMAIL)).fill(email);
    await page.getByLabel(label(T.es.LOGIN.FIRST_NAME)).fill('Rosa');
    await page.getByLabel(label(T.es.LOGIN.LAST_NAME)).fill('Díaz');
    await page.getByLabel(label(T.es.LOGIN.PASSWORD), { exact: true }).fill('secret1');
    await page.getByLabel(label(T.es.LOGIN.PASSWORD_AGAIN)).fill('secret2');
    await page.getByLabel(label(T.es.LOGIN.PIN), { exact: true }).fill('123456');
    await page.getByLabel(label(T.es.LOGIN.PIN_AGAIN)).fill('123456');
    await page.getByRole('button', { name: T.es.LOGIN.REGISTER_SUBMIT }).click();
    await expect(page.getByRole('alert')).toContainText(
      `${T.es.LOGIN.PASSWORD_AGAIN} - ${T.es.VALIDATION.DOES_NOT_MATCH}`,
    );
    await expectNoAxeViolations(page, 'create-account form with errors');
    await page.getByLabel(label(T.es.LOGIN.PASSWORD_AGAIN)).fill('secret1');
    await page.getByRole('button', { name: T.es.LOGIN.REGISTER_SUBMIT }).click();
    await expect(header(page, 'es').getByRole('button', { name: T.es.LAYOUT.SIGN_OUT })).toBeVisible();
    const me = await page.evaluate(() => fetch('/auth/me').then((r) => r.json()));
    expect(me).toMatchObject({ logged_in: true, user: { email } });
  });
});
