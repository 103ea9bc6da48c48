// The number step's form (§2 number step, §4 autosave, §5 field rules and fraud flag; docs/decisions/0041):
// the new number is the form's, checked with the contract's destNumberSchema on Continue; each edit goes
// to the wizard's autosave, and the wizard gets the number only when it is well formed.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { StateSaveRequest } from '../../contract/api.ts';
import { EMPTY_FORM, type FormFields } from '../../contract/entities.ts';
import { DEST_ACCOUNTS, HARRIS, saveAnswer } from '../../fixtures/samples.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { createI18n } from '../../src/i18n.ts';
import { NumberStep } from '../../src/screens/number-step.tsx';
import en from '../../locales/en.json' with { type: 'json' };

const DEST: FormFields = {
  ...EMPTY_FORM,
  facility_id: HARRIS.id,
  facility_state: 'TX',
  facility_country: 'US',
  deposit_type: 'dest',
};

function opened(fields: FormFields = DEST, fraudFlag: 0 | 1 = 0) {
  const saved: StateSaveRequest[] = [];
  const checked: { ani: string; country: string }[] = [];
  const machine = provideMachine(wizardMachine, {
    loadFacility: fromPromise(async () => HARRIS),
    loadDestinationAccounts: fromPromise(async () => DEST_ACCOUNTS),
    saveFormState: fromPromise(async ({ input }: { input: StateSaveRequest }) => {
      saved.push(input);
      return saveAnswer({ ...fields, ...input.fields } as FormFields);
    }),
    checkDestinationFraud: fromPromise(async ({ input }: { input: { ani: string; country: string } }) => {
      checked.push(input);
      return { fraud_flag: fraudFlag as number };
    }),
  });
  const wizard = createActor(machine, { input: { fields, errors: {}, route: 'number' } });
  wizard.start();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <NumberStep wizard={wizard} />
    </I18nextProvider>,
  );
  return { wizard, saved, checked };
}

const phoneField = () => screen.getByRole('textbox', { name: new RegExp(`^${en.NUMBER.PHONE}`) });
const continueButton = () => screen.getByRole('button', { name: en.WIZARD.CONTINUE });
const onNumberStep = (t: ReturnType<typeof opened>) =>
  waitFor(() => expect(t.wizard.getSnapshot().matches({ step: { number: 'editing' } })).toBe(true));

describe('number step: the new number form', () => {
  it('§5: Continue without a number, or with a short one, names the field and sends nothing', async () => {
    const user = userEvent.setup();
    const t = opened();
    await onNumberStep(t);
    await user.click(continueButton());
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link').textContent).toBe(`${en.NUMBER.PHONE} - ${en.VALIDATION.REQUIRED}`);
    await waitFor(() => expect(document.activeElement).toBe(summary));
    await user.type(phoneField(), '51255');
    await user.click(continueButton());
    await waitFor(() => expect(phoneField().getAttribute('aria-invalid')).toBe('true'));
    expect(t.checked).toEqual([]);
    expect(t.wizard.getSnapshot().matches({ step: { number: 'editing' } })).toBe(true);
    // §4: what was typed was autosaved all the same (nothing entered is lost).
    await waitFor(() => expect(t.wizard.getSnapshot().context.fields.deposit_phone_no).toBe('(512) 55'));
    await waitFor(() => expect(t.saved.at(-1)?.fields).toMatchObject({ deposit_phone_no: '(512) 55' }));
  });

  it('§5: a well-formed 10-digit number goes to the wizard, which checks it for a fraud flag', async () => {
    const user = userEvent.setup();
    const t = opened();
    await onNumberStep(t);
    await user.type(phoneField(), '5125550100');
    expect((phoneField() as HTMLInputElement).value).toBe('(512) 555-0100');
    await user.click(continueButton());
    await waitFor(() => expect(t.checked).toEqual([{ ani: '5125550100', country: 'US' }]));
    await waitFor(() => expect(t.wizard.getSnapshot().context.requested).toBe('checkout'));
  });

  it('§5/§8: a fraud-flagged number shows the message on the field until the number is edited', async () => {
    const user = userEvent.setup();
    const t = opened(DEST, 1);
    await onNumberStep(t);
    await user.type(phoneField(), '5125550100');
    await user.click(continueButton());
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary.textContent).toContain(en.ERROR.FRAUD_CONTROL_MESSAGE));
    await waitFor(() => expect(phoneField().getAttribute('aria-invalid')).toBe('true'));
    await user.type(phoneField(), '{Backspace}');
    await waitFor(() => expect(phoneField().getAttribute('aria-invalid')).toBeNull());
  });

  it('a signed-in payer continues with an account; a new number starts empty', async () => {
    const user = userEvent.setup();
    const t = opened({ ...DEST, logged_in: true });
    const mom = await screen.findByRole('radio', { name: /Mom/ });
    await user.click(mom);
    expect(t.wizard.getSnapshot().context.fields.deposit_phone_no).toBe('5125550101');
    await user.click(screen.getByRole('radio', { name: en.NUMBER.NEW_NUMBER }));
    expect((phoneField() as HTMLInputElement).value).toBe('');
    await user.click(mom);
    await user.click(continueButton());
    await waitFor(() => expect(t.wizard.getSnapshot().context.requested).toBe('checkout'));
    expect(t.checked).toEqual([]);
  });
});
