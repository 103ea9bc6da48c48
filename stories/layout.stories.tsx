// The shared layout of §2 (header, language links, progress bar, footer) at each progress figure of
// the wizard, in English and Spanish. The wizard's own screen picks the step and its figure.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import { expect } from 'storybook/test';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, type DrivenParameters } from './support/drive.ts';
import { localeOf, renderWizard } from './support/render.tsx';
import { afterDeposit, billingFields, facilityFields, recipientFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Layout',
  render: renderWizard,
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** Once the step with `heading` is shown, the bar shows `figure` and the page's language link is pressed. */
function showsProgress(heading: string, figure: number): Story['play'] {
  return async ({ canvas, globals }) => {
    await canvas.findByRole('heading', { level: 1, name: t(heading, { label: t('INMATE_LABEL.INMATE') }) });
    await expect(canvas.getByRole('progressbar', { name: t('LAYOUT.PROGRESS') })).toHaveAttribute(
      'aria-valuenow',
      String(figure),
    );
    const lang = localeOf(globals);
    await expect(canvas.getByRole('button', { name: t(`LAYOUT.LANGUAGE_${lang.toUpperCase()}`) })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  };
}

const SPANISH = { locale: 'es' };
const GUEST_AT_CHECKOUT = billingFields(recipientFields('100001'));

export const Facility30: Story = {
  parameters: {
    machineState: 'wizard:step.facility.editing',
    scene: { route: 'facility', steps: [reach('facilityPicker:ready')] },
  },
  play: showsProgress('FACILITY.HEADING', PROGRESS.facility),
};
export const Facility30Spanish: Story = { ...Facility30, globals: SPANISH };

export const Type40: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1001) }, route: 'type' },
  },
  play: showsProgress('TYPE.HEADING', PROGRESS.type),
};
export const Type40Spanish: Story = { ...Type40, globals: SPANISH };

export const Recipient60: Story = {
  parameters: {
    machineState: 'wizard:step.recipient.editing',
    scene: { server: { fields: { ...facilityFields(1001), deposit_type: 'flex' } }, route: 'recipient' },
  },
  play: showsProgress('RECIPIENT.HEADING', PROGRESS.recipient),
};
export const Recipient60Spanish: Story = { ...Recipient60, globals: SPANISH };

export const Checkout80: Story = {
  parameters: {
    machineState: 'wizard:step.checkout',
    scene: { server: { fields: GUEST_AT_CHECKOUT }, route: 'checkout' },
  },
  play: showsProgress('CHECKOUT.HEADING', PROGRESS.checkout),
};
export const Checkout80Spanish: Story = { ...Checkout80, globals: SPANISH };

export const Receipt100: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: {
      server: { fields: afterDeposit({ ...GUEST_AT_CHECKOUT, deposit_amount: 25, deposit_amount_id: '25' }) },
      route: 'receipt',
    },
  },
  play: showsProgress('RECEIPT.HEADING_SUBMITTED', PROGRESS.receipt),
};
export const Receipt100Spanish: Story = { ...Receipt100, globals: SPANISH };
