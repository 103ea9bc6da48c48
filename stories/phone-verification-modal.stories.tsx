// The verify-phone modal (§2 other modals; §4 phone verification: unverified, attempted, error, by
// text or call; §5 international numbers; §8 VERIFY_TOO_MANY): each state of the phoneVerification
// machine, shown where the payer meets it, over the phone accounts page. The loader opens the modal on
// the page's real machine, then drives the modal's own machine (its child) to the story's state.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { AnyActorRef, AnyEventObject } from 'xstate';
import type { StoryContext } from '@storybook/react-vite';
import type { DestinationAccount } from '../contract/accounts.ts';
import type { CheckCodeResponse, SendCodeResponse } from '../contract/phone-verification.ts';
import {
  CODE_CONFIRMED,
  CODE_SENT,
  CODE_WRONG,
  DEST_ACCOUNTS,
  DEST_ACCOUNTS_AUNT_PENDING,
  INTERNATIONAL_FAILURE,
  NETWORK_FAILURE,
  NO_CALL_PLACED_ANSWER,
  TOO_MANY_SENDS,
  TOO_MANY_TRIES,
  pageInput,
} from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { destinationAccountsMachine } from '../machines/destination-accounts.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { DestinationAccountsPage } from '../src/screens/pages/destination-accounts-page.tsx';
import { t } from './support/checks.ts';
import { call, driveActor, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

interface VerificationStoryParameters extends PageStoryParameters {
  /** Events sent to the modal's machine once the page has opened it. */
  verification?: readonly AnyEventObject[];
}

/** loaders: the page with the modal open, and the modal's machine in the state the story names. */
async function driveVerification(context: Pick<StoryContext, 'parameters' | 'globals'>) {
  const { machineState, page, verification = [] } = context.parameters as VerificationStoryParameters;
  const [id, path = ''] = machineState.split(':');
  if (id !== 'phoneVerification') throw new Error(`${machineState}: not a state of the phoneVerification machine`);
  const loaded = await drivePage({
    parameters: { machineState: 'destinationAccounts:verifying.open', page },
    globals: context.globals,
  });
  const child = (loaded.page.getSnapshot() as { children: Record<string, AnyActorRef | undefined> }).children[
    'phoneVerification'
  ];
  if (!child) throw new Error('the page did not start the phoneVerification machine');
  try {
    await driveActor(child, verification, path, machineState);
  } catch (e) {
    loaded.stop();
    throw e;
  }
  return loaded;
}

const meta = {
  title: 'Modals/Verify phone',
  render: renderPage(DestinationAccountsPage),
  loaders: [driveVerification],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: VerificationStoryParameters };

type Answer<O> = O | 'never' | { fail: CallFailure };
const input = pageInput('destination_accounts', { signedIn: true });

function page(
  calls: {
    load?: DestinationAccount[];
    sendCode?: Answer<SendCodeResponse>;
    confirmCode?: Answer<CheckCodeResponse>;
  } = {},
) {
  return provideMachine(destinationAccountsMachine, {
    loadDestinationAccounts: call(calls.load ?? DEST_ACCOUNTS),
    sendVerificationCode: call(calls.sendCode ?? CODE_SENT),
    confirmPhoneCode: call(calls.confirmCode ?? CODE_CONFIRMED),
  });
}

// Cousin's pending account (303).
const COUSIN = () => t('DEST_ACCOUNTS.NAMED', { label: 'Cousin', phone: '(512) 555-0103' });
const AUNT = () => t('DEST_ACCOUNTS.NAMED', { label: 'Aunt (Toronto)', phone: '(416) 555-0106' });
const OPEN_COUSIN = [{ type: 'verify.open', id: 303 }];
const BY_TEXT = [{ type: 'phone.send', channel: 'sms' }];
const BY_CALL = [{ type: 'phone.send', channel: 'call' }];
const TYPE_CODE = (code: string) => [...BY_TEXT, { type: 'phone.code.submit', values: { code } }];

const dialogOf = (canvas: ReturnType<typeof within>, account = COUSIN()) =>
  within(canvas.getByRole('dialog', { name: t('PHONE_VERIFY.TITLE', { account }) }));
const codeField = (dialog: ReturnType<typeof within>) =>
  dialog.getByRole('textbox', { name: new RegExp(`^${t('PHONE_VERIFY.CODE')}`) });

export const Unverified: Story = {
  parameters: {
    machineState: 'phoneVerification:unverified',
    page: { machine: page(), input, events: OPEN_COUSIN },
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('heading', { name: t('PHONE_VERIFY.TITLE', { account: COUSIN() }) })).toHaveFocus();
    await expect(dialog.getByText(t('PHONE_VERIFY.INTRO'))).toBeInTheDocument();
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.SEND_CALL') })).toBeEnabled();
    // By text: the code field takes focus once the code is on its way.
    await userEvent.click(dialog.getByRole('button', { name: t('PHONE_VERIFY.SEND_TEXT') }));
    await expect(await dialog.findByRole('textbox')).toHaveFocus();
  },
};

