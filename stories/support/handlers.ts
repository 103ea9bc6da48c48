// MSW request handlers for every API call the screens make (§7), answered by the fixture sandbox,
// and the variants a story needs for its state: a call that never answers (loading states), one
// that fails with 500, one that finds nothing.
import { HttpResponse, delay, http, type HttpHandler } from 'msw';
import { PATHS, type StateSaveRequest, type TokenizeRequest } from '../../contract/api.ts';
import { RESULTS_PER_PAGE } from '../../contract/constants.ts';
import { DEPOSIT_TYPES, LOCALES, type DepositType, type Locale } from '../../contract/entities.ts';
import { ACCOUNT_PATHS, type RegisterRequest } from '../../contract/accounts.ts';
import { SMS_SEND_PATH, type SmsSendRequest } from '../../contract/receipt.ts';
import {
  CHECKOUT_SERVICE_PATHS,
  type CpaSettingsRequest,
  type TokenizeSavedCardRequest,
} from '../../contract/checkout-services.ts';
import type { ActorIO } from '../../machines/actors.types.ts';
import { DESTINATION_FRAUD_FLAG_PATH } from '../../src/api/dest-deposit.ts';
import { SandboxError, type Sandbox } from './sandbox.ts';
import { DEPOSIT_CANCEL_BASE, DEPOSIT_STATUS_BASE } from '../../contract/deposit-status.ts';

/** A call of the screens, named by the machine actor that makes it (machines/actors.types.ts). */
/** The calls of the deposit wizard that the story sandbox answers (pages' stories fake their own). */
export type ApiCall = Exclude<
  keyof ActorIO,
  Exclude<keyof ActorIO, 'loadFormState' | 'saveFormState' | 'clearFormState' | 'setLocale' | WizardCall>
>;
type WizardCall =
  | 'loadDepositStatus'
  | 'cancelDeposit'
  | 'loadFacilityOptions'
  | 'loadFacility'
  | 'searchInmates'
  | 'getFees'
  | 'tokenizeCard'
  | 'processDeposit'
  | 'signOut'
  | 'loadSavedCards'
  | 'tokenizeSavedCard'
  | 'loadDestinationAccounts'
  | 'checkDestinationFraud'
  | 'register'
  | 'sendSmsReceipt'
  | 'preparePamDeposit'
  | 'loadVoicemailOffers'
  | 'getCpaSettings'
  | 'isApprovedDepositor'
  | 'getCnInmate'
  | 'getAllowedMinMax';

type Method = 'get' | 'post';
interface Route {
  method: Method;
  path: string;
}

/**
 * The request each call makes. loadFacilityOptions makes three at once; a variant of it applies to
 * the country list (which every load asks for) or, for "no results", to the facility list.
 */
const ROUTES: Record<ApiCall, Route> = {
  loadFormState: { method: 'get', path: PATHS.stateAll },
  saveFormState: { method: 'post', path: PATHS.stateSave },
  clearFormState: { method: 'post', path: PATHS.stateClear },
  setLocale: { method: 'get', path: '/pay/set_locale/:locale' },
  loadFacilityOptions: { method: 'get', path: PATHS.allowedCountries },
  loadFacility: { method: 'get', path: '/pay/facility/:id' },
  searchInmates: { method: 'get', path: PATHS.searchInmates },
  getFees: { method: 'get', path: PATHS.feesAndRoundups },
  tokenizeCard: { method: 'post', path: PATHS.vaultTokenize },
  processDeposit: { method: 'post', path: PATHS.processDeposit },
  signOut: { method: 'post', path: '/auth/logout' },
  loadSavedCards: { method: 'get', path: ACCOUNT_PATHS.creditCards },
  tokenizeSavedCard: { method: 'post', path: CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard },
  loadDestinationAccounts: { method: 'get', path: ACCOUNT_PATHS.destAccounts },
  checkDestinationFraud: { method: 'post', path: DESTINATION_FRAUD_FLAG_PATH },
  register: { method: 'post', path: ACCOUNT_PATHS.register },
  sendSmsReceipt: { method: 'post', path: SMS_SEND_PATH },
  loadDepositStatus: { method: 'get', path: `${DEPOSIT_STATUS_BASE}/:id` },
  cancelDeposit: { method: 'post', path: `${DEPOSIT_CANCEL_BASE}/:id` },
  preparePamDeposit: { method: 'post', path: CHECKOUT_SERVICE_PATHS.preparePamDeposit },
  loadVoicemailOffers: { method: 'get', path: CHECKOUT_SERVICE_PATHS.voicemailOffers },
  getCpaSettings: { method: 'post', path: CHECKOUT_SERVICE_PATHS.cpaSettings },
  isApprovedDepositor: { method: 'post', path: CHECKOUT_SERVICE_PATHS.isApprovedDepositor },
  getCnInmate: { method: 'post', path: CHECKOUT_SERVICE_PATHS.getCnInmate },
  getAllowedMinMax: { method: 'post', path: CHECKOUT_SERVICE_PATHS.getAllowedMinMax },
};

