// The test-site banner of a site that runs the sandbox (docs/decisions/0050), above the first screen as
// the sandbox's pages carry it, in English and Spanish: one region, in the page's language, that takes
// no focus (the skip link stays the first stop).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { isLocale } from '../src/i18n.ts';
import { Layout } from '../src/components/layout.tsx';
import { SandboxBanner } from '../src/components/sandbox-banner.tsx';
import { FirstScreen } from '../src/screens/first-screen.tsx';
import { t } from './support/checks.ts';
import '../src/styles.css';

const meta = {
  title: 'Screens/Sandbox banner',
  render: (_args, { globals }) => (
    <>
      <SandboxBanner />
      <Layout lang={isLocale(globals['locale']) ? globals['locale'] : 'en'} onLanguage={() => {}}>
        <FirstScreen />
      </Layout>
    </>
  ),
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const AboveTheFirstScreen: Story = {
  play: async ({ canvas, canvasElement, globals }) => {
    const lang = isLocale(globals['locale']) ? globals['locale'] : 'en';
    const banner = canvas.getByRole('region', { name: t('SANDBOX_BANNER.LABEL') });
    await expect(banner).toBeVisible();
    await expect(banner).toHaveAttribute('lang', lang);
    await expect(banner).toHaveTextContent(t('SANDBOX_BANNER.TEXT'));
    // The other language's is in the markup, hidden by the styles (and so from assistive technology).
    const other = canvasElement.querySelector(`.sandbox-banner:not([lang="${lang}"])`);
    await expect(other).not.toBeVisible();
    await expect(canvas.getAllByRole('region').filter((r) => r.classList.contains('sandbox-banner'))).toHaveLength(1);
    // Nothing to focus in it: from the top of the page (the welcome page moved focus to its heading),
    // the first Tab reaches the skip link.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: t('LAYOUT.SKIP_TO_CONTENT') })).toHaveFocus();
  },
};

export const AboveTheFirstScreenSpanish: Story = { ...AboveTheFirstScreen, globals: { locale: 'es' } };
