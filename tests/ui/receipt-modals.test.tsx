// The receipt's create-account and text-receipt modals (§2, §4) through their forms (jsdom): the §5
// field rules are the forms' (the contract's registerSchema and smsSendSchema), the calls and their
// outcomes the receiptFlow machine's (docs/decisions/0041). The calls are answered by the test.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { FormFields } from '../../contract/entities.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { receiptFlowMachine } from '../../machines/receipt.machine.ts';
import { createI18n, missingKeys } from '../../src/i18n.ts';
import { ReceiptModals } from '../../src/screens/receipt-step.tsx';
import { RECEIPT, RECIPIENT_FIELDS, SIGNED_IN_ANSWER, VALID_BILLING } from '../../fixtures/samples.ts';
import en from '../../locales/en.json' with { type: 'json' };
import es from '../../locales/es.json' with { type: 'json' };
import { FakeCalls } from '../machines/harness.ts';

const r = en.RECEIPT;
const v = en.VALIDATION;

/** A guest's finished deposit, billed in the US. */
const GUEST: FormFields = {
  ...RECIPIENT_FIELDS,
  ...VALID_BILLING,
  deposit_id: RECEIPT.deposit_id,
  cached_deposit_info: RECEIPT,
};

function open(fields: FormFields = GUEST, lang: 'en' | 'es' = 'en') {
  const calls = new FakeCalls();
  const flow = createActor(provideMachine(receiptFlowMachine, calls.all()), { input: { fields } });
  flow.start();
  const view = render(
    <I18nextProvider i18n={createI18n(lang)}>
      <ReceiptModals flow={flow} />
    </I18nextProvider>,
  );
  const sent = (src: string) => calls.log.filter((c) => c.src === src).map((c) => c.input);
  return { calls, flow, sent, unmount: view.unmount };
}

