// /account/primary_account's form (§2 validated accounts only, §7 make_primary, §8
// ERROR_CHANGING_PRIMARY_ACCOUNT; docs/decisions/0041): the choice is the form's; the save sends the
// chosen number to the machine, and a refused change keeps the choice.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ActionResponse, DestAccountsResponse, MakePrimaryRequest } from '../../contract/accounts.ts';
import { PRIMARY_DEST_ACCOUNTS, pageInput } from '../../fixtures/samples.ts';
import { primaryAccountMachine } from '../../machines/primary-account.machine.ts';
import { provideMachine } from '../../machines/provide-actors.ts';
import { createI18n } from '../../src/i18n.ts';
import { PrimaryAccountPage } from '../../src/screens/pages/primary-account-page.tsx';
import en from '../../locales/en.json' with { type: 'json' };

function opened(accounts = PRIMARY_DEST_ACCOUNTS, answer: ActionResponse = { success: true, errors: {} }) {
  const sent: MakePrimaryRequest[] = [];
  let answerNow: () => void = () => {};
  const machine = provideMachine(primaryAccountMachine, {
    loadPrimaryAccounts: fromPromise(async (): Promise<DestAccountsResponse> => ({ dest_accounts: accounts })),
    makePrimaryAccount: fromPromise(
      ({ input }: { input: MakePrimaryRequest }) =>
        new Promise<ActionResponse>((resolve) => {
          sent.push(input);
          answerNow = () => resolve(answer);
        }),
    ),
  });
  const page = createActor(machine, { input: pageInput('primary_account', { signedIn: true }) });
  page.start();
  render(
    <I18nextProvider i18n={createI18n('en')}>
      <PrimaryAccountPage page={page} />
    </I18nextProvider>,
  );
  return { page, sent, answer: () => answerNow() };
}

const radio = (name: RegExp) => screen.findByRole('radio', { name });

describe('primary account: the choice form', () => {
  it('§7: saves the chosen number; a choice made while it is saved is not taken', async () => {
    const user = userEvent.setup();
    const t = opened();
    await user.click(await radio(/Brother/));
    await user.click(screen.getByRole('button', { name: en.PRIMARY.SAVE }));
    await waitFor(() => expect(t.sent).toEqual([{ ani: '5125550102' }]));
    await user.click(await radio(/Mom/));
    expect(await radio(/Brother/)).toHaveProperty('checked', true);
    t.answer();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Brother'));
    expect(await radio(/Brother/)).toHaveProperty('checked', true);
  });

  it('§8: a refused change shows the message and keeps the choice', async () => {
    const user = userEvent.setup();
    const t = opened(PRIMARY_DEST_ACCOUNTS, {
      success: false,
      errors: { form: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT' },
    });
    await user.click(await radio(/Aunt/));
    await user.click(screen.getByRole('button', { name: en.PRIMARY.SAVE }));
    await waitFor(() => expect(t.sent).toEqual([{ ani: '4165550106' }]));
    t.answer();
    expect((await screen.findByRole('alert')).textContent).toBe(en.ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT);
    expect(await radio(/Aunt/)).toHaveProperty('checked', true);
    expect(await radio(/Mom/)).toHaveProperty('checked', false);
  });

  it('no verified account is primary yet: a save without a choice asks for one and sends nothing', async () => {
    const user = userEvent.setup();
    const t = opened(
      PRIMARY_DEST_ACCOUNTS.map((a) => ({ ...a, primary: a.id === 303, current_primary: a.id === 303 })),
    );
    await radio(/Mom/);
    await user.click(screen.getByRole('button', { name: en.PRIMARY.SAVE }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading').textContent).toBe(en.PRIMARY.CHOOSE);
    expect(t.sent).toEqual([]);
    await user.click(await radio(/Mom/));
    await user.click(screen.getByRole('button', { name: en.PRIMARY.SAVE }));
    await waitFor(() => expect(t.sent).toEqual([{ ani: '5125550101' }]));
  });
});
