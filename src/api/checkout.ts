// Checkout calls: fees, the sandbox card vault and the deposit itself (§7 "Checkout").
import {
  PATHS,
  type CheckoutResponse,
  type FeesAndRoundupsResponse,
  type TokenizeRequest,
  type TokenizeResponse,
} from '../../contract/api.ts';
import { CHECKOUT_SERVICE_PATHS, type TokenizeSavedCardRequest } from '../../contract/checkout-services.ts';
import { DELAYS } from '../../contract/constants.ts';
import type { ApiClient } from './client.ts';

export function feesAndRoundups(
  api: ApiClient,
  input: { facilityId: number; depositType: string; amount: number },
  signal?: AbortSignal,
): Promise<FeesAndRoundupsResponse> {
  return api.get<FeesAndRoundupsResponse>(
    PATHS.feesAndRoundups,
    { deposit_amount: input.amount, deposit_type: input.depositType, facility_id: input.facilityId },
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

export function processDeposit(api: ApiClient, confirmDuplicate: boolean): Promise<CheckoutResponse> {
  // §4: skip-completed-steps is forced off.
  return api.post<CheckoutResponse>(
    PATHS.processDeposit,
    { skip_completed_steps: false, confirm_duplicate: confirmDuplicate },
    { timeout: 60_000 },
  );
}

export function logJsError(api: ApiClient, message: string, stack?: string): Promise<void> {
  return api.post<void>(PATHS.logJsError, {
    message,
    stack,
    url: typeof location !== 'undefined' ? location.hash : '',
  });
}