/** A field by its label, which says "label - message" while the field has an error (§5). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(
    new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( - .*)?$`),
  ) as HTMLInputElement;

describe('the create-account modal (§4: after a guest’s deposit)', () => {
  it('§5: a password of 6 and a PIN of exactly 6, both confirmed; the summary lists what to correct; nothing is sent', async () => {
    const user = userEvent.setup();
    const t = open();
    const dialog = screen.getByRole('dialog', { name: r.ACCOUNT_TITLE });
    await user.type(field(dialog, r.PASSWORD), 'abc');
    await user.type(field(dialog, r.PASSWORD_AGAIN), 'abd');
    await user.type(field(dialog, r.PIN), '12345');
    await user.click(within(dialog).getByRole('button', { name: r.CREATE_ACCOUNT }));
    const summary = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    for (const [label, message] of [
      [r.PASSWORD, v.KEEP_TYPING],
      [r.PASSWORD_AGAIN, v.DOES_NOT_MATCH],
      [r.PIN, v.KEEP_TYPING],
      [r.PIN_AGAIN, v.REQUIRED],
    ] as const) {
      expect(within(summary).getByRole('link', { name: `${label} - ${message}` })).toBeTruthy();
    }
    expect(t.sent('register')).toEqual([]);
    expect(t.flow.getSnapshot().value).toBe('offeringAccount');
    expect([...missingKeys]).toEqual([]);
  });

  it('a field’s rule is checked when the payer leaves it, before any submit', async () => {
    const user = userEvent.setup();
    open();
    const dialog = screen.getByRole('dialog', { name: r.ACCOUNT_TITLE });
    await user.type(field(dialog, r.PIN), '12a');
    await user.tab();
    await within(dialog).findByText(`- ${v.MUST_BE_NUMERIC}`, { exact: false });
    expect(within(dialog).queryByRole('alert')).toBeNull();
  });

  it('creates the account with the deposit’s email and names, then offers the text to the deposit’s phone', async () => {
    const user = userEvent.setup();
    const t = open();
    const dialog = screen.getByRole('dialog', { name: r.ACCOUNT_TITLE });
    await user.type(field(dialog, r.PASSWORD), 'secret1');
    await user.type(field(dialog, r.PASSWORD_AGAIN), 'secret1');
    await user.type(field(dialog, r.PIN), '123456');
    await user.type(field(dialog, r.PIN_AGAIN), '123456');
    await user.click(within(dialog).getByRole('button', { name: r.CREATE_ACCOUNT }));
    await waitFor(() => expect(t.sent('register')).toHaveLength(1));
    expect(t.sent('register')[0]).toMatchObject({
      password: 'secret1',
      pin: '123456',
      email: VALID_BILLING.email,
      first_name: VALID_BILLING.billing_first_name,
    });
    expect(within(dialog).getByRole('button', { name: en.WIZARD.PLEASE_WAIT })).toHaveProperty('disabled', true);
    t.calls.resolve('register', SIGNED_IN_ANSWER);
    const sms = await screen.findByRole('dialog', { name: r.SMS_TITLE });
    expect(within(sms).getByText(r.ACCOUNT_CREATED)).toBeTruthy();
    expect(field(sms, r.SMS_PHONE).value).toBe('(713) 555-0100');
    // The password and PIN are forgotten once the account exists.
    expect(t.flow.getSnapshot().context.sentAccount).toBeNull();
  });

  it('§8: a refused account keeps what was typed and says why, in the summary', async () => {
    const user = userEvent.setup();
    const t = open();
    const dialog = screen.getByRole('dialog', { name: r.ACCOUNT_TITLE });
    await user.type(field(dialog, r.PASSWORD), 'secret1');
    await user.type(field(dialog, r.PASSWORD_AGAIN), 'secret1');
    await user.type(field(dialog, r.PIN), '123456');
    await user.type(field(dialog, r.PIN_AGAIN), '123456');
    await user.click(within(dialog).getByRole('button', { name: r.CREATE_ACCOUNT }));
    await waitFor(() => expect(t.sent('register')).toHaveLength(1));
    t.calls.reject('register', { status: 409, code: 'ERROR.UNEXPECTED', errors: { email: 'ERROR.ACCOUNT_EXISTS' } });
    const summary = await within(dialog).findByRole('alert');
    expect(summary.textContent).toContain(en.ERROR.ACCOUNT_EXISTS);
    expect(field(dialog, r.PASSWORD).value).toBe('secret1');
    expect(field(dialog, r.PIN_AGAIN).value).toBe('123456');
    expect(within(dialog).getByRole('button', { name: r.CREATE_ACCOUNT })).toHaveProperty('disabled', false);
  });
});

describe('the text-receipt modal (§2: US billing)', () => {
  it('§5: a number that is not a US one is the form’s to correct; nothing is sent', async () => {
    const user = userEvent.setup();
    const t = open({ ...GUEST, logged_in: true });
    const dialog = screen.getByRole('dialog', { name: r.SMS_TITLE });
    await user.clear(field(dialog, r.SMS_PHONE));
    await user.type(field(dialog, r.SMS_PHONE), '555');
    await user.click(within(dialog).getByRole('button', { name: r.SMS_SEND }));
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getByRole('link', { name: new RegExp(`^${r.SMS_PHONE} - `) })).toBeTruthy();
    expect(t.sent('sendSmsReceipt')).toEqual([]);
  });

  it('sends the number as masked (§5) with the opt-in; the server’s refusal stays on the field until it is edited', async () => {
    const user = userEvent.setup();
    const t = open({ ...GUEST, logged_in: true });
    const dialog = screen.getByRole('dialog', { name: r.SMS_TITLE });
    await user.clear(field(dialog, r.SMS_PHONE));
    await user.type(field(dialog, r.SMS_PHONE), '5125550177');
    expect(field(dialog, r.SMS_PHONE).value).toBe('(512) 555-0177');
    await user.click(within(dialog).getByLabelText(r.SMS_ENROLL));
    await user.click(within(dialog).getByRole('button', { name: r.SMS_SEND }));
    await waitFor(() => expect(t.sent('sendSmsReceipt')).toHaveLength(1));
    expect(t.sent('sendSmsReceipt')[0]).toEqual({
      phone_no: '(512) 555-0177',
      receipt: RECEIPT.deposit_id,
      enroll: true,
    });
    t.calls.reject('sendSmsReceipt', {
      status: 400,
      code: 'ERROR.UNEXPECTED',
      errors: { phone_no: 'ERROR.SMS_US_ONLY' },
    });
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getByRole('link', { name: `${r.SMS_PHONE} - ${en.ERROR.SMS_US_ONLY}` })).toBeTruthy();
    expect(field(dialog, r.SMS_PHONE).value).toBe('(512) 555-0177');
    await user.type(field(dialog, r.SMS_PHONE), '8');
    await waitFor(() => expect(within(dialog).queryByText(en.ERROR.SMS_US_ONLY, { exact: false })).toBeNull());
  });

  it('texted: the receipt says to which number', async () => {
    const user = userEvent.setup();
    const t = open({ ...GUEST, logged_in: true });
    const dialog = screen.getByRole('dialog', { name: r.SMS_TITLE });
    await user.click(within(dialog).getByRole('button', { name: r.SMS_SEND }));
    await waitFor(() => expect(t.sent('sendSmsReceipt')).toHaveLength(1));
    t.calls.resolve('sendSmsReceipt', { success: true, already_sent: false });
    await screen.findByText(r.SMS_SENT.replace('{{phone}}', '(713) 555-0100'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the number also hears when the deposit is posted, refused or cancelled, in each language (docs/decisions/0053)', async () => {
    for (const [lang, words] of [
      ['en', en.RECEIPT],
      ['es', es.RECEIPT],
    ] as const) {
      const t = open({ ...GUEST, logged_in: true }, lang);
      const dialog = screen.getByRole('dialog', { name: words.SMS_TITLE });
      expect(within(dialog).getByText(words.SMS_TEXT)).toBeTruthy();
      t.unmount();
    }
  });
});
