// /account/professional_verification (§2; §5 Professional form; §6 sso token; §8 pending-request-exists):
// each state of the professional machine with its screen.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { EMPTY_FORM } from '../contract/entities.ts';
import type { ProfessionalFacility, SaveProfessionalResponse, SsoTokenResponse } from '../contract/professional.ts';
import {
  HARRIS,
  NETWORK_FAILURE,
  PROFESSIONAL_FACILITIES,
  PROFESSIONAL_FIELDS,
  SSO_TOKEN,
  TOKEN_REFUSED_FAILURE,
  TRAVIS,
  pageInput,
  professionalAnswer,
} from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { professionalMachine } from '../machines/professional.machine.ts';
import { provideMachine } from '../machines/provide-actors.ts';
import { ProfessionalPage } from '../src/screens/pages/professional-page.tsx';
import { optionValues, t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Professional verification',
  render: renderPage(ProfessionalPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };
type Canvas = ReturnType<typeof within>;
type Answer<O> = O | 'never' | { fail: CallFailure };

const input = pageInput('professional_verification', { signedIn: true });
/** §6: the form state already holds a token, so none is asked for. */
const withToken = pageInput('professional_verification', {
  signedIn: true,
  fields: { ...EMPTY_FORM, sso_token: SSO_TOKEN.sso_token },
});

function professional(
  calls: {
    facilities?: Answer<ProfessionalFacility[]>;
    token?: Answer<SsoTokenResponse>;
    save?: Answer<SaveProfessionalResponse>;
  } = {},
) {
  return provideMachine(professionalMachine, {
    loadProfessionalFacilities: call(calls.facilities ?? PROFESSIONAL_FACILITIES),
    loadSsoToken: call(calls.token ?? SSO_TOKEN),
    saveProfessionalRequest: call(calls.save ?? professionalAnswer('PENDING')),
  });
}

/** The form's values, valid, as its submit sends them. */
const SUBMIT = { type: 'professional.submit', values: PROFESSIONAL_FIELDS } as const;

/** A field by its label, which may carry its error (§5 "label - message"). */
const field = (canvas: Canvas, key: string) => canvas.getByLabelText(new RegExp(`^${t(key).replace(/[()]/g, '\\$&')}`));

export const Loading: Story = {
  parameters: {
    machineState: 'professional:loading.facilities.fetching',
    page: { machine: professional({ facilities: 'never', token: 'never' }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** §6: the facilities are in; the token is still being fetched. */
export const LoadingToken: Story = {
  parameters: {
    machineState: 'professional:loading.token.fetching',
    page: { machine: professional({ token: 'never' }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

export const LoadFailed: Story = {
  parameters: {
    machineState: 'professional:failed',
    page: { machine: professional({ token: { fail: NETWORK_FAILURE } }), input },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

export const Form: Story = {
  parameters: { machineState: 'professional:editing', page: { machine: professional(), input } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.PROFESSIONAL'));
    const facility = field(canvas, 'PROFESSIONAL.FACILITY');
    await expect(optionValues(facility)).toHaveLength(PROFESSIONAL_FACILITIES.length);
    await expect(facility).toHaveTextContent(
      t('PROFESSIONAL.FACILITY_OPTION', { facility: HARRIS.label, state: 'TX' }),
    );
    await expect(field(canvas, 'PROFESSIONAL.ISSUE_DATE')).toHaveAttribute('type', 'date');
    await expect(field(canvas, 'PROFESSIONAL.BUSINESS_PHONE')).toHaveAccessibleDescription(
      t('PROFESSIONAL.BUSINESS_PHONE_HINT'),
    );
    await expect(canvas.getByRole('button', { name: t('PROFESSIONAL.SUBMIT') })).toBeEnabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const FormSpanish: Story = { ...Form, globals: { locale: 'es' } };

/** §8: the chosen facility already has the payer's request waiting for review. */
export const PendingFacility: Story = {
  parameters: {
    machineState: 'professional:editing',
    page: { machine: professional(), input: withToken },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(field(canvas, 'PROFESSIONAL.FACILITY'), String(TRAVIS.id));
    const notice = await canvas.findByText(t('PROFESSIONAL.PENDING_NOTICE', { facility: TRAVIS.label }));
    await expect(notice.closest('[role="status"]')).not.toBeNull();
  },
};

/** §5: a submit with nothing entered lists the required fields, each on its label too. */
export const Invalid: Story = {
  parameters: { machineState: 'professional:editing', page: { machine: professional(), input } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: t('PROFESSIONAL.SUBMIT') }));
    const summary = await canvas.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    await expect(summary).toHaveTextContent(t('PROFESSIONAL.ERROR_TITLE'));
    const links = within(summary).getAllByRole('link');
    await expect(links.map((a) => a.textContent)).toEqual(
      ['FACILITY', 'BAR_NUMBER', 'ISSUE_DATE', 'BUSINESS_PHONE'].map(
        (k) => `${t(`PROFESSIONAL.${k}`)} - ${t('VALIDATION.REQUIRED')}`,
      ),
    );
    await expect(field(canvas, 'PROFESSIONAL.BAR_NUMBER')).toHaveAttribute('aria-invalid', 'true');
  },
};

/** §5: an issue date after today (or over 100 years ago) is a PATTERN error; the rest is kept. */
export const BadIssueDate: Story = {
  parameters: {
    machineState: 'professional:editing',
    page: { machine: professional(), input },
  },
  play: async ({ canvas, userEvent }) => {
    const f = PROFESSIONAL_FIELDS;
    await userEvent.selectOptions(field(canvas, 'PROFESSIONAL.FACILITY'), f.facilityId);
    await userEvent.type(field(canvas, 'PROFESSIONAL.BAR_NUMBER'), f.barNumber);
    await userEvent.selectOptions(field(canvas, 'PROFESSIONAL.ISSUE_STATE'), f.issueState);
    await userEvent.type(field(canvas, 'PROFESSIONAL.ISSUE_DATE'), '2999-01-01');
    await userEvent.type(field(canvas, 'PROFESSIONAL.BUSINESS_PHONE'), f.businessPhone);
    await userEvent.click(canvas.getByRole('button', { name: t('PROFESSIONAL.SUBMIT') }));
    const message = `${t('PROFESSIONAL.ISSUE_DATE')} - ${t('PROFESSIONAL.PATTERN')}`;
    await expect(within(await canvas.findByRole('alert')).getByRole('link')).toHaveTextContent(message);
    const date = field(canvas, 'PROFESSIONAL.ISSUE_DATE') as HTMLInputElement;
    await expect(date.labels?.[0]).toHaveTextContent(message);
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(field(canvas, 'PROFESSIONAL.BAR_NUMBER')).toHaveValue(PROFESSIONAL_FIELDS.barNumber);
  },
};

export const BadIssueDateSpanish: Story = { ...BadIssueDate, globals: { locale: 'es' } };

export const Submitting: Story = {
  parameters: {
    machineState: 'professional:submitting',
    page: { machine: professional({ save: 'never' }), input, events: [SUBMIT] },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(field(canvas, 'PROFESSIONAL.BAR_NUMBER')).toHaveValue(PROFESSIONAL_FIELDS.barNumber);
  },
};

/** §6: the server refused the token from the form state; a new one is being fetched. */
export const RenewingToken: Story = {
  parameters: {
    machineState: 'professional:renewingToken',
    page: {
      machine: professional({ token: 'never', save: { fail: TOKEN_REFUSED_FAILURE } }),
      input: withToken,
      events: [SUBMIT],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: t('WIZARD.PLEASE_WAIT') })).toBeDisabled();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

/** A request that could not be sent: the message shows and nothing entered is lost. */
export const SendFailed: Story = {
  parameters: {
    machineState: 'professional:editing',
    page: { machine: professional({ save: { fail: NETWORK_FAILURE } }), input, events: [SUBMIT] },
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(field(canvas, 'PROFESSIONAL.BUSINESS_PHONE')).toHaveValue(PROFESSIONAL_FIELDS.businessPhone);
    await expect(canvas.getByRole('button', { name: t('PROFESSIONAL.SUBMIT') })).toBeEnabled();
  },
};

export const SendFailedSpanish: Story = { ...SendFailed, globals: { locale: 'es' } };
