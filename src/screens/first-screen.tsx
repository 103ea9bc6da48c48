// The first screen while the app reads the form state (app machine `booting`): the welcome page of §2
// (/landing: continue as new or sign in, the inactivity notice), or the facility step (§2
// deposit.facility) drawn from the lists its page came with. The same markup is drawn before any script
// runs (src/prerender.tsx: at build time for the welcome page, by the server for the facility step) and
// hydrated (docs/decisions/0031, 0057). Once the form state is known the app shows the same screen with
// its own machines, and a state or country chosen on it meanwhile is handed to them.
import { useEffect, useState } from 'react';
import { createActor, fromPromise } from 'xstate';
import { PROGRESS } from '../../contract/constants.ts';
import { EMPTY_FORM } from '../../contract/entities.ts';
import type { FacilityAnswers } from '../../contract/first-screens.ts';
import type { ActorIO } from '../../machines/actors.types.ts';
import { allowedCountries, facilityPickerMachine } from '../../machines/facility-picker.machine.ts';
import { landingMachine } from '../../machines/landing.machine.ts';
import { wizardMachine } from '../../machines/wizard.machine.ts';
import { FacilityStep } from './facility-step.tsx';
import { LandingPage } from './pages/landing-page.tsx';
import { LoadingScreen } from './status-screens.tsx';

/** A landing machine that is never started: its first snapshot is the page a guest sees. */
function idleLanding() {
  return createActor(landingMachine, {
    input: {
      route: 'landing',
      params: {},
      query: {},
      fields: EMPTY_FORM,
      site: null,
      signedIn: false,
      mobile: false,
    },
  });
}

type Options = ActorIO['loadFacilityOptions'];

/** The painted step's picker loads nothing: a choice made on it waits for the app's own picker. */
const waitForTheApp = fromPromise<Options['output'], Options['input']>(() => new Promise(() => {}));

/** What the payer chose on the painted facility step before the app's machines ran it. */
export interface EarlyFacilityChoice {
  country: string;
  region: string;
}

/**
 * The wizard on its facility step, never started, and a picker whose lists are the page's answers
 * (nothing chosen yet), started once the page is the app's so that a choice shows at once. The app's
 * own wizard replaces them as soon as the form state is known, and its picker takes the same answers
 * (src/api/facilities.ts), so the step stays as it was painted.
 */
function idleFacilityStep(answers: FacilityAnswers) {
  const fields = { ...EMPTY_FORM, facility_country: answers.country };
  const snapshot = facilityPickerMachine.resolveState({
    value: 'ready',
    context: {
      country: answers.country,
      region: '',
      facilityId: null,
      countries: allowedCountries(answers.countries.countries),
      regions: answers.states.states,
      facilities: [],
      failure: null,
    },
  });
  return {
    wizard: createActor(wizardMachine, { input: { fields, errors: {}, route: 'facility' } }),
    picker: createActor(facilityPickerMachine.provide({ actors: { loadFacilityOptions: waitForTheApp } }), {
      snapshot,
      input: { country: answers.country, region: '', facilityId: null },
    }),
  };
}

/**
 * The first screen's content (the app shell draws the Layout around it, at `firstScreenProgress`, so that
 * the header and footer stay when the app's own screen replaces this one).
 */
export function FirstScreen({
  facilityCountry,
  answers,
  onChoiceLeft,
}: {
  /** The facility step's country, when the address is the facility step's; else the welcome page. */
  facilityCountry?: string | undefined;
  answers?: FacilityAnswers | undefined;
  /** Called as the app's own step takes over, when the payer chose a country or state meanwhile. */
  onChoiceLeft?: (choice: EarlyFacilityChoice) => void;
}) {
  if (facilityCountry === undefined) return <FirstLanding />;
  return answers?.country === facilityCountry ? (
    <FirstFacilityStep answers={answers} onChoiceLeft={onChoiceLeft} />
  ) : (
    <LoadingScreen />
  );
}

/** The progress bar's figure of the first screen (§2: the facility step's; none on the welcome page). */
export function firstScreenProgress(facilityCountry: string | undefined): number | null {
  return facilityCountry === undefined ? null : PROGRESS.facility;
}

function FirstLanding() {
  const [landing] = useState(idleLanding);
  return <LandingPage page={landing} />;
}

function FirstFacilityStep({
  answers,
  onChoiceLeft,
}: {
  answers: FacilityAnswers;
  onChoiceLeft: ((choice: EarlyFacilityChoice) => void) | undefined;
}) {
  const [actors] = useState(() => idleFacilityStep(answers));
  useEffect(() => {
    const { picker } = actors;
    picker.start();
    return () => {
      // The app's step takes over: what the payer chose here is not lost (a slow phone's first moments).
      const { country, region } = picker.getSnapshot().context;
      picker.stop();
      if (country !== answers.country || region !== '') onChoiceLeft?.({ country, region });
    };
  }, [actors, answers.country, onChoiceLeft]);
  return <FacilityStep wizard={actors.wizard} picker={actors.picker} />;
}
