// Checkout calls: fees, the sandbox card vault and the deposit itself (§7 "Checkout").
import {
  PATHS,
  type CheckoutResponse,
  type FeesAndRoundupsResponse,
  type TokenizeRequest,
  type TokenizeResponse,
} from '../../contract/api.ts';
import {
  CHECKOUT_SERVICE_PATHS,
  PAM_PAYLOAD_FIELD,
  type PreparePamDepositRequest,
  type PreparePamDepositResponse,
  type TokenizeSavedCardRequest,
} from '../../contract/checkout-services.ts';
import { PAM_PATHS, type CompletePamDepositRequest, type CompletePamDepositResponse } from '../../contract/pam.ts';
import { DELAYS } from '../../contract/constants.ts';
import type { ApiClient } from './client.ts';
import { knowDepositStatus } from './receipt.ts';

export function feesAndRoundups(
  api: ApiClient,
  input: { facilityId: number; depositType: string; amount: number; unifiedWallet?: boolean; ocFacilityId?: string },
  signal?: AbortSignal,
): Promise<FeesAndRoundupsResponse> {
  return api.get<FeesAndRoundupsResponse>(
    PATHS.feesAndRoundups,
    {
      deposit_amount: input.amount,
      deposit_type: input.depositType,
      facility_id: input.facilityId,
      // §7: in unified-wallet mode the fees are asked with the flag and the wallet's id.
      ...(input.unifiedWallet ? { unified_wallet_flag: true, oc_facility_id: input.ocFacilityId ?? '' } : {}),
    },
    // §7: a fees request over 30 seconds is reported as a timeout.
    { timeout: DELAYS.feesTimeout, timeoutCode: 'ERROR.FEES_TIMEOUT', ...(signal ? { signal } : {}) },
  );
}

/** The only call that carries a card number and security code; they go to the vault only. */
export function tokenizeCard(api: ApiClient, card: TokenizeRequest): Promise<TokenizeResponse> {
  return api.post<TokenizeResponse>(PATHS.vaultTokenize, card);
}

/** §4 card choice: a saved card's security code goes to the vault only, which answers a token for it. */
export function tokenizeSavedCard(api: ApiClient, input: TokenizeSavedCardRequest): Promise<TokenizeResponse> {
  return api.post<TokenizeResponse>(CHECKOUT_SERVICE_PATHS.vaultTokenizeSavedCard, input);
}

/** §2 pam variant: the server signs the deposit's summary that the screen posts to the payment endpoint. */
export function preparePamDeposit(api: ApiClient, input: PreparePamDepositRequest): Promise<PreparePamDepositResponse> {
  return api.post<PreparePamDepositResponse>(CHECKOUT_SERVICE_PATHS.preparePamDeposit, input);
}

/** The pam return leg: the endpoint's signed result becomes this site's deposit and receipt. */
export function completePamDeposit(
  api: ApiClient,
  input: CompletePamDepositRequest,
): Promise<CompletePamDepositResponse> {
  return api.post<CompletePamDepositResponse>(PAM_PATHS.completePamDeposit, input);
}

/**
 * §2 pam variant: a form post (application/x-www-form-urlencoded) of the payload to the endpoint, as a
 * navigation: the endpoint is another site that takes the card. The promise stays pending while the
 * browser leaves.
 */
export function postPamPayload(input: { payUrl: string; payload: string }): Promise<void> {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = input.payUrl;
  form.hidden = true;
  const field = document.createElement('input');
  field.type = 'hidden';
  field.name = PAM_PAYLOAD_FIELD;
  field.value = input.payload;
  form.append(field);
  document.body.append(form);
  form.submit();
  return new Promise<void>(() => undefined);
}

export async function processDeposit(api: ApiClient, confirmDuplicate: boolean): Promise<CheckoutResponse> {
  // §4: skip-completed-steps is forced off.
  const answer = await api.post<CheckoutResponse>(
    PATHS.processDeposit,
    { skip_completed_steps: false, confirm_duplicate: confirmDuplicate },
    { timeout: 60_000 },
  );
  if (typeof answer.deposit_status?.deposit_id === 'string') knowDepositStatus(api, answer.deposit_status);
  return answer;
}
