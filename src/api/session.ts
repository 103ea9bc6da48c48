// Sign-in, account creation and sign-out (§7 "Auth and session"). The session id and its CSRF token
// rotate at sign-in: later state-changing calls send the new token.
import { ACCOUNT_PATHS } from '../../contract/accounts-base.ts';
import type {
  LoginRequest,
  LoginResponse,
  LogoutResponse,
  MeResponse,
  RegisterRequest,
  RegisterResponse,
} from '../../contract/accounts.ts';
import type { ApiClient } from './client.ts';

export async function signIn(api: ApiClient, body: LoginRequest): Promise<LoginResponse> {
  const answer = await api.post<LoginResponse>(ACCOUNT_PATHS.login, body);
  api.setCsrfToken(answer.csrf_token);
  return answer;
}

export async function register(api: ApiClient, body: RegisterRequest): Promise<RegisterResponse> {
  const answer = await api.post<RegisterResponse>(ACCOUNT_PATHS.register, body);
  api.setCsrfToken(answer.csrf_token);
  return answer;
}

/** The session warning's "Stay signed in": any request keeps the session; this one says whether it is signed in. */
export async function keepSessionAlive(api: ApiClient): Promise<{ signedIn: boolean }> {
  const me = await api.get<MeResponse>(ACCOUNT_PATHS.me);
  return { signedIn: me.logged_in };
}

export function signOut(api: ApiClient): Promise<LogoutResponse> {
  return api.post<LogoutResponse>(ACCOUNT_PATHS.logout, {});
}
