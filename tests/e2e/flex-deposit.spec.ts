// A guest's flex deposit in the browser, against the started site (server/main.ts serving dist/).
import {
  ANA,
  CARDS,
  EXPIRY_YEAR,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  expectNoAxeViolations,
  expectStep,
  fillCheckout,
  findRecipient,
  label,
  test,
  today,
} from './support.ts';

test.describe('guest flex deposit', () => {
  test('completes in English with focus, progress, routes and no axe violation on any step', async ({
    page,
    errors,
  }) => {
    const t = T.en;
    await page.goto('/');
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, 'en', 'smith', 'John Smith');
    await expectStep(page, t.CHECKOUT.HEADING, 80, '#/checkout');
    // An empty submit: the error summary takes focus and lists the fields.
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    const summary = page.getByRole('alert').filter({ hasText: t.ERROR.CHECKOUT_ERROR });
    await expect(summary).toBeFocused();
    await expect(
      summary.getByRole('link', { name: `${t.CHECKOUT.CARD_NUMBER} - ${t.VALIDATION.REQUIRED}` }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'checkout with errors');
    await fillCheckout(page, 'en', CARDS.approved);
    await expect(page.getByText(t.CHECKOUT.TOTAL).locator('xpath=following-sibling::dd[1]')).toHaveText('$29.95');
    await expectNoAxeViolations(page, 'checkout filled');
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    await expectStep(page, t.RECEIPT.HEADING, 100, '#/deposit_receipt');
    await expect(page.getByTestId('order-number')).toHaveText(/^D\d{8}$/);
    await expect(page.getByTestId('receipt-date')).toHaveText(today());
    await expect(page.getByTestId('amount-paid')).toHaveText('$29.95');
    await expect(page.getByRole('main')).toContainText('John Smith');
    await expect(page.getByRole('main')).toContainText('Harris County Jail');
    await expect(page.getByRole('main')).toContainText(`visa ending in 1111`);
    await expectNoAxeViolations(page, 'receipt');
    // §4 guards: checkout after a deposit goes to the receipt.
    await page.goto('/#/checkout');
    await expectStep(page, t.RECEIPT.HEADING, 100, '#/deposit_receipt');
    expect(errors).toEqual([]);
  });

  test('completes in Spanish, and the language survives a reload', async ({ page }) => {
    const t = T.es;
    await page.goto('/');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.FACILITY.HEADING);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.reload();
    await chooseFacility(page, 'es');
    await chooseFlex(page, 'es');
    await findRecipient(page, 'es', 'garcia', 'Maria Garcia');
    await fillCheckout(page, 'es', CARDS.approved, { ...ANA, email: 'ana.es@example.com' });
    await expectNoAxeViolations(page, 'checkout (es)');
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    await expectStep(page, t.RECEIPT.HEADING, 100, '#/deposit_receipt');
    await expect(page.getByText(t.RECEIPT.ORDER_NUMBER)).toBeVisible();
    await expect(page.getByTestId('receipt-date')).toHaveText(today());
    await expectNoAxeViolations(page, 'receipt (es)');
  });

  test('a declined card shows its translated message and keeps every field', async ({ page }) => {
    const t = T.en;
    const c = t.CHECKOUT;
    await page.goto('/');
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, 'en', 'smith', 'Johnny Smithers');
    const who = { ...ANA, email: 'declined@example.com' };
    await fillCheckout(page, 'en', CARDS.amex, who);
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    const summary = page.getByRole('alert').filter({ hasText: t.ERROR.NO_AMEX });
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(CARDS.amex);
    await expect(page.getByLabel(label(c.EXPIRY_MONTH))).toHaveValue('12');
    await expect(page.getByLabel(label(c.EXPIRY_YEAR))).toHaveValue(EXPIRY_YEAR);
    await expect(page.getByLabel(label(c.CVC))).toHaveValue('123');
    await expect(page.getByLabel(label(c.FIRST_NAME))).toHaveValue(who.first);
    await expect(page.getByLabel(label(c.LAST_NAME))).toHaveValue(who.last);
    await expect(page.getByLabel(label(c.ADDRESS1))).toHaveValue(who.address);
    await expect(page.getByLabel(label(c.CITY))).toHaveValue(who.city);
    await expect(page.getByLabel(label(c.STATE))).toHaveValue(who.state);
    await expect(page.getByLabel(label(c.ZIP))).toHaveValue(who.zip);
    await expect(page.getByLabel(label(c.EMAIL))).toHaveValue(who.email);
    await expect(page.getByLabel(label(c.PHONE))).toHaveValue(who.phone);
    for (const key of ['TERMS_1', 'TERMS_2', 'TERMS_3', 'TERMS_4'] as const)
      await expect(page.getByLabel(label(c[key]))).toBeChecked();
    await expect(page.getByRole('radio', { name: /25\.00/ })).toBeChecked();
    await expectNoAxeViolations(page, 'declined card');
    // Correcting the card is enough to finish.
    await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.approved);
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    await expectStep(page, t.RECEIPT.HEADING, 100, '#/deposit_receipt');
  });

  test('an unknown processor answer shows the generic failure with the customer service number', async ({ page }) => {
    const t = T.en;
    await page.goto('/');
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, 'en', 'garcia', 'Maria Garcia');
    await fillCheckout(page, 'en', CARDS.unknownText, { ...ANA, email: 'generic@example.com' });
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).click();
    await expect(page.getByRole('alert')).toContainText(
      t.ERROR.GENERIC_DEPOSIT_FAILED.replace('{{phone}}', '1-800-555-0100'),
    );
    await expect(page).toHaveURL(/#\/checkout$/);
  });

  test('a reload keeps what the server saved and never the card number', async ({ page }) => {
    const c = T.en.CHECKOUT;
    await page.goto('/');
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, 'en', 'smith', 'John Smith');
    await fillCheckout(page, 'en', CARDS.approved, { ...ANA, email: 'reload@example.com' });
    await page.waitForTimeout(600); // the autosave is throttled at 250 ms (§4)
    await page.reload();
    await expectStep(page, c.HEADING, 80, '#/checkout');
    await expect(page.getByLabel(label(c.FIRST_NAME))).toHaveValue(ANA.first);
    await expect(page.getByLabel(label(c.CITY))).toHaveValue(ANA.city);
    await expect(page.getByLabel(label(c.EMAIL))).toHaveValue('reload@example.com');
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue('');
    await expect(page.getByLabel(label(c.CVC))).toHaveValue('');
  });

  test('guards send a fresh visitor from checkout to the facility step, and back returns a step', async ({ page }) => {
    const t = T.en;
    await page.goto('/#/checkout');
    await expectStep(page, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
    await chooseFacility(page, 'en');
    await expectStep(page, t.TYPE.HEADING, 40, '#/deposit_type');
    await page.goBack();
    await expectStep(page, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
    await page.goto('/#/nowhere');
    await expectStep(page, t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  });

  test('a double click on the deposit button charges once', async ({ page }) => {
    const t = T.en;
    const answers: boolean[] = [];
    page.on('response', async (r) => {
      if (r.url().endsWith('/pay/process_deposit') && r.request().method() === 'POST') {
        answers.push(((await r.json()) as { success: boolean }).success);
      }
    });
    await page.goto('/');
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, 'en', 'garcia', 'Maria Garcia');
    await fillCheckout(page, 'en', CARDS.approved, { ...ANA, email: 'double@example.com' });
    await page.getByRole('button', { name: t.DEPOSIT.DEPOSIT_SUBMIT }).dblclick();
    await expectStep(page, t.RECEIPT.HEADING, 100, '#/deposit_receipt');
    expect(answers).toEqual([true]);
  });

  test('the served page carries the security headers', async ({ request }) => {
    const res = await request.get('/');
    const csp = res.headers()['content-security-policy'] ?? '';
    const script = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(script).toContain("'self'");
    expect(script).not.toContain('unsafe-inline');
    expect(script).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers()['x-content-type-options']).toBe('nosniff');
    expect(res.headers()['referrer-policy']).toBeTruthy();
  });
});
