// Sign-out (§7 POST /auth/logout). Signing in and creating an account are the sign-in page's calls.
import { ACCOUNT_PATHS, type LogoutResponse } from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

export function signOut(api: ApiClient): Promise<LogoutResponse> {
  return api.post<LogoutResponse>(ACCOUNT_PATHS.logout, {});
}
