// deposit.facility (§2, 30%): every state of the facility picker, and the wizard's facility step.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import { expect } from 'storybook/test';
import { optionValues, t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters, type Step } from './support/drive.ts';
import { facilityScreen, renderScreen } from './support/render.tsx';
import { facilityFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Facility step',
  render: renderScreen(facilityScreen, PROGRESS.facility),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

const chooseState = (region: string): Step[] => [
  reach('facilityPicker:ready'),
  to.facilityPicker({ type: 'facility.region', region }),
];

/** The countries, states and facilities are on their way. */
export const PickerLoading: Story = {
  parameters: {
    machineState: 'facilityPicker:loading',
    scene: { route: 'facility', variants: [{ call: 'loadFacilityOptions', answer: 'never' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('COMMON.LOADING'))).toBeInTheDocument();
    await expect(canvas.getByLabelText(t('FACILITY.FACILITY'))).toBeDisabled();
  },
};

/** §9: the sanctioned countries that fixtures/countries.json marks allowed are not offered. */
export const NoStateChosen: Story = {
  parameters: { machineState: 'facilityPicker:ready', scene: { route: 'facility' } },
  play: async ({ canvas }) => {
    await expect(optionValues(canvas.getByLabelText(t('FACILITY.COUNTRY')))).toEqual(['US', 'CA']);
    await expect(canvas.getByLabelText(t('FACILITY.STATE'))).toHaveValue('');
    await expect(canvas.getByLabelText(t('FACILITY.FACILITY'))).toBeDisabled();
  },
};

/** Texas chosen: its five facilities are listed. */
export const FacilitiesListed: Story = {
  parameters: { machineState: 'facilityPicker:ready', scene: { route: 'facility', steps: chooseState('TX') } },
  play: async ({ canvas }) => {
    const facility = canvas.getByLabelText(t('FACILITY.FACILITY'));
    await expect(facility).toBeEnabled();
    // In the server's order: by name (Bexar, Harris, Lubbock, South Texas ICE, Travis).
    await expect(optionValues(facility)).toEqual(['1003', '1001', '1004', '3001', '1002']);
  },
};

/** Harris County Jail (1001) chosen; Continue is next. */
export const FacilityChosen: Story = {
  parameters: {
    machineState: 'facilityPicker:ready',
    scene: {
      route: 'facility',
      steps: [
        ...chooseState('TX'),
        reach('facilityPicker:ready'),
        to.facilityPicker({ type: 'facility.select', facilityId: 1001 }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('FACILITY.FACILITY'))).toHaveValue('1001');
  },
};

export const FacilityChosenSpanish: Story = { ...FacilityChosen, globals: { locale: 'es' } };

/** Vermont has no facility in fixtures/facilities.json. */
export const NoFacilityInState: Story = {
  parameters: { machineState: 'facilityPicker:ready', scene: { route: 'facility', steps: chooseState('VT') } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('FACILITY.NONE_IN_STATE'))).toBeInTheDocument();
  },
};

export const PickerFailed: Story = {
  parameters: {
    machineState: 'facilityPicker:failed',
    scene: { route: 'facility', variants: [{ call: 'loadFacilityOptions', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const PickerFailedSpanish: Story = { ...PickerFailed, globals: { locale: 'es' } };

/** §4: Continue without a facility shows the error summary and the error on the field. */
export const ContinueWithoutFacility: Story = {
  parameters: {
    machineState: 'wizard:step.facility.editing',
    scene: {
      route: 'facility',
      steps: [
        ...chooseState('TX'),
        reach('facilityPicker:ready'),
        // The autosave of the state's choice answers first: its answer would replace the error.
        reach('wizard:autosave.idle'),
        to.wizard({ type: 'wizard.continue' }),
      ],
    },
  },
  play: async ({ canvas }) => {
    const problem = `${t('FACILITY.FACILITY')} - ${t('VALIDATION.REQUIRED')}`;
    await expect(canvas.getByRole('link', { name: problem })).toBeInTheDocument();
    await expect(canvas.getByLabelText(problem)).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Continue pressed; the step's save is under way. */
export const Saving: Story = {
  parameters: {
    machineState: 'wizard:step.facility.saving',
    scene: {
      server: { fields: facilityFields(1001) },
      route: 'facility',
      variants: [{ call: 'saveFormState', answer: 'never' }],
      steps: [reach('facilityPicker:ready'), to.wizard({ type: 'wizard.continue' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** §2: a signed-in payer is pointed to the account pages. */
export const SignedInNote: Story = {
  parameters: {
    machineState: 'facilityPicker:ready',
    scene: { route: 'facility', server: { fields: { ...EMPTY_FORM, logged_in: true } } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: t('FACILITY.ACCOUNTS_LINK') })).toHaveAttribute(
      'href',
      '#/account/destination_accounts',
    );
  },
};
