// identity.verify calls (§7 POST /pay/verify; the status from /auth/me; the phone accounts).
import { ACCOUNT_PATHS } from '../../contract/accounts-base.ts';
import type { MeResponse, ValidateStatus } from '../../contract/accounts.ts';
import { IDENTITY_PATHS } from '../../contract/identity-base.ts';
import type { VerifyRequest, VerifyResponse } from '../../contract/identity.ts';
import type { ApiClient } from './client.ts';
import { destinationAccounts } from './destination-accounts.ts';

export async function loadIdentity(api: ApiClient) {
  const [me, accounts] = await Promise.all([api.get<MeResponse>(ACCOUNT_PATHS.me), destinationAccounts(api)]);
  const status: ValidateStatus = me.user?.validate_status ?? 'pending';
  return { status, accounts };
}

export function verifyIdentity(api: ApiClient, input: VerifyRequest): Promise<VerifyResponse> {
  return api.post<VerifyResponse>(IDENTITY_PATHS.verify, input);
}
