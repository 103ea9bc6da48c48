// The statechart inspector (development only, docs/decisions/0001), opened beside the wizard's facility
// step: it draws the running machines from their definitions, marks the active states, lists events as
// they happen and sends one.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { driveStory, stopDriven, type DrivenParameters } from './support/drive.ts';
import { renderWizard } from './support/render.tsx';

const meta = {
  title: 'Tools/Statechart inspector',
  render: renderWizard,
  loaders: [driveStory],
  beforeEach: stopDriven,
  globals: { inspect: 'on' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** The panel follows the app: the wizard's facility step is the active state; an event sent moves it on. */
export const BesideTheFacilityStep: Story = {
  parameters: { machineState: 'facilityPicker:ready', scene: { route: 'facility' } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const panel = await page.findByRole('complementary', { name: 'Statechart inspector' });
    const inspector = within(panel);
    // The deepest actor first: the facility picker, in its `ready` state.
    await expect(inspector.getByLabelText('Actor')).toHaveValue('app / wizard / facilityPicker');
    await expect(inspector.getByTestId('inspector-active')).toHaveTextContent('"ready"');
    // The wizard's chart, drawn from its definition: the facility step is marked active, the others not.
    await userEvent.selectOptions(inspector.getByLabelText('Actor'), 'app / wizard');
    const chart = inspector.getByRole('list', { name: 'Statechart of wizard' });
    await expect(chart.querySelector('[data-state="wizard.step.facility"]')).toHaveAttribute('aria-current', 'true');
    await expect(chart.querySelector('[data-state="wizard.step.checkout"]')).not.toHaveAttribute('aria-current');
    // An event sent from the panel reaches the machine and shows in the log.
    await userEvent.selectOptions(inspector.getByLabelText('Actor'), 'app / wizard / facilityPicker');
    await userEvent.type(inspector.getByLabelText('Event'), 'facility.region');
    await userEvent.type(inspector.getByLabelText('Payload (JSON object, optional)'), '{{"region":"TX"}');
    await userEvent.click(inspector.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(inspector.getByRole('list', { name: 'Events, newest first' })).toHaveTextContent(
        '{"region":"TX","type":"facility.region"}',
      ),
    );
  },
};
