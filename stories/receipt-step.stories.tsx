// deposit.receipt (§2, 100%, no back): what was paid, to whom, with what; and "make another".
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import type { DepositStatus } from '../contract/deposit-status.ts';
import type { FormFields, ReceiptInfo } from '../contract/entities.ts';
import { expect, waitFor, within } from 'storybook/test';
import { money, t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters } from './support/drive.ts';
import { receiptScreen, renderScreen } from './support/render.tsx';
import { type SandboxSetup, afterDeposit, billingFields, recipientFields } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Receipt step',
  render: renderScreen(receiptScreen, PROGRESS.receipt),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** $25 to John Smith (100001, born 1985-03-14) paid with the approved Visa test card. */
const PAID: FormFields = afterDeposit({
  ...billingFields(recipientFields('100001')),
  deposit_amount: 25,
  deposit_amount_id: '25',
});

function withoutDob(fields: FormFields): FormFields {
  const receipt = fields.cached_deposit_info;
  if (!receipt) throw new Error('a paid form state holds its receipt');
  return { ...fields, cached_deposit_info: { ...receipt, recipient_dob: null } };
}

/** The same deposit paid at a pam facility through its payment endpoint (contract/pam.ts), by a signed-in payer. */
function asPam(fields: FormFields): FormFields {
  const receipt = fields.cached_deposit_info;
  if (!receipt) throw new Error('a paid form state holds its receipt');
  return { ...fields, logged_in: true, cached_deposit_info: { ...receipt, pam: true } };
}

/** The deposit set up at checkout to repeat (§4). */
function repeating(fields: FormFields, recurring: NonNullable<ReceiptInfo['recurring']>): FormFields {
  const receipt = fields.cached_deposit_info;
  if (!receipt) throw new Error('a paid form state holds its receipt');
  return { ...fields, cached_deposit_info: { ...receipt, recurring } };
}

export const WithDateOfBirth: Story = {
  parameters: { machineState: 'wizard:step.receipt.idle', scene: { server: { fields: PAID }, route: 'receipt' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('order-number')).toHaveTextContent('D00000001');
    await expect(canvas.getByText(t('RECEIPT.DOB')).nextElementSibling).toHaveTextContent('03/14/1985');
    await expect(canvas.getByTestId('amount-paid')).toHaveTextContent(money(29.95));
  },
};

export const WithDateOfBirthSpanish: Story = { ...WithDateOfBirth, globals: { locale: 'es' } };

/** A facility that gives the age but not the date of birth. */
export const AgeOnly: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: { server: { fields: withoutDob(PAID) }, route: 'receipt' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(t('RECEIPT.DOB'))).toBeNull();
    await expect(canvas.getByText(t('RECEIPT.AGE')).nextElementSibling).toHaveTextContent('41');
  },
};

/** §2 pam receipt: paid through the payment endpoint; card last four, deposit amount, one fee line, total. */
export const PamReceipt: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: { server: { fields: asPam(PAID) }, route: 'receipt' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECEIPT.PAM_CARD_LAST4')).nextElementSibling).toHaveTextContent('1111');
    await expect(canvas.getByText(t('RECEIPT.PAM_FEE')).nextElementSibling).toHaveTextContent(money(4.95));
    await expect(canvas.getByTestId('amount-paid')).toHaveTextContent(money(29.95));
    await expect(canvas.queryByText(t('RECEIPT.CARD_EXPIRY'))).toBeNull();
    await expect(canvas.queryByText(t('RECEIPT.DOB'))).toBeNull();
  },
};

export const PamReceiptSpanish: Story = { ...PamReceipt, globals: { locale: 'es' } };

/** §4 pam mode: set up to repeat on the 1st and the 15th at the pam checkout. */
export const PamReceiptRepeating: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: { server: { fields: repeating(asPam(PAID), { interval: 'biweekly', day: 1 }) }, route: 'receipt' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECEIPT.REPEATS')).nextElementSibling).toHaveTextContent(t('RECURRING.BIWEEKLY'));
    await expect(canvas.getByText(t('RECEIPT.PAM_CARD_LAST4')).nextElementSibling).toHaveTextContent('1111');
  },
};

export const PamReceiptRepeatingSpanish: Story = { ...PamReceiptRepeating, globals: { locale: 'es' } };

