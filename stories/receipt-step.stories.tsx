// deposit.receipt (§2, 100%, no back): what was paid, to whom, with what; and "make another".
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import type { DepositStatus } from '../contract/deposit-status.ts';
import type { FormFields, ReceiptInfo } from '../contract/entities.ts';
import { expect, waitFor, within } from 'storybook/test';
import { money, t } from './support/checks.ts';
import { driveStory, reach, stopDriven, to, type DrivenParameters } from './support/drive.ts';
import { receiptScreen, renderScreen } from './support/render.tsx';
import { afterDeposit, billingFields, recipientFields } from './support/sandbox.ts';

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

// ---------------------------------------------------------------- where the deposit is (docs/decisions/0048)

/** A signed-in payer's receipt with the text-receipt modal skipped: the status panel in view. */
const STATUS_SCENE_STEPS = [AT_RECEIPT, reach('receiptFlow:offeringSms'), to.receiptFlow({ type: 'sms.skip' })];
const SIGNED_IN_PAID: FormFields = { ...PAID, logged_in: true };

function statusScene(depositStatus: DepositStatus, extra: Partial<DrivenParameters['scene']> = {}) {
  return {
    server: { fields: SIGNED_IN_PAID, depositStatus },
    route: 'receipt' as const,
    steps: STATUS_SCENE_STEPS,
    ...extra,
  };
}

/** The status line the panel shows, in the story's language. */
function statusPanel(canvas: HTMLElement) {
  return within(within(canvas).getByRole('region', { name: t('DEPOSIT_STATUS.HEADING') }));
}

/** Charged and sent to the facility: the panel says when it should be posted and asks again by itself. */
export const StatusSubmitted: Story = {
  parameters: { machineState: 'depositStatus:waiting', scene: statusScene('submitted') },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'submitted');
    await expect(panel.getByText(t('DEPOSIT_STATUS.SUBMITTED'))).toBeInTheDocument();
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECK') })).toBeEnabled();
  },
};
export const StatusSubmittedSpanish: Story = { ...StatusSubmitted, globals: { locale: 'es' } };

/** Posted to the person's account: final, nothing more to ask. */
export const StatusPosted: Story = {
  parameters: { machineState: 'depositStatus:settled', scene: statusScene('posted') },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'posted');
    await expect(panel.getByText(t('DEPOSIT_STATUS.POSTED'))).toBeInTheDocument();
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusPostedSpanish: Story = { ...StatusPosted, globals: { locale: 'es' } };

/** Refused by the facility (the person was released): the refund is on its way. */
export const StatusRefused: Story = {
  parameters: { machineState: 'depositStatus:waiting', scene: statusScene('refused') },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'refused');
    await expect(panel.getByText(new RegExp(t('DEPOSIT_STATUS.REASON_RELEASED')))).toBeInTheDocument();
  },
};
export const StatusRefusedSpanish: Story = { ...StatusRefused, globals: { locale: 'es' } };

/** Refused, then refunded to the card: final. */
export const StatusRefunded: Story = {
  parameters: { machineState: 'depositStatus:settled', scene: statusScene('refunded') },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByTestId('deposit-status')).toHaveAttribute('data-status', 'refunded');
    await expect(panel.getByText(t('DEPOSIT_STATUS.REFUNDED'))).toBeInTheDocument();
    await expect(panel.queryByRole('button')).toBeNull();
  },
};
export const StatusRefundedSpanish: Story = { ...StatusRefunded, globals: { locale: 'es' } };

/** The first question is under way. */
export const StatusChecking: Story = {
  parameters: {
    machineState: 'depositStatus:loading',
    scene: statusScene('submitted', { variants: [{ call: 'loadDepositStatus', answer: 'never' }] }),
  },
  play: async ({ canvasElement }) => {
    const panel = statusPanel(canvasElement);
    await expect(panel.getByRole('button', { name: t('DEPOSIT_STATUS.CHECKING') })).toBeDisabled();
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
