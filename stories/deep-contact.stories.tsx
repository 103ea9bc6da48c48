// §4 deep contact on the type step (the link named the facility and the person): who the deposit is
// for, the login-required modal for a guest without deep_zuid, the fraud-flagged person blocked
// (FRAUD_CONTROL_MESSAGE) and the new deposit started from there; and §5 trust and bail hidden for a
// primary number starting 011.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { PROGRESS } from '../contract/constants.ts';
import { FRAUD_INMATE, INMATE, deepContactFields } from '../fixtures/samples.ts';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters } from './support/drive.ts';
import { renderScreen, typeScreen } from './support/render.tsx';
import { facilityFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Type step (deep contact)',
  render: renderScreen(typeScreen, PROGRESS.type),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

const NAME = `${INMATE.first_name} ${INMATE.last_name}`;
/** The facility's word for the person, in the story's language. */
const inmate = () => t('INMATE_LABEL.INMATE');
const FOR = (name: string) => t('DEEP_CONTACT.FOR', { name, label: inmate().toLowerCase() });
const labels = () => ({ label: inmate(), labelLower: inmate().toLowerCase() });

/** A signed-in payer from a link: the person is known, every type of the facility is offered. */
export const SignedIn: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: deepContactFields(INMATE, { logged_in: true }) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(FOR(NAME))).toBeInTheDocument();
    const trust = within(canvas.getByRole('region', { name: t('TYPE.TRUST_TITLE', labels()) }));
    await expect(trust.getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
  },
};

export const SignedInSpanish: Story = { ...SignedIn, globals: { locale: 'es' } };

/** §4: a guest's link without deep_zuid: even flex asks for sign-in, which brings the payer back. */
export const GuestLoginRequired: Story = {
  parameters: {
    machineState: 'wizard:step.type.loginRequired',
    scene: {
      server: { fields: deepContactFields() },
      route: 'type',
      steps: [reach('wizard:step.type.editing'), to.wizard({ type: 'type.select', depositType: 'flex' })],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('TYPE.SIGN_IN_TITLE') }));
    await expect(dialog.getByText(t('DEEP_CONTACT.SIGN_IN_TEXT', { name: NAME }))).toBeInTheDocument();
    await expect(dialog.getByRole('link', { name: t('TYPE.SIGN_IN') })).toHaveAttribute(
      'href',
      '#/login?returnTo=%2Fdeposit_type',
    );
  },
};

export const GuestLoginRequiredSpanish: Story = { ...GuestLoginRequired, globals: { locale: 'es' } };

/** §5/§8: the person the link names is fraud-flagged: no type can be chosen. */
export const FraudBlocked: Story = {
  parameters: {
    machineState: 'wizard:step.type.fraudBlocked',
    scene: { server: { fields: deepContactFields(FRAUD_INMATE, { deep_zuid: 'partner-42' }) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.FRAUD_CONTROL_MESSAGE'));
    await expect(canvas.getByRole('button', { name: t('DEEP_CONTACT.START_WIZARD') })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: t('TYPE.CHOOSE') })).toBeNull();
  },
};

export const FraudBlockedSpanish: Story = { ...FraudBlocked, globals: { locale: 'es' } };

/** A new deposit instead: the server clears the form state (held here while it answers). */
export const StartingOver: Story = {
  parameters: {
    machineState: 'wizard:step.type.clearing',
    scene: {
      server: { fields: deepContactFields(FRAUD_INMATE) },
      route: 'type',
      variants: [{ call: 'clearFormState', answer: 'never' }],
      steps: [reach('wizard:step.type.fraudBlocked'), to.wizard({ type: 'wizard.another' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** §5: a signed-in payer whose primary phone account is abroad (011): trust is not offered. */
export const PrimaryNumberAbroad: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: {
      server: { fields: { ...facilityFields(1201), logged_in: true, primary_no: '0114165550106' } },
      route: 'type',
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('region', { name: t('TYPE.TRUST_TITLE', labels()) })).toBeNull();
    await expect(canvas.queryByRole('region', { name: t('TYPE.BAIL_TITLE') })).toBeNull();
    await expect(canvas.getByRole('region', { name: t('TYPE.FLEX_TITLE', labels()) })).toBeInTheDocument();
  },
};
