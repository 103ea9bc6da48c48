// deposit.checkout (§2, §4, §8): amount and fees, the new card, and every submit outcome.
import type { Meta, StoryObj } from '@storybook/react-vite';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { FormFields } from '../contract/entities.ts';
import {
  HARRIS,
  RECIPIENT_FIELDS,
  VALID_BILLING,
  VALID_CARD,
  depositError,
  depositWarning,
  saveAnswer,
} from '../fixtures/samples.ts';
import { provideCheckout, type ActorLogics } from '../machines/provide-actors.ts';
import { Layout } from '../src/components/layout.tsx';
import type { CheckoutRef, WizardRef } from '../src/machine-refs.ts';
import { CheckoutStep } from '../src/screens/checkout-step.tsx';
import { child, fail, fixtureActors, never, startWizard } from './support/drive.tsx';
import { WithSite, renderWizard } from './support/render.tsx';

const meta = { title: 'Screens/Checkout step', render: renderWizard } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

type Matches = { matches: (v: unknown) => boolean };
const FILLED: FormFields = { ...RECIPIENT_FIELDS, ...VALID_BILLING };

interface Drive {
  fields?: FormFields;
  actors?: Partial<ActorLogics>;
  /** Events to the checkout child, in order; an entry 'fees' waits for the fees to be ready. */
  steps: (Parameters<CheckoutRef['send']>[0] | 'fees')[];
  until: (snapshot: Matches & { context: { showErrors: boolean; outcome: { errorKey: string | null } } }) => boolean;
}

async function checkoutIn({ fields = FILLED, actors = {}, steps, until }: Drive) {
  const wizard = await startWizard({
    fields,
    route: 'checkout',
    actors,
    until: (w) => w.getSnapshot().matches({ step: 'checkout' }),
  });
  const checkout = child<CheckoutRef>(wizard, 'checkout');
  for (const step of steps) {
    if (step === 'fees') await waitFor(checkout, (s) => s.matches({ active: { fees: 'ready' } }), { timeout: 5000 });
    else checkout.send(step);
  }
  await waitFor(checkout, (s) => until(s as never), { timeout: 5000 });
  return { wizard };
}

const PRESET_25 = { type: 'amount.preset', id: '25' } as const;
const CARD = { type: 'card.change', card: VALID_CARD } as const;
const SUBMIT = { type: 'checkout.submit' } as const;
const READY_AND_SUBMIT: Drive['steps'] = [PRESET_25, CARD, 'fees', SUBMIT];

/** A save that answers the first `n` calls and never the later ones. */
function saveAnswersThen(n: number): ActorLogics['saveFormState'] {
  let calls = 0;
  let fields = FILLED;
  return fromPromise(({ input }) => {
    calls += 1;
    fields = { ...fields, ...input.fields };
    return calls <= n ? Promise.resolve(saveAnswer(fields)) : new Promise(() => undefined);
  });
}

export const NoAmountYet: Story = {
  parameters: { machineStates: ['checkout:active.fees.idle', 'checkout:active.form.editing', 'wizard:step.checkout'] },
  loaders: [
    () => checkoutIn({ fields: RECIPIENT_FIELDS, steps: [], until: (s) => s.matches({ active: { fees: 'idle' } }) }),
  ],
};

export const FeesWaiting: Story = {
  parameters: { machineStates: ['checkout:active.fees.waiting'] },
  loaders: [() => checkoutIn({ steps: [PRESET_25], until: (s) => s.matches({ active: { fees: 'waiting' } }) })],
};

export const SavingAmount: Story = {
  parameters: { machineStates: ['checkout:active.fees.savingAmount'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { saveFormState: never() },
        steps: [PRESET_25],
        until: (s) => s.matches({ active: { fees: 'savingAmount' } }),
      }),
  ],
};

export const FeesLoading: Story = {
  parameters: { machineStates: ['checkout:active.fees.loading'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { getFees: never() },
        steps: [PRESET_25],
        until: (s) => s.matches({ active: { fees: 'loading' } }),
      }),
  ],
};

export const FeesReady: Story = {
  parameters: { machineStates: ['checkout:active.fees.ready'] },
  loaders: [() => checkoutIn({ steps: [PRESET_25], until: (s) => s.matches({ active: { fees: 'ready' } }) })],
};

export const FeesReadySpanish: Story = {
  globals: { locale: 'es' },
  loaders: [() => checkoutIn({ steps: [PRESET_25], until: (s) => s.matches({ active: { fees: 'ready' } }) })],
};

