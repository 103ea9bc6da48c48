// The transfer funds page in the browser (§2 /account/transfer_funds; §5 Transfer; §6 login required,
// validated accounts only; §7 bal_transfer_fees throttled 250 ms and bal_transfer; §8 INSUFFICIENT_FUNDS).
import type { Locator, Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, label, test } from './support.ts';

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

const X = T.en.TRANSFER;
const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
const usd = (n: number) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(n);
const dollars = (text: string) => Number(text.replace(/[^0-9.]/g, ''));

// Two of Ana's validated accounts (fixtures/payers.json); balances are read from the page, not assumed.
const AUNT = { ani: '4165550106', name: 'Aunt (Toronto) (416) 555-0106' };
const BROTHER = { ani: '5125550102', name: 'Brother (512) 555-0102' };
const FEES_PATH = '/account/destinations/bal_transfer_fees';

/** The balance an option of the from select shows for an account. */
async function balance(select: Locator, ani: string): Promise<number> {
  const text = (await select.locator(`option[value="${ani}"]`).textContent()) ?? '';
  const m = /\$[\d,]+\.\d\d$/.exec(text);
  if (!m) throw new Error(`no balance in option "${text}"`);
  return dollars(m[0]);
}

test.describe('transfer funds', () => {
  test('sign in on the way, transfer between two own accounts, see both balances change; too much is refused', async ({
    page,
    journey,
  }) => {
    await signInThrough(page, '/account/transfer_funds', 'ana@example.com', 'sandbox-pass-1');
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.TRANSFER_FUNDS })).toBeFocused();
    const from = page.getByLabel(X.FROM, { exact: true });
    const to = page.getByLabel(X.TO, { exact: true });
    const amount = page.getByLabel(X.AMOUNT, { exact: true });
    const submit = page.getByRole('button', { name: X.SUBMIT, exact: true });
    // §6: validated accounts only (Cousin's is pending; the SNAP line is never listed, §9).
    await expect(from.getByRole('option')).toHaveCount(5);
    await expect(from.locator('option[value="5125550103"]')).toHaveCount(0);
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page, 'transfer funds');

    const auntBefore = await balance(from, AUNT.ani);
    const brotherBefore = await balance(from, BROTHER.ani);
    await from.selectOption(AUNT.ani);
    await to.selectOption(BROTHER.ani);
    await amount.fill('10');
    const figures = page.getByRole('definition');
    await expect(figures.first()).toHaveText(/^\$\d+\.\d\d$/);
    const fee = dollars((await figures.first().textContent()) ?? '');
    await expect(figures.nth(1)).toHaveText(usd(10 + fee));
    await expect(submit).toBeEnabled();
    await submit.click();

    const auntAfter = Math.round((auntBefore - 10 - fee) * 100) / 100;
    const brotherAfter = brotherBefore + 10;
    const done = fill(X.DONE, {
      amount: usd(10),
      from: AUNT.name,
      fromBalance: usd(auntAfter),
      to: BROTHER.name,
      toBalance: usd(brotherAfter),
    });
    await expect(page.getByRole('status')).toHaveText(done);
    await expect(page.getByRole('status').getByText(done)).toBeFocused();
    // The form starts again, with the balances the server now holds.
    await expect(from).toHaveValue('');
    await expect(amount).toHaveValue('');
    expect(await balance(from, AUNT.ani)).toBe(auntAfter);
    expect(await balance(from, BROTHER.ani)).toBe(brotherAfter);
    await expectNoAxeViolations(page, 'transfer made');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: T.en.PAGES.TRANSFER_FUNDS })).toBeFocused();
    await expect(from.locator(`option[value="${AUNT.ani}"]`)).toHaveText(
      fill(X.OPTION, { account: AUNT.name, balance: usd(auntAfter) }),
    );
    await expect(from.locator(`option[value="${BROTHER.ani}"]`)).toHaveText(
      fill(X.OPTION, { account: BROTHER.name, balance: usd(brotherAfter) }),
    );

    // §8: more than the source holds. §9: typed quickly, the fee is asked for once, for the last amount.
    await from.selectOption(BROTHER.ani);
    await to.selectOption(AUNT.ani);
    const asked = () => journey.requests.filter((r) => r.path === FEES_PATH).length;
    const before = asked();
    await amount.pressSequentially('500', { delay: 40 });
    await expect(page.getByRole('alert')).toHaveText(T.en.ERROR.INSUFFICIENT_FUNDS);
    expect(asked() - before).toBe(1);
    await expect(from).toHaveValue(BROTHER.ani);
    await expect(to).toHaveValue(AUNT.ani);
    await expect(amount).toHaveValue('500');
    await expect(submit).toBeDisabled();
    await expectNoAxeViolations(page, 'transfer refused');

    // §5: the amount's message is the field's description.
    await amount.fill('abc');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expect(amount).toHaveAccessibleDescription(`${X.AMOUNT_HINT} ${T.en.VALIDATION.MUST_BE_NUMERIC}`);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
