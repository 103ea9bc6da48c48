// Checkout extras (docs/decisions/0015): the voicemail offers and the CPA link of §7.
import { CHECKOUT_SERVICE_PATHS } from '../../contract/checkout-services-base.ts';
import type {
  CpaSettingsRequest,
  CpaSettingsResponse,
  VoicemailOffersResponse,
} from '../../contract/checkout-services.ts';
import type { ApiClient } from './client.ts';

export function voicemailOffers(api: ApiClient): Promise<VoicemailOffersResponse> {
  return api.get<VoicemailOffersResponse>(CHECKOUT_SERVICE_PATHS.voicemailOffers);
}

/** A newer billing state stops the older machine actor; its signal aborts the request. */
export function cpaSettings(
  api: ApiClient,
  input: CpaSettingsRequest,
  signal?: AbortSignal,
): Promise<CpaSettingsResponse> {
  return api.post<CpaSettingsResponse>(CHECKOUT_SERVICE_PATHS.cpaSettings, input, signal ? { signal } : {});
}
