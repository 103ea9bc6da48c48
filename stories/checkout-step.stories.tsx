// deposit.checkout (§2, 80%; §4 amounts, card choice and outcomes; §8): each state of the checkout and
// of its children (amount, payment, choices, submission) with the screen it shows
// (src/screens/checkout/checkout-screens.ts).
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { TokenizeRequest } from '../contract/api.ts';
import { PROGRESS } from '../contract/constants.ts';
import { EMPTY_FORM } from '../contract/entities.ts';
import type { CheckoutValues } from '../machines/checkout.types.ts';
import { initialValues } from '../src/screens/checkout/checkout-fields.ts';
import { expect, waitFor, within } from 'storybook/test';
import { feeShare, money, share, t } from './support/checks.ts';
import {
  HOLD,
  driveStory,
  reach,
  stopDriven,
  to,
  type DrivenParameters,
  type Scene,
  type Step,
} from './support/drive.ts';
import { checkoutScreen, renderScreen } from './support/render.tsx';
import {
  billingFields,
  cardInput,
  facilityFields,
  inmateById,
  recipientFields,
  signedInFields,
  testCard,
  type SandboxSetup,
} from './support/sandbox.ts';

const meta = {
  title: 'Screens/Checkout step',
  render: renderScreen(checkoutScreen, PROGRESS.checkout),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** A guest paying John Smith (100001) at Harris County Jail, billing and contact given, terms ticked. */
const GUEST: SandboxSetup = { fields: billingFields(recipientFields('100001')) };

const PRESET_25: Step = to.checkout({ type: 'amount.preset', id: '25' });

/** The form's values as the payer left them (the story's form state), a test card typed and more. */
function valuesOf(setup: SandboxSetup, card: TokenizeRequest | null = null, more: Partial<CheckoutValues> = {}) {
  return { ...initialValues(setup.fields ?? EMPTY_FORM), ...card, ...more };
}
/** The form handed over, valid, with the submit (docs/decisions/0041). */
function submit(setup: SandboxSetup, card: TokenizeRequest | null = null, more: Partial<CheckoutValues> = {}): Step {
  return to.checkout({ type: 'checkout.submit', values: valuesOf(setup, card, more) });
}

/** The figure beside a term of the payment summary. */
function summary(canvas: { getByText: (text: string) => HTMLElement }, termKey: string): string {
  return canvas.getByText(t(termKey)).nextElementSibling?.textContent ?? '';
}

/** Tokenizing, saving, submitting: the submit button waits. */
const busy: Story['play'] = async ({ canvas }) => {
  await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
};

/** §2: the summary says the fees are being calculated. */
const calculating: Story['play'] = async ({ canvas }) => {
  await expect(canvas.getByText(t('CHECKOUT.CALCULATING'))).toBeInTheDocument();
};

/** The checkout with the fees of $25 known and a card from docs/test-cards.md typed. */
function paying(outcome: string, more: Omit<Scene, 'route' | 'steps'> = {}): Scene {
  const server = more.server ?? GUEST;
  return {
    server: GUEST,
    route: 'checkout',
    ...more,
    steps: [PRESET_25, reach('checkoutAmount:open.priced'), submit(server, cardInput(testCard(outcome)))],
  };
}

/** At checkout from the recipient step: the wizard has handed over to the checkout machine. */
export const Arrived: Story = {
  parameters: {
    machineState: 'wizard:step.checkout',
    scene: {
      server: { fields: { ...facilityFields(1001), deposit_type: 'flex' } },
      route: 'recipient',
      steps: [
        to.recipientSearch({ type: 'search.submit', values: { query: 'smith', lastName: '' } }),
        reach('recipientSearch:results'),
        to.wizard({ type: 'recipient.select', inmate: inmateById('100001') }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('CHECKOUT.HEADING'));
    await expect(canvas.getByText('John Smith')).toBeInTheDocument();
  },
};

/** §9: the checkout opens with the default deposit, $25, chosen; its fees follow. */
export const DefaultAmount: Story = {
  parameters: { machineState: 'checkoutAmount:open.priced', scene: { server: GUEST, route: 'checkout' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: money(25) })).toBeChecked();
    await waitFor(() => expect(summary(canvas, 'CHECKOUT.TOTAL')).toBe(money(29.95)));
  },
};

/** No amount: 'Other' chosen and nothing typed yet; no fees, total $0.00. */
export const NoAmount: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.idle',
    scene: { server: GUEST, route: 'checkout', steps: [to.checkout({ type: 'amount.preset', id: 'other' })] },
  },
  play: async ({ canvas }) => {
    await expect(summary(canvas, 'CHECKOUT.TOTAL')).toBe(money(0));
  },
};

