// /accessibility: the accessibility statement (contract/accessibility.ts), in English and Spanish.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ACCESSIBILITY_STATEMENT } from '../contract/accessibility.ts';
import { pageInput } from '../fixtures/samples.ts';
import { accessibilityMachine } from '../machines/accessibility.machine.ts';
import { AccessibilityPage } from '../src/screens/pages/accessibility-page.tsx';
import { t } from './support/checks.ts';
import { drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Accessibility statement',
  render: renderPage(AccessibilityPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const STANDARD = 'WCAG 2.2 AA';

/** The standard met, how it is tested, the known issues (none), and the dates. */
export const Statement: Story = {
  parameters: {
    machineState: 'accessibility:shown',
    page: { machine: accessibilityMachine, input: pageInput('accessibility') },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.ACCESSIBILITY'));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();
    await expect(canvas.getByTestId('compliance')).toHaveTextContent(
      t('ACCESSIBILITY.COMPLIANT_FULL', { standard: STANDARD }),
    );
    await expect(canvas.getByText(t('ACCESSIBILITY.NO_KNOWN_ISSUES'))).toBeInTheDocument();
    await expect(canvas.getByTestId('how-tested')).toHaveTextContent(
      t('ACCESSIBILITY.TESTED_AXE', { standard: STANDARD }),
    );
    for (const journey of ACCESSIBILITY_STATEMENT.keyboardJourneys) {
      await expect(canvas.getByTestId('keyboard-journeys')).toHaveTextContent(t(journey.key));
    }
  },
};

export const StatementSpanish: Story = { ...Statement, globals: { locale: 'es' } };
