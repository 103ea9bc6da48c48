// The app's own states (booting, boot failed, ready) and the wizard's loading and failure states.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FORM } from '../contract/entities.ts';
import { App } from '../src/app.tsx';
import { i18n } from '../src/i18n.ts';
import type { AppRef } from '../src/machine-refs.ts';
import { fail, never, startApp, startWizard } from './support/drive.tsx';
import { renderWizard } from './support/render.tsx';

const meta = { title: 'Screens/Status', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const renderApp: Story['render'] = (_args, { loaded }) => <App app={loaded['app'] as AppRef} i18n={i18n} />;

export const Booting: Story = {
  parameters: { machineStates: ['app:booting'] },
  loaders: [
    async () => ({ app: await startApp({ loadFormState: never() }, (a) => a.getSnapshot().matches('booting')) }),
  ],
  render: renderApp,
};

export const BootFailed: Story = {
  parameters: { machineStates: ['app:bootFailed'] },
  loaders: [
    async () => ({ app: await startApp({ loadFormState: fail() }, (a) => a.getSnapshot().matches('bootFailed')) }),
  ],
  render: renderApp,
};

export const Ready: Story = {
  parameters: { machineStates: ['app:ready'] },
  loaders: [async () => ({ app: await startApp({}, (a) => a.getSnapshot().matches('ready')) })],
  render: renderApp,
};

export const LoadingFacility: Story = {
  parameters: { machineStates: ['wizard:step.loadingFacility'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: { ...EMPTY_FORM, facility_id: 1001, facility_state: 'TX' },
        route: 'type',
        actors: { loadFacility: never() },
        until: (w) => w.getSnapshot().matches({ step: 'loadingFacility' }),
      }),
    }),
  ],
};

export const WizardFailed: Story = {
  parameters: { machineStates: ['wizard:step.failed'] },
  loaders: [
    async () => ({
      wizard: await startWizard({
        fields: { ...EMPTY_FORM, facility_id: 1001, facility_state: 'TX' },
        route: 'type',
        actors: { loadFacility: fail() },
        until: (w) => w.getSnapshot().matches({ step: 'failed' }),
      }),
    }),
  ],
};

export const WizardFailedSpanish: Story = { ...WizardFailed, globals: { locale: 'es' } };