export const OtherAmount: Story = {
  loaders: [
    () =>
      checkoutIn({
        steps: [
          { type: 'amount.preset', id: 'other' },
          { type: 'amount.other', text: '37.50' },
        ],
        until: (s) => s.matches({ active: { fees: 'ready' } }),
      }),
  ],
};

/** §4: out of bounds turns roundups off and sets the total to 0. */
export const OutOfBounds: Story = {
  parameters: { machineStates: ['checkout:active.fees.outOfBounds'] },
  loaders: [
    () =>
      checkoutIn({
        steps: [
          { type: 'amount.preset', id: 'other' },
          { type: 'amount.other', text: '5' },
        ],
        until: (s) => s.matches({ active: { fees: 'outOfBounds' } }),
      }),
  ],
};

export const FeesFailed: Story = {
  parameters: { machineStates: ['checkout:active.fees.failed'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { getFees: fail() },
        steps: [PRESET_25],
        until: (s) => s.matches({ active: { fees: 'failed' } }),
      }),
  ],
};

/** §7: a fees request over 30 seconds; here the machine's timeout is shortened to reach it. */
export const FeesTimedOut: Story = {
  parameters: { machineStates: ['checkout:active.fees.timedOut'] },
  loaders: [
    async () => {
      const wizard = await startWizard({ fields: FILLED, route: 'facility', until: () => true });
      const actors = { ...fixtureActors(FILLED), getFees: never() } as ActorLogics;
      const checkout = createActor(provideCheckout(actors).provide({ delays: { feesTimeout: 20, feeThrottle: 0 } }), {
        input: { fields: FILLED, facility: HARRIS },
      });
      checkout.start();
      checkout.send(PRESET_25);
      await waitFor(checkout, (s) => s.matches({ active: { fees: 'timedOut' } }), { timeout: 5000 });
      return { wizard, checkout };
    },
  ],
  render: (_args, { loaded }) => (
    <WithSite>
      <Layout lang="en" onLanguage={() => undefined} progress={80}>
        <CheckoutStep wizard={loaded['wizard'] as WizardRef} checkout={loaded['checkout'] as CheckoutRef} lang="en" />
      </Layout>
    </WithSite>
  ),
};

/** §4 CHECKOUT_ERROR: the summary lists every missing field. */
export const SubmitInvalid: Story = {
  loaders: [() => checkoutIn({ fields: RECIPIENT_FIELDS, steps: [SUBMIT], until: (s) => s.context.showErrors })],
};

export const Tokenizing: Story = {
  parameters: { machineStates: ['checkout:active.form.tokenizing'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { tokenizeCard: never() },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'tokenizing' } }),
      }),
  ],
};

export const SavingCheckout: Story = {
  parameters: { machineStates: ['checkout:active.form.saving'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { saveFormState: saveAnswersThen(1) },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'saving' } }),
      }),
  ],
};

export const Submitting: Story = {
  parameters: { machineStates: ['checkout:active.form.submitting'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { processDeposit: never() },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'submitting' } }),
      }),
  ],
};

/** §8 DUPLICATE_TRANSACTION_WARNING with the last deposit's amount and time. */
export const DuplicateWarning: Story = {
  parameters: { machineStates: ['checkout:active.form.warning'] },
  loaders: [
    () =>
      checkoutIn({
        actors: { processDeposit: fromPromise(async () => depositWarning(FILLED)) },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'warning' } }),
      }),
  ],
};

export const DeclinedNoAmex: Story = {
  loaders: [
    () =>
      checkoutIn({
        actors: { processDeposit: fromPromise(async () => depositError(FILLED, 'NO_AMEX')) },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'editing' } }) && s.context.outcome.errorKey !== null,
      }),
  ],
};

export const DeclinedNoAmexSpanish: Story = { ...DeclinedNoAmex, globals: { locale: 'es' } };

/** §8: processor text without a translation shows GENERIC_DEPOSIT_FAILED with the phone number. */
export const UnknownDecline: Story = {
  loaders: [
    () =>
      checkoutIn({
        actors: { processDeposit: fromPromise(async () => depositError(FILLED, 'card declined')) },
        steps: READY_AND_SUBMIT,
        until: (s) => s.matches({ active: { form: 'editing' } }) && s.context.outcome.errorKey !== null,
      }),
  ],
};

/** A signed-in payer gives no contact details (§6). */
export const SignedIn: Story = {
  loaders: [
    () =>
      checkoutIn({
        fields: { ...FILLED, logged_in: true },
        steps: [PRESET_25],
        until: (s) => s.matches({ active: { fees: 'ready' } }),
      }),
  ],
};
