// The first screen while the app reads the form state (app machine `booting`): the facility step, with
// its lists still loading. The same markup is pre-rendered at build time (src/prerender.tsx) and
// hydrated, so the heading and the form are painted before any script runs (docs/decisions/0031).
import { useState } from 'react';
import { createActor } from 'xstate';
import { PROGRESS } from '../../contract/constants.ts';
import { EMPTY_FORM, type Locale } from '../../contract/entities.ts';
import { facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { Layout } from '../components/layout.tsx';
import { FacilityStep } from './facility-step.tsx';

/**
 * Actors that are never started: they give the step its first snapshot (nothing chosen, lists
 * loading). The app's own wizard replaces them as soon as the form state is known.
 */
function idleActors() {
  return {
    wizard: createActor(wizardMachine, { input: { fields: EMPTY_FORM, errors: {}, route: 'facility' } }),
    picker: createActor(facilityPickerMachine, { input: { country: 'US', region: '', facilityId: null } }),
  };
}

export function FirstScreen({ lang, onLanguage }: { lang: Locale; onLanguage: (l: Locale) => void }) {
  const [actors] = useState(idleActors);
  return (
    <Layout lang={lang} onLanguage={onLanguage} progress={PROGRESS.facility}>
      <FacilityStep wizard={actors.wizard} picker={actors.picker} />
    </Layout>
  );
}
