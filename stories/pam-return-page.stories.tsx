// /pam_return (§2 pam variant; contract/pam.ts): the page the payment endpoint returns the payer to,
// in each state of the pamReturn machine.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EMPTY_FORM } from '../contract/entities.ts';
import { PAM_RESULT_PARAM } from '../contract/pam.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { NETWORK_FAILURE, PAM_RESULT, PAM_RESULT_REFUSED, SITE, pageInput, pamCompleted } from '../fixtures/samples.ts';
import { pamReturnMachine } from '../machines/pam-return.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { PamReturnPage } from '../src/screens/pages/pam-return-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Pam return',
  render: renderPage(PamReturnPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const input = (result: string | null = PAM_RESULT) =>
  pageInput('pam_return', { signedIn: true, query: result === null ? {} : { [PAM_RESULT_PARAM]: result } });

function page(answer: ReturnType<typeof pamCompleted> | 'never' | { fail: CallFailure }) {
  return provideMachine(pamReturnMachine, { completePamDeposit: call(answer) });
}

/** The payer is back from the endpoint; the deposit is being recorded. */
export const Completing: Story = {
  parameters: { machineState: 'pamReturn:completing', page: { machine: page('never'), input: input() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.PAM_RETURN'));
    await expect(canvas.getByRole('status')).toHaveTextContent(t('PAM_RETURN.COMPLETING'));
  },
};

export const CompletingSpanish: Story = { ...Completing, globals: { locale: 'es' } };

/** Recorded: the app opens the receipt step. */
export const Completed: Story = {
  parameters: {
    machineState: 'pamReturn:leaving',
    page: { machine: page(pamCompleted(EMPTY_FORM)), input: input() },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('PAM_RETURN.COMPLETING'));
  },
};

/** A result the server refuses: why, the customer service number, and the way back to checkout only. */
export const Refused: Story = {
  parameters: {
    machineState: 'pamReturn:failed',
    page: { machine: page({ fail: PAM_RESULT_REFUSED }), input: input() },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.PAM_INVALID_RESULT'));
    await expect(canvas.getByText(t('PAM_RETURN.CALL', { phone: SITE.customer_service_phone }))).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeNull();
    await expect(canvas.getByRole('button', { name: t('PAM_RETURN.BACK_TO_CHECKOUT') })).toBeEnabled();
  },
};

export const RefusedSpanish: Story = { ...Refused, globals: { locale: 'es' } };

/** The call failed on the way: the same result can be tried again. */
export const NetworkFailure: Story = {
  parameters: {
    machineState: 'pamReturn:failed',
    page: { machine: page({ fail: NETWORK_FAILURE }), input: input() },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** An address without a result: nothing is called. */
export const MissingResult: Story = {
  parameters: { machineState: 'pamReturn:failed', page: { machine: page('never'), input: input(null) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.PAM_INVALID_RESULT'));
  },
};
