// deposit.recipient (§2, 60%): the name search in each of its states, and choosing a recipient.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { PROGRESS } from '../contract/constants.ts';
import { expect, waitFor } from 'storybook/test';
import { t } from './support/checks.ts';
import type { RecipientSearchEvent } from '../machines/wizard.types.ts';
import { HOLD, driveStory, reach, stopDriven, to, type DrivenParameters, type Scene } from './support/drive.ts';
import { recipientScreen, renderScreen } from './support/render.tsx';
import { facilityFields, inmateById } from './support/sandbox.ts';

const meta = {
  title: 'Screens/Recipient step',
  render: renderScreen(recipientScreen, PROGRESS.recipient),
  loaders: [driveStory],
  beforeEach: stopDriven,
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta> & { parameters: DrivenParameters };

/** A flex deposit at Harris County Jail (1001), the standard facility of fixtures/README.md. */
const AT_HARRIS: Scene = {
  server: { fields: { ...facilityFields(1001), deposit_type: 'flex' } },
  route: 'recipient',
};

/** A valid search, as the step's form sends it. */
const search = (query: string, lastName = ''): RecipientSearchEvent => ({
  type: 'search.submit',
  values: { query, lastName },
});

/** The recipient step with `query` typed into the search. */
function typed(query: string, more: Omit<Scene, 'server' | 'route'> = {}): Scene {
  return { ...AT_HARRIS, ...more, steps: [to.recipientSearch(search(query)), ...(more.steps ?? [])] };
}

export const Idle: Story = {
  parameters: { machineState: 'recipientSearch:idle', scene: AT_HARRIS },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('RECIPIENT.NAME'))).toHaveValue('');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

/**
 * §5: fewer than three letters at a standard facility, then the field left: the form asks to keep
 * typing, and nothing is searched (the machine stays idle).
 */
export const KeepTyping: Story = {
  parameters: { machineState: 'recipientSearch:idle', scene: AT_HARRIS },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(t('RECIPIENT.NAME')), 'jo');
    await userEvent.tab();
    const field = await canvas.findByLabelText(`${t('RECIPIENT.NAME')} - ${t('VALIDATION.KEEP_TYPING')}`);
    await expect(field).toHaveValue('jo');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};

export const KeepTypingSpanish: Story = { ...KeepTyping, globals: { locale: 'es' } };

/** Enter on a search to correct: the summary lists the field and takes the focus. */
export const SearchToCorrect: Story = {
  parameters: { machineState: 'recipientSearch:idle', scene: AT_HARRIS },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(t('RECIPIENT.NAME')), 'j{Enter}');
    const summaryBox = await canvas.findByRole('alert');
    await waitFor(() => expect(summaryBox).toHaveFocus());
    await expect(
      canvas.getByRole('link', { name: `${t('RECIPIENT.NAME')} - ${t('VALIDATION.KEEP_TYPING')}` }),
    ).toBeInTheDocument();
  },
};

/** The 250 ms throttle of §4 before the search goes out (held here). */
export const Waiting: Story = {
  parameters: { machineState: 'recipientSearch:waiting', scene: typed('smith', { delays: { searchThrottle: HOLD } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECIPIENT.SEARCHING'))).toBeInTheDocument();
  },
};

export const Searching: Story = {
  parameters: {
    machineState: 'recipientSearch:searching',
    scene: typed('smith', { variants: [{ call: 'searchInmates', answer: 'never' }] }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECIPIENT.SEARCHING'))).toBeInTheDocument();
  },
};

/** 'smith' at 1001: John Smith, Johnny Smithers, Ana Smith (one page). */
export const Results: Story = {
  parameters: { machineState: 'recipientSearch:results', scene: typed('smith') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECIPIENT.RESULTS_COUNT', { count: 3 }))).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      canvas.getByRole('button', { name: t('RECIPIENT.SELECT_NAMED', { name: 'John Smith' }) }),
    ).toBeEnabled();
  },
};

export const ResultsSpanish: Story = { ...Results, globals: { locale: 'es' } };

/** Eight Williams at 1001: two pages of six (§9). */
export const ResultsWithPages: Story = {
  parameters: { machineState: 'recipientSearch:results', scene: typed('williams') },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECIPIENT.RESULTS_COUNT', { count: 8 }))).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
    await expect(canvas.getByText(t('COMMON.PAGE_OF', { page: 1, pages: 2 }))).toBeInTheDocument();
  },
};

export const ResultsSecondPage: Story = {
  parameters: {
    machineState: 'recipientSearch:results',
    scene: typed('williams', {
      steps: [reach('recipientSearch:results'), to.recipientSearch({ type: 'search.page', page: 2 })],
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    await expect(canvas.getByText(t('COMMON.PAGE_OF', { page: 2, pages: 2 }))).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: t('COMMON.NEXT') })).toBeDisabled();
  },
};

