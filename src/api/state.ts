// Form state calls (§7 "Form state").
import { PATHS, type SetLocaleResponse, type StateAllResponse, type StateSaveResponse } from '../../contract/api.ts';
import type { FormFields, Locale } from '../../contract/entities.ts';
import type { ApiClient } from './client.ts';

export async function loadFormState(api: ApiClient): Promise<StateAllResponse> {
  const answer = await api.get<StateAllResponse>(PATHS.stateAll);
  api.setCsrfToken(answer.csrf_token);
  return answer;
}

export function saveFormState(api: ApiClient, fields: Partial<FormFields>): Promise<StateSaveResponse> {
  return api.post<StateSaveResponse>(PATHS.stateSave, { fields });
}

export function clearFormState(api: ApiClient): Promise<StateSaveResponse> {
  return api.post<StateSaveResponse>(PATHS.stateClear);
}

export function setLocale(api: ApiClient, locale: Locale): Promise<SetLocaleResponse> {
  return api.get<SetLocaleResponse>(PATHS.setLocale(locale));
}
