// /account/update_profile (§2; §7 account notification status): each state of the updateProfile machine
// with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import type { NotificationStatus, Profile } from '../contract/profile.ts';
import { NETWORK_FAILURE, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { updateProfileMachine } from '../machines/update-profile.machine.ts';
import { UpdateProfilePage } from '../src/screens/pages/update-profile-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Update profile',
  render: renderPage(UpdateProfilePage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const input = pageInput('update_profile', { signedIn: true });
const PROFILE: Profile = { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0110', email: 'ben@example.com' };
const UNCHOSEN: NotificationStatus = { notificationNeedsExecuted: true, sms: false, email: false };
/** The form's values as loaded (a submit sends them, valid). */
const VALUES = { first_name: 'Ben', last_name: 'Carter', phone: '(713) 555-0110', sms: false, email: false };
const BAD_PHONE: CallFailure = {
  status: 400,
  code: 'ERROR.UNEXPECTED',
  errors: { phone: 'VALIDATION.INVALID_PHONE_FOR_COUNTRY' } as CallFailure['errors'],
};
type Loaded = { profile: Profile; notifications: NotificationStatus };
type Answer<O> = O | 'never' | { fail: CallFailure };

function profile(
  load: Answer<Loaded> = { profile: PROFILE, notifications: UNCHOSEN },
  save: Answer<Loaded> = {
    profile: { ...PROFILE, last_name: 'Carter-Ruiz' },
    notifications: { notificationNeedsExecuted: false, sms: true, email: false },
  },
) {
  return provideMachine(updateProfileMachine, { loadProfile: call(load), saveProfile: call(save) });
}

export const Loading: Story = {
  parameters: { machineState: 'updateProfile:loading', page: { machine: profile('never'), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: { machineState: 'updateProfile:failed', page: { machine: profile({ fail: NETWORK_FAILURE }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
  },
};

/** The payer's details, and the notification choice still to make. */
export const Editing: Story = {
  parameters: { machineState: 'updateProfile:editing', page: { machine: profile(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('PROFILE.LAST_NAME'))).toHaveValue('Carter');
    await expect(canvas.getByText(t('PROFILE.NOTIFY_CHOOSE'))).toBeInTheDocument();
    await expect(canvas.getByRole('checkbox', { name: t('PROFILE.NOTIFY_SMS') })).not.toBeChecked();
  },
};

export const EditingSpanish: Story = { ...Editing, globals: { locale: 'es' } };

/** §5: a one-letter name is refused by the form before anything is sent; the error summary takes focus. */
export const Invalid: Story = {
  parameters: { machineState: 'updateProfile:editing', page: { machine: profile(), input } },
  play: async ({ canvas, userEvent }) => {
    const first = canvas.getByLabelText(t('PROFILE.FIRST_NAME'));
    await userEvent.clear(first);
    await userEvent.type(first, 'B');
    await userEvent.click(canvas.getByRole('button', { name: t('PROFILE.SAVE') }));
    const summary = await canvas.findByRole('alert');
    await expect(
      canvas.getByRole('link', { name: `${t('PROFILE.FIRST_NAME')} - ${t('VALIDATION.KEEP_TYPING')}` }),
    ).toBeInTheDocument();
    await waitFor(() => expect(summary).toHaveFocus());
  },
};

export const InvalidSpanish: Story = { ...Invalid, globals: { locale: 'es' } };

/** The server refused the phone: its message is on the field, everything typed is kept. */
export const Refused: Story = {
  parameters: {
    machineState: 'updateProfile:editing',
    page: {
      machine: profile(undefined, { fail: BAD_PHONE }),
      input,
      events: [{ type: 'profile.submit', values: { ...VALUES, last_name: 'Carter-Ruiz', phone: '(713) 555-0199' } }],
    },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('link', { name: `${t('PROFILE.PHONE')} - ${t('VALIDATION.INVALID_PHONE_FOR_COUNTRY')}` }),
    ).toBeInTheDocument();
    await expect(canvas.getByLabelText(t('PROFILE.LAST_NAME'))).toHaveValue('Carter-Ruiz');
  },
};

export const Saving: Story = {
  parameters: {
    machineState: 'updateProfile:saving',
    page: { machine: profile(undefined, 'never'), input, events: [{ type: 'profile.submit', values: VALUES }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const Saved: Story = {
  parameters: {
    machineState: 'updateProfile:editing',
    page: {
      machine: profile(),
      input,
      events: [{ type: 'profile.submit', values: { ...VALUES, last_name: 'Carter-Ruiz', sms: true } }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('PROFILE.SAVED'))).toBeInTheDocument();
    await expect(canvas.getByLabelText(t('PROFILE.LAST_NAME'))).toHaveValue('Carter-Ruiz');
    await expect(canvas.queryByText(t('PROFILE.NOTIFY_CHOOSE'))).toBeNull();
  },
};

export const SavedSpanish: Story = { ...Saved, globals: { locale: 'es' } };
