// deposit.number (§2, 60%, dest): the payer's phone accounts or a new number, the fraud check (§5) and
// the save; each state of the wizard's number step with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PROGRESS } from '../contract/constants.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters, type Step } from './support/drive.ts';
import { numberScreen, renderScreen } from './support/render.tsx';
import { FRAUD_FLAGGED_NUMBERS, facilityFields, type SandboxSetup } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Number step',
  render: renderScreen(numberScreen, PROGRESS.number),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** A guest's dest deposit at Harris County Jail (1001). */
const GUEST: SandboxSetup = { fields: { ...facilityFields(1001), deposit_type: 'dest' } };
/** Ana, signed in: her phone accounts load with the step. */
const ANA: SandboxSetup = {
  fields: { ...facilityFields(1001, { ...EMPTY_FORM, logged_in: true }), deposit_type: 'dest' },
};

/** What the form's edits autosave (§4). */
const typeNumber = (phone: string): Step => to.wizard({ type: 'form.change', fields: { deposit_phone_no: phone } });
/** Continue with a new number, as the form sends it once its schema passes. */
const submitNumber = (phone: string): Step =>
  to.wizard({ type: 'number.submit', values: { deposit_phone_country: 'US', deposit_phone_no: phone } });
/** Continue with a chosen account. */
const CONTINUE: Step = to.wizard({ type: 'wizard.continue' });

/** A guest types a new number: country, masked number, the AdvancePay notices. */
export const NewNumber: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: { server: GUEST, route: 'number', steps: [reach('wizard:step.number.editing'), typeNumber('5125550100')] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('NUMBER.PHONE'))).toHaveValue('(512) 555-0100');
    await expect(canvas.getByLabelText(t('NUMBER.COUNTRY'))).toHaveValue('US');
    await expect(canvas.getByText(t('NUMBER.ADVANCE_PAY'))).toBeInTheDocument();
    await expect(canvas.queryByRole('group', { name: t('NUMBER.YOUR_ACCOUNTS') })).toBeNull();
  },
};

export const NewNumberSpanish: Story = { ...NewNumber, globals: { locale: 'es' } };

/** §5: Continue without a number names the field (the form's schema; nothing is sent). */
export const NumberMissing: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: { server: GUEST, route: 'number', steps: [reach('wizard:step.number.editing')] },
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('WIZARD.CONTINUE') }));
    const summary = await canvas.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(
      within(summary).getByRole('link', { name: `${t('NUMBER.PHONE')} - ${t('VALIDATION.REQUIRED')}` }),
    ).toBeInTheDocument();
  },
};

/** §5: a number that is not one of the country's is refused by the form, and kept as typed. */
export const NumberInvalid: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: { server: GUEST, route: 'number', steps: [reach('wizard:step.number.editing')] },
  },
  play: async ({ canvas }) => {
    const field = canvas.getByLabelText(t('NUMBER.PHONE'));
    await userEvent.type(field, '51255');
    await userEvent.click(canvas.getByRole('button', { name: t('WIZARD.CONTINUE') }));
    const summary = await canvas.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(within(summary).getByRole('link')).toHaveTextContent(t('NUMBER.PHONE'));
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect((field as HTMLInputElement).value.replace(/\D/g, '')).toBe('51255');
  },
};

/** §5/§8: a fraud-flagged number stops the deposit. */
export const FraudFlagged: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: {
      server: GUEST,
      route: 'number',
      steps: [reach('wizard:step.number.editing'), submitNumber(FRAUD_FLAGGED_NUMBERS[0] ?? '')],
    },
  },
  play: async ({ canvas }) => {
    // The fraud check answers after the step is back in `editing`: wait for its message.
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.FRAUD_CONTROL_MESSAGE'));
  },
};

/** §5: a number outside the US cannot be verified. */
export const CanadianNumber: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: {
      server: GUEST,
      route: 'number',
      steps: [
        reach('wizard:step.number.editing'),
        to.wizard({ type: 'form.change', fields: { deposit_phone_country: 'CA', deposit_phone_no: '4165550100' } }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('NUMBER.INTERNATIONAL'))).toBeInTheDocument();
  },
};

export const LoadingAccounts: Story = {
  parameters: {
    machineState: 'wizard:step.number.loadingAccounts',
    scene: { server: ANA, route: 'number', variants: [{ call: 'loadDestinationAccounts', answer: 'never' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('NUMBER.LOADING_ACCOUNTS'))).toBeInTheDocument();
  },
};

/** Ana's phone accounts, primary and pending marked; one chosen. */
export const SavedAccounts: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: {
      server: ANA,
      route: 'number',
      steps: [reach('wizard:step.number.editing'), to.wizard({ type: 'number.account', accountId: 301 })],
    },
  },
  play: async ({ canvas }) => {
    const group = within(canvas.getByRole('group', { name: t('NUMBER.YOUR_ACCOUNTS') }));
    await expect(group.getByRole('radio', { name: /Mom, \(512\) 555-0101/ })).toBeChecked();
    await expect(
      group.getByRole('radio', { name: new RegExp(t('NUMBER.PENDING').replace(/[()]/g, '\\$&')) }),
    ).toBeEnabled();
    await expect(canvas.queryByLabelText(t('NUMBER.PHONE'))).toBeNull();
  },
};

export const SavedAccountsSpanish: Story = { ...SavedAccounts, globals: { locale: 'es' } };

/** The accounts could not be loaded: a new number can still be typed. */
export const AccountsFailed: Story = {
  parameters: {
    machineState: 'wizard:step.number.editing',
    scene: { server: ANA, route: 'number', variants: [{ call: 'loadDestinationAccounts', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('NUMBER.PHONE'))).toBeEnabled();
  },
};

export const CheckingFraud: Story = {
  parameters: {
    machineState: 'wizard:step.number.checkingFraud',
    scene: {
      server: GUEST,
      route: 'number',
      variants: [{ call: 'checkDestinationFraud', answer: 'never' }],
      steps: [reach('wizard:step.number.editing'), typeNumber('5125550100'), submitNumber('5125550100')],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const Saving: Story = {
  parameters: {
    machineState: 'wizard:step.number.saving',
    scene: {
      server: ANA,
      route: 'number',
      variants: [{ call: 'saveFormState', answer: 'never' }],
      steps: [reach('wizard:step.number.editing'), to.wizard({ type: 'number.account', accountId: 301 }), CONTINUE],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};
