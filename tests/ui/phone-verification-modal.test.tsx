// The verify-phone modal's form (§4 phone verification, §5 field rules; docs/decisions/0041): the code
// is the form's, checked with the contract's schema on submit; the machine gets it only when it is well
// formed, and the server's answer on it shows on the field until the code is edited.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CheckCodeRequest, CheckCodeResponse } from '../../contract/phone-verification.ts';
import { CODE_SENT, CODE_WRONG } from '../../fixtures/samples.ts';
import { phoneVerificationMachine } from '../../machines/phone-verification.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { PhoneVerificationModal } from '../../src/components/phone-verification-modal.tsx';
import { createI18n } from '../../src/i18n.ts';
import en from '../../locales/en.json' with { type: 'json' };

function opened(answer: CheckCodeResponse = CODE_WRONG) {
  const checked: CheckCodeRequest[] = [];
  const machine = provideMachine(phoneVerificationMachine, {
    sendVerificationCode: fromPromise(async () => CODE_SENT),
    confirmPhoneCode: fromPromise(async ({ input }: { input: CheckCodeRequest }) => {
      checked.push(input);
      return answer;
    }),
  }).provide({ actions: { tellParentVerified: () => {} } });
  const actor = createActor(machine, { input: { ani: '5125550103', country: 'US', label: 'Cousin' } });
  actor.start();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <PhoneVerificationModal title="Verify" account="Cousin" verification={actor} outcome="open" onClose={() => {}} />
    </I18nextProvider>,
  );
  return { actor, checked, dialog: within(screen.getByRole('dialog')) };
}

const codeField = (dialog: ReturnType<typeof within>) =>
  dialog.findByRole('textbox', { name: new RegExp(`^${en.PHONE_VERIFY.CODE}`) });

describe('verify-phone modal: the code form', () => {
  it('§5: a code that is not six digits is not sent; the field says why and takes focus', async () => {
    const user = userEvent.setup();
    const t = opened();
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT }));
    const field = await codeField(t.dialog);
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }));
    expect(await t.dialog.findByRole('alert')).toHaveProperty('textContent', en.VALIDATION.REQUIRED);
    await user.type(field, '12a');
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }));
    await waitFor(() => expect(t.dialog.getByRole('alert').textContent).toBe(en.VALIDATION.MUST_BE_NUMERIC));
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await user.clear(field);
    await user.type(field, '12345');
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }));
    await waitFor(() => expect(t.dialog.getByRole('alert').textContent).toBe(en.VALIDATION.KEEP_TYPING));
    expect(t.checked).toEqual([]);
    expect(t.actor.getSnapshot().value).toBe('attempted');
  });

  it('§4: a well-formed code goes to the machine without its spaces; a wrong one keeps what was typed', async () => {
    const user = userEvent.setup();
    const t = opened();
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT }));
    const field = await codeField(t.dialog);
    await user.type(field, '123 456');
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }));
    await waitFor(() => expect(t.dialog.getByRole('alert').textContent).toBe(en.ERROR.VERIFY_CODE_WRONG));
    expect(t.checked).toEqual([{ ani: '5125550103', code: '123456' }]);
    expect((field as HTMLInputElement).value).toBe('123 456');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    // §5: the server's message goes once the code is edited.
    await user.type(field, '{Backspace}');
    await waitFor(() => expect(t.dialog.queryByRole('alert')).toBeNull());
    expect(field.getAttribute('aria-invalid')).toBeNull();
  });

  it('another code starts with an empty field', async () => {
    const user = userEvent.setup();
    const t = opened();
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT }));
    await user.type(await codeField(t.dialog), '123456');
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.SUBMIT }));
    await waitFor(() => expect(t.dialog.getByRole('alert').textContent).toBe(en.ERROR.VERIFY_CODE_WRONG));
    await user.click(t.dialog.getByRole('button', { name: en.PHONE_VERIFY.RESEND }));
    await user.click(await t.dialog.findByRole('button', { name: en.PHONE_VERIFY.SEND_TEXT }));
    expect(((await codeField(t.dialog)) as HTMLInputElement).value).toBe('');
    expect(t.dialog.queryByRole('alert')).toBeNull();
  });
});
