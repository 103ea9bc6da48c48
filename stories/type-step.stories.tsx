// deposit.type (§2): the deposit types a facility offers.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FORM, type FormFields } from '../contract/entities.ts';
import { fail, never, sendWhenEditing, startWizard } from './support/drive.tsx';
import { renderWizard } from './support/render.tsx';
import type { WizardRef } from '../src/machine-refs.ts';

const meta = { title: 'Screens/Type step', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const AT = (facility_id: number): FormFields => ({ ...EMPTY_FORM, facility_id, facility_state: 'TX' });
const inType = { until: (w: WizardRef) => w.getSnapshot().matches({ step: { type: 'editing' } }) };

export const FlexOffered: Story = {
  parameters: { machineStates: ['wizard:step.type.editing'] },
  loaders: [async () => ({ wizard: await startWizard({ fields: AT(1001), route: 'type', ...inType }) })],
};

export const FlexOfferedSpanish: Story = {
  globals: { locale: 'es' },
  loaders: [async () => ({ wizard: await startWizard({ fields: AT(1001), route: 'type', ...inType }) })],
};

/** Facility 1004 has flex_disabled. */
export const NothingOffered: Story = {
  loaders: [async () => ({ wizard: await startWizard({ fields: AT(1004), route: 'type', ...inType }) })],
};

export const Saving: Story = {
  parameters: { machineStates: ['wizard:step.type.saving'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: AT(1001),
        route: 'type',
        actors: { saveFormState: never() },
        drive: sendWhenEditing('type', [{ type: 'type.select', depositType: 'flex' }]),
        until: (w) => w.getSnapshot().matches({ step: { type: 'saving' } }),
      }),
    }),
  ],
};

export const SaveFailed: Story = {
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: AT(1001),
        route: 'type',
        actors: { saveFormState: fail({ status: 0, code: 'ERROR.NETWORK', errors: {} }) },
        drive: sendWhenEditing('type', [{ type: 'type.select', depositType: 'flex' }]),
        until: (w) => w.getSnapshot().matches({ step: { type: 'editing' } }) && w.getSnapshot().context.showErrors,
      }),
    }),
  ],
};
