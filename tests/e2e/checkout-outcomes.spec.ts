// Every checkout outcome of §8 that the sandbox produces (docs/test-cards.md), in the browser: the
// translated message shows, focus goes to it, and nothing the payer entered is lost (§4 "bad input ...
// loses nothing already entered"); then a good card completes. Also the duplicate-transaction warning
// (§4) and the daily maximum per recipient (decisions/0005, DAILY_MAX_PER_RECIPIENT).
import type { Page } from '@playwright/test';
import {
  AMOUNT,
  type Billing,
  CARDS,
  chooseAmount,
  chooseFacility,
  chooseFlex,
  definitionOf,
  expect,
  expectBillingFilled,
  expectNoAxeViolations,
  expectReceipt,
  expectReceiptStep,
  expectStep,
  EXPIRY,
  FACILITY,
  fillCheckout,
  fillPayment,
  findRecipient,
  type Journey,
  label,
  masked,
  money,
  payer,
  presetRadio,
  RECIPIENT,
  START,
  submitButton,
  T,
  test,
  TIME_ZONE,
  today,
} from './support.ts';

const t = T.en;
const c = t.CHECKOUT;

// Each test makes several submits (the daily maximum: three whole deposits and a refused one).
test.describe.configure({ timeout: 90_000 });

type CheckoutAnswer = {
  success?: boolean;
  error?: string | null;
  warning?: string | null;
  duplicate?: { amount: number; deposit_time: string } | null;
  cached_deposit_info?: { order_number: string; deposit_time: string } | null;
};

/** Facility, flex and John Smith, up to the checkout step. */
async function toCheckout(page: Page): Promise<void> {
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
}

/** Submits the checkout and returns the answer of /pay/process_deposit. */
async function submitAndAnswer(page: Page): Promise<CheckoutAnswer> {
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/pay/process_deposit');
  await submitButton(page, 'en').click();
  return (await (await answer).json()) as CheckoutAnswer;
}

/** The error summary: an alert named by its heading. */
function errorSummary(page: Page, heading: string) {
  return page.getByRole('alert', { name: heading });
}

