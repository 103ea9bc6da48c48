// The statechart inspector (development only, docs/decisions/0001), opened beside the wizard's facility
// step: it draws the running machines' charts (laid out by ELK), fills the active states, lists the events
// between actors as they happen and sends one; and it replays a recorded guest deposit step by step.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { i18n } from '../src/i18n.ts';
import { driveStory, stopDriven, type DrivenParameters } from './support/drive.ts';
import { renderWizard } from './support/render.tsx';
import type { InspectorFlow } from './support/inspector.tsx';
import type { Flow } from '../src/inspector/flow.ts';
import guestDeposit from '../fixtures/flows/guest-deposit.json';

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
    const chart = await inspector.findByRole('img', { name: 'Statechart of app / wizard' });
    await expect(chart.querySelector('[data-state="wizard.step.facility"]')).toHaveAttribute('data-active', 'true');
    await expect(chart.querySelector('[data-state="wizard.step.checkout"]')).not.toHaveAttribute('data-active');
    // Transitions are arrows between the boxes, labelled with their event and guard.
    await expect(chart.querySelectorAll('.chart-svg__transition').length).toBeGreaterThan(5);
    await expect(chart).toHaveTextContent(/\[\w+\]/);
    // An event sent from the panel reaches the machine and shows in the log.
    await userEvent.selectOptions(inspector.getByLabelText('Actor'), 'app / wizard / facilityPicker');
    await userEvent.type(inspector.getByLabelText('Event'), 'facility.region');
    await userEvent.type(inspector.getByLabelText('Payload (JSON object, optional)'), '{{"region":"TX"}');
    await userEvent.click(inspector.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(inspector.getByRole('list', { name: 'Events between actors' })).toHaveTextContent(
        '(outside) → app / wizard / facilityPicker {"region":"TX","type":"facility.region"}',
      ),
    );
  },
};

/**
 * A recorded guest deposit (fixtures/flows/guest-deposit.json) replayed step by step: the screen of each
 * moment is drawn over the story from a fresh app whose calls never go out, up to the receipt.
 */
export const ReplayingAGuestDeposit: Story = {
  parameters: {
    machineState: 'facilityPicker:ready',
    scene: { route: 'facility' },
    inspectorFlow: { name: 'guest-deposit.json', flow: guestDeposit as Flow } satisfies InspectorFlow,
  },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body);
    const panel = await page.findByRole('complementary', { name: 'Statechart inspector' });
    const inspector = within(panel);
    const moment = inspector.getByTestId('inspector-moment');
    await expect(moment).toHaveTextContent(/^Replaying guest-deposit\.json: At event 0 of \d+\.$/);
    await userEvent.click(inspector.getByRole('button', { name: 'Step forward' }));
    await expect(moment).toHaveTextContent(/At event 1 of/);
    await userEvent.click(inspector.getByRole('button', { name: 'Last step' }));
    await expect(inspector.getByTestId('inspector-replay')).toHaveTextContent(/^The page shows the screen after event/);
    const screen = within(await page.findByRole('group', { name: 'Screen of this moment' }));
    await expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      i18n.t('RECEIPT.HEADING_SUBMITTED'),
    );
  },
};
