// Checkout extras (docs/decisions/0015) in the browser, against the reference server: the global
// header's navigation script (§2), the free-voicemail line of a one-time phone-account deposit
// (§7/§9), the auto-pay note (§6) and the CPA link once the billing state is Virginia (§9 cpastates),
// in both languages; axe on each step. A navigation script that fails leaves the site working and
// is reported.
import type { Page } from '@playwright/test';
import {
  RECIPIENT,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  expectNoAxeViolations,
  expectStep,
  findRecipient,
  label,
  money,
  presetRadio,
  test,
  START,
} from './support.ts';

const NAV_SCRIPT = '/sandbox/nav/header.js';
const CPA_URL = 'https://www.oag.state.va.us/consumer-protection/';

async function toDestCheckout(page: Page, phone: string) {
  const t = T.en;
  await chooseFacility(page, 'en');
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await page.getByRole('region', { name: t.TYPE.DEST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
  await expectStep(page, 'en', t.NUMBER.HEADING, 60, '#/deposit_number');
  await page.getByLabel(label(t.NUMBER.PHONE)).fill(phone);
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
}

test('the header navigation, the voicemail line, the auto-pay note and the CPA link, in both languages', async ({
  page,
  journey,
}) => {
  // Three steps and three axe runs on a machine shared with other runs.
  test.setTimeout(90_000);
  const en = T.en;
  const es = T.es;
  await page.goto(START);
  // §2: the global header's script is loaded once, and renders the site's own strings.
  const nav = page.getByRole('banner').getByRole('navigation', { name: en.HEADER_NAV.LABEL });
  await expect(nav.getByRole('link', { name: en.HEADER_NAV.DEPOSIT })).toHaveAttribute('href', '#/');
  await expect(nav.getByRole('link', { name: en.HEADER_NAV.HISTORY })).toHaveAttribute(
    'href',
    '#/account/deposit_history',
  );
  await expectNoAxeViolations(page, 'facility step with the header navigation');

  await toDestCheckout(page, '5125550177');
  const c = en.CHECKOUT;
  const extras = en.CHECKOUT_EXTRAS;
  // §6: charged once; a guest is offered no recurring choice, so the note does not tell how to cancel one.
  await expect(page.getByRole('region', { name: extras.AUTO_PAY_TITLE })).toContainText(extras.AUTO_PAY_NOTE_ONCE);
  // §9: a one-time $50 deposit to a phone account includes 2 free voicemails (fixtures/voicemail-offers.json).
  await presetRadio(page, 'en', 50).check();
  const voicemails = (amount: number, count: number) =>
    extras.VOICEMAILS_other.replace('{{amount}}', money(amount, 'en')).replace('{{count}}', String(count));
  await expect(page.getByText(voicemails(50, 2))).toBeVisible();
  await presetRadio(page, 'en', 25).check();
  await expect(
    page.getByText(extras.VOICEMAILS_one.replace('{{amount}}', money(25, 'en')).replace('{{count}}', '1')),
  ).toBeVisible();
  await expect(page.getByText(voicemails(50, 2))).toHaveCount(0);

  // §9 cpastates: no link for Texas; the link for Virginia, in a new tab.
  const state = page.getByLabel(label(c.STATE));
  const texasAnswered = page.waitForResponse((r) => r.url().endsWith('/pay/get_cpa_settings'));
  await state.selectOption('TX');
  await texasAnswered;
  const cpa = page.getByRole('link', { name: /Virginia/ });
  await expect(cpa).toHaveCount(0);
  await state.selectOption('VA');
  await expect(cpa).toHaveAttribute('href', CPA_URL);
  await expect(cpa).toHaveAttribute('target', '_blank');
  await expect(cpa).toHaveAttribute('rel', /noopener/);
  await expect(cpa).toContainText(extras.NEW_TAB);
  await expectNoAxeViolations(page, 'dest checkout with the extras');

  // The payer's language: the header, the voicemail line and the CPA link follow it.
  await page.getByRole('button', { name: en.LAYOUT.LANGUAGE_ES }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(es.CHECKOUT.HEADING);
  await expect(page.getByRole('banner').getByRole('navigation', { name: es.HEADER_NAV.LABEL })).toBeVisible();
  await expect(page.getByRole('link', { name: /Aviso de protección al consumidor de Virginia/ })).toHaveAttribute(
    'href',
    CPA_URL,
  );
  await expect(
    page.getByText(es.CHECKOUT_EXTRAS.VOICEMAILS_one.replace('{{amount}}', money(25, 'es')).replace('{{count}}', '1')),
  ).toBeVisible();
  await expect(page.getByText(es.CHECKOUT_EXTRAS.AUTO_PAY_NOTE_ONCE)).toBeVisible();
  await expectNoAxeViolations(page, 'dest checkout with the extras (es)');
  // The script came once, however many times the layout was drawn.
  expect(journey.requests.filter((r) => r.path === NAV_SCRIPT)).toHaveLength(1);
});

test('an inmate-account deposit: the auto-pay note, no voicemail line', async ({ page }) => {
  const t = T.en;
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', t.CHECKOUT.HEADING, 80, '#/checkout');
  await presetRadio(page, 'en', 50).check();
  await expect(page.getByText(t.CHECKOUT_EXTRAS.AUTO_PAY_NOTE_ONCE)).toBeVisible();
  await expect(page.getByText(/Recurring deposits page/)).toHaveCount(0);
  await expect(page.getByText(/free voicemail/)).toHaveCount(0);
});

test('a navigation script that does not load: the site header stays, the wizard works, the failure is reported', async ({
  page,
  journey,
}) => {
  const t = T.en;
  journey.expectedHttpErrors.push(NAV_SCRIPT);
  await page.route(`**${NAV_SCRIPT}`, (route) => route.fulfill({ status: 404, body: 'not here' }));
  const reported = page.waitForRequest(
    (r) => r.url().endsWith('/development/log_js_error') && (r.postData() ?? '').includes('navigation script'),
  );
  await page.goto(START);
  await reported;
  await expect(page.getByRole('banner')).toContainText(t.LAYOUT.SITE_NAME);
  await expect(page.getByRole('navigation', { name: t.HEADER_NAV.LABEL })).toHaveCount(0);
  await chooseFacility(page, 'en');
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await expectNoAxeViolations(page, 'type step without the header navigation');
});