/** $30 typed as another amount; the fee throttle (§9) has not let the request go yet (held here). */
export const FeesWaiting: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.waiting',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [to.checkout({ type: 'amount.preset', id: 'other' }), to.checkout({ type: 'amount.other', text: '30' })],
      delays: { feeThrottle: HOLD },
    },
  },
  play: calculating,
};

/** §4: the amount is saved (its fees asked for beside it, decision 0063); the save has not answered. */
export const SavingAmount: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.pricing.saving',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [PRESET_25],
      variants: [{ call: 'saveFormState', answer: 'never' }],
    },
  },
  play: calculating,
};

/** The amount is saved; its fees have not answered. */
export const FeesLoading: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.pricing.fetching',
    scene: { server: GUEST, route: 'checkout', steps: [PRESET_25], variants: [{ call: 'getFees', answer: 'never' }] },
  },
  play: calculating,
};

/**
 * $25 flex at 1001: the $4.95 tier of fixtures/fees.json. Every preset says its fee as money and as a
 * share of it, read after its amount; the summary says what the recipient receives and what the payer
 * pays (docs/decisions/0052).
 */
export const FeesReady: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.priced',
    scene: { server: GUEST, route: 'checkout', steps: [PRESET_25] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: money(25) })).toBeChecked();
    for (const [amount, fee] of [
      [25, 4.95],
      [50, 4.95],
      [75, 4.95],
      [100, 7.95],
      [150, 7.95],
    ] as const) {
      await expect(canvas.getByRole('radio', { name: money(amount) })).toHaveAccessibleDescription(
        feeShare(fee, amount),
      );
    }
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.OTHER') })).not.toHaveAccessibleDescription();
    await expect(summary(canvas, 'CHECKOUT.DEPOSIT_AMOUNT')).toBe(money(25));
    await expect(summary(canvas, 'CHECKOUT.FEE')).toContain(
      `${money(4.95)}, ${t('CHECKOUT.SHARE_OF', { share: share(4.95, 25), amount: money(25) })}`,
    );
    await expect(summary(canvas, 'CHECKOUT.TOTAL')).toBe(money(29.95));
  },
};

export const FeesReadySpanish: Story = { ...FeesReady, globals: { locale: 'es' } };

/** 'Other' with $37.50 typed. */
export const OtherAmount: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.priced',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [
        to.checkout({ type: 'amount.preset', id: 'other' }),
        to.checkout({ type: 'amount.other', text: '37.50' }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('CHECKOUT.OTHER_AMOUNT'))).toHaveValue('37.50');
    // The typed amount's fee, in plain words beside it.
    await expect(canvas.getByLabelText(t('CHECKOUT.OTHER_AMOUNT'))).toHaveAccessibleDescription(feeShare(4.95, 37.5));
    await expect(summary(canvas, 'CHECKOUT.TOTAL')).toBe(money(42.45));
  },
};

export const OtherAmountSpanish: Story = { ...OtherAmount, globals: { locale: 'es' } };

/** §4/§5: $5 is below the facility's $10 minimum: the amount error, no fees, total 0. */
export const OutOfBounds: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.outOfBounds',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [to.checkout({ type: 'amount.preset', id: 'other' }), to.checkout({ type: 'amount.other', text: '5' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(`- ${t('VALIDATION.DEPOSIT_BELOW_MINIMUM')}`, { exact: false })).toBeInTheDocument();
    await expect(summary(canvas, 'CHECKOUT.TOTAL')).toBe(money(0));
  },
};

