// The recipient searches of the non-standard facilities (§2 deposit.recipient, §5, fixtures/README.md):
// an ICE facility by A-number plus the first letters of the last name, a Canadian facility and a
// juvenile one by booking number. The facility's inmate label (§1 inmate_label) names the person
// throughout; axe runs on each step.
import type { Page } from '@playwright/test';
import { T, expect, expectNoAxeViolations, expectStep, label, test, START } from './support.ts';

const t = T.en;
const r = t.RECIPIENT;

// Several searches per test, with axe on each step.
test.describe.configure({ timeout: 90_000 });

/** Chooses a facility of the fixtures by country, state or province, and name. */
async function chooseFacilityIn(page: Page, country: 'US' | 'CA', region: string, facility: string): Promise<void> {
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  if (country !== 'US') await page.getByLabel(t.FACILITY.COUNTRY, { exact: true }).selectOption(country);
  const regionField = page.getByLabel(country === 'CA' ? t.FACILITY.PROVINCE : t.FACILITY.STATE, { exact: true });
  await expect(regionField.locator(`option[value="${region}"]`)).toBeAttached();
  await regionField.selectOption(region);
  const facilityField = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facilityField).toBeEnabled();
  await facilityField.selectOption({ label: facility });
  await expect(facilityField.getByRole('option', { selected: true })).toHaveText(facility);
  await expectNoAxeViolations(page, `facility ${facility}`);
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
}

/** The type step names the deposit after the facility's label; flex goes on to the recipient step. */
async function chooseFlexFor(page: Page, inmateLabel: string): Promise<void> {
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  const flex = page.getByRole('region', { name: t.TYPE.FLEX_TITLE.replace('{{label}}', inmateLabel) });
  await expect(flex).toBeVisible();
  await expectNoAxeViolations(page, `type step (${inmateLabel})`);
  await flex.getByRole('button', { name: t.TYPE.CHOOSE }).click();
  await expectStep(page, 'en', r.HEADING.replace('{{label}}', inmateLabel), 60, '#/deposit_recipient');
  // Not the name search: these facilities search by other means.
  await expect(page.getByLabel(label(r.NAME))).toHaveCount(0);
}

function results(page: Page, inmateLabel: string) {
  return page.getByRole('list', { name: r.RESULTS.replace('{{label}}', inmateLabel) });
}

function selectButton(page: Page, inmateLabel: string, name: string) {
  return results(page, inmateLabel).getByRole('button', {
    name: r.SELECT_NAMED.replace('{{name}}', name),
    exact: true,
  });
}

function count(n: number): string {
  return (n === 1 ? r.RESULTS_COUNT_one : r.RESULTS_COUNT_other).replace('{{count}}', String(n));
}

/** The checkout names the person under the facility's label, with the booking number. */
async function expectCheckoutFor(page: Page, inmateLabel: string, name: string, booking: string): Promise<void> {
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  const card = page.getByRole('region', { name: t.CHECKOUT.RECIPIENT_TITLE });
  await expect(
    card.locator(`xpath=.//dt[normalize-space(.)=${JSON.stringify(inmateLabel)}]/following-sibling::dd[1]`),
  ).toHaveText(name);
  await expect(
    card.locator(
      `xpath=.//dt[normalize-space(.)=${JSON.stringify(t.RECEIPT.BOOKING_NUMBER)}]/following-sibling::dd[1]`,
    ),
  ).toHaveText(booking);
  await expect(card).toContainText(t.TYPE.FLEX_TITLE.replace('{{label}}', inmateLabel));
  await expectNoAxeViolations(page, `checkout for ${name}`);
}