/** §4: a deposit with a saved card set up to repeat every week on Friday. */
export const RepeatingWeekly: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.idle',
    scene: { server: { fields: repeating(PAID, { interval: 'weekly', day: 5 }) }, route: 'receipt' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByTestId('receipt-repeats')).toHaveTextContent(
      t('RECURRING.WEEKLY', { day: t('RECURRING.WEEKDAY_5') }),
    );
  },
};

/** "Make another deposit" pressed: the server is clearing the form state. */
export const MakingAnother: Story = {
  parameters: {
    machineState: 'wizard:step.receipt.clearing',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      variants: [{ call: 'clearFormState', answer: 'never' }],
      steps: [reach('wizard:step.receipt.idle'), to.wizard({ type: 'wizard.another' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('RECEIPT.MAKE_ANOTHER') })).toBeDisabled();
  },
};

// ---------------------------------------------------------------- §2 create-account and text-receipt modals

const ACCOUNT = { password: 'secret1', password_again: 'secret1', pin: '123456', pin_again: '123456' };
const AT_RECEIPT = reach('wizard:step.receipt.idle');
const TEXT_TO = { phone_no: '(512) 555-0177', enroll: false };

/** §4: after a guest's deposit the create-account modal appears first. */
export const AccountOffered: Story = {
  parameters: { machineState: 'receiptFlow:offeringAccount', scene: { server: { fields: PAID }, route: 'receipt' } },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('RECEIPT.ACCOUNT_TITLE') }));
    await expect(dialog.getByLabelText(t('RECEIPT.PASSWORD'))).toHaveAttribute('type', 'password');
    await expect(dialog.getByLabelText(t('RECEIPT.PIN_AGAIN'))).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: t('RECEIPT.NO_THANKS') })).toBeEnabled();
  },
};

export const AccountOfferedSpanish: Story = { ...AccountOffered, globals: { locale: 'es' } };

/** §5: a short password and PIN, not confirmed: each field says why, the summary lists them; nothing is sent. */
export const AccountInvalid: Story = {
  parameters: {
    machineState: 'receiptFlow:offeringAccount',
    scene: { server: { fields: PAID }, route: 'receipt', steps: [AT_RECEIPT] },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('RECEIPT.ACCOUNT_TITLE') }));
    await userEvent.type(dialog.getByLabelText(t('RECEIPT.PASSWORD')), 'abc');
    await userEvent.type(dialog.getByLabelText(t('RECEIPT.PIN')), '12');
    await userEvent.click(dialog.getByRole('button', { name: t('RECEIPT.CREATE_ACCOUNT') }));
    const summaryBox = await dialog.findByRole('alert');
    await waitFor(() => expect(summaryBox).toHaveFocus());
    await expect(
      dialog.getByText(`${t('RECEIPT.PASSWORD')}`, { selector: 'label' }).querySelector('.label__error'),
    ).toHaveTextContent(t('VALIDATION.KEEP_TYPING'));
    await expect(
      dialog.getByRole('link', { name: `${t('RECEIPT.PIN_AGAIN')} - ${t('VALIDATION.REQUIRED')}` }),
    ).toBeInTheDocument();
    // Still the modal's question: nothing was sent.
    await expect(dialog.getByRole('button', { name: t('RECEIPT.CREATE_ACCOUNT') })).toBeEnabled();
  },
};

export const AccountInvalidSpanish: Story = { ...AccountInvalid, globals: { locale: 'es' } };

export const CreatingAccount: Story = {
  parameters: {
    machineState: 'receiptFlow:creatingAccount',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      variants: [{ call: 'register', answer: 'never' }],
      steps: [AT_RECEIPT, to.receiptFlow({ type: 'account.submit', values: ACCOUNT })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** The account exists: the text-receipt modal, with the payer's phone filled in. */
export const SmsOffered: Story = {
  parameters: {
    machineState: 'receiptFlow:offeringSms',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      steps: [AT_RECEIPT, to.receiptFlow({ type: 'account.submit', values: ACCOUNT })],
    },
  },
  play: async ({ canvas }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('RECEIPT.SMS_TITLE') }));
    await expect(dialog.getByText(t('RECEIPT.ACCOUNT_CREATED'))).toBeInTheDocument();
    await expect(dialog.getByLabelText(t('RECEIPT.SMS_PHONE'))).not.toHaveValue('');
  },
};

