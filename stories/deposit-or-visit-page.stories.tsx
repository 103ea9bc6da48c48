// deposit.deposit_or_schedule_visit (§2: make a deposit, view my account, schedule a visit hidden on
// mobile, quick-deposit cards, the verification-failed warning; §6 blocked cards; §9 labels by
// purse_reg): each state of the depositOrVisit machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { StateSaveResponse } from '../contract/api.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import type { QuickDeposit } from '../contract/quick-deposits.ts';
import { NETWORK_FAILURE, QUICK_DEPOSITS, SITE, pageInput, saveAnswer } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { depositOrVisitMachine } from '../machines/deposit-or-visit.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { phoneLabel } from '../src/format.ts';
import { DepositOrVisitPage } from '../src/screens/pages/deposit-or-visit-page.tsx';
import { money, t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Deposit or schedule a visit',
  render: renderPage(DepositOrVisitPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

type Answer<O> = O | 'never' | { fail: CallFailure };

const input = pageInput('deposit_or_schedule_visit', { signedIn: true });

const card = (id: string): QuickDeposit => QUICK_DEPOSITS.find((q) => q.id === id) as QuickDeposit;
const FLEX = card('flex-1001-100001');
const MOM = card('dest-1001-5125550101');
const REGULATED = card('dest-1301-5125550102');
const BLOCKED = card('flex-1001-100004');

/** The cards of the page's own list. */
const cards = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('list', { name: t('DEPOSIT_OR_VISIT.QUICK_LIST') })).getAllByRole('listitem');

/** An amount button, named by its amount, recipient, type and facility. */
const amountName = (amount: number, recipient: string, type: string, facility = FLEX.facility_label) =>
  t('DEPOSIT_OR_VISIT.AMOUNT_ITEM', { amount: money(amount), recipient, type, facility });
const FLEX_TYPE = () => t('DEPOSIT_OR_VISIT.TYPE_FLEX', { label: t('INMATE_LABEL.INMATE') });

function page({
  load = QUICK_DEPOSITS as Answer<QuickDeposit[]>,
  clear = saveAnswer(EMPTY_FORM) as Answer<StateSaveResponse>,
  save = saveAnswer(EMPTY_FORM) as Answer<StateSaveResponse>,
} = {}) {
  return provideMachine(depositOrVisitMachine, {
    loadQuickDeposits: call(load),
    clearFormState: call(clear),
    saveFormState: call(save),
  });
}
const CHOOSE_FLEX_10 = [{ type: 'quick.choose', id: FLEX.id, amount: 10 }];

export const LoadingCards: Story = {
  parameters: { machineState: 'depositOrVisit:cards.loading', page: { machine: page({ load: 'never' }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.DEPOSIT_OR_VISIT'));
    await expect(canvas.getByRole('status')).toHaveTextContent(t('DEPOSIT_OR_VISIT.QUICK_LOADING'));
    // The other choices do not wait for the cards.
    await expect(canvas.getByRole('button', { name: t('DEPOSIT_OR_VISIT.MAKE_DEPOSIT') })).toBeEnabled();
  },
};

export const CardsFailed: Story = {
  parameters: {
    machineState: 'depositOrVisit:cards.failed',
    page: { machine: page({ load: { fail: NETWORK_FAILURE } }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('DEPOSIT_OR_VISIT.QUICK_FAILED'));
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: t('DEPOSIT_OR_VISIT.MAKE_DEPOSIT') })).toBeEnabled();
  },
};

/**
 * §2: make a deposit, view my account, schedule a visit (the configured URL, new tab). §9: two amounts
 * a card, labels by purse_reg. §6: a fraud-flagged card cannot be chosen and says why.
 */
export const Cards: Story = {
  parameters: { machineState: 'depositOrVisit:cards.ready', page: { machine: page(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: t('DEPOSIT_OR_VISIT.VIEW_ACCOUNT') })).toHaveAttribute(
      'href',
      '#/account/destination_accounts',
    );
    const visit = canvas.getByRole('link', { name: t('DEPOSIT_OR_VISIT.SCHEDULE_VISIT') });
    await expect(visit).toHaveAttribute('href', SITE.visit_url);
    await expect(visit).toHaveAttribute('target', '_blank');
    await expect(canvas.queryByRole('region', { name: t('DEPOSIT_OR_VISIT.VERIFICATION_TITLE') })).toBeNull();

    const items = cards(canvas);
    await expect(items).toHaveLength(QUICK_DEPOSITS.length);
    const flex = within(items[0] as HTMLElement);
    await expect(flex.getByText('John Smith')).toBeInTheDocument();
    await expect(flex.getByText(FLEX_TYPE())).toBeInTheDocument();
    await expect(flex.getByText(FLEX.facility_label)).toBeInTheDocument();
    await expect(flex.getByRole('button', { name: amountName(10, 'John Smith', FLEX_TYPE()) })).toHaveTextContent(
      money(10),
    );
    await expect(flex.getByRole('button', { name: amountName(25, 'John Smith', FLEX_TYPE()) })).toBeEnabled();

    // §9 labels by purse_reg: a phone account, and a regulated one; each with its balance.
    const mom = within(items[1] as HTMLElement);
    await expect(mom.getByText(phoneLabel(MOM.deposit_phone_no ?? '', 'Mom'))).toBeInTheDocument();
    await expect(mom.getByText(t('DEPOSIT_OR_VISIT.TYPE_DEST_NRG'))).toBeInTheDocument();
    await expect(mom.getByText(money(42.5))).toBeInTheDocument();
    const regulated = within(items[3] as HTMLElement);
    await expect(regulated.getByText(t('DEPOSIT_OR_VISIT.TYPE_DEST_REG'))).toBeInTheDocument();
    await expect(regulated.getByText(REGULATED.facility_label)).toBeInTheDocument();
    await expect(within(items[2] as HTMLElement).getByText(t('DEPOSIT_OR_VISIT.TYPE_TRUST'))).toBeInTheDocument();

    // §6: blocked.
    const blocked = within(items[4] as HTMLElement);
    for (const amount of [BLOCKED.depositPresetOne, BLOCKED.depositPresetTwo]) {
      const button = blocked.getByRole('button', { name: amountName(amount, 'Victor Delgado', FLEX_TYPE()) });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAccessibleDescription(t('ERROR.FRAUD_CONTROL_MESSAGE'));
    }
  },
};

