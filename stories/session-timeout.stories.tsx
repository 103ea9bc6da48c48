// The session's idle limit (WCAG 2.2.1; docs/decisions/0045): a signed-in payer at the facility step,
// then warned before the session ends (a dialog that takes focus), then asking to stay signed in.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters, type Scene } from './support/drive.ts';
import { renderApp } from './support/render.tsx';
import { facilityFields, signedInFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Session timeout',
  render: renderApp,
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

const SIGNED_IN: Scene['server'] = { fields: signedInFields(facilityFields(1001)) };
/** The warning opens at once here (held open), instead of 12 minutes after the server's last answer. */
const WARN_NOW = { sessionWarn: 10 };

const dialog = (canvas: { getByRole: (role: string, o: object) => HTMLElement }) =>
  canvas.getByRole('alertdialog', { name: t('SESSION.WARNING_TITLE') });

/** Signed in and busy: no warning. */
export const SignedIn: Story = {
  parameters: {
    machineState: 'sessionTimeout:signedIn.active',
    scene: { server: SIGNED_IN, route: 'type' },
  },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: t('TYPE.HEADING') });
    await expect(canvas.queryByRole('alertdialog')).toBeNull();
  },
};

/** The warning: it takes focus, says when the session ends, offers to stay signed in or sign out. */
export const Warning: Story = {
  parameters: {
    machineState: 'sessionTimeout:signedIn.warning',
    scene: { server: SIGNED_IN, route: 'type', delays: WARN_NOW },
  },
  play: async ({ canvas }) => {
    const box = dialog(canvas);
    await waitFor(() => expect(within(box).getByRole('heading', { name: t('SESSION.WARNING_TITLE') })).toHaveFocus());
    await expect(box).toHaveAccessibleDescription(t('SESSION.WARNING_TEXT', { idle: 12, left: 2 }));
    await expect(within(box).getByRole('button', { name: t('SESSION.STAY') })).toBeEnabled();
    await expect(within(box).getByRole('button', { name: t('SESSION.SIGN_OUT') })).toBeEnabled();
  },
};

export const WarningSpanish: Story = { ...Warning, globals: { locale: 'es' } };

/** "Stay signed in" asks the server: the buttons wait. */
export const StayingSignedIn: Story = {
  parameters: {
    machineState: 'sessionTimeout:signedIn.staying',
    scene: {
      server: SIGNED_IN,
      route: 'type',
      delays: WARN_NOW,
      steps: [reach('sessionTimeout:signedIn.warning'), to.sessionTimeout({ type: 'session.stay' })],
    },
  },
  play: async ({ canvas }) => {
    const box = dialog(canvas);
    await expect(within(box).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(within(box).getByRole('button', { name: t('SESSION.SIGN_OUT') })).toBeDisabled();
  },
};

/** The warning went unanswered: the payer is being signed out (on to the welcome page, which says why). */
export const SigningOutAtTheLimit: Story = {
  parameters: {
    machineState: 'app:ready.signingOutIdle',
    scene: {
      server: SIGNED_IN,
      route: 'type',
      variants: [{ call: 'signOut', answer: 'never' }],
      steps: [reach('wizard:step.type'), to.app({ type: 'app.sessionEnded', signedIn: true })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** A guest's session reached the limit: a new one is being started, with the values the page kept. */
export const GuestSessionEnding: Story = {
  parameters: {
    machineState: 'app:ready.endingGuestSession',
    scene: {
      server: { fields: facilityFields(1001) },
      route: 'type',
      variants: [{ call: 'signOut', answer: 'never' }],
      steps: [reach('wizard:step.type'), to.app({ type: 'app.sessionEnded', signedIn: false })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};