export const UnverifiedSpanish: Story = { ...Unverified, globals: { locale: 'es' } };

export const SendingText: Story = {
  parameters: {
    machineState: 'phoneVerification:sending',
    page: { machine: page({ sendCode: 'never' }), input, events: OPEN_COUSIN },
    verification: BY_TEXT,
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('status')).toHaveTextContent(t('PHONE_VERIFY.SENDING_TEXT', { account: COUSIN() }));
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.SEND_TEXT') })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.SEND_CALL') })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: t('COMMON.CLOSE') })).toBeEnabled();
  },
};

export const Calling: Story = {
  parameters: {
    machineState: 'phoneVerification:sending',
    page: { machine: page({ sendCode: 'never' }), input, events: OPEN_COUSIN },
    verification: BY_CALL,
  },
  play: async ({ canvas }) => {
    await expect(dialogOf(canvas).getByRole('status')).toHaveTextContent(
      t('PHONE_VERIFY.SENDING_CALL', { account: COUSIN() }),
    );
  },
};

/** §4: the text went out; the code is typed here. */
export const Attempted: Story = {
  parameters: {
    machineState: 'phoneVerification:attempted',
    page: { machine: page(), input, events: OPEN_COUSIN },
    verification: BY_TEXT,
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('status')).toHaveTextContent(
      t('PHONE_VERIFY.SENT_TEXT', { account: COUSIN(), minutes: 10 }),
    );
    const field = codeField(dialog);
    await expect(field).toHaveAttribute('inputmode', 'numeric');
    await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(field).toHaveAccessibleDescription(t('PHONE_VERIFY.CODE_HINT'));
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.SUBMIT') })).toBeEnabled();
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.RESEND') })).toBeEnabled();
    await expect(dialog.queryByRole('alert')).toBeNull();
  },
};

export const AttemptedSpanish: Story = { ...Attempted, globals: { locale: 'es' } };

export const AttemptedByCall: Story = {
  parameters: {
    machineState: 'phoneVerification:attempted',
    page: { machine: page(), input, events: OPEN_COUSIN },
    verification: BY_CALL,
  },
  play: async ({ canvas }) => {
    await expect(dialogOf(canvas).getByRole('status')).toHaveTextContent(
      t('PHONE_VERIFY.SENT_CALL', { account: COUSIN(), minutes: 10 }),
    );
  },
};

/** A wrong code: the message says so, on the field too; what was typed stays. */
export const WrongCode: Story = {
  parameters: {
    machineState: 'phoneVerification:attempted',
    page: { machine: page({ confirmCode: CODE_WRONG }), input, events: OPEN_COUSIN },
    verification: TYPE_CODE('123456'),
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('ERROR.VERIFY_CODE_WRONG'));
    const field = codeField(dialog);
    await expect(field).toHaveValue('123456');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // §5: the label says it too, as "label - message".
    await expect((field as HTMLInputElement).labels?.[0]).toHaveTextContent(
      `${t('PHONE_VERIFY.CODE')} - ${t('ERROR.VERIFY_CODE_WRONG')}`,
    );
  },
};

export const WrongCodeSpanish: Story = { ...WrongCode, globals: { locale: 'es' } };

