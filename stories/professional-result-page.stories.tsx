// /account/professional_verification_resp/:requestStatus/:facilityName (§2; §4; §8 SUCCESS, EXISTED with
// email and facility, FAILED with the support number): the professionalResult machine's state with each
// result.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EMPTY_FORM } from '../contract/entities.ts';
import { HARRIS, SITE, pageInput } from '../fixtures/samples.ts';
import { professionalResultMachine } from '../machines/professional-result.machine.ts';
import { ProfessionalResultPage } from '../src/screens/pages/professional-result-page.tsx';
import { t } from './support/checks.ts';
import { drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Professional verification result',
  render: renderPage(ProfessionalResultPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const EMAIL = 'ben@example.com';

function page(requestStatus: string) {
  return {
    machine: professionalResultMachine,
    input: pageInput('professional_verification_resp', {
      signedIn: true,
      params: { requestStatus, facilityName: HARRIS.label },
      fields: { ...EMPTY_FORM, email: EMAIL },
    }),
  };
}

const facility = HARRIS.label;

/** PENDING maps to SUCCESS (§4): the request waits for review. */
export const Success: Story = {
  parameters: { machineState: 'professionalResult:shown', page: page('SUCCESS') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.PROFESSIONAL_RESULT'));
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(t('PROFESSIONAL.RESULT_SUCCESS_TITLE'));
    await expect(canvas.getByText(t('PROFESSIONAL.RESULT_SUCCESS', { facility, email: EMAIL }))).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: t('PROFESSIONAL.ANOTHER') })).toHaveAttribute(
      'href',
      '#/account/professional_verification',
    );
  },
};

export const SuccessSpanish: Story = { ...Success, globals: { locale: 'es' } };

/** §8 pending-request-exists: the message names the email and the facility. */
export const Existed: Story = {
  parameters: { machineState: 'professionalResult:shown', page: page('EXISTED') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(t('PROFESSIONAL.RESULT_EXISTED_TITLE'));
    await expect(canvas.getByText(t('PROFESSIONAL.RESULT_EXISTED', { facility, email: EMAIL }))).toBeInTheDocument();
  },
};

export const ExistedSpanish: Story = { ...Existed, globals: { locale: 'es' } };

/** §8: a refused request names the second support number. */
export const Failed: Story = {
  parameters: { machineState: 'professionalResult:shown', page: page('FAILED') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent(t('PROFESSIONAL.RESULT_FAILED_TITLE'));
    await expect(
      canvas.getByText(t('PROFESSIONAL.RESULT_FAILED', { facility, phone: SITE.support_phone })),
    ).toBeInTheDocument();
  },
};

export const FailedSpanish: Story = { ...Failed, globals: { locale: 'es' } };
