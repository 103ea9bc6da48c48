// Maps each machine actor (machines/actors.types.ts) to its backend call. The composition root
// hands these to the app machine with `.provide({ actors })`; tests and stories provide fakes.
import { fromPromise } from 'xstate';
import type { ActorIO } from '../../machines/actors.types.ts';
import type { ApiClient } from './client.ts';
import { sendErrorReport } from './error-reports.ts';
import { legalText } from './legal.ts';
import {
  completePamDeposit,
  feesAndRoundups,
  postPamPayload,
  preparePamDeposit,
  processDeposit,
  tokenizeCard,
  tokenizeSavedCard,
} from './checkout.ts';
import { allowedCountries, facility, facilityAhead, facilityList, stateList } from './facilities.ts';
import { searchInmates } from './inmates.ts';
import { keepSessionAlive, register, signIn, signOut } from './session.ts';
import { cancelRecurringDeposit, recurringDeposits, removeSavedCard, savedCards } from './accounts.ts';
import { transferAccounts, transferBalance, transferFee } from './transfer-funds.ts';
import { depositHistory } from './deposit-history.ts';
import { destinationFraudFlag } from './dest-deposit.ts';
import { cancelDeposit, depositStatus, sendSmsReceipt } from './receipt.ts';
import { loadProfile, saveProfile } from './profile.ts';
import { loadIdentity, verifyIdentity } from './identity.ts';
import { clearFormState, loadFormState, saveFormState, setLocale } from './state.ts';
import { startDeepContact } from './deep-contact.ts';
import { allowedMinMax, cnInmate, isApprovedDepositor } from './unified-wallet.ts';
import {
  accountActivity,
  destinationAccounts,
  removeDestinationAccount,
  updateInactivityAlerts,
} from './destination-accounts.ts';
import { makePrimaryAccount, primaryAccounts } from './primary-account.ts';
import { quickDeposits } from './quick-deposits.ts';
import { professionalFacilities, saveProfessionalRequest, ssoToken } from './professional.ts';
import { confirmPhoneCode, sendVerificationCode } from './phone-verification.ts';
import { cpaSettings, voicemailOffers } from './checkout-extras.ts';
import { loadNavScript } from '../nav-script.ts';
import { type DraftStore, restoreOf } from '../form-draft.ts';
import type { StateAllResponse } from '../../contract/api.ts';

type Impl<K extends keyof ActorIO> = ReturnType<typeof fromPromise<ActorIO[K]['output'], ActorIO[K]['input']>>;
export type ActorImplementations = { [K in keyof ActorIO]: Impl<K> };

/**
 * `drafts`: the tab's copy of what the payer entered (src/form-draft.ts); loading the form state first
 * saves what the server does not have yet.
 */
