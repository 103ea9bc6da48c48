// /account/primary_account (§2 validated accounts only; §8 ERROR_CHANGING_PRIMARY_ACCOUNT): each
// state of the primaryAccount machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { ActionResponse, DestAccountsResponse } from '../contract/accounts.ts';
import { NETWORK_FAILURE, PRIMARY_DEST_ACCOUNTS, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { primaryAccountMachine } from '../machines/primary-account.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { PrimaryAccountPage } from '../src/screens/pages/primary-account-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Primary account',
  render: renderPage(PrimaryAccountPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const input = pageInput('primary_account', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };

function primary(
  load: Answer<DestAccountsResponse> = { dest_accounts: PRIMARY_DEST_ACCOUNTS },
  save: Answer<ActionResponse> = { success: true, errors: {} },
) {
  return provideMachine(primaryAccountMachine, { loadPrimaryAccounts: call(load), makePrimaryAccount: call(save) });
}

/** The page's own choices (the account links are a list, not radios). */
const choices = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('group', { name: t('PRIMARY.LEGEND') })).getAllByRole('radio');
const option = (label: string, phone: string) => t('PRIMARY.OPTION', { label, phone });
const MOM = option('Mom', '(512) 555-0101');
const BROTHER = option('Brother', '(512) 555-0102');
// The form's save, with Brother's number chosen.
const CHOOSE_BROTHER = [{ type: 'primary.save', values: { ani: '5125550102' } }];

export const Loading: Story = {
  parameters: { machineState: 'primaryAccount:loading', page: { machine: primary('never'), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: { machineState: 'primaryAccount:failed', page: { machine: primary({ fail: NETWORK_FAILURE }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** §2: the validated accounts only (the pending one is left out), the current primary chosen. */
export const Accounts: Story = {
  parameters: { machineState: 'primaryAccount:ready', page: { machine: primary(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.PRIMARY_ACCOUNT'));
    const radios = choices(canvas);
    await expect(radios.map((r) => r.closest('label')?.textContent)).toEqual([
      `${MOM} ${t('PRIMARY.CURRENT')}`,
      option('Aunt (Toronto)', '(416) 555-0106'),
      BROTHER,
    ]);
    await expect(radios[0]).toBeChecked();
    await expect(canvas.getByText(t('PRIMARY.HIDDEN'))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: t('PRIMARY.SAVE') })).toBeEnabled();
  },
};

export const AccountsSpanish: Story = { ...Accounts, globals: { locale: 'es' } };

/** §2: no validated account, nothing to choose. */
export const NoneValidated: Story = {
  parameters: {
    machineState: 'primaryAccount:none',
    page: { machine: primary({ dest_accounts: PRIMARY_DEST_ACCOUNTS.filter((a) => !a.validated) }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('PRIMARY.NONE'))).toBeInTheDocument();
    await expect(canvas.queryByRole('radio')).toBeNull();
    await expect(canvas.queryByRole('button', { name: t('PRIMARY.SAVE') })).toBeNull();
  },
};

export const Saving: Story = {
  parameters: {
    machineState: 'primaryAccount:saving',
    page: { machine: primary(undefined, 'never'), input, events: CHOOSE_BROTHER },
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') });
    await expect(button).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('radio', { name: BROTHER })).toBeChecked();
  },
};

export const Saved: Story = {
  parameters: {
    machineState: 'primaryAccount:ready',
    page: { machine: primary(), input, events: CHOOSE_BROTHER },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('PRIMARY.SAVED', { account: BROTHER }));
    await expect(canvas.getByRole('radio', { name: `${BROTHER} ${t('PRIMARY.CURRENT')}` })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: MOM })).not.toBeChecked();
  },
};

export const SavedSpanish: Story = { ...Saved, globals: { locale: 'es' } };

/** §8: the server refused: the error shows and the choice stays; the primary is unchanged. */
export const SaveRefused: Story = {
  parameters: {
    machineState: 'primaryAccount:ready',
    page: {
      machine: primary(undefined, { success: false, errors: { form: 'ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT' } }),
      input,
      events: CHOOSE_BROTHER,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.ERROR_CHANGING_PRIMARY_ACCOUNT'));
    await expect(canvas.getByRole('radio', { name: BROTHER })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: `${MOM} ${t('PRIMARY.CURRENT')}` })).not.toBeChecked();
  },
};

/** A failed call shows the same message (§8). */
export const SaveFailed: Story = {
  parameters: {
    machineState: 'primaryAccount:ready',
    page: { machine: primary(undefined, { fail: NETWORK_FAILURE }), input, events: CHOOSE_BROTHER },
  },
  play: SaveRefused.play,
};

/** No verified account is primary yet: a save without a choice asks for one (the form's schema). */
export const ChoiceRequired: Story = {
  parameters: {
    machineState: 'primaryAccount:ready',
    page: {
      machine: primary({
        dest_accounts: PRIMARY_DEST_ACCOUNTS.map((a) => ({
          ...a,
          primary: a.id === 303,
          current_primary: a.id === 303,
        })),
      }),
      input,
    },
  },
  play: async ({ canvas }) => {
    for (const radio of choices(canvas)) await expect(radio).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: t('PRIMARY.SAVE') }));
    const summary = await canvas.findByRole('alert');
    await expect(summary).toHaveTextContent(t('PRIMARY.CHOOSE'));
    await expect(summary).toHaveFocus();
    await expect(within(summary).getByRole('link')).toHaveTextContent(
      `${t('PRIMARY.LEGEND')} - ${t('VALIDATION.REQUIRED')}`,
    );
    // Nothing was sent: the button still offers to save.
    await expect(canvas.getByRole('button', { name: t('PRIMARY.SAVE') })).toBeEnabled();
    await userEvent.click(canvas.getByRole('radio', { name: BROTHER }));
    await expect(canvas.getByRole('radio', { name: BROTHER })).toBeChecked();
  },
};
