// deposit.recipient (§2): the name search in each of its states.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { EMPTY_FORM, type FormFields } from '../contract/entities.ts';
import { FRAUD_INMATE } from '../fixtures/samples.ts';
import type { ActorLogics } from '../machines/provide-actors.ts';
import type { RecipientSearchRef, WizardRef } from '../src/machine-refs.ts';
import { child, childReaches, fail, never, startWizard } from './support/drive.tsx';
import { renderWizard } from './support/render.tsx';

const meta = { title: 'Screens/Recipient step', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

const FIELDS: FormFields = { ...EMPTY_FORM, facility_id: 1001, facility_state: 'TX', deposit_type: 'flex' };

/** Opens the recipient step, types `query`, and waits for the search to reach `state`. */
async function searched(query: string | null, state: string, actors: Partial<ActorLogics> = {}) {
  const wizard = await startWizard({
    fields: FIELDS,
    route: 'recipient',
    actors,
    until: (w) => w.getSnapshot().matches({ step: { recipient: 'editing' } }),
  });
  if (query !== null) child<RecipientSearchRef>(wizard, 'recipientSearch').send({ type: 'search.query', query });
  await childReaches(wizard, 'recipientSearch', (s) => (s as { matches: (v: string) => boolean }).matches(state));
  return { wizard };
}

export const Idle: Story = {
  parameters: { machineStates: ['recipientSearch:idle', 'wizard:step.recipient.editing'] },
  loaders: [() => searched(null, 'idle')],
};

export const KeepTyping: Story = {
  parameters: { machineStates: ['recipientSearch:invalid'] },
  loaders: [() => searched('jo', 'invalid')],
};

export const Waiting: Story = {
  parameters: { machineStates: ['recipientSearch:waiting'] },
  loaders: [() => searched('smith', 'waiting')],
};

export const Searching: Story = {
  parameters: { machineStates: ['recipientSearch:searching'] },
  loaders: [() => searched('smith', 'searching', { searchInmates: never() })],
};

export const Results: Story = {
  parameters: { machineStates: ['recipientSearch:results'] },
  loaders: [() => searched('smith', 'results')],
};

export const ResultsSpanish: Story = {
  globals: { locale: 'es' },
  loaders: [() => searched('smith', 'results')],
};

/** Eight Williams at facility 1001: two pages of six. */
export const ResultsWithPages: Story = {
  loaders: [() => searched('williams', 'results')],
};

export const NotFound: Story = {
  parameters: { machineStates: ['recipientSearch:empty'] },
  loaders: [() => searched('zzzz', 'empty')],
};

export const SearchFailed: Story = {
  parameters: { machineStates: ['recipientSearch:failed'] },
  loaders: [() => searched('smith', 'failed', { searchInmates: fail() })],
};

/** §8 FRAUD_CONTROL_MESSAGE: a fraud-flagged inmate cannot be chosen. */
export const FraudFlaggedChosen: Story = {
  loaders: [
    async () => {
      const { wizard } = await searched('delgado', 'results');
      (wizard as WizardRef).send({ type: 'recipient.select', inmate: FRAUD_INMATE });
      return { wizard };
    },
  ],
};

export const Saving: Story = {
  parameters: { machineStates: ['wizard:step.recipient.saving'] },
  loaders: [
    async () => {
      const { wizard } = await searched('smith', 'results', { saveFormState: never() });
      const first = child<RecipientSearchRef>(wizard, 'recipientSearch').getSnapshot().context.results[0]!;
      wizard.send({ type: 'recipient.select', inmate: first });
      return { wizard };
    },
  ],
};
