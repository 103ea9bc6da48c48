// The receipt's text message (§2 SMS receipt modal; §7 POST /pay/sms_send).
import { SMS_SEND_PATH, type SmsSendRequest, type SmsSendResponse } from '../../contract/receipt.ts';
import type { ApiClient } from './client.ts';

export function sendSmsReceipt(api: ApiClient, input: SmsSendRequest): Promise<SmsSendResponse> {
  return api.post<SmsSendResponse>(SMS_SEND_PATH, input);
}