export const CardsSpanish: Story = { ...Cards, globals: { locale: 'es' } };

export const NoCards: Story = {
  parameters: { machineState: 'depositOrVisit:cards.ready', page: { machine: page({ load: [] }), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('DEPOSIT_OR_VISIT.QUICK_NONE'))).toBeInTheDocument();
    await expect(canvas.queryByRole('list', { name: t('DEPOSIT_OR_VISIT.QUICK_LIST') })).toBeNull();
  },
};

/** §2: the visit link is hidden on mobile. */
export const OnMobile: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.idle',
    page: { machine: page(), input: { ...input, mobile: true } },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('list', { name: t('DEPOSIT_OR_VISIT.QUICK_LIST') })).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: t('DEPOSIT_OR_VISIT.SCHEDULE_VISIT') })).toBeNull();
    await expect(canvas.getByRole('link', { name: t('DEPOSIT_OR_VISIT.VIEW_ACCOUNT') })).toBeVisible();
  },
};

/** §4: identity verification was rejected without a retry (?verificationRejected). */
export const VerificationRejected: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.idle',
    page: { machine: page(), input: { ...input, query: { verificationRejected: '' } } },
  },
  play: async ({ canvas }) => {
    const warning = canvas.getByRole('region', { name: t('DEPOSIT_OR_VISIT.VERIFICATION_TITLE') });
    await expect(warning).toHaveTextContent(
      t('DEPOSIT_OR_VISIT.VERIFICATION_TEXT', { phone: SITE.customer_service_phone }),
    );
  },
};

export const VerificationRejectedSpanish: Story = { ...VerificationRejected, globals: { locale: 'es' } };

/** A quick deposit starts: the form state is emptied first; every choice waits. */
export const Clearing: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.starting',
    page: { machine: page({ clear: 'never' }), input, events: CHOOSE_FLEX_10 },
  },
  play: async ({ canvas }) => {
    const flex = within(cards(canvas)[0] as HTMLElement);
    const busy = flex.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
    await expect(flex.getByRole('button', { name: amountName(25, 'John Smith', FLEX_TYPE()) })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: t('DEPOSIT_OR_VISIT.MAKE_DEPOSIT') })).toBeDisabled();
  },
};

/** Make a deposit: a new deposit from an empty form state. */
export const StartingNewDeposit: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.starting',
    page: { machine: page({ clear: 'never' }), input, events: [{ type: 'deposit.new' }] },
  },
  play: async ({ canvas }) => {
    const busy = canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute('aria-busy', 'true');
  },
};

export const Saving: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.starting',
    page: { machine: page({ save: 'never' }), input, events: CHOOSE_FLEX_10 },
  },
  play: async ({ canvas }) => {
    await expect(
      within(cards(canvas)[0] as HTMLElement).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** The form state holds the deposit; the app is told to open the checkout step. */
export const Leaving: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.leaving',
    page: { machine: page(), input, events: CHOOSE_FLEX_10 },
  },
  play: async ({ canvas }) => {
    await expect(
      within(cards(canvas)[0] as HTMLElement).getByRole('button', { name: t('WIZARD.PLEASE_WAIT') }),
    ).toBeDisabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** §8: the server found the person fraud-flagged when the deposit was saved: the page says so. */
export const QuickRefused: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.idle',
    page: {
      machine: page({ save: saveAnswer(EMPTY_FORM, { deposit_inmate_id: 'ERROR.FRAUD_CONTROL_MESSAGE' }) }),
      input,
      events: CHOOSE_FLEX_10,
    },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.FRAUD_CONTROL_MESSAGE'));
    await expect(canvas.getByRole('alert')).toHaveFocus();
    await expect(
      within(cards(canvas)[0] as HTMLElement).getByRole('button', { name: amountName(10, 'John Smith', FLEX_TYPE()) }),
    ).toBeEnabled();
  },
};

export const StartFailed: Story = {
  parameters: {
    machineState: 'depositOrVisit:action.idle',
    page: { machine: page({ save: { fail: NETWORK_FAILURE } }), input, events: CHOOSE_FLEX_10 },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('DEPOSIT_OR_VISIT.START_FAILED'));
    await expect(canvas.getByRole('alert')).toHaveFocus();
    await expect(cards(canvas)).toHaveLength(QUICK_DEPOSITS.length);
  },
};

export const StartFailedSpanish: Story = { ...StartFailed, globals: { locale: 'es' } };
