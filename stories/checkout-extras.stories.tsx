// deposit.checkout extras (docs/decisions/0015): the checkout's child machine 'extras', each state
// of its two regions with what the checkout screen shows: the free-voicemail line (§7, §9: one-time
// deposits to phone accounts), the CPA link (§9 cpastates VA) and the auto-pay note (§6).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { CHECKOUT_SERVICE_PATHS, type CpaSettingsRequest } from '../contract/checkout-services.ts';
import { PROGRESS } from '../contract/constants.ts';
import { money, t } from './support/checks.ts';
import {
  HOLD,
  driveStory,
  reach,
  stopDriven,
  to,
  type Driven,
  type DrivenParameters,
  type Step,
} from './support/drive.ts';
import { checkoutScreen, renderScreen } from './support/render.tsx';
import { billingFields, facilityFields, recipientFields, type SandboxSetup } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Checkout extras',
  render: renderScreen(checkoutScreen, PROGRESS.checkout),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** A $50 phone-account (dest) deposit at Harris County Jail, billing in Texas. */
const DEST: SandboxSetup = {
  fields: {
    ...billingFields(facilityFields(1001)),
    deposit_type: 'dest',
    deposit_phone_no: '5125550100',
    deposit_phone_no_label: '(512) 555-0100',
    deposit_amount: 50,
    deposit_amount_id: '50',
  },
};
/** The same payer billed in Virginia (§9 cpastates VA). */
const DEST_VA: SandboxSetup = { fields: { ...DEST.fields, billing_state: 'VA' } } as SandboxSetup;
/** A guest paying John Smith's inmate account (flex): no voicemails offered. */
const FLEX: SandboxSetup = { fields: billingFields(recipientFields('100001')) };
/** A bail deposit: no auto-pay note (§6). */
const BAIL: SandboxSetup = { fields: { ...billingFields(recipientFields('100001')), deposit_type: 'bail' } };

const TO_VA: Step = to.checkout({ type: 'checkout.change', fields: { billing_state: 'VA' } });

const voicemailLine = (canvas: { queryByText: (t: string) => HTMLElement | null }) =>
  canvas.queryByText(t('CHECKOUT_EXTRAS.VOICEMAILS', { amount: money(50), count: 2 }));
const noCpaLink = async (canvas: { queryByRole: (r: string, o: object) => HTMLElement | null }) => {
  await expect(canvas.queryByRole('link', { name: /Virginia/ })).toBeNull();
};
/** The billing state the form shows (the CPA question is about it). */
const billingState = (canvas: { getByLabelText: (t: string) => HTMLElement }) =>
  (canvas.getByLabelText(t('CHECKOUT.STATE')) as HTMLSelectElement).value;
/** The questions the app sent to /pay/get_cpa_settings: the state asked about and the answer's status. */
const cpaQuestions = (loaded: Record<string, unknown>) =>
  (loaded['driven'] as Driven).requests
    .filter((r) => r.path === CHECKOUT_SERVICE_PATHS.cpaSettings)
    .map((r) => ({ state: r.body ? (JSON.parse(r.body) as CpaSettingsRequest).state : '', status: r.status }));

/** The offers are on their way: nothing is said yet. */
export const VoicemailLoading: Story = {
  parameters: {
    machineState: 'checkoutExtras:voicemail.loading',
    scene: { server: DEST, route: 'checkout', variants: [{ call: 'loadVoicemailOffers', answer: 'never' }] },
  },
  play: async ({ canvas }) => {
    await expect(voicemailLine(canvas)).toBeNull();
    await expect(canvas.getByRole('heading', { name: t('CHECKOUT_EXTRAS.AUTO_PAY_TITLE') })).toBeInTheDocument();
  },
};

/** §9: a one-time $50 deposit to a phone account includes 2 free voicemails; the auto-pay note shows. */
export const VoicemailOffered: Story = {
  parameters: {
    machineState: 'checkoutExtras:voicemail.ready',
    scene: { server: DEST, route: 'checkout' },
  },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByText(t('CHECKOUT_EXTRAS.VOICEMAILS', { amount: money(50), count: 2 })),
    ).toBeVisible();
    // A guest: no recurring choice, so nothing about cancelling one.
    await expect(canvas.getByText(t('CHECKOUT_EXTRAS.AUTO_PAY_NOTE_ONCE'))).toBeInTheDocument();
  },
};