export const FeesFailed: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.failed',
    scene: { server: GUEST, route: 'checkout', steps: [PRESET_25], variants: [{ call: 'getFees', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
  },
};

/** §7: no fees answer within the timeout (30 s in the app; shortened here). */
export const FeesTimedOut: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.timedOut',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [PRESET_25],
      variants: [{ call: 'getFees', answer: 'never' }],
      delays: { feesTimeout: 20 },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.FEES_TIMEOUT'));
  },
};

/** §4 CHECKOUT_ERROR: Make deposit with nothing filled in; the summary lists every field. */
export const SubmitInvalid: Story = {
  parameters: {
    machineState: 'checkout:editing',
    scene: {
      server: { fields: recipientFields('100001') },
      route: 'checkout',
      // 'Other' with nothing typed: no amount (the §9 default is chosen on opening).
      steps: [to.checkout({ type: 'amount.preset', id: 'other' })],
    },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('DEPOSIT.DEPOSIT_SUBMIT') }));
    const summaryBox = await canvas.findByRole('alert');
    await expect(summaryBox).toHaveTextContent(t('ERROR.CHECKOUT_ERROR'));
    await waitFor(() => expect(summaryBox).toHaveFocus());
    await expect(
      canvas.getByRole('link', { name: `${t('CHECKOUT.CARD_NUMBER')} - ${t('VALIDATION.REQUIRED')}` }),
    ).toBeInTheDocument();
    // The checkout's own part of it: no amount chosen.
    await expect(
      canvas.getByRole('link', { name: `${t('CHECKOUT.AMOUNT')} - ${t('VALIDATION.INVALID_DEPOSIT_AMOUNT')}` }),
    ).toBeInTheDocument();
  },
};

export const SubmitInvalidSpanish: Story = { ...SubmitInvalid, globals: { locale: 'es' } };

/** The card is with the vault. */
export const Tokenizing: Story = {
  parameters: {
    machineState: 'checkoutSubmit:tokenizing',
    scene: paying('APPROVED', { variants: [{ call: 'tokenizeCard', answer: 'never' }] }),
  },
  play: busy,
};

/** §4 amounts: "Make deposit" before the amount's fees are known waits for them, then pays. */
export const AwaitingFees: Story = {
  parameters: {
    machineState: 'checkout:awaitingFees',
    scene: {
      server: GUEST,
      route: 'checkout',
      steps: [PRESET_25, submit(GUEST, cardInput(testCard('APPROVED')))],
      variants: [{ call: 'getFees', answer: 'never' }],
    },
  },
  play: async (context) => {
    await busy(context);
    await calculating(context);
  },
};

/** The checkout's fields are being saved (after the amount's save, which answered). */
export const Saving: Story = {
  parameters: {
    machineState: 'checkoutSubmit:saving',
    scene: paying('APPROVED', { variants: [{ call: 'saveFormState', answer: 'never', after: 1 }] }),
  },
  play: busy,
};

/** The deposit is under way: the checkout has handed the form's values to its submission. */
export const DepositUnderWay: Story = {
  parameters: {
    machineState: 'checkout:submitting',
    scene: paying('APPROVED', { variants: [{ call: 'tokenizeCard', answer: 'never' }] }),
  },
  play: busy,
};

export const Submitting: Story = {
  parameters: {
    machineState: 'checkoutSubmit:submitting',
    scene: paying('APPROVED', { variants: [{ call: 'processDeposit', answer: 'never' }] }),
  },
  play: busy,
};