export function createActors(api: ApiClient, drafts?: DraftStore): ActorImplementations {
  return {
    loadFormState: fromPromise(() => loadKeepingDraft(api, drafts)),
    saveFormState: fromPromise(({ input }) => {
      // A facility chosen: its details are asked for beside the save (the next step reads them).
      const facilityId = input.fields.facility_id;
      if (typeof facilityId === 'number' && facilityId > 0) facilityAhead(api, facilityId);
      return saveFormState(api, input.fields);
    }),
    clearFormState: fromPromise(() => clearFormState(api)),
    startDeepContact: fromPromise(({ input }) => startDeepContact(api, input)),
    setLocale: fromPromise(({ input }) => setLocale(api, input.locale)),
    loadFacilityOptions: fromPromise(async ({ input }) => {
      const [countries, regions, facilities] = await Promise.all([
        allowedCountries(api),
        input.country ? stateList(api, input.country) : Promise.resolve({ states: [] }),
        input.country && input.region
          ? facilityList(api, input.country, input.region)
          : Promise.resolve({ facilities: [] }),
      ]);
      return { countries: countries.countries, regions: regions.states, facilities: facilities.facilities };
    }),
    loadFacility: fromPromise(({ input }) => facility(api, input.facilityId)),
    // A newer search stops the older actor; its signal aborts the older request (§7).
    searchInmates: fromPromise(({ input, signal }) => searchInmates(api, input, signal)),
    getFees: fromPromise(({ input, signal }) => feesAndRoundups(api, input, signal)),
    isApprovedDepositor: fromPromise(({ input }) => isApprovedDepositor(api, input)),
    getCnInmate: fromPromise(({ input }) => cnInmate(api, input)),
    getAllowedMinMax: fromPromise(({ input }) => allowedMinMax(api, input)),
    tokenizeCard: fromPromise(({ input }) => tokenizeCard(api, input)),
    tokenizeSavedCard: fromPromise(({ input }) => tokenizeSavedCard(api, input)),
    preparePamDeposit: fromPromise(({ input }) => preparePamDeposit(api, input)),
    postPamPayload: fromPromise(({ input }) => postPamPayload(input)),
    completePamDeposit: fromPromise(({ input }) => completePamDeposit(api, input)),
    checkDestinationFraud: fromPromise(({ input }) => destinationFraudFlag(api, input.ani, input.country)),
    sendSmsReceipt: fromPromise(({ input }) => sendSmsReceipt(api, input)),
    loadDepositStatus: fromPromise(({ input, signal }) => depositStatus(api, input.depositId, signal)),
    cancelDeposit: fromPromise(({ input }) => cancelDeposit(api, input.depositId)),
    loadProfile: fromPromise(() => loadProfile(api)),
    loadIdentity: fromPromise(() => loadIdentity(api)),
    verifyIdentity: fromPromise(({ input }) => verifyIdentity(api, input)),
    saveProfile: fromPromise(({ input }) => saveProfile(api, input)),
    processDeposit: fromPromise(({ input }) => processDeposit(api, input.confirmDuplicate)),
    signOut: fromPromise(() => signOut(api)),
    keepSessionAlive: fromPromise(() => keepSessionAlive(api)),
    signIn: fromPromise(({ input }) => signIn(api, input)),
    register: fromPromise(({ input }) => register(api, input)),
    loadSavedCards: fromPromise(() => savedCards(api)),
    removeSavedCard: fromPromise(({ input }) => removeSavedCard(api, input.id)),
    loadRecurringDeposits: fromPromise(() => recurringDeposits(api)),
    cancelRecurringDeposit: fromPromise(({ input }) => cancelRecurringDeposit(api, input.deposit)),
    loadDestinationAccounts: fromPromise(() => destinationAccounts(api)),
    loadAccountActivity: fromPromise(({ input }) => accountActivity(api, input)),
    updateInactivityAlerts: fromPromise(({ input }) => updateInactivityAlerts(api, input)),
    removeDestinationAccount: fromPromise(({ input }) => removeDestinationAccount(api, input.id)),
    loadTransferAccounts: fromPromise(() => transferAccounts(api)),
    // A change stops the quote under way; its signal aborts the request (§9 fee throttle).
    quoteTransferFee: fromPromise(({ input, signal }) => transferFee(api, input, signal)),
    transferBalance: fromPromise(({ input }) => transferBalance(api, input)),
    loadDepositHistory: fromPromise(({ input, signal }) => depositHistory(api, input.page, signal)),
    loadPrimaryAccounts: fromPromise(() => primaryAccounts(api)),
    makePrimaryAccount: fromPromise(({ input }) => makePrimaryAccount(api, input)),
    loadQuickDeposits: fromPromise(() => quickDeposits(api)),
    sendVerificationCode: fromPromise(({ input }) => sendVerificationCode(api, input)),
    confirmPhoneCode: fromPromise(({ input }) => confirmPhoneCode(api, input)),
    loadProfessionalFacilities: fromPromise(() => professionalFacilities(api)),
    loadSsoToken: fromPromise(() => ssoToken(api)),
    saveProfessionalRequest: fromPromise(({ input }) => saveProfessionalRequest(api, input)),
    // A language change stops the read under way; its signal aborts the request (§7 legal text).
    loadLegalText: fromPromise(({ input, signal }) => legalText(api, input, signal)),
    sendErrorReport: fromPromise(({ input }) => sendErrorReport(api, input)),
    loadVoicemailOffers: fromPromise(() => voicemailOffers(api)),
    // A newer billing state stops the actor under way; its signal aborts the request (§9 cpastates).
    getCpaSettings: fromPromise(({ input, signal }) => cpaSettings(api, input, signal)),
    loadNavScript: fromPromise(({ input }) => loadNavScript(input.url)),
  };
}

/** The form state, with the draft's values the server does not have saved first (docs/decisions/0046). */
async function loadKeepingDraft(api: ApiClient, drafts: DraftStore | undefined): Promise<StateAllResponse> {
  const answer = await loadFormState(api);
  const restore = restoreOf(drafts?.read() ?? null, answer);
  if (!restore) return answer;
  try {
    const saved = await saveFormState(api, restore);
    return { ...answer, fields: saved.fields, errors: saved.errors };
  } catch {
    // The values stay in the draft; the page goes on with the server's answer.
    return answer;
  }
}