test('ICE: A-number and the first letters of the last name; not found; the fraud-flagged detainee is blocked', async ({
  page,
}) => {
  const detainee = 'Detainee';
  await page.goto(START);
  await chooseFacilityIn(page, 'US', 'TX', 'South Texas ICE Processing Center');
  await chooseFlexFor(page, detainee);
  const aNumber = page.getByLabel(label(r.A_NUMBER));
  const lastName = page.getByLabel(label(r.LAST_NAME_START));
  await expectNoAxeViolations(page, 'ICE search, empty');

  // §5: the last-name prefix is 2 to 3 letters; the field takes no more than 3.
  await expect(lastName).toHaveAttribute('maxlength', '3');

  // A prefix of an A-number finds every detainee whose number starts so, narrowed by the last name.
  await aNumber.fill('A12345');
  await lastName.fill('Has');
  await expect(selectButton(page, detainee, 'Ahmed Hassan')).toBeVisible();
  await expect(results(page, detainee).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status').filter({ hasText: count(1) })).toHaveText(count(1));

  // Not found: Olga Petrova's last name with Luis Hernandez's number.
  await aNumber.fill('A123456789');
  await lastName.fill('Pet');
  const notFound = page.getByRole('alert').filter({ hasText: t.DEPOSIT.SEARCH_NOT_FOUND });
  await expect(notFound).toHaveText(t.DEPOSIT.SEARCH_NOT_FOUND);
  await expect(results(page, detainee)).toHaveCount(0);
  await expectNoAxeViolations(page, 'ICE search, not found');

  // The fraud-flagged detainee (100033) is found but cannot be chosen (§5, §8 FRAUD_CONTROL_MESSAGE).
  await aNumber.fill('555000111');
  await lastName.fill('Rui');
  await selectButton(page, detainee, 'Carmen Ruiz').click();
  const blocked = page.getByRole('alert').filter({ hasText: t.ERROR.FRAUD_CONTROL_MESSAGE });
  await expect(blocked).toBeFocused();
  // Not a field to correct: the summary says the deposit cannot be made.
  await expect(blocked.getByRole('heading', { level: 2 })).toHaveText(r.CANNOT_DEPOSIT);
  await expect(page).toHaveURL(/#\/deposit_recipient$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.HEADING.replace('{{label}}', detainee));
  await expect(aNumber).toHaveValue('555000111');
  await expect(lastName).toHaveValue('Rui');
  await expectNoAxeViolations(page, 'ICE search, fraud-flagged detainee');

  // Found: Luis Hernandez by his whole A-number; on to the checkout.
  await aNumber.fill('A123456789');
  await lastName.fill('her');
  await expect(results(page, detainee).getByRole('listitem')).toHaveCount(1);
  await expect(results(page, detainee)).toContainText(r.BOOKING.replace('{{code}}', 'A123456789'));
  await expectNoAxeViolations(page, 'ICE search, found');
  await selectButton(page, detainee, 'Luis Hernandez').click();
  await expectCheckoutFor(page, detainee, 'Luis Hernandez', 'A123456789');
});

test('Canadian facility: booking number search reaches the checkout', async ({ page }) => {
  const inmate = 'Inmate';
  await page.goto(START);
  await chooseFacilityIn(page, 'CA', 'ON', 'Toronto South Detention Centre');
  await chooseFlexFor(page, inmate);
  const booking = page.getByLabel(label(r.BOOKING_NUMBER));
  await expectNoAxeViolations(page, 'booking number search, empty');

  // §5: at least 2 characters; a prefix finds both Toronto bookings, the whole code one.
  await booking.fill('t');
  await booking.blur();
  await expect(booking).toHaveAccessibleName(`${r.BOOKING_NUMBER} - ${t.VALIDATION.KEEP_TYPING}`);
  await booking.fill('tsdc-10024');
  await expect(results(page, inmate).getByRole('listitem')).toHaveCount(2);
  await expect(page.getByRole('status').filter({ hasText: count(2) })).toHaveText(count(2));
  await booking.fill('TSDC-100245');
  await expect(results(page, inmate).getByRole('listitem')).toHaveCount(1);
  await expect(results(page, inmate)).toContainText(r.BOOKING.replace('{{code}}', 'TSDC-100245'));
  await expectNoAxeViolations(page, 'booking number search, found');
  await selectButton(page, inmate, 'Liam Tremblay').click();
  await expectCheckoutFor(page, inmate, 'Liam Tremblay', 'TSDC-100245');
});

test('juvenile facility: booking number search for a Resident', async ({ page }) => {
  const resident = 'Resident';
  await page.goto(START);
  await chooseFacilityIn(page, 'US', 'AZ', 'Pima County Juvenile Detention Center');
  await chooseFlexFor(page, resident);
  const booking = page.getByLabel(label(r.BOOKING_NUMBER));

  await booking.fill('J24-9999');
  await expect(page.getByRole('alert').filter({ hasText: t.DEPOSIT.SEARCH_NOT_FOUND })).toBeVisible();
  await expectNoAxeViolations(page, 'juvenile search, not found');

  await booking.fill('J24-0017');
  await expect(results(page, resident).getByRole('listitem')).toHaveCount(1);
  await expect(results(page, resident)).toContainText(r.DOB.replace('{{date}}', '06/02/2010'));
  await expectNoAxeViolations(page, 'juvenile search, found');
  await selectButton(page, resident, 'Tyler Brooks').click();
  await expectCheckoutFor(page, resident, 'Tyler Brooks', 'J24-0017');
});