/** §4/§8 DUPLICATE_TRANSACTION_WARNING, with the earlier deposit's amount and time. */
export const DuplicateWarning: Story = {
  parameters: {
    machineState: 'checkoutSubmit:warning',
    scene: paying('APPROVED', { server: { ...GUEST, deposit: 'duplicate' } }),
  },
  play: async ({ canvas }) => {
    const dialog = canvas.getByRole('alertdialog', { name: t('CHECKOUT.WARNING_TITLE') });
    await expect(dialog).toHaveTextContent(money(25));
    // Which deposit it means: to whom, its order number and type, and that the recurring deposit charged it.
    await expect(dialog).toHaveTextContent('John Smith');
    await expect(dialog).toHaveTextContent('R601-2026-11');
    await expect(dialog).toHaveTextContent(t('TYPE.TRUST_TITLE', { label: t('INMATE_LABEL.INMATE') }));
    await expect(dialog).toHaveTextContent(t('CHECKOUT.DUPLICATE_RECURRING'));
    // The payer must answer it: focus moves into it (to its heading).
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: t('CHECKOUT.WARNING_TITLE') })).toHaveFocus(),
    );
  },
};

export const DuplicateWarningSpanish: Story = { ...DuplicateWarning, globals: { locale: 'es' } };

/** §8 NO_AMEX: the American Express test card. */
export const DeclinedNoAmex: Story = {
  parameters: { machineState: 'checkout:editing', scene: paying('NO_AMEX') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NO_AMEX'));
    await expect(canvas.getByLabelText(t('CHECKOUT.FIRST_NAME'))).toHaveValue('Ana');
  },
};

export const DeclinedNoAmexSpanish: Story = { ...DeclinedNoAmex, globals: { locale: 'es' } };

/** §8: 'card declined' has no translation: GENERIC_DEPOSIT_FAILED with the customer service phone. */
export const DeclinedUnknownText: Story = {
  parameters: { machineState: 'checkout:editing', scene: paying('DECLINED') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      t('ERROR.GENERIC_DEPOSIT_FAILED', { phone: '1-800-555-0100' }),
    );
  },
};

/**
 * The processor could not be reached or did not answer in time (docs/decisions/0049): nothing was
 * taken; the payer is told so and may try again, with everything entered kept.
 */
export const PaymentNotConfirmed: Story = {
  parameters: {
    machineState: 'checkout:editing',
    scene: paying('APPROVED', { server: { ...GUEST, deposit: { error: 'PAYMENT_NOT_CONFIRMED' } } }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.PAYMENT_NOT_CONFIRMED'));
    await expect(canvas.getByLabelText(t('CHECKOUT.FIRST_NAME'))).toHaveValue('Ana');
    await expect(canvas.getByRole('button', { name: t('DEPOSIT.DEPOSIT_SUBMIT') })).toBeEnabled();
  },
};

export const PaymentNotConfirmedSpanish: Story = { ...PaymentNotConfirmed, globals: { locale: 'es' } };

/** §6: a signed-in payer gives no contact details. */
export const SignedIn: Story = {
  parameters: {
    machineState: 'checkoutChoices:card.oneTime',
    scene: {
      server: { fields: { ...billingFields(recipientFields('100001')), logged_in: true } },
      route: 'checkout',
      steps: [PRESET_25, reach('checkoutAmount:open.priced')],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(t('CHECKOUT.CONTACT_TITLE'))).toBeNull();
    await expect(canvas.queryByLabelText(t('CHECKOUT.EMAIL'))).toBeNull();
  },
};

// ---------------------------------------------------------------- §4 card choice, recurring, roundup

/** Ana signed in, paying John Smith (100001): her saved cards load with the checkout. */
const ANA: SandboxSetup = { fields: signedInFields(recipientFields('100001')) };
const CHOOSE_VISA: Step = to.checkout({ type: 'card.choose', savedCardId: 501 });
/** The saved Visa's name, in the story's language (read when the story plays). */
const visa = () => new RegExp(t('RECEIPT.CARD_ENDING', { brand: 'Visa', last4: '1111' }));

/** A guest has no saved cards: the new-card fields only. */
export const GuestNewCardOnly: Story = {
  parameters: { machineState: 'checkoutPayment:none', scene: { server: GUEST, route: 'checkout' } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('group', { name: t('CHECKOUT.PAY_WITH') })).toBeNull();
    await expect(canvas.getByLabelText(t('CHECKOUT.CARD_NUMBER'))).toBeInTheDocument();
  },
};