/** The decline message of §8 shows in the summary, which has focus; no field error is listed. */
async function expectDeclineMessage(page: Page, message: string): Promise<void> {
  const summary = errorSummary(page, t.ERROR.HEADING);
  await expect(summary).toBeFocused();
  await expect(summary.getByText(message, { exact: true })).toBeVisible();
  await expect(summary.getByRole('link')).toHaveCount(0);
  await expect(page).toHaveURL(/#\/checkout$/);
  await expect(page.getByRole('progressbar', { name: t.LAYOUT.PROGRESS })).toHaveAttribute('aria-valuenow', '80');
}

/** Card, security code, billing, contact, amount and terms are as typed. */
async function expectKept(page: Page, card: string, cvc: string, who: Billing, amount: number = AMOUNT.deposit) {
  await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(masked.card(card));
  await expect(page.getByLabel(label(c.EXPIRY_MONTH))).toHaveValue(EXPIRY.month);
  await expect(page.getByLabel(label(c.EXPIRY_YEAR))).toHaveValue(EXPIRY.year);
  await expect(page.getByLabel(label(c.CVC))).toHaveValue(cvc);
  await expectBillingFilled(page, 'en', who);
  await expect(presetRadio(page, 'en', amount)).toBeChecked();
}

function posts(journey: Journey, path: string): number {
  return journey.requests.filter((r) => r.method === 'POST' && r.path === path).length;
}

/** The processor's declines of docs/test-cards.md, each answered as its §8 code. */
const DECLINES = [
  { card: CARDS.avs, cvc: EXPIRY.cvc, code: 'AVS_MATCH' },
  { card: CARDS.cvv, cvc: EXPIRY.cvc, code: 'CVV_MATCH' },
  // The security code 000 fails the check on any card, even one that would be approved.
  { card: CARDS.approved, cvc: '000', code: 'CVV_MATCH' },
  { card: CARDS.unknownToProcessor, cvc: EXPIRY.cvc, code: 'INVALID_CARD_NUMBER' },
  { card: CARDS.usps, cvc: EXPIRY.cvc, code: 'USPS_ERROR' },
  { card: CARDS.exceedsLimit, cvc: EXPIRY.cvc, code: 'DEPOSIT_EXCEEDS_LIMIT' },
  { card: CARDS.limitError, cvc: EXPIRY.cvc, code: 'DEPOSIT_EXCEEDS_LIMIT_ERROR' },
  { card: CARDS.minMaxError, cvc: EXPIRY.cvc, code: 'DEPOSIT_MIN_MAX_ERROR' },
  { card: CARDS.fraudInmate, cvc: EXPIRY.cvc, code: 'FRAUD_INMATE' },
] as const;

test('every card decline shows its message, keeps every field, and a good card completes', async ({
  page,
  journey,
}) => {
  const who = payer('declines');
  await page.goto(START);
  await toCheckout(page);
  await fillCheckout(page, CARDS.avs, 'en', who);

  for (const [i, d] of DECLINES.entries()) {
    await test.step(`${d.code} (${d.card}, code ${d.cvc})`, async () => {
      await page.getByLabel(label(c.CARD_NUMBER)).fill(d.card);
      await page.getByLabel(label(c.CVC)).fill(d.cvc);
      const answer = await submitAndAnswer(page);
      expect(answer).toMatchObject({ success: false, error: d.code });
      await expectDeclineMessage(page, t.ERROR[d.code]);
      await expectKept(page, d.card, d.cvc, who);
      if (i === 0) await expectNoAxeViolations(page, `checkout with ${d.code}`);
    });
  }
  // Each declined charge went to the processor; none made a deposit.
  expect(posts(journey, '/pay/process_deposit')).toBe(DECLINES.length);

  await test.step('a number that fails the checksum is refused in the page, before any call', async () => {
    const tokenized = posts(journey, '/vault/tokenize');
    await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.badChecksum);
    await page.getByLabel(label(c.CVC)).fill(EXPIRY.cvc);
    await submitButton(page, 'en').click();
    const summary = errorSummary(page, t.ERROR.CHECKOUT_ERROR);
    await expect(summary).toBeFocused();
    const invalid = `${c.CARD_NUMBER} - ${t.VALIDATION.INVALID_CARD_NUMBER}`;
    await expect(summary.getByRole('link')).toHaveText([invalid]);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveAccessibleName(invalid);
    await expectKept(page, CARDS.badChecksum, EXPIRY.cvc, who);
    expect(posts(journey, '/vault/tokenize')).toBe(tokenized);
  });

  await test.step('a number of no accepted brand (a JCB) is refused in the page, before any call', async () => {
    const tokenized = posts(journey, '/vault/tokenize');
    await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.otherBrand);
    await submitButton(page, 'en').click();
    const summary = errorSummary(page, t.ERROR.CHECKOUT_ERROR);
    await expect(summary).toBeFocused();
    const invalid = `${c.CARD_NUMBER} - ${t.VALIDATION.INVALID_CARD_NUMBER}`;
    await expect(summary.getByRole('link')).toHaveText([invalid]);
    await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveAccessibleName(invalid);
    await expectKept(page, CARDS.otherBrand, EXPIRY.cvc, who);
    await expectNoAxeViolations(page, 'checkout with a card number of no accepted brand');
    expect(posts(journey, '/vault/tokenize')).toBe(tokenized);
    expect(posts(journey, '/pay/process_deposit')).toBe(DECLINES.length);
  });

  // Correcting the card number is enough.
  await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.approved);
  const answer = await submitAndAnswer(page);
  expect(answer.success).toBe(true);
  await expectReceipt(page, 'en', CARDS.approved);
});

