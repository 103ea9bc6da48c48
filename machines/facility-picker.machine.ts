// deposit.facility (§2): country, state or province, facility. Invoked by the wizard's facility
// step; every choice is reported to the wizard as a form.change so it autosaves (§4).
import { assign, enqueueActions } from 'xstate';
import { setup } from './lazy-setup.ts';
import { SANCTIONED_COUNTRIES } from '../contract/constants.ts';
import type { CountryOption } from '../contract/entities.ts';
import { type ActorIO, toCallFailure } from './actors.types.ts';
import type { FacilityPickerContext, FacilityPickerEvent, FacilityPickerInput, WizardEvent } from './wizard.types.ts';
import { calls } from './calls.ts';
import { SYSTEM, tell } from './system.ts';

type Options = ActorIO['loadFacilityOptions'];

/** §9: sanctioned countries are never offered, whatever the server lists. */
export function allowedCountries(countries: readonly CountryOption[]): CountryOption[] {
  const banned: readonly string[] = SANCTIONED_COUNTRIES;
  return countries.filter((c) => !banned.includes(c.code.toUpperCase()));
}

export const facilityPickerMachine = setup({
  types: {
    input: {} as FacilityPickerInput,
    context: {} as FacilityPickerContext,
    events: {} as FacilityPickerEvent,
  },
  actors: {
    ...calls('loadFacilityOptions'),
  },
  guards: {
    isListedFacility: ({ context }, params: { facilityId: number }) =>
      context.facilities.some((f) => f.id === params.facilityId),
  },
  actions: {
    assignCountry: assign((_, params: { country: string }) => ({
      country: params.country,
      region: '',
      facilityId: null,
      regions: [],
      facilities: [],
    })),
    // Facilities belong to a region: the old list must not stay selectable while the new one loads.
    assignRegion: assign((_, params: { region: string }) => ({
      region: params.region,
      facilityId: null,
      facilities: [],
    })),
    assignFacility: assign((_, params: { facilityId: number }) => ({ facilityId: params.facilityId })),
    assignOptions: assign((_, params: { options: Options['output'] }) => ({
      countries: allowedCountries(params.options.countries),
      regions: params.options.regions,
      facilities: params.options.facilities,
      failure: null,
    })),
    assignFailure: assign((_, params: { error: unknown }) => ({ failure: toCallFailure(params.error).code })),
    clearFailure: assign({ failure: null }),
    /** Tells the wizard's autosave (§4); a picker rendered alone (a story, a test) tells nobody. */
    reportChoice: enqueueActions(({ enqueue, context, system }) => {
      const change: WizardEvent = {
        type: 'form.change',
        fields: { facility_id: context.facilityId, facility_state: context.region, facility_country: context.country },
      };
      tell(enqueue, system, SYSTEM.wizard, change);
    }),
  },
}).createMachine({
  id: 'facilityPicker',
  context: ({ input }) => ({
    country: input.country || 'US',
    region: input.region,
    facilityId: input.facilityId,
    countries: [],
    regions: [],
    facilities: [],
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadFacilityOptions',
        src: 'loadFacilityOptions',
        input: ({ context }) => ({ country: context.country, region: context.region }),
        onDone: {
          target: 'ready',
          actions: { type: 'assignOptions', params: ({ event }) => ({ options: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
      // Typing is never lost: a change while loading restarts the load with the new choice. No
      // facility.select here: the list being loaded is not known yet.
      on: {
        'facility.country': {
          target: 'loading',
          reenter: true,
          actions: [{ type: 'assignCountry', params: ({ event }) => ({ country: event.country }) }, 'reportChoice'],
        },
        'facility.region': {
          target: 'loading',
          reenter: true,
          actions: [{ type: 'assignRegion', params: ({ event }) => ({ region: event.region }) }, 'reportChoice'],
        },
      },
    },
    ready: {
      tags: ['editing'],
      on: {
        'facility.country': {
          target: 'loading',
          actions: [{ type: 'assignCountry', params: ({ event }) => ({ country: event.country }) }, 'reportChoice'],
        },
        'facility.region': {
          target: 'loading',
          actions: [{ type: 'assignRegion', params: ({ event }) => ({ region: event.region }) }, 'reportChoice'],
        },
        'facility.select': {
          guard: { type: 'isListedFacility', params: ({ event }) => ({ facilityId: event.facilityId }) },
          actions: [
            { type: 'assignFacility', params: ({ event }) => ({ facilityId: event.facilityId }) },
            'reportChoice',
          ],
        },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'facility.retry': { target: 'loading', actions: 'clearFailure' },
      },
    },
  },
});
