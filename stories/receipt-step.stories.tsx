// deposit.receipt (§2): what was paid, and the "make another" step.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { RECEIPT, RECIPIENT_FIELDS } from '../fixtures/samples.ts';
import type { FormFields } from '../contract/entities.ts';
import { never, startWizard } from './support/drive.tsx';
import { renderWizard } from './support/render.tsx';

const meta = { title: 'Screens/Receipt step', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const DONE: FormFields = { ...RECIPIENT_FIELDS, deposit_id: RECEIPT.deposit_id, cached_deposit_info: RECEIPT };

export const Receipt: Story = {
  parameters: { machineStates: ['wizard:step.receipt.idle'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: DONE,
        route: 'receipt',
        until: (w) => w.getSnapshot().matches({ step: { receipt: 'idle' } }),
      }),
    }),
  ],
};

export const ReceiptSpanish: Story = { ...Receipt, globals: { locale: 'es' } };

export const AgeOnly: Story = {
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: { ...DONE, cached_deposit_info: { ...RECEIPT, recipient_dob: null, recipient_age: 41 } },
        route: 'receipt',
        until: (w) => w.getSnapshot().matches({ step: { receipt: 'idle' } }),
      }),
    }),
  ],
};

export const MakingAnother: Story = {
  parameters: { machineStates: ['wizard:step.receipt.clearing'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: DONE,
        route: 'receipt',
        actors: { clearFormState: never() },
        events: [{ type: 'wizard.another' }],
        until: (w) => w.getSnapshot().matches({ step: { receipt: 'clearing' } }),
      }),
    }),
  ],
};