export const SavedCardsLoading: Story = {
  parameters: {
    machineState: 'checkoutPayment:loading',
    scene: { server: ANA, route: 'checkout', variants: [{ call: 'loadSavedCards', answer: 'never' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('CHECKOUT.SAVED_CARDS_LOADING'))).toBeInTheDocument();
  },
};

/** The saved cards could not be loaded: the new card still works, and a retry is offered. */
export const SavedCardsFailed: Story = {
  parameters: {
    machineState: 'checkoutPayment:failed',
    scene: { server: ANA, route: 'checkout', variants: [{ call: 'loadSavedCards', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('CHECKOUT.SAVED_CARDS_FAILED'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
    await expect(canvas.getByLabelText(t('CHECKOUT.CARD_NUMBER'))).toBeInTheDocument();
  },
};

/** §4 card choice: Ana's cards (the expired one cannot be chosen), or a new card. */
export const SavedCards: Story = {
  parameters: {
    machineState: 'checkoutPayment:ready',
    scene: { server: ANA, route: 'checkout', steps: [PRESET_25, reach('checkoutAmount:open.priced')] },
  },
  play: async ({ canvas }) => {
    const group = canvas.getByRole('group', { name: t('CHECKOUT.PAY_WITH') });
    await expect(group).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: visa() })).toBeEnabled();
    await expect(
      canvas.getByRole('radio', { name: new RegExp(t('RECEIPT.CARD_ENDING', { brand: 'Discover', last4: '1117' })) }),
    ).toBeDisabled();
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.NEW_CARD') })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.RECURRING_ONCE') })).toBeChecked();
  },
};

/** A saved card chosen: its security code only; no new-card or billing fields. */
export const SavedCardChosen: Story = {
  parameters: {
    machineState: 'checkoutPayment:ready',
    scene: { server: ANA, route: 'checkout', steps: [PRESET_25, reach('checkoutAmount:open.priced'), CHOOSE_VISA] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: visa() })).toBeChecked();
    await expect(canvas.getByLabelText(t('CHECKOUT.SAVED_CVC'))).toBeInTheDocument();
    await expect(canvas.queryByLabelText(t('CHECKOUT.CARD_NUMBER'))).toBeNull();
    await expect(canvas.queryByText(t('CHECKOUT.BILLING_TITLE'))).toBeNull();
  },
};

export const SavedCardChosenSpanish: Story = { ...SavedCardChosen, globals: { locale: 'es' } };

/** The saved card's security code is with the vault. */
export const TokenizingSavedCard: Story = {
  parameters: {
    machineState: 'checkoutSubmit:tokenizingSaved',
    scene: {
      server: ANA,
      route: 'checkout',
      variants: [{ call: 'tokenizeSavedCard', answer: 'never' }],
      steps: [
        PRESET_25,
        reach('checkoutAmount:open.priced'),
        CHOOSE_VISA,
        submit(ANA, null, { saved_card_cvc: '123' }),
      ],
    },
  },
  play: busy,
};

