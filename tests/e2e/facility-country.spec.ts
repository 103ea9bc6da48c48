// The facility step's address names its country (§2 /deposit_facility/:country, §9 country options US
// and Canada): after Canada was chosen once, an address with /US shows the United States and its states,
// typed into a loaded page or opened afresh, and a reload keeps /US.
import type { Page } from '@playwright/test';
import { START, T, expect, expectStep, test } from './support.ts';

const f = T.en.FACILITY;
const hash = (page: Page) => page.evaluate(() => window.location.hash);

/** The step shows the United States: the country, the states' label, and a state of the US. */
async function expectUnitedStates(page: Page) {
  await expect(page.getByLabel(f.COUNTRY, { exact: true })).toHaveValue('US');
  const state = page.getByLabel(f.STATE, { exact: true });
  await expect(state.getByRole('option', { name: 'Texas' })).toBeAttached();
  await expect(page.getByLabel(f.PROVINCE, { exact: true })).toHaveCount(0);
  await expect.poll(() => hash(page)).toBe('#/deposit_facility/US');
}

/** Chooses Canada and waits until the choice is saved (§4 autosave), as a payer's earlier visit left it. */
async function chooseCanada(page: Page) {
  await expectStep(page, 'en', f.HEADING, 30, '#/deposit_facility/US');
  const saved = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/state/save' && (r.request().postData() ?? '').includes('"CA"'),
  );
  await page.getByLabel(f.COUNTRY, { exact: true }).selectOption('CA');
  await expect(page.getByLabel(f.PROVINCE, { exact: true }).getByRole('option', { name: 'Ontario' })).toBeAttached();
  await expect.poll(() => hash(page)).toBe('#/deposit_facility/CA');
  expect((await saved).ok()).toBe(true);
}

test('after choosing Canada, an address with /US shows the United States, and a reload keeps it', async ({ page }) => {
  await page.goto(START);
  await chooseCanada(page);

  // Typed into the loaded page.
  await page.evaluate(() => {
    window.location.hash = '#/deposit_facility/US';
  });
  await expectUnitedStates(page);
  await page.reload();
  await expectStep(page, 'en', f.HEADING, 30, '#/deposit_facility/US');
  await expectUnitedStates(page);

  // Opened afresh, after Canada was chosen again.
  await chooseCanada(page);
  await page.goto('about:blank');
  await page.goto(START);
  await expectStep(page, 'en', f.HEADING, 30, '#/deposit_facility/US');
  await expectUnitedStates(page);
  // And /CA still opens Canada.
  await page.evaluate(() => {
    window.location.hash = '#/deposit_facility/CA';
  });
  await expect(page.getByLabel(f.COUNTRY, { exact: true })).toHaveValue('CA');
  await expect(page.getByLabel(f.PROVINCE, { exact: true })).toBeVisible();
});
