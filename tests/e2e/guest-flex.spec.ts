// A guest's flex deposit in the browser, against the built site (server/main.ts serving dist/).
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import {
  masked,
  CARDS,
  CUSTOMER_SERVICE_PHONE,
  RECIPIENT,
  T,
  TERMS,
  chooseFacility,
  chooseFlex,
  cvcFor,
  expect,
  expectBillingFilled,
  expectCheckoutFilled,
  expectCheckoutTotals,
  expectNoAxeViolations,
  expectReceipt,
  expectReceiptStep,
  expectStep,
  fillCheckout,
  findRecipient,
  label,
  payer,
  presetRadio,
  requestsSentSoFar,
  submitButton,
  test,
  type Journey,
  type Lang,
  START,
} from './support.ts';

/** Facility, type and recipient, up to the checkout step. */
async function toCheckout(page: Page, lang: Lang, axe = false): Promise<void> {
  await chooseFacility(page, lang, { axe });
  await chooseFlex(page, lang, { axe });
  await findRecipient(page, RECIPIENT.name, lang, { axe, results: 3 });
  await expectStep(page, lang, T[lang].CHECKOUT.HEADING, 80, '#/checkout');
}

/** The paths of the POST requests the page sent to one address. */
function posts(journey: Journey, path: string): string[] {
  return journey.requests.filter((r) => r.method === 'POST' && r.path === path).map((r) => `POST ${r.path}`);
}

/** The error summary: an alert named by its heading. */
function errorSummary(page: Page, heading: string) {
  return page.getByRole('alert', { name: heading });
}