/** §4/§9: monthly on the 15th with the saved Visa. */
export const MonthlyRecurring: Story = {
  parameters: {
    machineState: 'checkoutChoices:card.recurring',
    scene: {
      server: ANA,
      route: 'checkout',
      steps: [
        PRESET_25,
        reach('checkoutAmount:open.priced'),
        CHOOSE_VISA,
        to.checkout({ type: 'recurring.type', recurringType: 'monthly' }),
        to.checkout({ type: 'recurring.day', day: 15 }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.RECURRING_MONTHLY') })).toBeChecked();
    await expect(canvas.getByLabelText(t('CHECKOUT.RECURRING_DAY'))).toHaveValue('15');
    await expect(canvas.getByText(t('CHECKOUT.RECURRING_HINT'))).toBeInTheDocument();
    // Offered a recurring choice, the payer is told where to cancel one.
    await expect(canvas.getByText(t('CHECKOUT_EXTRAS.AUTO_PAY_NOTE'))).toBeInTheDocument();
  },
};

/** §4: recurring needs a saved card and a day; a new card with weekly shows both errors. */
export const RecurringInvalid: Story = {
  parameters: {
    machineState: 'checkout:editing',
    scene: {
      server: ANA,
      route: 'checkout',
      steps: [
        PRESET_25,
        reach('checkoutAmount:open.priced'),
        to.checkout({ type: 'recurring.type', recurringType: 'weekly' }),
        submit(ANA, cardInput(testCard('APPROVED'))),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.RECURRING_NEEDS_SAVED_CARD'));
    await expect(canvas.getByLabelText(new RegExp(t('CHECKOUT.RECURRING_WEEKDAY')))).toHaveValue('');
  },
};

/** A $25 phone-account (dest) deposit: §9 roundups to $30 (1 free call) and $40 (2). */
const DEST: SandboxSetup = {
  fields: {
    ...billingFields(facilityFields(1001)),
    deposit_type: 'dest',
    deposit_phone_no: '5125550100',
    deposit_phone_no_label: '(512) 555-0100',
  },
};

export const RoundupOffered: Story = {
  parameters: {
    machineState: 'checkoutAmount:open.priced',
    scene: { server: DEST, route: 'checkout', steps: [PRESET_25, reach('checkoutAmount:open.priced')] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('group', { name: t('CHECKOUT.ROUNDUP') })).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.NO_THANKS') })).toBeChecked();
    await expect(
      canvas.getByRole('radio', { name: t('CHECKOUT.ROUNDUP_OPTION', { amount: money(30), count: 1 }) }),
    ).toBeInTheDocument();
  },
};

/** §4: the roundup replaces amount, fees and total. */
export const RoundupPicked: Story = {
  parameters: {
    machineState: 'checkoutChoices:card.roundedUp',
    scene: {
      server: DEST,
      route: 'checkout',
      steps: [PRESET_25, reach('checkoutAmount:open.priced'), to.checkout({ type: 'roundup.pick', id: 1 })],
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('radio', { name: t('CHECKOUT.ROUNDUP_OPTION', { amount: money(30), count: 1 }) }),
    ).toBeChecked();
    await expect(summary(canvas, 'CHECKOUT.DEPOSIT_AMOUNT')).toBe(money(30));
  },
};

export const RoundupPickedSpanish: Story = { ...RoundupPicked, globals: { locale: 'es' } };

/** §4 trust block, §8 FIELD_NO_TRUST: a trust deposit billed in New Jersey opens the mismatch modal. */
export const TrustMismatch: Story = {
  parameters: {
    machineState: 'checkoutSubmit:trustMismatch',
    scene: paying('APPROVED', {
      server: {
        fields: {
          ...billingFields(recipientFields('100001')),
          deposit_type: 'trust',
          logged_in: true,
          billing_state: 'NJ',
          billing_zip: '07001',
        },
      },
    }),
  },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('CHECKOUT.NO_TRUST_TITLE') }));
    await expect(dialog.getByText(t('ERROR.FIELD_NO_TRUST'))).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: t('CHECKOUT.CHANGE_TYPE') })).toBeEnabled();
  },
};

export const TrustMismatchSpanish: Story = { ...TrustMismatch, globals: { locale: 'es' } };

// ---------------------------------------------------------------- §2 pam variant (Maricopa County, 1201)

const AT_PAM = (signedIn: boolean): SandboxSetup => ({
  fields: { ...recipientFields('100026'), logged_in: signedIn, email: signedIn ? 'ana@example.com' : '' },
});
/** Next with the fees acknowledged: the form's only field at a pam facility. */
const NEXT = (signedIn: boolean): Step => submit(AT_PAM(signedIn), null, { fees_acknowledged: true });

