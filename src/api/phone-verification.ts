// The calls of the phone verification modal (§4, §7): a code by text or by call, then the code typed
// back. Rule refusals (VERIFY_TOO_MANY...) come back as answers; a 400 for an international number
// (§5) or a 404 comes back as a CallFailure whose code names it.
import { PHONE_VERIFICATION_PATHS } from '../../contract/phone-verification-base.ts';
import type {
  CheckCodeRequest,
  CheckCodeResponse,
  SendCodeResponse,
  VerifyChannel,
} from '../../contract/phone-verification.ts';
import type { ApiClient } from './client.ts';

export function sendVerificationCode(
  api: ApiClient,
  input: { ani: string; channel: VerifyChannel },
): Promise<SendCodeResponse> {
  const path = input.channel === 'call' ? PHONE_VERIFICATION_PATHS.viaPhone : PHONE_VERIFICATION_PATHS.viaSms;
  return api.post<SendCodeResponse>(path, { ani: input.ani });
}

export function confirmPhoneCode(api: ApiClient, request: CheckCodeRequest): Promise<CheckCodeResponse> {
  return api.post<CheckCodeResponse>(PHONE_VERIFICATION_PATHS.checkCode, request);
}
