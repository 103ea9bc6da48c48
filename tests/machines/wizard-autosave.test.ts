// §4: an autosave answer that lands after Continue found nothing chosen keeps the step's error.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { MSG } from '../../contract/schemas.ts';
import { DELAYS } from '../../contract/constants.ts';
import { provideWizard } from '../../machines/provide-actors.ts';
import type { wizardMachine } from '../../machines/wizard.machine.ts';
import type { WizardInput } from '../../machines/wizard.types.ts';
import { FakeCalls, settle, start } from './harness.ts';

type Snapshot = SnapshotFrom<typeof wizardMachine>;

describe('wizard: autosave and the step errors', () => {
  it('keeps "Facility - Required" when a save started before Continue answers after it', async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const wizard = start(
      provideWizard(calls.all()),
      { fields: EMPTY_FORM, errors: {}, route: null } satisfies WizardInput,
      clock,
    );
    const snap = () => wizard.getSnapshot() as Snapshot;
    // The payer picks a country and region (autosaved), then presses Continue before picking a facility.
    wizard.send({ type: 'form.change', fields: { facility_country: 'US', facility_state: 'TX' } });
    clock.increment(DELAYS.formSaveThrottle);
    expect(calls.isPending('autosave')).toBe(true);
    wizard.send({ type: 'wizard.continue' });
    expect(snap().context.errors['facility_id']).toBe(MSG.required);
    calls.resolve('autosave', {
      fields: { ...EMPTY_FORM, facility_country: 'US', facility_state: 'TX' },
      errors: {},
    });
    await settle();
    expect(snap().context.errors['facility_id']).toBe(MSG.required);
    expect(snap().context.showErrors).toBe(true);
  });
});