test('dest: FRAUD_DEST and INVALID_DEST keep the number and the form, then a good card pays', async ({ page }) => {
  const who = payer('dest-declines');
  await page.goto(START);
  await chooseFacility(page, 'en');
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await page.getByRole('region', { name: t.TYPE.DEST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
  await expectStep(page, 'en', t.NUMBER.HEADING, 60, '#/deposit_number');
  await page.getByLabel(label(t.NUMBER.PHONE)).fill('5125550142');
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await chooseAmount(page, 'en');
  await fillPayment(page, CARDS.fraudDest, 'en', who);

  for (const [card, code] of [
    [CARDS.fraudDest, 'FRAUD_DEST'],
    [CARDS.invalidDest, 'INVALID_DEST'],
  ] as const) {
    await page.getByLabel(label(c.CARD_NUMBER)).fill(card);
    const answer = await submitAndAnswer(page);
    expect(answer).toMatchObject({ success: false, error: code });
    await expectDeclineMessage(page, t.ERROR[code]);
    await expectKept(page, card, EXPIRY.cvc, who);
    await expect(page.getByText('(512) 555-0142')).toBeVisible();
    if (code === 'FRAUD_DEST') await expectNoAxeViolations(page, 'dest checkout with FRAUD_DEST');
  }

  await page.getByLabel(label(c.CARD_NUMBER)).fill(CARDS.approved);
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  const main = page.getByRole('main');
  await expect(main).toContainText(t.TYPE.DEST_TITLE);
  await expect(main).toContainText('(512) 555-0142');
});

test('DEPOSIT_MAX: the page does not offer an amount over the facility maximum (Travis County, 20–100)', async ({
  page,
  journey,
}) => {
  // The server's own DEPOSIT_MAX answer, for a request that skips the page, is covered by
  // tests/server/deposits.test.ts and tests/server/checkout-rules.test.ts.
  const who = payer('deposit-max');
  await page.goto(START);
  await expectStep(page, 'en', t.FACILITY.HEADING, 30, '#/deposit_facility/US');
  await page.getByLabel(t.FACILITY.STATE, { exact: true }).selectOption('TX');
  const facility = page.getByLabel(t.FACILITY.FACILITY, { exact: true });
  await expect(facility).toBeEnabled();
  await facility.selectOption({ label: 'Travis County Correctional Complex' });
  await page.getByRole('button', { name: t.WIZARD.CONTINUE }).click();
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en', { results: 1 });
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await expect(
    page.getByText(c.LIMITS.replace('{{min}}', money(20, 'en')).replace('{{max}}', money(100, 'en'))),
  ).toBeVisible();

  await chooseAmount(page, 'en', 150);
  await fillPayment(page, CARDS.approved, 'en', who);
  await submitButton(page, 'en').click();
  const summary = errorSummary(page, t.ERROR.CHECKOUT_ERROR);
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([`${c.AMOUNT} - ${t.VALIDATION.DEPOSIT_LIMIT_REACHED}`]);
  await expect(page.getByRole('group', { name: `${c.AMOUNT} - ${t.VALIDATION.DEPOSIT_LIMIT_REACHED}` })).toBeVisible();
  await expectKept(page, CARDS.approved, EXPIRY.cvc, who, 150);
  await expectNoAxeViolations(page, 'checkout with an amount over the maximum');
  expect(posts(journey, '/vault/tokenize')).toBe(0);
  expect(posts(journey, '/pay/process_deposit')).toBe(0);

  // An amount typed as "other" is held to the same maximum.
  await page.getByRole('radio', { name: c.OTHER, exact: true }).check();
  await page.getByLabel(label(c.OTHER_AMOUNT)).fill('100.01');
  await submitButton(page, 'en').click();
  await expect(errorSummary(page, t.ERROR.CHECKOUT_ERROR)).toBeFocused();
  expect(posts(journey, '/pay/process_deposit')).toBe(0);

  // "Make deposit" at once, before the fees of the amount are known: the deposit waits for them.
  await page.getByLabel(label(c.OTHER_AMOUNT)).fill('100');
  await submitButton(page, 'en').click();
  await expectReceiptStep(page, 'en');
  await expect(definitionOf(page.getByRole('main'), t.RECEIPT.DEPOSIT_AMOUNT)).toHaveText(money(100, 'en'));
});

/** A whole guest deposit to John Smith with the given amount; returns the receipt's order number. */
async function depositOnce(page: Page, who: Billing, amount: number): Promise<string> {
  await toCheckout(page);
  await enterAmount(page, amount);
  await fillPayment(page, CARDS.approved, 'en', who);
  const answer = await submitAndAnswer(page);
  expect(answer.success, `deposit of ${amount}`).toBe(true);
  await expectReceiptStep(page, 'en');
  await expect(definitionOf(page.getByRole('main'), t.RECEIPT.DEPOSIT_AMOUNT)).toHaveText(money(amount, 'en'));
  return answer.cached_deposit_info?.order_number ?? '';
}

async function enterAmount(page: Page, amount: number): Promise<void> {
  const preset = presetRadio(page, 'en', amount);
  if ((await preset.count()) > 0) await chooseAmount(page, 'en', amount);
  else {
    await page.getByRole('radio', { name: c.OTHER, exact: true }).check();
    await page.getByLabel(label(c.OTHER_AMOUNT)).fill(String(amount));
  }
  const summary = page.getByRole('region', { name: c.SUMMARY });
  await expect(definitionOf(summary, c.DEPOSIT_AMOUNT)).toHaveText(money(amount, 'en'));
  // A submit waits for the amount's fees (§4): they are shown before the payer pays.
  await expect(summary).toHaveAttribute('aria-busy', 'false');
  await expect(definitionOf(summary, c.FEE)).toBeVisible();
}

async function makeAnother(page: Page): Promise<void> {
  await page.getByRole('button', { name: t.RECEIPT.MAKE_ANOTHER }).click();
}

test('DEPOSIT_EXCEEDS_LIMIT: deposits to one recipient up to the daily maximum ($500), then the next is refused', async ({
  page,
  journey,
}) => {
  const who = payer('daily-max');
  await page.goto(START);
  await depositOnce(page, who, 250);
  await makeAnother(page);
  await depositOnce(page, who, 200);
  await makeAnother(page);

  // $450 sent: $75 more would go over $500. The rule refuses it without a charge.
  await toCheckout(page);
  await enterAmount(page, 75);
  await fillPayment(page, CARDS.approved, 'en', who);
  const refused = await submitAndAnswer(page);
  expect(refused).toMatchObject({ success: false, error: 'DEPOSIT_EXCEEDS_LIMIT' });
  await expectDeclineMessage(page, t.ERROR.DEPOSIT_EXCEEDS_LIMIT);
  await expectKept(page, CARDS.approved, EXPIRY.cvc, who, 75);
  await expectNoAxeViolations(page, 'checkout over the daily maximum');

  // What is left ($50) still goes through.
  await enterAmount(page, 50);
  const answer = await submitAndAnswer(page);
  expect(answer.success).toBe(true);
  await expectReceiptStep(page, 'en');
  expect(posts(journey, '/pay/process_deposit')).toBe(4);
});

test('duplicate warning: the last deposit’s amount and time; "No" charges nothing, "Yes" deposits again', async ({
  page,
  journey,
}) => {
  const who = payer('duplicate');
  await page.goto(START);
  await toCheckout(page);
  await fillCheckout(page, CARDS.approved, 'en', who);
  const first = await submitAndAnswer(page);
  const firstOrder = await expectReceipt(page, 'en', CARDS.approved);
  expect(first.cached_deposit_info?.order_number).toBe(firstOrder);
  const firstTime = first.cached_deposit_info?.deposit_time ?? '';

  await makeAnother(page);
  await toCheckout(page);
  await fillCheckout(page, CARDS.approved, 'en', who);
  const warned = await submitAndAnswer(page);
  expect(warned).toMatchObject({
    success: false,
    warning: 'DUPLICATE_TRANSACTION_WARNING',
    duplicate: { amount: AMOUNT.deposit, deposit_time: firstTime },
  });
  const dialog = page.getByRole('alertdialog', { name: c.WARNING_TITLE });
  const time = new Date(firstTime).toLocaleTimeString('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });
  const text = t.ERROR.DUPLICATE_TRANSACTION_WARNING.replace('{{amount}}', money(AMOUNT.deposit, 'en'))
    .replace('{{date}}', today())
    .replace('{{time}}', time);
  await expect(dialog).toHaveAccessibleDescription(text);
  await expect(dialog.getByRole('heading', { name: c.WARNING_TITLE })).toBeFocused();
  // Which earlier deposit it means: to whom, its order number, type, facility and card (§4).
  await expect(definitionOf(dialog, 'Inmate')).toHaveText(RECIPIENT.name);
  await expect(definitionOf(dialog, t.RECEIPT.ORDER_NUMBER)).toHaveText(firstOrder);
  await expect(definitionOf(dialog, t.RECEIPT.TYPE)).toHaveText(t.TYPE.FLEX_TITLE.replace('{{label}}', 'Inmate'));
  await expect(definitionOf(dialog, t.RECEIPT.FACILITY)).toHaveText(FACILITY.label);
  await expect(definitionOf(dialog, t.RECEIPT.PAYMENT_METHOD)).toHaveText(
    t.RECEIPT.CARD_ENDING.replace('{{brand}}', 'Visa').replace('{{last4}}', '1111'),
  );
  await expect(dialog.getByText(c.DUPLICATE_RECURRING)).toHaveCount(0);
  await expectNoAxeViolations(page, 'checkout with the duplicate warning');

  // "No": back to the form, nothing charged, everything kept.
  await dialog.getByRole('button', { name: c.DO_NOT_DEPOSIT }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.HEADING);
  await expect(page).toHaveURL(/#\/checkout$/);
  await expectKept(page, CARDS.approved, EXPIRY.cvc, who);
  expect(posts(journey, '/pay/process_deposit')).toBe(2);

  // Submitting again warns again; "Yes" makes the second deposit, with its own order number.
  await submitButton(page, 'en').click();
  await expect(dialog.getByRole('heading', { name: c.WARNING_TITLE })).toBeFocused();
  const second = page.waitForResponse((r) => new URL(r.url()).pathname === '/pay/process_deposit');
  await dialog.getByRole('button', { name: c.DEPOSIT_AGAIN }).click();
  const secondAnswer = (await (await second).json()) as CheckoutAnswer;
  expect(secondAnswer.success).toBe(true);
  const secondOrder = await expectReceipt(page, 'en', CARDS.approved);
  expect(secondOrder).not.toBe(firstOrder);
  // Two warnings and one confirmed request: three charges asked for, two deposits made.
  expect(posts(journey, '/pay/process_deposit')).toBe(4);
  const bodies = journey.requests.filter((r) => r.path === '/pay/process_deposit').map((r) => JSON.parse(r.body));
  expect(bodies.map((b: { confirm_duplicate?: boolean }) => b.confirm_duplicate === true)).toEqual([
    false,
    false,
    false,
    true,
  ]);
});

/** Signed in as Ana (an approved depositor of John Smith, fixtures/README.md). */
async function signInAsAna(page: Page): Promise<void> {
  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill('ana@example.com');
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('sandbox-pass-1');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();
}

async function chooseTrust(page: Page): Promise<void> {
  await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  await page.getByRole('region', { name: t.TYPE.TRUST_TITLE }).getByRole('button', { name: t.TYPE.CHOOSE }).click();
}

/** A new card with a billing address (a signed-in payer gives no contact details). */
async function fillNewCard(page: Page, who: Billing): Promise<void> {
  await page.getByRole('group', { name: c.PAY_WITH }).getByRole('radio', { name: c.NEW_CARD }).check();
  await fillPayment(page, CARDS.approved, 'en', who, { contact: false });
}

async function expectNewCardKept(page: Page, who: Billing): Promise<void> {
  await expect(page.getByLabel(label(c.CARD_NUMBER))).toHaveValue(masked.card(CARDS.approved));
  await expect(page.getByLabel(label(c.CVC))).toHaveValue(EXPIRY.cvc);
  await expectBillingFilled(page, 'en', who, { contact: false });
}

test('FIELD_NO_TRUST: a trust deposit billed to NJ opens the mismatch modal; another type, or close and fix', async ({
  page,
  journey,
}) => {
  // A New Jersey billing address (NO_TRUST_BILLING_STATES, decisions/0008).
  const who: Billing = { ...payer('no-trust'), city: 'Newark', state: 'NJ', zip: '07102' };
  await signInAsAna(page);
  await page.goto('/#/deposit_facility/US');
  await chooseFacility(page, 'en');
  await chooseTrust(page);
  await findRecipient(page, RECIPIENT.name, 'en');
  await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
  await chooseAmount(page, 'en', 75);
  await fillNewCard(page, who);

  const modal = page.getByRole('dialog', { name: c.NO_TRUST_TITLE });
  await test.step('"choose another type" goes to the type step', async () => {
    const answer = await submitAndAnswer(page);
    expect(answer).toMatchObject({ success: false, error: 'FIELD_NO_TRUST' });
    await expect(modal.getByRole('heading', { name: c.NO_TRUST_TITLE })).toBeFocused();
    await expect(modal.getByText(t.ERROR.FIELD_NO_TRUST, { exact: true })).toBeVisible();
    await expect(modal.getByText(c.NO_TRUST_TEXT, { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'trust mismatch modal');
    await modal.getByRole('button', { name: c.CHANGE_TYPE }).click();
    await expectStep(page, 'en', t.TYPE.HEADING, 40, '#/deposit_type');
  });

  await test.step('trust again; "close" keeps the form and marks the billing state', async () => {
    await chooseTrust(page);
    await findRecipient(page, RECIPIENT.name, 'en');
    await expectStep(page, 'en', c.HEADING, 80, '#/checkout');
    // The billing address, amount and terms were saved with the form state (§4 autosave).
    await expect(page.getByLabel(label(c.STATE))).toHaveValue('NJ');
    await expect(presetRadio(page, 'en', 75)).toBeChecked();
    await fillNewCard(page, who);
    const answer = await submitAndAnswer(page);
    expect(answer).toMatchObject({ success: false, error: 'FIELD_NO_TRUST' });
    await expect(modal.getByRole('heading', { name: c.NO_TRUST_TITLE })).toBeFocused();
    await modal.getByRole('button', { name: t.COMMON.CLOSE }).click();
    await expect(modal).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.HEADING);
    const stateError = `${c.STATE} - ${t.ERROR.FIELD_NO_TRUST}`;
    await expect(page.getByLabel(label(c.STATE))).toHaveAccessibleName(stateError);
    await expect(errorSummary(page, t.ERROR.CHECKOUT_ERROR).getByRole('link')).toHaveText([stateError]);
    // Said once, by the field.
    await expect(
      errorSummary(page, t.ERROR.CHECKOUT_ERROR).getByText(t.ERROR.FIELD_NO_TRUST, { exact: true }),
    ).toHaveCount(0);
    await expectNewCardKept(page, who);
    await expect(presetRadio(page, 'en', 75)).toBeChecked();
    await expectNoAxeViolations(page, 'checkout after closing the trust mismatch modal');
  });

  await test.step('a billing state that allows trust completes the deposit', async () => {
    await page.getByLabel(label(c.STATE)).selectOption('TX');
    await page.getByLabel(label(c.CITY)).fill('Austin');
    await page.getByLabel(label(c.ZIP)).fill('78701');
    const answer = await submitAndAnswer(page);
    expect(answer.success).toBe(true);
    await expectReceiptStep(page, 'en');
    await expect(page.getByRole('main')).toContainText(t.TYPE.TRUST_TITLE);
    await expect(definitionOf(page.getByRole('main'), t.RECEIPT.DEPOSIT_AMOUNT)).toHaveText(money(75, 'en'));
  });
  expect(posts(journey, '/pay/process_deposit')).toBe(3);
});