test.describe('guest flex deposit', () => {
  test('English: focus, progress, route and axe on every step, then the receipt', async ({ page }) => {
    const t = T.en;
    const c = t.CHECKOUT;
    await page.goto(START);
    await toCheckout(page, 'en', true);

    // §9: the default deposit, $25, is chosen and its fees and total shown before the payer does anything.
    await expectCheckoutTotals(page, 'en');
    // An empty submit: the error summary takes focus and links to every field.
    await submitButton(page, 'en').click();
    const summary = errorSummary(page, t.ERROR.CHECKOUT_ERROR);
    await expect(summary).toBeFocused();
    const required = (key: keyof typeof c, message = t.VALIDATION.REQUIRED) => `${c[key]} - ${message}`;
    const links = (await summary.getByRole('link').allTextContents()).sort();
    expect(links).toEqual(
      [
        required('CARD_NUMBER'),
        required('EXPIRY_MONTH'),
        required('EXPIRY_YEAR'),
        required('CVC'),
        required('FIRST_NAME'),
        required('LAST_NAME'),
        required('ADDRESS1'),
        required('CITY'),
        required('STATE'),
        required('ZIP'),
        required('EMAIL'),
        required('PHONE'),
        ...TERMS.map((key) => required(key, t.VALIDATION.AGREE_TERMS)),
      ].sort(),
    );
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveAccessibleName(required('CARD_NUMBER'));
    await expectNoAxeViolations(page, 'checkout with the error summary');

    await fillCheckout(page, CARDS.approved, 'en', payer('guest.en'));
    await expectNoAxeViolations(page, 'checkout filled');
    await submitButton(page, 'en').click();
    await expectReceipt(page, 'en', CARDS.approved);
    await expectNoAxeViolations(page, 'receipt');
  });

  test('Spanish: the same journey, and the language survives a reload', async ({ page }) => {
    const t = T.es;
    await page.goto(START);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.en.FACILITY.HEADING);
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.FACILITY.HEADING);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.evaluate(() => window.localStorage.getItem('deposit.lang'))).toBe('es');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.FACILITY.HEADING);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel(t.FACILITY.STATE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: t.WIZARD.CONTINUE })).toBeVisible();

    await toCheckout(page, 'es', true);
    await expect(page.getByRole('button', { name: t.WIZARD.BACK })).toBeVisible();
    await expectCheckoutTotals(page, 'es');
    await submitButton(page, 'es').click();
    const summary = errorSummary(page, t.ERROR.CHECKOUT_ERROR);
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: `${t.CHECKOUT.CARD_NUMBER} - ${t.VALIDATION.REQUIRED}`, exact: true }),
    ).toBeVisible();
    await expect(summary.getByRole('link', { name: new RegExp(`^${t.CHECKOUT.AMOUNT} - `) })).toHaveCount(0);
    await expectNoAxeViolations(page, 'checkout with the error summary (es)');
    await fillCheckout(page, CARDS.approved, 'es', payer('guest.es'));
    await expectNoAxeViolations(page, 'checkout filled (es)');
    await submitButton(page, 'es').click();
    const order = await expectReceipt(page, 'es', CARDS.approved);
    await expectNoAxeViolations(page, 'receipt (es)');

    // A reload on the receipt: still the receipt, still in Spanish.
    await page.reload();
    await expectReceiptStep(page, 'es');
    await expect(page.getByText(order, { exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('a declined card shows the translated NO_AMEX message, keeps every field, and a good card completes', async ({
    page,
  }) => {
    const t = T.en;
    const who = payer('declined');
    await page.goto(START);
    await toCheckout(page, 'en');
    await fillCheckout(page, CARDS.amex, 'en', who);
    await submitButton(page, 'en').click();
    const summary = errorSummary(page, t.ERROR.HEADING);
    await expect(summary).toBeFocused();
    await expect(summary.getByText(t.ERROR.NO_AMEX, { exact: true })).toBeVisible();
    await expect(summary.getByRole('link')).toHaveCount(0);
    await expect(page).toHaveURL(/#\/checkout$/);
    await expectCheckoutFilled(page, CARDS.amex, 'en', who);
    await expect(presetRadio(page, 'en')).toBeChecked();
    await expectNoAxeViolations(page, 'checkout after a declined card');

    // Correcting the card (its number, and the security code of its brand) is enough.
    await page.getByLabel(label(t.CHECKOUT.CARD_NUMBER)).fill(CARDS.approved);
    await page.getByLabel(label(t.CHECKOUT.CVC)).fill(cvcFor(CARDS.approved));
    await submitButton(page, 'en').click();
    await expectReceipt(page, 'en', CARDS.approved);
  });

  test('an unknown processor text shows GENERIC_DEPOSIT_FAILED with the customer service number', async ({ page }) => {
    const t = T.en;
    const who = payer('generic');
    await page.goto(START);
    await toCheckout(page, 'en');
    await fillCheckout(page, CARDS.unknownText, 'en', who);
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/pay/process_deposit');
    await submitButton(page, 'en').click();
    const body = (await (await answer).json()) as { success?: boolean; error?: string };
    expect(body.success).not.toBe(true);
    expect(body.error).toBe('card declined');
    const summary = errorSummary(page, t.ERROR.HEADING);
    await expect(summary).toBeFocused();
    await expect(
      summary.getByText(t.ERROR.GENERIC_DEPOSIT_FAILED.replace('{{phone}}', CUSTOMER_SERVICE_PHONE), { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('card declined')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.CHECKOUT.HEADING);
    await expect(page.getByRole('progressbar', { name: t.LAYOUT.PROGRESS })).toHaveAttribute('aria-valuenow', '80');
    expect(await page.evaluate(() => window.location.hash)).toBe('#/checkout');
    await expectCheckoutFilled(page, CARDS.unknownText, 'en', who);
  });

  test('a reload on checkout brings back the saved billing fields, never the card', async ({ page, journey }) => {
    const c = T.en.CHECKOUT;
    const who = payer('reload');
    await page.goto(START);
    await toCheckout(page, 'en');
    // The autosave (throttled, §4) has saved the last field checked: no fixed wait.
    const lastSaved = page.waitForResponse(
      (r) => new URL(r.url()).pathname === '/state/save' && (r.request().postData() ?? '').includes('"terms_4":true'),
    );
    await fillCheckout(page, CARDS.approved, 'en', who);
    await lastSaved;
    expect(journey.requests.filter((r) => r.path === '/state/save').length).toBeGreaterThan(0);

    const stateAll = page.waitForResponse((r) => new URL(r.url()).pathname === '/state/all');
    await page.reload();
    const saved = (await (await stateAll).json()) as { fields: Record<string, unknown> };
    expect(saved.fields).toMatchObject({
      billing_first_name: who.first,
      billing_last_name: who.last,
      billing_address1: who.address,
      billing_city: who.city,
      billing_state: who.state,
      billing_zip: who.zip,
      email: who.email,
      // §5: the contact phone as its mask shows it.
      phone_no: masked.phone(who.phone),
      terms_1: true,
      terms_4: true,
    });
    expect(JSON.stringify(saved)).not.toContain(CARDS.approved);

    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    await expectBillingFilled(page, 'en', who);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue('');
    await expect(page.getByLabel(label(c.EXPIRY_MONTH))).toHaveValue('');
    await expect(page.getByLabel(label(c.EXPIRY_YEAR))).toHaveValue('');
    await expect(page.getByLabel(label(c.CVC))).toHaveValue('');
  });

  test('route guards: typed URLs and the back button (§4)', async ({ page }) => {
    const t = T.en;
    const setHash = (hash: string) => page.evaluate((h) => (window.location.hash = h), hash);

    // A fresh visitor who types #/checkout starts at the facility step.
    await page.goto('/#/checkout');
    await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');

    // The back button from the type step returns to the facility step.
    await chooseFacility(page, 'en');
    await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
    await page.goBack();
    await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
    await expect(page.getByLabel(t.FACILITY.STATE, { exact: true })).toHaveValue('TX');
    await expect(
      page.getByLabel(t.FACILITY.FACILITY, { exact: true }).getByRole('option', { selected: true }),
    ).toHaveText('Harris County Jail');
    await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
    await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');

    // Checkout typed before a recipient is chosen keeps the type step; the receipt before a deposit
    // goes back to the start.
    await setHash('#/checkout');
    await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
    await setHash('#/deposit_receipt');
    await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
    await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
    await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');

    await chooseFlex(page, 'en');
    await findRecipient(page, RECIPIENT.name, 'en');
    await fillCheckout(page, CARDS.approved, 'en', payer('guards'));
    await submitButton(page, 'en').click();
    await expectReceiptStep(page, 'en');

    // After the deposit, checkout (typed, by the back button, or on a fresh load) shows the receipt.
    await setHash('#/checkout');
    await expectReceiptStep(page, 'en');
    await page.goBack();
    await expectReceiptStep(page, 'en');
    await page.goto('about:blank');
    await page.goto('/#/checkout');
    await expectReceiptStep(page, 'en');
  });

  test('a double click on "Make deposit" makes one deposit', async ({ page, journey }) => {
    await page.goto(START);
    await toCheckout(page, 'en');
    await fillCheckout(page, CARDS.approved, 'en', payer('double'));
    const answers: Promise<unknown>[] = [];
    page.on('response', (r) => {
      if (new URL(r.url()).pathname === '/pay/process_deposit') answers.push(r.json());
    });
    await submitButton(page, 'en').dblclick();
    const order = await expectReceipt(page, 'en', CARDS.approved);
    // The receipt shows: the checkout has stopped, so a second deposit would have been sent before now.
    await requestsSentSoFar(page);
    expect(posts(journey, '/vault/tokenize')).toHaveLength(1);
    expect(posts(journey, '/pay/process_deposit')).toHaveLength(1);
    const bodies = (await Promise.all(answers)) as { success?: boolean; receipt?: { order_number?: string } }[];
    expect(bodies.map((b) => b.success)).toEqual([true]);
    const state = (await (await page.request.get('/state/all')).json()) as {
      fields: { deposit_id: string; cached_deposit_info: { order_number: string } | null };
    };
    expect(state.fields.deposit_id).not.toBe('');
    expect(state.fields.cached_deposit_info?.order_number).toBe(order);
  });

  test('two clicks in the same task still make one deposit', async ({ page, journey }) => {
    await page.goto(START);
    await toCheckout(page, 'en');
    await fillCheckout(page, CARDS.approved, 'en', payer('same-task'));
    // Both clicks land before React can render the busy (disabled) button.
    await submitButton(page, 'en').evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await expectReceipt(page, 'en', CARDS.approved);
    await requestsSentSoFar(page);
    expect(posts(journey, '/vault/tokenize')).toHaveLength(1);
    expect(posts(journey, '/pay/process_deposit')).toHaveLength(1);
  });

  test('security headers on the served page, and the policy is enforced', async ({ page, journey }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    const headers = response?.headers() ?? {};
    const csp = headers['content-security-policy'] ?? '';
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .filter((d) => d[0])
        .map(([name, ...values]) => [name as string, values]),
    );
    const scriptSrc = directives.get('script-src') ?? directives.get('default-src');
    expect(scriptSrc, 'script-src (or default-src) in the CSP').toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain('*');
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(headers['x-content-type-options']).toBe('nosniff');

    // The page's one inline script (docs/decisions/0031) is allowed by its hash, no other; every script
    // it loads is served with nosniff.
    const html = (await response?.text()) ?? '';
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1] ?? '');
    expect(inline).toHaveLength(1);
    for (const body of inline)
      expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
    const scriptUrl = await page.evaluate(() => document.querySelector('script[src]')?.getAttribute('src') ?? '');
    const script = await page.request.get(scriptUrl);
    expect(script.headers()['x-content-type-options']).toBe('nosniff');
    expect(script.headers()['content-type']).toMatch(/javascript/);

    // An injected inline script does not run. The site root is the welcome page (§2 /landing).
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(T.en.PAGES.LANDING);
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.__inlineRan = true';
      document.body.append(s);
    });
    expect(await page.evaluate(() => (window as { __inlineRan?: boolean }).__inlineRan ?? false)).toBe(false);
    await expect.poll(() => journey.consoleErrors.length).toBe(1);
    expect(journey.consoleErrors[0]).toMatch(/Content Security Policy/);
    journey.consoleErrors.length = 0;
  });
});
