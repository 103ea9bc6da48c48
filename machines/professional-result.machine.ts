// /account/professional_verification_resp/:requestStatus/:facilityName (§2; §4 result; §8 outcomes):
// what became of a professional request, read from the route. SUCCESS (the request waits for review),
// EXISTED (a request for that facility is already pending), FAILED (refused: call support). Any other
// status in the address is not a result: the app goes back to the form.
import { type SnapshotFrom, sendParent } from 'xstate';
import { setup } from './lazy-setup.ts';
import { type ProfessionalResult, isProfessionalResult } from '../contract/professional-base.ts';
import { PAGES, type PageInput, type PageToAppEvent } from './pages.ts';

export interface ProfessionalResultContext {
  status: ProfessionalResult | null;
  facilityName: string;
  /** §8: the EXISTED message names the email the answer will go to: the account's, from the form state. */
  email: string;
}

export const professionalResultMachine = setup({
  types: {
    input: {} as PageInput,
    context: {} as ProfessionalResultContext,
  },
  guards: {
    isUnknownResult: ({ context }) => context.status === null,
  },
  actions: {
    backToForm: sendParent({ type: 'app.go', path: PAGES.professional_verification.path } satisfies PageToAppEvent),
  },
}).createMachine({
  id: 'professionalResult',
  context: ({ input }) => {
    const status = (input.params['requestStatus'] ?? '').toUpperCase();
    return {
      status: isProfessionalResult(status) ? status : null,
      facilityName: input.params['facilityName'] ?? '',
      email: input.fields.email,
    };
  },
  initial: 'shown',
  states: {
    /** The result of context.status: SUCCESS, EXISTED (§8 pending-request-exists) or FAILED. */
    shown: { always: { guard: 'isUnknownResult', target: 'leaving' } },
    leaving: { type: 'final', entry: 'backToForm' },
  },
});

export type ProfessionalResultSnapshot = SnapshotFrom<typeof professionalResultMachine>;
