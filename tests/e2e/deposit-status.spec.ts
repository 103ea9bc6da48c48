// The deposit status tracker (docs/decisions/0048, 0049): a payer watches the receipt while the deposit
// is submitted (held on the card) and then posted, with nothing to click; a deposit to a person released
// since (100006) is refused, the hold released and nothing taken, in Spanish. The journeys' server posts
// 30 s after the payment (tests/e2e/support.ts); the expectations poll with timeouts well beyond it,
// never a fixed wait.
import {
  AMOUNT,
  E2E_DEPOSIT_POST_SECONDS,
  CARDS,
  RECIPIENT,
  T,
  chooseFacility,
  chooseFlex,
  definitionOf,
  expect,
  expectNoAxeViolations,
  fillCheckout,
  findRecipient,
  money,
  payer,
  submitButton,
  test,
  START,
} from './support.ts';

/** Long enough for two steps of the server and the page's next question, on a busy machine. */
const STEP_TIMEOUT = (E2E_DEPOSIT_POST_SECONDS * 2 + 90) * 1000;

test.describe('deposit status', () => {
  test.setTimeout(4 * STEP_TIMEOUT);
  // Each journey waits about half a minute for its deposit to post: in two workers, the waits overlap.
  test.describe.configure({ mode: 'parallel' });

  test('a guest watches the deposit go from submitted to posted on the receipt; the text says submitted', async ({
    page,
  }) => {
    const t = T.en;
    const r = t.RECEIPT;
    const who = payer('status');
    await page.goto(START);
    await chooseFacility(page, 'en');
    await chooseFlex(page, 'en');
    await findRecipient(page, RECIPIENT.name, 'en');
    await fillCheckout(page, CARDS.approved, 'en', who);
    await submitButton(page, 'en').click();
    await page.getByRole('dialog', { name: r.ACCOUNT_TITLE }).getByRole('button', { name: r.NO_THANKS }).click();
    const sms = page.getByRole('dialog', { name: r.SMS_TITLE });
    await sms.getByRole('button', { name: r.SMS_SEND }).click();
    await expect(page.getByText(r.SMS_SENT.replace('{{phone}}', '(512) 555-0100'))).toBeVisible();

    const panel = page.getByRole('region', { name: t.DEPOSIT_STATUS.HEADING });
    const line = panel.getByTestId('deposit-status');
    await expect(line).toHaveAttribute('data-status', 'submitted');
    await expect(line).toContainText(t.DEPOSIT_STATUS.SUBMITTED);
    // docs/decisions/0053: the payer is told word will come while the deposit is on its way.
    await expect(page.getByTestId('receipt-notice')).toHaveText(r.NOTICE_EMAIL);
    await expectNoAxeViolations(page, 'receipt with a submitted deposit');
    // The text message says where the deposit was when it left.
    const order = (await definitionOf(page.getByRole('main'), r.ORDER_NUMBER).textContent()) ?? '';
    const outbox = (await (await page.request.get('/development/outbox')).json()) as {
      messages: { channel: string; body: string }[];
    };
    const text = outbox.messages.find((m) => m.channel === 'sms' && m.body.startsWith(`Receipt ${order} `));
    expect(text?.body).toMatch(
      / Status: submitted to the facility, to be posted by \d\d\/\d\d\/\d{4} \d\d:\d\d UTC\.$/,
    );

    // Nothing to click: the page asks again when the server says the deposit may have been posted.
    await expect(line).toHaveAttribute('data-status', 'posted', { timeout: STEP_TIMEOUT });
    await expect(line).toContainText(t.DEPOSIT_STATUS.POSTED);
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expect(page.getByTestId('receipt-notice')).toHaveCount(0);
    await expectNoAxeViolations(page, 'receipt with a posted deposit');
    // The word that it posted: by e-mail (the receipt's too), and by text to the number given above.
    const after = (await (await page.request.get('/development/outbox')).json()) as {
      messages: { channel: string; to: string; subject: string; body: string }[];
    };
    const subjects = after.messages.filter((m) => m.channel === 'email').map((m) => m.subject);
    expect(subjects).toContain(`Receipt for your deposit, order ${order}`);
    expect(subjects).toContain(`Your deposit has posted, order ${order}`);
    const posted = after.messages.find((m) => m.channel === 'sms' && m.body.startsWith(`Order ${order}, `));
    expect(posted).toMatchObject({ to: '5125550100' });
    expect(posted?.body).toContain('The facility posted it to the account on ');
  });

  test('a deposit to a person released since is refused and nothing is taken, in Spanish', async ({ page }) => {
    const t = T.es;
    const r = t.RECEIPT;
    // §1: the language the payer chose before, kept in local storage.
    await page.goto(START);
    await page.evaluate(() => window.localStorage.setItem('deposit.lang', 'es'));
    await page.reload();
    await chooseFacility(page, 'es');
    await chooseFlex(page, 'es');
    await findRecipient(page, 'James Johnson', 'es');
    await fillCheckout(page, CARDS.approved, 'es', payer('released'));
    await submitButton(page, 'es').click();
    await page.getByRole('dialog', { name: r.ACCOUNT_TITLE }).getByRole('button', { name: r.NO_THANKS }).click();
    await page.getByRole('dialog', { name: r.SMS_TITLE }).getByRole('button', { name: r.SKIP }).click();

    const panel = page.getByRole('region', { name: t.DEPOSIT_STATUS.HEADING });
    const line = panel.getByTestId('deposit-status');
    await expect(line).toHaveAttribute('data-status', 'submitted');
    await expect(line).toHaveAttribute('data-status', 'refused', { timeout: STEP_TIMEOUT });
    await expect(line).toContainText(t.DEPOSIT_STATUS.REASON_RELEASED);
    // The hold was released: the headline no longer says the money will arrive, and nothing more happens.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(r.HEADING_REFUSED);
    await expect(
      page
        .getByRole('main')
        .getByText(
          r.INTRO_REFUSED.replace('{{amount}}', money(AMOUNT.deposit, 'es')).replace('{{name}}', 'James Johnson'),
          {
            exact: true,
          },
        ),
    ).toBeVisible();
    await expect(panel.getByRole('button')).toHaveCount(0);
    await expectNoAxeViolations(page, 'receipt with a refused deposit (es)');
    // The word of the refusal, in the language paid in, by e-mail only (no number was given).
    const order = (await definitionOf(page.getByRole('main'), r.ORDER_NUMBER).textContent()) ?? '';
    const outbox = (await (await page.request.get('/development/outbox')).json()) as {
      messages: { channel: string; subject: string; body: string }[];
    };
    const refused = outbox.messages.find((m) => m.subject === `Su depósito fue rechazado, orden ${order}`);
    expect(refused?.channel).toBe('email');
    expect(refused?.body).toContain('No se le cobra nada');
    expect(outbox.messages.filter((m) => m.channel === 'sms')).toEqual([]);
  });
});