/** The fees acknowledgement instead of the card: Next waits for it. */
export const PamVariant: Story = {
  parameters: {
    machineState: 'checkoutChoices:pam.once',
    scene: { server: AT_PAM(true), route: 'checkout', steps: [PRESET_25, reach('checkoutAmount:open.priced')] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('CHECKOUT.NEXT') })).toBeDisabled();
    await expect(canvas.queryByLabelText(t('CHECKOUT.CARD_NUMBER'))).toBeNull();
    await expect(canvas.getByRole('checkbox', { name: /\$/ })).not.toBeChecked();
    // §4 pam mode: one time unless the payer picks bi-weekly.
    await expect(canvas.getByRole('radio', { name: t('CHECKOUT.RECURRING_ONCE') })).toBeChecked();
  },
};

export const PamVariantSpanish: Story = { ...PamVariant, globals: { locale: 'es' } };

/** §4 pam mode: the deposit set to repeat on the 1st and the 15th, on the card the endpoint keeps. */
export const PamRecurring: Story = {
  parameters: {
    machineState: 'checkoutChoices:pam.biweekly',
    scene: {
      server: AT_PAM(true),
      route: 'checkout',
      steps: [PRESET_25, reach('checkoutAmount:open.priced'), to.checkout({ type: 'pam.recurring', biweekly: true })],
    },
  },
  play: async ({ canvas }) => {
    const group = within(canvas.getByRole('group', { name: t('CHECKOUT.RECURRING') }));
    await expect(group.getByRole('radio', { name: t('RECURRING.BIWEEKLY') })).toBeChecked();
    await expect(group.getByRole('radio', { name: t('CHECKOUT.RECURRING_ONCE') })).not.toBeChecked();
    await expect(group.getByText(t('CHECKOUT.PAM_RECURRING_HINT'))).toBeVisible();
    // No saved card is asked for: the payment endpoint takes the card.
    await expect(canvas.queryByLabelText(t('CHECKOUT.CARD_NUMBER'))).toBeNull();
  },
};

export const PamRecurringSpanish: Story = { ...PamRecurring, globals: { locale: 'es' } };

/** §6: in pam mode an account is required. */
export const PamNeedsAccount: Story = {
  parameters: {
    machineState: 'checkout:pamNeedsAccount',
    scene: {
      server: AT_PAM(false),
      route: 'checkout',
      steps: [PRESET_25, reach('checkoutAmount:open.priced'), NEXT(false)],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('CHECKOUT.PAM_ACCOUNT_TITLE') }));
    await expect(dialog.getByRole('link', { name: t('TYPE.SIGN_IN') })).toHaveAttribute(
      'href',
      '#/login?returnTo=%2Fcheckout',
    );
  },
};

export const PreparingPam: Story = {
  parameters: {
    machineState: 'checkoutSubmit:preparingPam',
    scene: {
      server: AT_PAM(true),
      route: 'checkout',
      variants: [{ call: 'preparePamDeposit', answer: 'never' }],
      steps: [PRESET_25, reach('checkoutAmount:open.priced'), NEXT(true)],
    },
  },
  play: busy,
};

/** The signed payload is on its way to the payment endpoint. */
export const PostingPam: Story = {
  parameters: {
    machineState: 'checkoutSubmit:postingPam',
    scene: {
      server: AT_PAM(true),
      route: 'checkout',
      steps: [PRESET_25, reach('checkoutAmount:open.priced'), NEXT(true)],
    },
  },
  play: async ({ canvas, canvasElement }) => {
    const form = canvas.getByRole('form', { name: t('CHECKOUT.PAM_LEAVING') });
    await expect(form).toHaveAttribute('action', '/sandbox/pam/pay');
    // Its own form, not one inside the checkout's (invalid HTML, which the browser would undo).
    await expect(form.parentElement?.closest('form')).toBeNull();
    await expect(canvasElement.querySelectorAll('form form')).toHaveLength(0);
    await expect(within(form).getByRole('button', { name: t('CHECKOUT.PAM_CONTINUE') })).toBeEnabled();
  },
};

// ---------------------------------------------------------------- limits (§4 maxed out, §5 unified-wallet trust)