/** An inmate-account (flex) deposit: voicemails are for phone accounts only. */
export const VoicemailNotForThisType: Story = {
  parameters: {
    machineState: 'checkoutExtras:voicemail.ready',
    scene: { server: FLEX, route: 'checkout', steps: [to.checkout({ type: 'amount.preset', id: '50' })] },
  },
  play: async ({ canvas }) => {
    await expect(voicemailLine(canvas)).toBeNull();
  },
};

/** The offers could not be loaded: nothing is offered, the checkout goes on. */
export const VoicemailFailed: Story = {
  parameters: {
    machineState: 'checkoutExtras:voicemail.failed',
    scene: { server: DEST, route: 'checkout', variants: [{ call: 'loadVoicemailOffers', answer: 'fail' }] },
  },
  play: async ({ canvas }) => {
    await expect(voicemailLine(canvas)).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('CHECKOUT.HEADING'));
  },
};

/** No billing state yet: no CPA link. A bail deposit: no auto-pay note (§6). */
export const CpaNoState: Story = {
  parameters: {
    machineState: 'checkoutExtras:cpa.idle',
    scene: { server: { fields: { ...BAIL.fields, billing_state: '' } } as SandboxSetup, route: 'checkout' },
  },
  play: async ({ canvas, loaded }) => {
    await noCpaLink(canvas);
    // Nothing to ask about: no state chosen, no question sent.
    await expect(billingState(canvas)).toBe('');
    await expect(cpaQuestions(loaded)).toEqual([]);
    await expect(canvas.queryByTestId('auto-pay-note')).toBeNull();
  },
};

/** The billing state changed to Virginia; the question waits for the payer to settle (held here). */
export const CpaWaiting: Story = {
  parameters: {
    machineState: 'checkoutExtras:cpa.waiting',
    scene: { server: DEST, route: 'checkout', steps: [TO_VA], delays: { formSaveThrottle: HOLD } },
  },
  play: async ({ canvas, loaded }) => {
    await noCpaLink(canvas);
    // A state is chosen (unlike no state at all), and nothing is asked yet: the question waits.
    await expect(billingState(canvas)).not.toBe('');
    await expect(cpaQuestions(loaded)).toEqual([]);
  },
};

/** Asking /pay/get_cpa_settings. */
export const CpaLoading: Story = {
  parameters: {
    machineState: 'checkoutExtras:cpa.loading',
    scene: { server: DEST_VA, route: 'checkout', variants: [{ call: 'getCpaSettings', answer: 'never' }] },
  },
  play: async ({ canvas, loaded }) => {
    await noCpaLink(canvas);
    // Virginia was asked about (the request's body is read as it goes); no answer yet.
    await expect(billingState(canvas)).toBe('VA');
    await waitFor(() => expect(cpaQuestions(loaded)).toEqual([{ state: 'VA', status: null }]));
  },
};

/** §9 cpastates VA: the link, in the payer's language, opening in a new tab. */
export const CpaShown: Story = {
  parameters: {
    machineState: 'checkoutExtras:cpa.shown',
    scene: { server: DEST, route: 'checkout', steps: [TO_VA, reach('checkoutExtras:cpa.shown')] },
  },
  play: async ({ canvas }) => {
    const link = await canvas.findByRole('link', { name: /Virginia/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link.getAttribute('rel')).toContain('noopener');
    await expect(link).toHaveTextContent(t('CHECKOUT_EXTRAS.NEW_TAB'));
  },
};

/** Texas is not a CPA state: no link. */
export const CpaHidden: Story = {
  parameters: { machineState: 'checkoutExtras:cpa.hidden', scene: { server: DEST, route: 'checkout' } },
  play: async ({ canvas, loaded }) => {
    await noCpaLink(canvas);
    // Texas was asked about and the answer came: not a CPA state. The worker tells of the answer it gave
    // after the app has it, so the record may lag the screen by a moment.
    await expect(billingState(canvas)).toBe('TX');
    await waitFor(() => expect(cpaQuestions(loaded)).toEqual([{ state: 'TX', status: 200 }]));
  },
};

/** The CPA settings could not be read: no link; the checkout goes on. */
export const CpaFailed: Story = {
  parameters: {
    machineState: 'checkoutExtras:cpa.failed',
    scene: { server: DEST_VA, route: 'checkout', variants: [{ call: 'getCpaSettings', answer: 'fail' }] },
  },
  play: async ({ canvas, loaded }) => {
    await noCpaLink(canvas);
    // Virginia was asked about and the server failed (the record of the answer may lag the screen).
    await expect(billingState(canvas)).toBe('VA');
    await waitFor(() => expect(cpaQuestions(loaded)).toEqual([{ state: 'VA', status: 500 }]));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('CHECKOUT.HEADING'));
  },
};
