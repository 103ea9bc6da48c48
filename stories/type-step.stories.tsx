// deposit.type (§2, 40%): the deposit types the facility offers; choosing one is the step's Continue.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import { expect } from 'storybook/test';
import { t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters, type Step } from './support/drive.ts';
import { renderScreen, typeScreen } from './support/render.tsx';
import { facilityFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Type step',
  render: renderScreen(typeScreen, PROGRESS.type),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** Harris County Jail (1001) offers flex. */
const AT_HARRIS = { fields: facilityFields(1001) };
const CHOOSE_FLEX: Step[] = [
  reach('wizard:step.type.editing'),
  to.wizard({ type: 'type.select', depositType: 'flex' }),
];

export const FlexOffered: Story = {
  parameters: { machineState: 'wizard:step.type.editing', scene: { server: AT_HARRIS, route: 'type' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: t('TYPE.FLEX_TITLE', { label: 'Inmate' }) })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
  },
};

export const FlexOfferedSpanish: Story = { ...FlexOffered, globals: { locale: 'es' } };

/** Lubbock County (1004) has flex_disabled: nothing this site can take. */
export const NothingOffered: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: { server: { fields: facilityFields(1004) }, route: 'type' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('TYPE.NONE_OFFERED'))).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: t('TYPE.CHOOSE') })).toBeNull();
  },
};

/** Flex chosen; the step's save is under way. */
export const Saving: Story = {
  parameters: {
    machineState: 'wizard:step.type.saving',
    scene: {
      server: AT_HARRIS,
      route: 'type',
      variants: [{ call: 'saveFormState', answer: 'never' }],
      steps: CHOOSE_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** §4: the save failed, so the wizard cannot continue: the error summary says why. */
export const CannotContinue: Story = {
  parameters: {
    machineState: 'wizard:step.type.editing',
    scene: {
      server: AT_HARRIS,
      route: 'type',
      variants: [{ call: 'saveFormState', answer: 'fail' }],
      steps: CHOOSE_FLEX,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(canvas.getByRole('button', { name: t('TYPE.CHOOSE') })).toBeEnabled();
  },
};

export const CannotContinueSpanish: Story = { ...CannotContinue, globals: { locale: 'es' } };