/** Payer A's trust deposit at DuPage County (1402, unified wallet): 100060 has A approved, 100061 not. */
const UW_TRUST = (inmateId = '100060'): SandboxSetup => ({
  fields: billingFields(signedInFields({ ...recipientFields(inmateId), deposit_type: 'trust' })),
});
/** A guest's flex deposit at Cook County (1401): unified wallet, limits 50 > 20 (maxed out). */
const AT_COOK: SandboxSetup = { fields: billingFields(recipientFields('100029')) };

/** While a check runs, the step says so and offers no amount. */
function checking(key: string): Story['play'] {
  return async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t(key));
    await expect(canvas.queryByRole('radio', { name: money(25) })).toBeNull();
    await expect(canvas.getByRole('button', { name: t('WIZARD.BACK') })).toBeEnabled();
  };
}

/** §5: the service's min and max (1402: 10 to 200) are the limits; the amounts are offered. */
export const LimitsReady: Story = {
  parameters: { machineState: 'checkoutAmount:open.priced', scene: { server: UW_TRUST(), route: 'checkout' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('CHECKOUT.LIMITS', { min: money(10), max: money(200) }))).toBeInTheDocument();
    await expect(canvas.getByRole('radio', { name: money(25) })).toBeEnabled();
    await expect(canvas.getByText(t('TYPE.TRUST_TITLE_UW'))).toBeInTheDocument();
  },
};

/** §5: first, is the payer an approved depositor. */
export const CheckingDepositor: Story = {
  parameters: {
    machineState: 'checkoutAmount:checkingDepositor',
    scene: { server: UW_TRUST(), route: 'checkout', variants: [{ call: 'isApprovedDepositor', answer: 'never' }] },
  },
  play: checking('UW.CHECKING_DEPOSITOR'),
};

/** §5: then the inmate lookup. */
export const CheckingInmate: Story = {
  parameters: {
    machineState: 'checkoutAmount:checkingInmate',
    scene: { server: UW_TRUST(), route: 'checkout', variants: [{ call: 'getCnInmate', answer: 'never' }] },
  },
  play: checking('UW.CHECKING_INMATE'),
};

/** §5: then the service's min and max. */
export const LoadingLimits: Story = {
  parameters: {
    machineState: 'checkoutAmount:loadingLimits',
    scene: { server: UW_TRUST(), route: 'checkout', variants: [{ call: 'getAllowedMinMax', answer: 'never' }] },
  },
  play: checking('UW.LOADING_LIMITS'),
};

/** §5/§8: not an approved depositor for 100061: the message and Back; nothing to pay. */
export const LimitsRefused: Story = {
  parameters: {
    machineState: 'checkoutAmount:refused',
    scene: { server: UW_TRUST('100061'), route: 'checkout' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NOT_APPROVED_DEPOSITOR_MSG'));
    await expect(canvas.getByRole('button', { name: t('WIZARD.BACK') })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: t('DEPOSIT.DEPOSIT_SUBMIT') })).toBeNull();
  },
};

/** A check that failed (a 500): its message and a retry. */
export const LimitsFailed: Story = {
  parameters: {
    machineState: 'checkoutAmount:failed',
    scene: { server: UW_TRUST(), route: 'checkout', variants: [{ call: 'isApprovedDepositor', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('UW.CHECK_FAILED'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** §4 maxed out at 1401: no amounts, no summary; the limit is reached and Back is offered. */
export const MaxedOut: Story = {
  parameters: { machineState: 'checkoutAmount:maxedOut', scene: { server: AT_COOK, route: 'checkout' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('UW.MAXED_OUT_TITLE'));
    await expect(canvas.queryByText(t('CHECKOUT.SUMMARY'))).toBeNull();
    await expect(canvas.queryByRole('radio', { name: money(25) })).toBeNull();
    await expect(canvas.queryByRole('button', { name: t('DEPOSIT.DEPOSIT_SUBMIT') })).toBeNull();
    await expect(canvas.getByRole('button', { name: t('WIZARD.BACK') })).toBeEnabled();
    await expect(canvas.getByText(t('TYPE.FLEX_TITLE_UW', { label: t('INMATE_LABEL.INMATE') }))).toBeInTheDocument();
  },
};
