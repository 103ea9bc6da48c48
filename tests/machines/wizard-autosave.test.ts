// §4: an autosave answer that lands after Continue found nothing chosen, or after a fraud check flagged
// the number, keeps the step's error.
import { describe, expect, it } from 'vitest';
import { SimulatedClock, type SnapshotFrom } from 'xstate';
import { EMPTY_FORM } from '../../contract/entities.ts';
import { HARRIS } from '../../fixtures/samples.ts';
import { MSG } from '../../contract/schemas.ts';
import { DELAYS } from '../../contract/constants.ts';
import { provideWizard } from '../../machines/provide-actors.ts';
import type { wizardMachine } from '../../machines/wizard.machine.ts';
import type { WizardInput } from '../../machines/wizard.types.ts';
import { FRAUD_CONTROL_MESSAGE } from '../../machines/wizard-rules.ts';
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

  it("keeps the fraud flag of a new number when the number's own autosave answers after the check", async () => {
    const calls = new FakeCalls();
    const clock = new SimulatedClock();
    const fields = { ...EMPTY_FORM, facility_id: HARRIS.id, facility_state: 'TX', facility_country: 'US' };
    const wizard = start(
      provideWizard(calls.all()),
      { fields: { ...fields, deposit_type: 'dest' }, errors: {}, route: 'number' } satisfies WizardInput,
      clock,
    );
    const snap = () => wizard.getSnapshot() as Snapshot;
    calls.resolve('loadFacility', HARRIS);
    await settle();
    expect(snap().matches({ step: { number: 'editing' } })).toBe(true);
    // Typed (its autosave waits for the throttle), then Continue at once: the number is flagged.
    const number = { deposit_phone_country: 'US', deposit_phone_no: '(512) 555-0100' };
    wizard.send({ type: 'form.change', fields: { deposit_phone_no: number.deposit_phone_no } });
    wizard.send({ type: 'number.submit', values: number });
    calls.resolve('checkDestinationFraud', { fraud_flag: 1 });
    await settle();
    expect(snap().context.errors['deposit_phone_no']).toBe(FRAUD_CONTROL_MESSAGE);
    // The typed number's autosave leaves afterwards, and its answer knows nothing of the flag.
    clock.increment(DELAYS.formSaveThrottle);
    expect(calls.isPending('autosave')).toBe(true);
    calls.resolve('autosave', { fields: { ...fields, deposit_type: 'dest', ...number }, errors: {} });
    await settle();
    expect(snap().context.errors['deposit_phone_no']).toBe(FRAUD_CONTROL_MESSAGE);
    // An edit of the number drops it (§5).
    wizard.send({ type: 'form.change', fields: { deposit_phone_no: '(512) 555-010' } });
    expect(snap().context.errors['deposit_phone_no']).toBeUndefined();
  });
});
