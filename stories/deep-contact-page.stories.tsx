// #/deep_contact/:facilityId/:inmateId (§4 deep contact): the deepContact machine's states: starting the
// deposit, an unknown link (the normal wizard instead), a failed call (try again).
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import type { StateSaveResponse } from '../contract/api.ts';
import type { DeepContactRequest } from '../contract/deep-contact.ts';
import { NETWORK_FAILURE, pageInput } from '../fixtures/samples.ts';
import type { CallFailure } from '../machines/actors.types.ts';
import { deepContactMachine } from '../machines/deep-contact.machine.ts';
import { DeepContactPage } from '../src/screens/pages/deep-contact-page.tsx';
import { t } from './support/checks.ts';
import { call, drivePage, renderPage, stopPage, type PageStoryParameters } from './support/page.tsx';

const meta = {
  title: 'Pages/Deep contact',
  render: renderPage(DeepContactPage),
  loaders: [drivePage],
  beforeEach: stopPage,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: PageStoryParameters };

const NOT_FOUND: CallFailure = { status: 404, code: 'ERROR.DEEP_CONTACT_NOT_FOUND', errors: {} };

function page(answer: 'never' | { fail: CallFailure }) {
  return {
    machine: deepContactMachine.provide({
      actors: { startDeepContact: call<StateSaveResponse, DeepContactRequest>(answer) },
    }),
    input: pageInput('deep_contact', { params: { facilityId: '1001', inmateId: '999999' } }),
  };
}

/** The server is starting the deposit. */
export const Starting: Story = {
  parameters: { machineState: 'deepContact:starting', page: page('never') },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(t('PAGES.DEEP_CONTACT'));
    await expect(canvas.getByRole('status')).toHaveTextContent(t('COMMON.LOADING'));
  },
};

/** The link names a facility or person the site does not know: the normal wizard instead. */
export const NotFound: Story = {
  parameters: { machineState: 'deepContact:notFound', page: page({ fail: NOT_FOUND }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.DEEP_CONTACT_NOT_FOUND'));
    await expect(canvas.getByRole('link', { name: t('DEEP_CONTACT.START_WIZARD') })).toHaveAttribute(
      'href',
      '#/deposit_facility',
    );
  },
};

export const NotFoundSpanish: Story = { ...NotFound, globals: { locale: 'es' } };

/** The call failed: the reason, and a way to try again. */
export const Failed: Story = {
  parameters: { machineState: 'deepContact:failed', page: page({ fail: NETWORK_FAILURE }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.NETWORK'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};