/** The error body of the reference server for anything it did not expect. */
export const UNEXPECTED_BODY = { errors: { form: 'ERROR.UNEXPECTED' } } as const;

/** Runs a sandbox call and answers as the server would: JSON, or the status and `{ errors }`. */
function answer(run: () => unknown): Response {
  try {
    return HttpResponse.json(run() as object);
  } catch (e) {
    if (e instanceof SandboxError) return HttpResponse.json({ errors: e.errors }, { status: e.status });
    throw e;
  }
}

function query(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

/** The whole API of the screens, over one sandbox session. */
export function fixtureHandlers(sandbox: Sandbox): HttpHandler[] {
  return [
    http.get(PATHS.stateAll, () => answer(() => sandbox.stateAll())),
    http.post(PATHS.stateSave, async ({ request }) => {
      const body = (await request.json()) as StateSaveRequest;
      return answer(() => sandbox.stateSave(body.fields));
    }),
    http.post(PATHS.stateClear, () => answer(() => sandbox.stateClear())),
    http.get('/pay/set_locale/:locale', ({ params }) => {
      const l = String(params['locale']);
      if (!(LOCALES as readonly string[]).includes(l)) return HttpResponse.json({ errors: {} }, { status: 400 });
      return answer(() => sandbox.setLocale(l as Locale));
    }),
    http.get(PATHS.allowedCountries, () => answer(() => sandbox.countries())),
    http.get(PATHS.stateList, ({ request }) => answer(() => sandbox.regions(query(request).get('country') ?? ''))),
    http.get(PATHS.facilityList, ({ request }) => {
      const q = query(request);
      return answer(() => sandbox.facilityList(q.get('country') ?? 'US', q.get('facility_state') ?? ''));
    }),
    http.get('/pay/facility/:id', ({ params }) => answer(() => sandbox.facility(Number(params['id'])))),
    http.get(PATHS.searchInmatesSpecial, ({ request }) => {
      const q = query(request);
      const booking = q.get('booking_code');
      return answer(() =>
        booking !== null
          ? sandbox.searchInmates(Number(q.get('facility_id')), booking, Number(q.get('page') ?? 1), 'booking')
          : sandbox.searchInmates(
              Number(q.get('facility_id')),
              q.get('name_query') ?? '',
              Number(q.get('page') ?? 1),
              'ice',
              q.get('inmate_last_name') ?? '',
            ),
      );
    }),
    http.get(PATHS.searchInmates, ({ request }) => {
      const q = query(request);
      return answer(() =>
        sandbox.searchInmates(Number(q.get('facility_id')), q.get('name_query') ?? '', Number(q.get('page') ?? 1)),
      );
    }),
    http.get(PATHS.feesAndRoundups, ({ request }) => {
      const q = query(request);
      const type = q.get('deposit_type') ?? '';
      if (!(DEPOSIT_TYPES as readonly string[]).includes(type)) {
        return HttpResponse.json({ errors: { deposit_type: 'VALIDATION.SELECT_DEPOSIT_TYPE' } }, { status: 400 });
      }
      return answer(() =>
        sandbox.fees(Number(q.get('facility_id')), type as DepositType, Number(q.get('deposit_amount'))),
      );
    }),
    http.post(PATHS.vaultTokenize, async ({ request }) => {
      const body = (await request.json()) as TokenizeRequest;
      return answer(() => sandbox.tokenize(body));
    }),
    http.get(ACCOUNT_PATHS.creditCards, () => answer(() => sandbox.savedCards())),
    http.post(ACCOUNT_PATHS.register, async ({ request }) => {
      const body = (await request.json()) as RegisterRequest;
      return answer(() => sandbox.register(body));
    }),
    http.post(CHECKOUT_SERVICE_PATHS.preparePamDeposit, () => answer(() => sandbox.preparePam())),
    // §5 unified-wallet trust checks.
    http.post(CHECKOUT_SERVICE_PATHS.isApprovedDepositor, async ({ request }) => {
      const body = (await request.json()) as ActorIO['isApprovedDepositor']['input'];
      return answer(() => sandbox.approvedDepositor(body));
    }),
    http.post(CHECKOUT_SERVICE_PATHS.getCnInmate, async ({ request }) => {
      const body = (await request.json()) as ActorIO['getCnInmate']['input'];
      return answer(() => sandbox.cnInmate(body));
    }),
    http.post(CHECKOUT_SERVICE_PATHS.getAllowedMinMax, async ({ request }) => {
      const body = (await request.json()) as ActorIO['getAllowedMinMax']['input'];
      return answer(() => sandbox.allowedMinMax(body));
    }),
    http.get(CHECKOUT_SERVICE_PATHS.voicemailOffers, () => answer(() => sandbox.voicemailOffers())),
    http.post(CHECKOUT_SERVICE_PATHS.cpaSettings, async ({ request }) => {
      const body = (await request.json()) as CpaSettingsRequest;
      return answer(() => sandbox.cpaSettings(body));
    }),
    http.get(`${DEPOSIT_STATUS_BASE}/:id`, ({ params }) => answer(() => sandbox.depositStatus(String(params['id'])))),
    http.post(`${DEPOSIT_CANCEL_BASE}/:id`, ({ params }) => answer(() => sandbox.cancelDeposit(String(params['id'])))),
    http.post(SMS_SEND_PATH, async ({ request }) => {
      const body = (await request.json()) as SmsSendRequest;
      return answer(() => sandbox.smsSend(body));
    }),
    http.get(ACCOUNT_PATHS.destAccounts, () => answer(() => ({ dest_accounts: sandbox.destAccounts() }))),
    http.post(DESTINATION_FRAUD_FLAG_PATH, async ({ request }) => {
      const body = (await request.json()) as { ani?: string; country?: string };
      return answer(() =>
        sandbox.destinationFraudFlag(
          String(body.ani ?? ''),
          body.country === undefined ? undefined : String(body.country),
        ),
      );
    }),
    http.post(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, async ({ request }) => {
      const body = (await request.json()) as TokenizeSavedCardRequest;
      return answer(() => sandbox.tokenizeSaved(body));
    }),
    http.post(PATHS.processDeposit, async ({ request }) => {
      const body = (await request.json()) as { confirm_duplicate?: boolean };
      return answer(() => sandbox.processDeposit(body.confirm_duplicate === true));
    }),
  ];
}

/** The call never answers: the screen stays in its loading state. After `after` answered calls, if given. */
export function neverAnswers(call: ApiCall, after = 0): HttpHandler {
  const { method, path } = ROUTES[call];
  let calls = 0;
  return http[method](path, async () => {
    calls += 1;
    // Earlier calls fall through to the next handler (the fixture answer).
    if (calls <= after) return undefined;
    await delay('infinite');
    return undefined;
  });
}

/** The call fails as the server does when something unexpected happens. */
export function failsWith500(call: ApiCall): HttpHandler {
  const { method, path } = ROUTES[call];
  return http[method](path, () => HttpResponse.json(UNEXPECTED_BODY, { status: 500 }));
}

/** The call finds nothing: an empty page of search results, or no facility in the state. */
export function noResults(call: 'searchInmates' | 'loadFacilityOptions'): HttpHandler {
  if (call === 'searchInmates') {
    return http.get(PATHS.searchInmates, ({ request }) =>
      HttpResponse.json({
        inmates: [],
        total: 0,
        more: false,
        page: Number(query(request).get('page') ?? 1),
        per_page: RESULTS_PER_PAGE,
      }),
    );
  }
  return http.get(PATHS.facilityList, () => HttpResponse.json({ facilities: [] }));
}

/** How a story changes one call's answer. */
export type Variant =
  | { call: ApiCall; answer: 'never'; after?: number }
  | { call: ApiCall; answer: 'fail' }
  | { call: 'searchInmates' | 'loadFacilityOptions'; answer: 'empty' };

export function variantHandlers(variants: readonly Variant[]): HttpHandler[] {
  return variants.map((v) => {
    switch (v.answer) {
      case 'never':
        return neverAnswers(v.call, v.after);
      case 'fail':
        return failsWith500(v.call);
      case 'empty':
        return noResults(v.call);
    }
  });
}
