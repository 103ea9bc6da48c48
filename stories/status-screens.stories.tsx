// The app's own states (booting, boot failed, ready) and the wizard's states between steps (loading
// a facility, failed), rendered by the whole app: its table from state to screen picks the screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { t } from './support/checks.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters } from './support/drive.ts';
import { renderApp } from './support/render.tsx';
import { facilityFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Status',
  render: renderApp,
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** The form state kept by the server (§3) is on its way. */
export const Booting: Story = {
  parameters: { machineState: 'app:booting', scene: { variants: [{ call: 'loadFormState', answer: 'never' }] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const BootFailed: Story = {
  parameters: { machineState: 'app:bootFailed', scene: { variants: [{ call: 'loadFormState', answer: 'fail' }] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('ERROR.HEADING'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
  },
};

export const BootFailedSpanish: Story = { ...BootFailed, globals: { locale: 'es' } };

/** Booted with an empty form state: the wizard starts at the facility step. */
export const Ready: Story = {
  parameters: { machineState: 'app:ready.wizard', scene: { steps: [reach('facilityPicker:ready')] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('FACILITY.HEADING'));
    await expect(canvas.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '30');
  },
};

/** A signed-in payer chose "Sign out" in the header; the server has not answered yet. */
export const SigningOut: Story = {
  parameters: {
    machineState: 'app:ready.signingOut',
    scene: {
      server: { fields: { ...EMPTY_FORM, logged_in: true } },
      variants: [{ call: 'signOut', answer: 'never' }],
      steps: [reach('facilityPicker:ready'), to.app({ type: 'app.signOut' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** The header's links for a signed-in payer: my account and sign out. */
export const SignedInHeader: Story = {
  parameters: {
    machineState: 'app:ready.wizard',
    scene: { server: { fields: { ...EMPTY_FORM, logged_in: true } }, steps: [reach('facilityPicker:ready')] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: t('LAYOUT.MY_ACCOUNT') })).toHaveAttribute(
      'href',
      '#/account/destination_accounts',
    );
    await expect(canvas.getByRole('button', { name: t('LAYOUT.SIGN_OUT') })).toBeEnabled();
  },
};

/** A page outside the wizard, opened at #/login: the app's table shows the page's own screen. */
export const Page: Story = {
  parameters: { machineState: 'app:ready.page', scene: { path: '/login' } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t('LOGIN.HEADING') })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('LAYOUT.SIGN_IN') })).toHaveAttribute('href', '#/login');
  },
};

/** A page asked for the form state again (after a sign-in, or before a deposit it prepared). */
export const Reloading: Story = {
  parameters: {
    machineState: 'app:ready.reloading',
    scene: {
      variants: [{ call: 'loadFormState', answer: 'never', after: 1 }],
      steps: [reach('facilityPicker:ready'), to.app({ type: 'app.go', path: '/deposit_type' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** Opened at #/deposit_type: the facility's details load before the step (§4 guards). */
export const LoadingFacility: Story = {
  parameters: {
    machineState: 'wizard:step.loadingFacility',
    scene: {
      server: { fields: facilityFields(1001) },
      route: 'type',
      variants: [{ call: 'loadFacility', answer: 'never' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const WizardFailed: Story = {
  parameters: {
    machineState: 'wizard:step.failed',
    scene: {
      server: { fields: facilityFields(1001) },
      route: 'type',
      variants: [{ call: 'loadFacility', answer: 'fail' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const WizardFailedSpanish: Story = { ...WizardFailed, globals: { locale: 'es' } };