/**
 * More matches than the server counts (docs/decisions/0023): "more than" the cap, a nudge to type
 * more, and the cap's pages only. A cap of 6 here, so that the eight Williams exceed it.
 */
export const ResultsMoreThanCap: Story = {
  parameters: {
    machineState: 'recipientSearch:results',
    scene: { ...typed('williams'), server: { ...AT_HARRIS.server, searchCap: 6 } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(t('RECIPIENT.RESULTS_MORE_THAN', { count: 6 }))).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(6);
    // One page of six: no pager.
    await expect(canvas.queryByRole('navigation', { name: t('RECIPIENT.PAGES') })).toBeNull();
  },
};

export const ResultsMoreThanCapSpanish: Story = { ...ResultsMoreThanCap, globals: { locale: 'es' } };

/** §8 DEPOSIT.SEARCH_NOT_FOUND: the server finds no one of that name. */
export const NotFound: Story = {
  parameters: {
    machineState: 'recipientSearch:empty',
    scene: typed('smith', { variants: [{ call: 'searchInmates', answer: 'empty' }] }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('DEPOSIT.SEARCH_NOT_FOUND'));
  },
};

export const NotFoundSpanish: Story = { ...NotFound, globals: { locale: 'es' } };

export const SearchFailed: Story = {
  parameters: {
    machineState: 'recipientSearch:failed',
    scene: typed('smith', { variants: [{ call: 'searchInmates', answer: 'fail' }] }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.UNEXPECTED'));
    await expect(canvas.getByRole('button', { name: t('COMMON.TRY_AGAIN') })).toBeEnabled();
  },
};

/** §8 FRAUD_CONTROL_MESSAGE: Victor Delgado (100004) is fraud-flagged and cannot be chosen. */
export const FraudFlaggedChosen: Story = {
  parameters: {
    machineState: 'wizard:step.recipient.editing',
    scene: typed('delgado', {
      steps: [reach('recipientSearch:results'), to.wizard({ type: 'recipient.select', inmate: inmateById('100004') })],
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(t('ERROR.FRAUD_CONTROL_MESSAGE'));
  },
};

/** John Smith (100001) chosen; the step's save is under way. */
export const Saving: Story = {
  parameters: {
    machineState: 'wizard:step.recipient.saving',
    scene: typed('smith', {
      variants: [{ call: 'saveFormState', answer: 'never' }],
      steps: [reach('recipientSearch:results'), to.wizard({ type: 'recipient.select', inmate: inmateById('100001') })],
    }),
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('button', { name: t('RECIPIENT.SELECT_NAMED', { name: 'John Smith' }) }),
    ).toBeDisabled();
  },
};

/** §2/§5: Pima County Juvenile (2001) searches by booking number. */
export const BookingNumber: Story = {
  parameters: {
    machineState: 'recipientSearch:results',
    scene: {
      server: { fields: { ...facilityFields(2001), deposit_type: 'flex' } },
      route: 'recipient',
      steps: [to.recipientSearch(search('J24-01'))],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('RECIPIENT.BOOKING_NUMBER'))).toHaveValue('J24-01');
    await expect(canvas.queryByLabelText(t('RECIPIENT.NAME'))).toBeNull();
    await expect(
      canvas.getByRole('button', { name: t('RECIPIENT.SELECT_NAMED', { name: 'Ava Morales' }) }),
    ).toBeEnabled();
  },
};

/** §2/§5: an ICE facility (3001) searches by A-number and the first letters of the last name. */
export const IceSearch: Story = {
  parameters: {
    machineState: 'recipientSearch:results',
    scene: {
      server: { fields: { ...facilityFields(3001), deposit_type: 'flex' } },
      route: 'recipient',
      steps: [to.recipientSearch(search('A1234', 'Her'))],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(t('RECIPIENT.A_NUMBER'))).toHaveValue('A1234');
    await expect(
      canvas.getByRole('button', { name: t('RECIPIENT.SELECT_NAMED', { name: 'Luis Hernandez' }) }),
    ).toBeEnabled();
  },
};

export const IceSearchSpanish: Story = { ...IceSearch, globals: { locale: 'es' } };

/** ICE: the A-number alone is not enough; one letter of the last name, left, asks for more. */
export const IceNeedsLastName: Story = {
  parameters: {
    machineState: 'recipientSearch:idle',
    scene: { server: { fields: { ...facilityFields(3001), deposit_type: 'flex' } }, route: 'recipient' },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText(t('RECIPIENT.A_NUMBER')), 'A1234');
    await userEvent.type(canvas.getByLabelText(t('RECIPIENT.LAST_NAME_START')), 'H');
    await userEvent.tab();
    await waitFor(() =>
      expect(
        canvas.getByText(t('RECIPIENT.LAST_NAME_START'), { selector: 'label' }).querySelector('.label__error'),
      ).toHaveTextContent(t('VALIDATION.KEEP_TYPING')),
    );
    await expect(canvas.queryByRole('list')).toBeNull();
  },
};