export const SendingSms: Story = {
  parameters: {
    machineState: 'receiptFlow:sendingSms',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      variants: [{ call: 'sendSmsReceipt', answer: 'never' }],
      steps: [
        AT_RECEIPT,
        to.receiptFlow({ type: 'account.skip' }),
        to.receiptFlow({ type: 'sms.submit', values: TEXT_TO }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
  },
};

/** §8: the text could not be sent: the modal says so, keeps the number typed, and may send again. */
export const SmsFailed: Story = {
  parameters: {
    machineState: 'receiptFlow:offeringSms',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      variants: [{ call: 'sendSmsReceipt', answer: 'fail' }],
      steps: [AT_RECEIPT, to.receiptFlow({ type: 'account.skip' })],
    },
  },
  play: async ({ canvas, userEvent }) => {
    const dialog = within(canvas.getByRole('dialog', { name: t('RECEIPT.SMS_TITLE') }));
    const phone = dialog.getByLabelText(t('RECEIPT.SMS_PHONE'));
    await userEvent.clear(phone);
    await userEvent.type(phone, '5125550177');
    await userEvent.click(dialog.getByRole('button', { name: t('RECEIPT.SMS_SEND') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(phone).toHaveValue('(512) 555-0177');
    await expect(dialog.getByRole('button', { name: t('RECEIPT.SMS_SEND') })).toBeEnabled();
  },
};

export const SmsFailedSpanish: Story = { ...SmsFailed, globals: { locale: 'es' } };

/** Texted: the receipt says where; a signed-in payer's next steps include the account. */
export const SmsSent: Story = {
  parameters: {
    machineState: 'receiptFlow:done',
    scene: {
      server: { fields: PAID },
      route: 'receipt',
      steps: [
        AT_RECEIPT,
        to.receiptFlow({ type: 'account.submit', values: ACCOUNT }),
        reach('receiptFlow:offeringSms'),
        to.receiptFlow({ type: 'sms.submit', values: TEXT_TO }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECEIPT.SMS_SENT', { phone: '(512) 555-0177' }))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('RECEIPT.VIEW_ACCOUNT') })).toHaveAttribute(
      'href',
      '#/account/destination_accounts',
    );
  },
};

export const SmsSentSpanish: Story = { ...SmsSent, globals: { locale: 'es' } };

/** Ana's deposit to a new phone number (dest): the receipt names the number and offers to verify it. */
const PAID_DEST: FormFields = (() => {
  const receipt = PAID.cached_deposit_info;
  if (!receipt) throw new Error('a paid form state holds its receipt');
  return {
    ...PAID,
    logged_in: true,
    deposit_type: 'dest',
    cached_deposit_info: {
      ...receipt,
      deposit_type: 'dest',
      recipient_first_name: null,
      recipient_last_name: null,
      recipient_dob: null,
      recipient_age: null,
      booking_code: '',
      deposit_phone_no: '5125550123',
      deposit_phone_no_label: '(512) 555-0123',
      deposit_phone_country: 'US',
    },
  };
})();

export const PhoneDeposit: Story = {
  parameters: {
    machineState: 'receiptFlow:done',
    scene: {
      server: { fields: PAID_DEST },
      route: 'receipt',
      steps: [reach('receiptFlow:offeringSms'), to.receiptFlow({ type: 'sms.skip' })],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('NUMBER.PHONE')).nextElementSibling).toHaveTextContent('(512) 555-0123');
    await expect(canvas.getByRole('button', { name: t('RECEIPT.VERIFY_PHONE') })).toBeEnabled();
  },
};

/** §2: the phone verification modal, opened from the receipt. */
export const VerifyingPhone: Story = {
  parameters: {
    machineState: 'receiptFlow:verifyingPhone',
    scene: {
      server: { fields: PAID_DEST },
      route: 'receipt',
      steps: [
        reach('receiptFlow:offeringSms'),
        to.receiptFlow({ type: 'sms.skip' }),
        to.receiptFlow({ type: 'phone.verify' }),
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('dialog')).toBeInTheDocument();
  },
};

export const VerifyingPhoneSpanish: Story = { ...VerifyingPhone, globals: { locale: 'es' } };

// ---------------------------------------------------------------- where the deposit is (docs/decisions/0048, 0049)

/** A signed-in payer's receipt with the text-receipt modal skipped: the status panel in view. */
const STATUS_SCENE_STEPS = [AT_RECEIPT, reach('receiptFlow:offeringSms'), to.receiptFlow({ type: 'sms.skip' })];
const SIGNED_IN_PAID: FormFields = { ...PAID, logged_in: true };
/** The same receipt paid at a pam facility: the money was taken at payment. */
const SIGNED_IN_PAM: FormFields = asPam(PAID);

function statusScene(
  depositStatus: DepositStatus,
  extra: Partial<DrivenParameters['scene']> = {},
  server: Partial<SandboxSetup> = {},
) {
  return {
    server: { fields: SIGNED_IN_PAID, depositStatus, ...server },
    route: 'receipt' as const,
    steps: STATUS_SCENE_STEPS,
    ...extra,
  };
}

/** The status line the panel shows, in the story's language. */
function statusPanel(canvas: HTMLElement) {
  return within(within(canvas).getByRole('region', { name: t('DEPOSIT_STATUS.HEADING') }));
}

/** A status sentence of the story's language, whatever its times and reason. */
function sentence(key: string): RegExp {
  const text = t(key, { submitted: '\u0000', expected: '\u0000', refused: '\u0000', reason: '\u0000' });
  return new RegExp(
    text
      .split('\u0000')
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*'),
  );
}

/** The receipt's headline and first sentence, which agree with the status (John Smith, $25). */
async function expectHeadline(canvas: HTMLElement, heading: string, intro: string) {
  const main = within(canvas);
  await expect(await main.findByRole('heading', { level: 1, name: t(heading) })).toBeInTheDocument();
  await expect(main.getByTestId('receipt-intro')).toHaveTextContent(
    t(intro, { name: 'John Smith', amount: money(25) }),
  );
}

/**
 * Held on the card and submitted: the headline says it is on its way and that nothing is taken until
 * it is posted; the panel asks again by itself and offers to cancel it.
 */
export const StatusSubmitted: Story = {
  parameters: { machineState: 'depositStatus:waiting', scene: statusScene('submitted') },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_SUBMITTED', 'RECEIPT.INTRO_SUBMITTED');
    // docs/decisions/0053: the payer will hear by e-mail when it moves.
    await expect(within(canvasElement).getByTestId('receipt-notice')).toHaveTextContent(t('RECEIPT.NOTICE_EMAIL'));
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'submitted');
    await expect(panel.getByText(t('DEPOSIT_STATUS.SUBMITTED'))).toBeInTheDocument();
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECK') })).toBeEnabled();
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') })).toHaveAccessibleDescription(
      t('DEPOSIT_STATUS.CANCEL_HINT'),
    );
  },
};
export const StatusSubmittedSpanish: Story = { ...StatusSubmitted, globals: { locale: 'es' } };

/** Paid at a pam facility: taken at payment, so the receipt does not speak of a hold; no cancel. */
export const StatusSubmittedPam: Story = {
  parameters: {
    machineState: 'depositStatus:waiting',
    scene: statusScene('submitted', {}, { fields: SIGNED_IN_PAM }),
  },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_SUBMITTED', 'RECEIPT.INTRO_SUBMITTED_PAID');
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveTextContent(sentence('DEPOSIT_STATUS.SUBMITTED_PAID_TEXT'));
    await expect(panel.queryByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') })).toBeNull();
  },
};

/** Posted to the person's account: final, nothing more to ask. */
export const StatusPosted: Story = {
  parameters: { machineState: 'depositStatus:settled', scene: statusScene('posted') },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_POSTED', 'RECEIPT.INTRO_POSTED');
    // Nothing more to hear about: no promise of word to come.
    await expect(within(canvasElement).queryByTestId('receipt-notice')).toBeNull();
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'posted');
    await expect(panel.getByText(t('DEPOSIT_STATUS.POSTED'))).toBeInTheDocument();
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusPostedSpanish: Story = { ...StatusPosted, globals: { locale: 'es' } };

/**
 * Refused by the facility (the person was released): the hold was released, nothing was taken, and
 * nothing more will happen. The headline no longer says the person will receive the money.
 */
export const StatusRefused: Story = {
  parameters: { machineState: 'depositStatus:settled', scene: statusScene('refused') },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_REFUSED', 'RECEIPT.INTRO_REFUSED');
    const panel = statusPanel(canvasElement);
    const line = panel.getByTestId('deposit-status');
    await expect(line).toHaveAttribute('data-status', 'refused');
    await expect(line).toHaveTextContent(t('DEPOSIT_STATUS.REASON_RELEASED'));
    await expect(line).toHaveTextContent(sentence('DEPOSIT_STATUS.REFUSED_RELEASED_TEXT'));
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusRefusedSpanish: Story = { ...StatusRefused, globals: { locale: 'es' } };

/** Paid at a pam facility and refused: the money taken is to be refunded; asked again until it is. */
export const StatusRefusedPam: Story = {
  parameters: {
    machineState: 'depositStatus:waiting',
    scene: statusScene('refused', {}, { fields: SIGNED_IN_PAM }),
  },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_REFUSED_CHARGED', 'RECEIPT.INTRO_REFUSED_CHARGED');
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'refused');
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECK') })).toBeEnabled();
  },
};
export const StatusRefusedPamSpanish: Story = { ...StatusRefusedPam, globals: { locale: 'es' } };

/** Paid at a pam facility, refused, then refunded to the card: final. */
export const StatusRefunded: Story = {
  parameters: {
    machineState: 'depositStatus:settled',
    scene: statusScene('refunded', {}, { fields: SIGNED_IN_PAM }),
  },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_REFUNDED', 'RECEIPT.INTRO_REFUNDED');
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'refunded');
    await expect(panel.getByText(t('DEPOSIT_STATUS.REFUNDED'))).toBeInTheDocument();
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusRefundedSpanish: Story = { ...StatusRefunded, globals: { locale: 'es' } };

/** Cancelled by the payer before it was sent: nothing was taken; final. */
export const StatusCancelled: Story = {
  parameters: { machineState: 'depositStatus:settled', scene: statusScene('cancelled') },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_CANCELLED', 'RECEIPT.INTRO_CANCELLED');
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'cancelled');
    await expect(panel.getByText(t('DEPOSIT_STATUS.CANCELLED'))).toBeInTheDocument();
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusCancelledSpanish: Story = { ...StatusCancelled, globals: { locale: 'es' } };

/** The first question is under way: the headline claims nothing yet about where the money is. */
export const StatusChecking: Story = {
  parameters: {
    machineState: 'depositStatus:loading',
    scene: statusScene('submitted', { variants: [{ call: 'loadDepositStatus', answer: 'never' }] }),
  },
  play: async ({ canvasElement }) => {
    await expectHeadline(canvasElement, 'RECEIPT.HEADING', 'RECEIPT.INTRO');
    const panel = statusPanel(canvasElement);
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECKING') })).toBeDisabled();
    await expect(panel.queryByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') })).toBeNull();
  },
};
export const StatusCheckingSpanish: Story = { ...StatusChecking, globals: { locale: 'es' } };

/** The question failed: the panel says so (the deposit is not affected) and offers to ask again. */
export const StatusFailed: Story = {
  parameters: {
    machineState: 'depositStatus:failed',
    scene: statusScene('submitted', { variants: [{ call: 'loadDepositStatus', answer: 'fail' }] }),
  },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByRole('alert')).toBeInTheDocument();
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECK') })).toBeEnabled();
  },
};
export const StatusFailedSpanish: Story = { ...StatusFailed, globals: { locale: 'es' } };

// ---------------------------------------------------------------- cancelling from the receipt (docs/decisions/0049)

const AT_STATUS = reach('depositStatus:waiting');
const OPEN_CANCEL = to.depositStatus({ type: 'status.cancel' });
const CONFIRM_CANCEL = to.depositStatus({ type: 'status.cancelConfirm' });
const cancelDialog = (canvas: HTMLElement) =>
  within(canvas).getByRole('alertdialog', { name: t('DEPOSIT_STATUS.CANCEL_TITLE') });
/** The words that name the receipt's deposit in the dialog and the messages. */
const RECEIPT_DEPOSIT = () => ({ amount: money(25), recipient: 'John Smith', order: 'D00000001' });

/** The confirmation: it names the deposit, says nothing will be taken, and has the focus. */
export const CancelConfirming: Story = {
  parameters: {
    machineState: 'depositStatus:confirming',
    scene: statusScene('submitted', { steps: [...STATUS_SCENE_STEPS, AT_STATUS, OPEN_CANCEL] }),
  },
  play: async ({ canvasElement }) => {
    const dialog = cancelDialog(canvasElement);
    await expect(dialog).toHaveAccessibleDescription(t('DEPOSIT_STATUS.CANCEL_TEXT', RECEIPT_DEPOSIT()));
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: t('DEPOSIT_STATUS.CANCEL_TITLE') })).toHaveFocus(),
    );
    await expect(within(dialog).getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_KEEP') })).toBeEnabled();
    await expect(within(dialog).getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_CONFIRM') })).toBeEnabled();
  },
};
export const CancelConfirmingSpanish: Story = { ...CancelConfirming, globals: { locale: 'es' } };

