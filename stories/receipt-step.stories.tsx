// deposit.receipt (§2, 100%, no back): what was paid, to whom, with what; and "make another".
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import type { FormFields } from '../contract/entities.ts';
import { expect } from 'storybook/test';
import { money, t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters } from './support/drive.ts';
import { receiptScreen, renderScreen } from './support/render.tsx';
import { afterDeposit, billingFields, recipientFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Receipt step',
  render: renderScreen(receiptScreen, PROGRESS.receipt),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** $25 to John Smith (100001, born 1985-03-14) paid with the approved Visa test card. */
const PAID: FormFields = afterDeposit({
  ...billingFields(recipientFields('100001')),
  deposit_amount: 25,
  deposit_amount_id: '25',
});

function withoutDob(fields: FormFields): FormFields {
  const receipt = fields.cached_deposit_info;
  if (!receipt) throw new Error('a paid form state holds its receipt');
  return { ...fields, cached_deposit_info: { ...receipt, recipient_dob: null } };
}

export const WithDateOfBirth: Story = {
  parameters: { machineState: 'wizard:step.receipt.idle', scene: { server: { fields: PAID }, route: 'receipt' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('order-number')).toHaveTextContent('D00000001');
    await expect(canvas.getByText(t('RECEIPT.DOB')).nextElementSibling).toHaveTextContent('03/14/1985');
    await expect(canvas.getByTestId('amount-paid')).toHaveTextContent(money(29.95));
  },
};

export const WithDateOfBirthSpanish: Story = { ...WithDateOfBirth, globals: { locale: 'es' } };

/** A facility that gives the age but not the date of birth. */
export const AgeOnly: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: { server: { fields: withoutDob(PAID) }, route: 'receipt' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(t('RECEIPT.DOB'))).toBeNull();
    await expect(canvas.getByText(t('RECEIPT.AGE')).nextElementSibling).toHaveTextContent('41');
  },
};

/** "Make another deposit" pressed: the server is clearing the form state. */
export const MakingAnother: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.clearing',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      variants: [{ call: 'clearFormState', answer: 'never' }],
      steps: [reach('wizard:step.receipt.idle'), to.wizard({ type: 'wizard.another' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('RECEIPT.MAKE_ANOTHER') })).toBeDisabled();
  },
};