/** §5 field rules: a code that is not six digits is not sent (the form's schema says what is wrong). */
export const CodeNotNumeric: Story = {
  parameters: {
    machineState: 'phoneVerification:attempted',
    page: { machine: page(), input, events: OPEN_COUSIN },
    verification: BY_TEXT,
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await userEvent.type(codeField(dialog), '12a');
    await userEvent.click(dialog.getByRole('button', { name: t('PHONE_VERIFY.SUBMIT') }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(t('VALIDATION.MUST_BE_NUMERIC'));
    const field = codeField(dialog);
    await expect(field).toHaveValue('12a');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    // Nothing was sent: the modal still asks for the code.
    await expect(dialog.getByRole('button', { name: t('PHONE_VERIFY.SUBMIT') })).not.toHaveAttribute('aria-busy');
  },
};

/** A failed check keeps the code, to send it again. */
export const CheckFailed: Story = {
  parameters: {
    machineState: 'phoneVerification:attempted',
    page: { machine: page({ confirmCode: { fail: NETWORK_FAILURE } }), input, events: OPEN_COUSIN },
    verification: TYPE_CODE('654321'),
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(codeField(dialog)).toHaveValue('654321');
  },
};

export const Checking: Story = {
  parameters: {
    machineState: 'phoneVerification:checking',
    page: { machine: page({ confirmCode: 'never' }), input, events: OPEN_COUSIN },
    verification: TYPE_CODE('123456'),
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    const submit = dialog.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') });
    await expect(submit).toHaveAttribute('aria-disabled', 'true');
    await expect(submit).toHaveAttribute('aria-busy', 'true');
    await expect(codeField(dialog)).toHaveAttribute('readonly');
    await expect(codeField(dialog)).toHaveValue('123456');
  },
};

/** §4/§8: a send refused for too many codes goes to error with VERIFY_TOO_MANY. */
export const TooManyCodes: Story = {
  parameters: {
    machineState: 'phoneVerification:error',
    page: { machine: page({ sendCode: TOO_MANY_SENDS }), input, events: OPEN_COUSIN },
    verification: BY_TEXT,
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('ERROR.VERIFY_TOO_MANY'));
    await expect(dialog.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const TooManyCodesSpanish: Story = { ...TooManyCodes, globals: { locale: 'es' } };

/** §8: too many wrong codes. */
export const TooManyTries: Story = {
  parameters: {
    machineState: 'phoneVerification:error',
    page: { machine: page({ confirmCode: TOO_MANY_TRIES }), input, events: OPEN_COUSIN },
    verification: TYPE_CODE('123456'),
  },
  play: async ({ canvas }) => {
    await expect(dialogOf(canvas).getByRole('alert')).toHaveTextContent(t('ERROR.VERIFY_TOO_MANY'));
  },
};

/** §4: a call also needs a validate_code other than -1. */
export const CallNotPlaced: Story = {
  parameters: {
    machineState: 'phoneVerification:error',
    page: { machine: page({ sendCode: NO_CALL_PLACED_ANSWER }), input, events: OPEN_COUSIN },
    verification: BY_CALL,
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas);
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('PHONE_VERIFY.CALL_FAILED'));
    // Try again goes back to the choice of text or call.
    await userEvent.click(dialog.getByRole('button', { name: t('COMMON.TRY_AGAIN') }));
    await expect(await dialog.findByRole('button', { name: t('PHONE_VERIFY.SEND_TEXT') })).toBeEnabled();
  },
};

export const SendFailed: Story = {
  parameters: {
    machineState: 'phoneVerification:error',
    page: { machine: page({ sendCode: { fail: NETWORK_FAILURE } }), input, events: OPEN_COUSIN },
    verification: BY_TEXT,
  },
  play: async ({ canvas }) => {
    await expect(dialogOf(canvas).getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
  },
};

/** §5: an international number cannot be verified. */
export const International: Story = {
  parameters: {
    machineState: 'phoneVerification:international',
    page: {
      machine: page({ load: DEST_ACCOUNTS_AUNT_PENDING, sendCode: { fail: INTERNATIONAL_FAILURE } }),
      input,
      events: [{ type: 'verify.open', id: 306 }],
    },
  },
  play: async ({ canvas }) => {
    const dialog = dialogOf(canvas, AUNT());
    await expect(dialog.getByRole('alert')).toHaveTextContent(t('ERROR.INTERNATIONAL_NUMBERS_CANNOT_VERIFIED'));
    await expect(dialog.queryByRole('button', { name: t('PHONE_VERIFY.SEND_TEXT') })).toBeNull();
    await expect(dialog.getByRole('button', { name: t('COMMON.CLOSE') })).toBeEnabled();
  },
};

export const InternationalSpanish: Story = { ...International, globals: { locale: 'es' } };
