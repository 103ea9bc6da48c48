// §8 "Unexpected": the unexpected-error page the error boundary shows when a screen throws, in both
// languages; and /develop/raise (§2, development only), whose screen throws on purpose.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { developRaiseMachine, TEST_ERROR_MESSAGE } from '../machines/develop-raise.machine.ts';
import { pageInput } from '../fixtures/samples.ts';
import { ErrorBoundary } from '../src/components/error-boundary.tsx';
import { DevelopRaisePage } from '../src/screens/pages/develop-raise-page.tsx';
import { t } from './support/checks.ts';
import { drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';
import type { RenderContext } from './support/render.tsx';

/** What the boundary reported, newest last (the app sends these to /development/log_js_error). */
const reported: { error: unknown; componentStack: string | undefined }[] = [];
const report = (error: unknown, componentStack?: string) => {
  reported.push({ error, componentStack });
};

function BrokenScreen(): never {
  throw new Error('a screen failed to render');
}

const meta = {
  title: 'Pages/Unexpected error',
  beforeEach: () => {
    reported.length = 0;
  },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const UnexpectedError: Story = {
  render: () => (
    <ErrorBoundary onError={report}>
      <BrokenScreen />
    </ErrorBoundary>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: t('ERROR.HEADING') })).toHaveFocus();
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(canvas.getByRole('link', { name: t('ERROR_PAGE.BACK_TO_START') })).toHaveAttribute('href', './');
    await expect(reported).toHaveLength(1);
    await expect((reported[0]?.error as Error).message).toBe('a screen failed to render');
    await expect(reported[0]?.componentStack).toContain('BrokenScreen');
  },
};

export const UnexpectedErrorSpanish: Story = {
  ...UnexpectedError,
  globals: { locale: 'es' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Lo sentimos');
    await expect(canvas.getByRole('link', { name: t('ERROR_PAGE.BACK_TO_START') })).toHaveTextContent(
      'Volver a la página de inicio',
    );
  },
};

const renderRaise = renderPage(DevelopRaisePage);

/** §2 /develop/raise: its screen throws the test error; the app's boundary shows the page of §8. */
export const DevelopRaise: StoryObj<typeof meta> & { parameters: PageStoryParameters } = {
  parameters: {
    machineState: 'developRaise:raising',
    page: { machine: developRaiseMachine, input: pageInput('raise') },
  },
  loaders: [drivePage],
  beforeEach: (context) => {
    reported.length = 0;
    return stopPage(context);
  },
  render: (args, context) => (
    <ErrorBoundary onError={report}>{renderRaise(args, context as unknown as RenderContext)}</ErrorBoundary>
  ),
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 1, name: t('ERROR.HEADING') })).toHaveFocus();
    await expect(reported.map((r) => (r.error as Error).message)).toEqual([TEST_ERROR_MESSAGE]);
  },
};
