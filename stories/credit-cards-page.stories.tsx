// /account/credit_cards (§2; §8 failed removal): each state of the creditCards machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { ActionResponse, SavedCardsResponse } from '../contract/accounts.ts';
import { NETWORK_FAILURE, SAVED_CARDS, pageInput } from '../fixtures/samples.ts';
import { creditCardsMachine } from '../machines/credit-cards.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { CreditCardsPage } from '../src/screens/pages/credit-cards-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Saved cards',
  render: renderPage(CreditCardsPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

/** The rows of the page's own list (the account links are a list too). */
const rows = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: t('PAGES.CREDIT_CARDS') })).getAllByRole('listitem');

const input = pageInput('credit_cards', { signedIn: true });
const REMOVED: ActionResponse = { success: true, errors: {} };

function cards(
  load: SavedCardsResponse | 'never' | { fail: typeof NETWORK_FAILURE } = { credit_cards: SAVED_CARDS },
  remove: ActionResponse | 'never' | { fail: typeof NETWORK_FAILURE } = REMOVED,
) {
  return provideMachine(creditCardsMachine, { loadSavedCards: call(load), removeSavedCard: call(remove) });
}
const REMOVE_VISA = [{ type: 'cards.remove', id: 1 }];

export const Loading: Story = {
  parameters: { machineState: 'creditCards:loading', page: { machine: cards('never'), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: { machineState: 'creditCards:failed', page: { machine: cards({ fail: NETWORK_FAILURE }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const Cards: Story = {
  parameters: { machineState: 'creditCards:ready', page: { machine: cards(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.CREDIT_CARDS'));
    await expect(rows(canvas)).toHaveLength(2);
    await expect(canvas.getByText(t('CARDS.EXPIRED', { date: '01/2024' }), { exact: false })).toBeInTheDocument();
  },
};

export const CardsSpanish: Story = { ...Cards, globals: { locale: 'es' } };

export const NoCards: Story = {
  parameters: { machineState: 'creditCards:ready', page: { machine: cards({ credit_cards: [] }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('CARDS.NONE'))).toBeInTheDocument();
  },
};

export const Confirming: Story = {
  parameters: { machineState: 'creditCards:confirming', page: { machine: cards(), input, events: REMOVE_VISA } },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('alertdialog', { name: t('CARDS.CONFIRM_TITLE') });
    // The question names the card and describes the dialog; the card can be kept.
    await expect(dialog).toHaveAccessibleDescription(t('CARDS.CONFIRM_TEXT', { card: 'Visa ending in 1111' }));
    await expect(within(dialog).getByRole('button', { name: t('COMMON.CANCEL') })).toBeEnabled();
  },
};

export const Removing: Story = {
  parameters: {
    machineState: 'creditCards:removing',
    page: { machine: cards(undefined, 'never'), input, events: [...REMOVE_VISA, { type: 'cards.confirm' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

export const Removed: Story = {
  parameters: {
    machineState: 'creditCards:ready',
    page: { machine: cards(), input, events: [...REMOVE_VISA, { type: 'cards.confirm' }] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(t('CARDS.REMOVED', { card: 'Visa ending in 1111' }))).toBeInTheDocument();
    await expect(rows(canvas)).toHaveLength(1);
  },
};

/** §8: the removal failed: the dialog closes and the error flag shows; the card stays. */
export const RemoveFailed: Story = {
  parameters: {
    machineState: 'creditCards:ready',
    page: {
      machine: cards(undefined, { success: false, errors: { form: 'ERROR.ERROR_DELETING_CARD' } }),
      input,
      events: [...REMOVE_VISA, { type: 'cards.confirm' }],
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.ERROR_DELETING_CARD'));
    await expect(rows(canvas)).toHaveLength(2);
  },
};
