// A deep-contact link starts a deposit to the person it names (contract/deep-contact.ts; §4).
import type { StateSaveResponse } from '../../contract/api.ts';
import { DEEP_CONTACT_PATHS } from '../../contract/deep-contact-base.ts';
import type { DeepContactRequest } from '../../contract/deep-contact.ts';
import type { ApiClient } from './client.ts';

export function startDeepContact(api: ApiClient, request: DeepContactRequest): Promise<StateSaveResponse> {
  return api.post<StateSaveResponse>(DEEP_CONTACT_PATHS.deepContact, request);
}
