// Every screen of the wizard in its main state, on one page side by side (STYLE.md: radix-ui's
// all-states story). Each screen renders in a shadow root of its own, so the ids and ARIA references
// of one do not meet those of another. The screens' own stories drive these scenes; one page cannot
// give each machine its own MSW handlers, so here the machines call the fixture sandbox directly.
//
// Every state of one screen side by side (the checkout's, say) would repeat that screen's named
// regions ("Payment summary" ...) and fail axe's landmark-unique: the states stay one story each.
import type { Meta, StoryObj } from '@storybook/react-vite';
import * as checkout from './checkout-step.stories.tsx';
import * as facility from './facility-step.stories.tsx';
import * as receipt from './receipt-step.stories.tsx';
import * as recipient from './recipient-step.stories.tsx';
import * as type from './type-step.stories.tsx';
import { expect } from 'storybook/test';
import { ActorSystemProvider } from '../src/machine-refs.ts';
import { driveTo, stopDriven, type Driven, type DrivenParameters } from './support/drive.ts';
import {
  Isolated,
  checkoutScreen,
  facilityScreen,
  localeOf,
  receiptScreen,
  recipientScreen,
  typeScreen,
  type RenderContext,
  type Screen,
} from './support/render.tsx';

interface Shown {
  title: string;
  screen: Screen;
  parameters: DrivenParameters;
}

const SHOWN: Shown[] = [
  { title: 'Facility step', screen: facilityScreen, parameters: facility.FacilityChosen.parameters },
  { title: 'Type step', screen: typeScreen, parameters: type.FlexOffered.parameters },
  { title: 'Recipient step', screen: recipientScreen, parameters: recipient.Results.parameters },
  { title: 'Checkout step', screen: checkoutScreen, parameters: checkout.FeesReady.parameters },
  { title: 'Receipt step', screen: receiptScreen, parameters: receipt.WithDateOfBirth.parameters },
];

function AllStates(_args: unknown, context: RenderContext) {
  const all = context.loaded['all'] as Driven[];
  const lang = localeOf(context.globals);
  return (
    <main style={{ padding: '1rem', background: '#f3f5f8' }}>
      <h1 lang="en">Every screen</h1>
      <ul
        style={{
          listStyle: 'none',
          padding: 0,
          display: 'grid',
          gap: '1rem',
          gridTemplateColumns: 'repeat(auto-fill, minmax(24rem, 1fr))',
        }}
      >
        {SHOWN.map((shown, i) => {
          const driven = all[i];
          return driven ? (
            <li key={shown.title} style={{ background: '#fff', padding: '0.5rem' }}>
              <h2 lang="en">{shown.title}</h2>
              <p>
                <code>{shown.parameters.machineState}</code>
              </p>
              {/* Each screen reaches its own app's actors by name. */}
              <ActorSystemProvider system={driven.app.system}>
                <Isolated>{shown.screen(driven, lang)}</Isolated>
              </ActorSystemProvider>
            </li>
          ) : null;
        })}
      </ul>
    </main>
  );
}

const meta = {
  title: 'Screens/All states',
  render: AllStates,
  beforeEach: stopDriven,
  parameters: { layout: 'fullscreen' },
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const EveryScreen: Story = {
  loaders: [
    async ({ globals }) => ({
      all: await Promise.all(
        SHOWN.map(({ parameters }) =>
          driveTo(parameters.machineState, { ...parameters.scene, via: 'fakes' }, { lang: localeOf(globals) }),
        ),
      ),
    }),
  ],
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getAllByRole('heading', { level: 2 })).toHaveLength(SHOWN.length);
    // Each screen is inside its shadow root, with its own step heading.
    const roots = [...canvasElement.querySelectorAll('li > div')].map((host) => host.shadowRoot);
    await expect(roots.map((root) => root?.querySelectorAll('h1').length)).toEqual(SHOWN.map(() => 1));
  },
};

export const EveryScreenSpanish: Story = { ...EveryScreen, globals: { locale: 'es' } };
