// identity.verify (§2, §4): each state of the identityVerify machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import type { DestinationAccount } from '../contract/accounts.ts';
import type { VerifyResponse } from '../contract/identity.ts';
import { DEST_ACCOUNTS, NETWORK_FAILURE, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { identityVerifyMachine } from '../machines/identity-verify.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { IdentityVerifyPage } from '../src/screens/pages/identity-verify-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Identity verify',
  render: renderPage(IdentityVerifyPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const input = pageInput('identity_verify', { signedIn: true });
type Answer<O> = O | 'never' | { fail: CallFailure };
type Loaded = { status: 'pending' | 'validated' | 'rejected'; accounts: DestinationAccount[] };

function identity(
  load: Answer<Loaded> = { status: 'pending', accounts: DEST_ACCOUNTS },
  verify: Answer<VerifyResponse> = { success: true, validate_status: 'validated', retryable: false },
) {
  return provideMachine(identityVerifyMachine, { loadIdentity: call(load), verifyIdentity: call(verify) });
}

/** The forms' values, valid, as their submits send them. */
const AGREE = [{ type: 'identity.accept', values: { agree_1: true, agree_2: true } }];
const SUBMITTED = [
  ...AGREE,
  { type: 'identity.submit', values: { dob_month: '2', dob_day: '11', dob_year: '1979', ssn: '4321' } },
];

export const Loading: Story = {
  parameters: { machineState: 'identityVerify:loading', page: { machine: identity('never'), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: { machineState: 'identityVerify:failed', page: { machine: identity({ fail: NETWORK_FAILURE }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
  },
};

/** The agreement modal: both checkboxes are needed (accepting with none checked says so on each). */
export const Agreement: Story = {
  parameters: { machineState: 'identityVerify:agreement', page: { machine: identity(), input } },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('IDENTITY.AGREE_TITLE') }));
    await expect(
      dialog.getByRole('checkbox', { name: new RegExp(t('IDENTITY.AGREE_1').slice(0, 20)) }),
    ).not.toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: t('IDENTITY.ACCEPT') }));
    await waitFor(() =>
      expect(dialog.getAllByText(`- ${t('VALIDATION.AGREE_TERMS')}`, { exact: false })).toHaveLength(2),
    );
  },
};

export const AgreementSpanish: Story = { ...Agreement, globals: { locale: 'es' } };

/** Complete your profile, with the §5 errors of a submit with nothing entered. */
export const Profile: Story = {
  parameters: { machineState: 'identityVerify:profile', page: { machine: identity(), input, events: AGREE } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('IDENTITY.SUBMIT') }));
    await waitFor(() =>
      expect(
        canvas.getByRole('link', { name: `${t('IDENTITY.SSN')} - ${t('VALIDATION.REQUIRED')}` }),
      ).toBeInTheDocument(),
    );
    await expect(canvas.getByLabelText(new RegExp(`^${t('IDENTITY.SSN')}`))).toHaveAttribute('type', 'password');
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveFocus());
  },
};

export const ProfileSpanish: Story = { ...Profile, globals: { locale: 'es' } };

/** §4: rejected and retryable: the failure, and the form again. */
export const RejectedRetry: Story = {
  parameters: {
    machineState: 'identityVerify:profile',
    page: {
      machine: identity(undefined, { success: false, validate_status: 'rejected', retryable: true }),
      input,
      events: SUBMITTED,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('IDENTITY.REJECTED'))).toBeInTheDocument();
    await expect(canvas.getByLabelText(t('IDENTITY.SSN'))).toHaveValue('');
    await expect(canvas.getByLabelText(t('IDENTITY.DOB_YEAR'))).toHaveValue('1979');
  },
};

export const RejectedRetrySpanish: Story = { ...RejectedRetry, globals: { locale: 'es' } };

export const Submitting: Story = {
  parameters: {
    machineState: 'identityVerify:submitting',
    page: { machine: identity(undefined, 'never'), input, events: SUBMITTED },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** Verified: the pending US phone accounts to verify. */
export const Accounts: Story = {
  parameters: {
    machineState: 'identityVerify:accounts',
    page: { machine: identity(), input, events: SUBMITTED },
  },
  play: async ({ canvas }) => {
    const list = within(await canvas.findByRole('list', { name: t('IDENTITY.ACCOUNTS_TITLE') }));
    await expect(list.getAllByRole('listitem')).toHaveLength(1);
  },
};

export const VerifyingPhone: Story = {
  parameters: {
    machineState: 'identityVerify:verifyingPhone',
    page: {
      machine: identity(),
      input,
      events: [...SUBMITTED, { type: 'identity.verifyPhone', id: 303 }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog')).toBeInTheDocument();
  },
};
