// The receipt's text message (§2 SMS receipt modal; §7 POST /pay/sms_send) and the deposit's status.
import { SMS_SEND_PATH, type SmsSendRequest, type SmsSendResponse } from '../../contract/receipt.ts';
import {
  type DepositCancelResponse,
  type DepositStatusInfo,
  depositCancelPath,
  depositStatusPath,
} from '../../contract/deposit-status.ts';
import type { ApiClient } from './client.ts';

export function sendSmsReceipt(api: ApiClient, input: SmsSendRequest): Promise<SmsSendResponse> {
  return api.post<SmsSendResponse>(SMS_SEND_PATH, input);
}

/** Where the deposit is (GET /pay/deposit_status/:id, docs/decisions/0048). */
export function depositStatus(api: ApiClient, depositId: string, signal?: AbortSignal): Promise<DepositStatusInfo> {
  const told = known.get(api);
  if (told?.deposit_id === depositId) {
    known.delete(api);
    return Promise.resolve(told);
  }
  return api.get<DepositStatusInfo>(depositStatusPath(depositId), undefined, signal ? { signal } : undefined);
}

// The status a deposit's own answer came with (§7 process_deposit, docs/decisions/0063): the receipt's
// first question about it is answered from here, once; every later one asks the server.
const known = new WeakMap<ApiClient, DepositStatusInfo>();

/** Keeps the status of the deposit just made for the receipt's first question. */
export function knowDepositStatus(api: ApiClient, status: DepositStatusInfo): void {
  known.set(api, status);
}

/**
 * Cancels a deposit that has not been sent to the facility (POST /pay/deposit_cancel/:id, CSRF header,
 * no body): the answer says whether it was, or why not, and the deposit's status after the request.
 */
export function cancelDeposit(api: ApiClient, depositId: string): Promise<DepositCancelResponse> {
  return api.post<DepositCancelResponse>(depositCancelPath(depositId));
}