/** The cancel call is under way: the dialog waits for the server and cannot be closed. */
export const CancelCancelling: Story = {
  parameters: {
    machineState: 'depositStatus:cancelling',
    scene: statusScene('submitted', {
      variants: [{ call: 'cancelDeposit', answer: 'never' }],
      steps: [...STATUS_SCENE_STEPS, AT_STATUS, OPEN_CANCEL, CONFIRM_CANCEL],
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(cancelDialog(canvasElement));
    const waiting = dialog.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') });
    await expect(waiting).toHaveAttribute('aria-disabled', 'true');
    await expect(waiting).toHaveAttribute('aria-busy', 'true');
    await expect(dialog.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_KEEP') })).toBeDisabled();
  },
};
export const CancelCancellingSpanish: Story = { ...CancelCancelling, globals: { locale: 'es' } };

/** The call failed: the dialog says so, keeps the deposit as it was, and offers to try again. */
export const CancelFailed: Story = {
  parameters: {
    machineState: 'depositStatus:cancelFailed',
    scene: statusScene('submitted', {
      variants: [{ call: 'cancelDeposit', answer: 'fail' }],
      steps: [...STATUS_SCENE_STEPS, AT_STATUS, OPEN_CANCEL, CONFIRM_CANCEL],
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(cancelDialog(canvasElement));
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('DEPOSIT_STATUS.CANCEL_FAILED'));
    await expect(dialog.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_RETRY') })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_KEEP') })).toBeEnabled();
    await expect(statusPanel(canvasElement).getByTestId('deposit-status')).toHaveAttribute('data-status', 'submitted');
  },
};
export const CancelFailedSpanish: Story = { ...CancelFailed, globals: { locale: 'es' } };

/** Too many attempts (the per-client limit's 429): not cancelled; the payer may try again later. */
export const CancelTooMany: Story = {
  parameters: {
    machineState: 'depositStatus:cancelFailed',
    scene: statusScene(
      'submitted',
      { steps: [...STATUS_SCENE_STEPS, AT_STATUS, OPEN_CANCEL, CONFIRM_CANCEL] },
      { cancel: 'tooMany' },
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(cancelDialog(canvasElement)).getByRole('alert')).toHaveTextContent(
      t('DEPOSIT_STATUS.CANCEL_TOO_MANY'),
    );
  },
};
export const CancelTooManySpanish: Story = { ...CancelTooMany, globals: { locale: 'es' } };

/**
 * From the keyboard: Escape keeps the deposit and gives the focus back to Cancel; confirming cancels
 * it, the headline and status say so, and the message takes the focus (the Cancel button is gone).
 */
export const CancelFromReceipt: Story = {
  parameters: { machineState: 'depositStatus:waiting', scene: statusScene('submitted') },
  play: async ({ canvasElement, userEvent }) => {
    const panel = statusPanel(canvasElement);
    const cancel = panel.getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') });
    cancel.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = cancelDialog(canvasElement);
    await waitFor(() => expect(within(dialog).getByRole('heading')).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(cancel).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    const again = cancelDialog(canvasElement);
    await userEvent.click(within(again).getByRole('button', { name: t('DEPOSIT_STATUS.CANCEL_CONFIRM') }));
    const done = await panel.findByText(t('DEPOSIT_STATUS.CANCEL_DONE', RECEIPT_DEPOSIT()));
    await waitFor(() => expect(done).toHaveFocus());
    await expect(within(canvasElement).queryByRole('alertdialog')).toBeNull();
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'cancelled');
    await expectHeadline(canvasElement, 'RECEIPT.HEADING_CANCELLED', 'RECEIPT.INTRO_CANCELLED');
    await expect(panel.queryByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') })).toBeNull();
  },
};
export const CancelFromReceiptSpanish: Story = { ...CancelFromReceipt, globals: { locale: 'es' } };

/** Sent to the facility meanwhile: the cancel is refused; why is said, and the status is the server's. */
export const CancelRefused: Story = {
  parameters: {
    machineState: 'depositStatus:waiting',
    scene: statusScene(
      'submitted',
      { steps: [...STATUS_SCENE_STEPS, AT_STATUS, OPEN_CANCEL, CONFIRM_CANCEL] },
      { cancel: 'ALREADY_SENT' },
    ),
  },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(await panel.findByRole('alert')).toHaveTextContent(t('DEPOSIT_STATUS.CANCEL_ALREADY_SENT'));
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'submitted');
    await expect(panel.queryByRole('button', { name: t('DEPOSIT_STATUS.CANCEL') })).toBeNull();
  },
};
export const CancelRefusedSpanish: Story = { ...CancelRefused, globals: { locale: 'es' } };
