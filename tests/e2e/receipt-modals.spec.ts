// After a guest's deposit (§2 receipt, §4): the create-account modal, then the text-receipt modal (US
// billing); the new account signs in again later. The text goes to the outbox (architecture).
import {
  CARDS,
  RECIPIENT,
  T,
  chooseFacility,
  chooseFlex,
  expect,
  expectNoAxeViolations,
  fillCheckout,
  findRecipient,
  label,
  masked,
  payer,
  submitButton,
  test,
  START,
} from './support.ts';

test('a guest creates an account on the receipt, texts the receipt, signs out and signs in again', async ({ page }) => {
  const t = T.en;
  const r = t.RECEIPT;
  const who = payer('receipt');
  await page.goto(START);
  await chooseFacility(page, 'en');
  await chooseFlex(page, 'en');
  await findRecipient(page, RECIPIENT.name, 'en');
  await fillCheckout(page, CARDS.approved, 'en', who);
  await submitButton(page, 'en').click();

  const account = page.getByRole('dialog', { name: r.ACCOUNT_TITLE });
  await expect(account.getByRole('heading', { name: r.ACCOUNT_TITLE })).toBeFocused();
  await expect(account).toContainText(who.email);
  await expectNoAxeViolations(page, 'create-account modal');
  // §5: PIN exactly 6 digits, confirmed.
  await account.getByLabel(label(r.PASSWORD), { exact: true }).fill('secret12');
  await account.getByLabel(label(r.PASSWORD_AGAIN)).fill('secret12');
  await account.getByLabel(label(r.PIN), { exact: true }).fill('1234');
  await account.getByLabel(label(r.PIN_AGAIN)).fill('1234');
  await account.getByRole('button', { name: r.CREATE_ACCOUNT }).click();
  await expect(account.getByRole('link', { name: `${r.PIN} - ${t.VALIDATION.KEEP_TYPING}` })).toBeVisible();
  await expect(account.getByLabel(label(r.PIN), { exact: true })).toHaveAccessibleName(
    `${r.PIN} - ${t.VALIDATION.KEEP_TYPING}`,
  );
  await account.getByLabel(label(r.PIN), { exact: true }).fill('123456');
  await account.getByLabel(label(r.PIN_AGAIN)).fill('123456');
  await account.getByRole('button', { name: r.CREATE_ACCOUNT }).click();

  const sms = page.getByRole('dialog', { name: r.SMS_TITLE });
  await expect(sms.getByText(r.ACCOUNT_CREATED)).toBeVisible();
  await expect(sms.getByLabel(label(r.SMS_PHONE))).toHaveValue(masked.phone(who.phone));
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'text-receipt modal');
  await sms.getByLabel(r.SMS_ENROLL).check();
  await sms.getByRole('button', { name: r.SMS_SEND }).click();
  await expect(page.getByText(r.SMS_SENT.replace('{{phone}}', masked.phone(who.phone)))).toBeVisible();
  const outbox = (await (await page.request.get('/development/outbox')).json()) as {
    messages: { channel: string; to: string; subject: string; body: string }[];
  };
  // The receipt text (the deposit's later moves are texted to the same number: docs/decisions/0053).
  const text = outbox.messages.find(
    (m) => m.channel === 'sms' && m.to === who.phone.replace(/\D/g, '') && m.subject.startsWith('receipt:'),
  );
  expect(text?.body).toContain(`to ${RECIPIENT.name}`);
  expect(text?.body).toContain('text receipts');

  // Next steps of a signed-in payer.
  await expect(page.getByRole('link', { name: r.VIEW_ACCOUNT })).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: t.LAYOUT.SIGN_OUT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.SIGN_IN })).toBeVisible();
  // Signing out ends on the landing page; the sign-in page is opened after it (not raced by it).
  await expect(page.getByRole('heading', { level: 1, name: t.PAGES.LANDING })).toBeFocused();

  await page.goto('/#/login');
  await expect(page.getByRole('heading', { level: 1, name: t.LOGIN.HEADING })).toBeFocused();
  await page.getByLabel(label(t.LOGIN.EMAIL)).fill(who.email);
  await page.getByLabel(label(t.LOGIN.PASSWORD)).fill('secret12');
  await page.getByRole('button', { name: t.LOGIN.SUBMIT }).click();
  await expect(page.getByRole('link', { name: t.LAYOUT.MY_ACCOUNT, exact: true })).toBeVisible();
});
