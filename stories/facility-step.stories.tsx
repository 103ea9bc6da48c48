// deposit.facility (§2): every state of the facility picker and of the wizard's facility step.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FORM } from '../contract/entities.ts';
import { FACILITY_OPTIONS } from '../fixtures/samples.ts';
import { fromPromise } from 'xstate';
import { childReaches, fail, never, startWizard } from './support/drive.tsx';
import { renderWizard } from './support/render.tsx';

const meta = { title: 'Screens/Facility step', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const pickerIs = (state: string) => (s: never) => (s as { matches: (v: string) => boolean }).matches(state);

export const PickerLoading: Story = {
  parameters: { machineStates: ['facilityPicker:loading', 'wizard:step.facility.editing'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: EMPTY_FORM,
        route: 'facility',
        actors: { loadFacilityOptions: never() },
        until: (w) => w.getSnapshot().matches({ step: { facility: 'editing' } }),
      }),
    }),
  ],
};

export const NoStateChosen: Story = {
  parameters: { machineStates: ['facilityPicker:ready'] },
  loaders: [
    async () => {
      const wizard = await startWizard({ fields: EMPTY_FORM, route: 'facility', until: () => true });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      return { wizard };
    },
  ],
};

export const FacilitiesListed: Story = {
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: { ...EMPTY_FORM, facility_state: 'TX' },
        route: 'facility',
        until: () => true,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      return { wizard };
    },
  ],
};

export const FacilityChosenSpanish: Story = {
  globals: { locale: 'es' },
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: { ...EMPTY_FORM, facility_state: 'TX', facility_id: 1001 },
        route: 'facility',
        until: () => true,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      return { wizard };
    },
  ],
};

export const NoFacilityInState: Story = {
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: { ...EMPTY_FORM, facility_state: 'VT' },
        route: 'facility',
        actors: {
          loadFacilityOptions: fromPromise(async () => ({
            ...FACILITY_OPTIONS,
            facilities: [] as typeof FACILITY_OPTIONS.facilities,
          })),
        },
        until: () => true,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      return { wizard };
    },
  ],
};

export const PickerFailed: Story = {
  parameters: { machineStates: ['facilityPicker:failed'] },
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: EMPTY_FORM,
        route: 'facility',
        actors: { loadFacilityOptions: fail() },
        until: () => true,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('failed'));
      return { wizard };
    },
  ],
};

export const ContinueWithoutFacility: Story = {
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: { ...EMPTY_FORM, facility_state: 'TX' },
        route: 'facility',
        events: [{ type: 'wizard.continue' }],
        until: (w) => w.getSnapshot().context.showErrors,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      return { wizard };
    },
  ],
};

export const Saving: Story = {
  parameters: { machineStates: ['wizard:step.facility.saving'] },
  loaders: [
    async () => {
      const wizard = await startWizard({
        fields: { ...EMPTY_FORM, facility_state: 'TX', facility_id: 1001 },
        route: 'facility',
        actors: { saveFormState: never() },
        until: () => true,
      });
      await childReaches(wizard, 'facilityPicker', pickerIs('ready'));
      wizard.send({ type: 'wizard.continue' });
      return { wizard };
    },
  ],
};
