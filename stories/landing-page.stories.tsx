// /landing (§2): each state of the landing machine with its screen: a guest continues as new or signs
// in; the inactivity notice shows more and less; a signed-in payer is sent on.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { pageInput } from '../fixtures/samples.ts';
import { landingMachine } from '../machines/landing.machine.ts';
import { LandingPage } from '../src/screens/pages/landing-page.tsx';
import { t } from './support/checks.ts';
import { drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Landing',
  render: renderPage(LandingPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const guest = pageInput('landing');

/** §2: continue as new or sign in; the notice is short, with "show more". */
export const Welcome: Story = {
  parameters: { machineState: 'landing:welcome.noticeCollapsed', page: { machine: landingMachine, input: guest } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.LANDING'));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();
    await expect(canvas.getByRole('button', { name: t('LANDING.CONTINUE') })).toHaveAccessibleDescription(
      t('LANDING.CONTINUE_HINT'),
    );
    await expect(canvas.getByRole('button', { name: t('LANDING.SIGN_IN') })).toHaveAccessibleDescription(
      t('LANDING.SIGN_IN_HINT'),
    );
    const notice = canvas.getByRole('region', { name: t('LANDING.NOTICE_TITLE') });
    await expect(notice).toHaveTextContent(t('LANDING.NOTICE_SHORT'));
    await expect(canvas.getByText(t('LANDING.NOTICE_MORE'))).not.toBeVisible();
    const more = canvas.getByRole('button', { name: t('LANDING.SHOW_MORE') });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
  },
};

export const WelcomeSpanish: Story = { ...Welcome, globals: { locale: 'es' } };

/** §2: "show more" shows the rest of the notice; "show less" hides it again (from the keyboard). */
export const NoticeExpanded: Story = {
  parameters: {
    machineState: 'landing:welcome.noticeExpanded',
    page: { machine: landingMachine, input: guest, events: [{ type: 'landing.more' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('LANDING.NOTICE_MORE'))).toBeVisible();
    const less = canvas.getByRole('button', { name: t('LANDING.SHOW_LESS') });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    less.focus();
    await userEvent.keyboard('{Enter}');
    const more = await canvas.findByRole('button', { name: t('LANDING.SHOW_MORE') });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toHaveFocus();
    await expect(canvas.getByText(t('LANDING.NOTICE_MORE'))).not.toBeVisible();
  },
};

export const NoticeExpandedSpanish: Story = {
  ...NoticeExpanded,
  globals: { locale: 'es' },
};

/** §2: a signed-in payer is sent on to deposit_or_schedule_visit; the app takes over. */
export const SignedInSentOn: Story = {
  parameters: {
    machineState: 'landing:leaving',
    page: { machine: landingMachine, input: pageInput('landing', { signedIn: true }) },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
    await expect(canvas.queryByRole('button', { name: t('LANDING.CONTINUE') })).toBeNull();
  },
};

/** Continue as new: the app is told to open the facility step. */
export const ContinuingAsNew: Story = {
  parameters: {
    machineState: 'landing:leaving',
    page: { machine: landingMachine, input: guest, events: [{ type: 'landing.continue' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** After the session's idle limit signed the payer out (docs/decisions/0045): the page says why. */
export const SignedOutAtTheLimit: Story = {
  parameters: {
    machineState: 'landing:welcome.noticeCollapsed',
    page: { machine: landingMachine, input: { ...guest, query: { signedOut: 'idle' } } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('SESSION.SIGNED_OUT_IDLE'));
  },
};
