// Professional verification (§7 /fusion/get_facility_for_professional_request and
// /fusion/save_professional_request; §6 the sso token from the me endpoint).
import { PROFESSIONAL_PATHS, type ProfessionalRequest } from '../../contract/professional-base.ts';
import type {
  ProfessionalFacilitiesResponse,
  ProfessionalFacility,
  SaveProfessionalResponse,
  SsoTokenResponse,
} from '../../contract/professional.ts';
import type { ApiClient } from './client.ts';

export async function professionalFacilities(api: ApiClient): Promise<ProfessionalFacility[]> {
  const answer = await api.get<ProfessionalFacilitiesResponse>(PROFESSIONAL_PATHS.facilities);
  return answer.facilities;
}

export function ssoToken(api: ApiClient): Promise<SsoTokenResponse> {
  return api.get<SsoTokenResponse>(PROFESSIONAL_PATHS.ssoToken);
}

export function saveProfessionalRequest(
  api: ApiClient,
  request: ProfessionalRequest,
): Promise<SaveProfessionalResponse> {
  return api.post<SaveProfessionalResponse>(PROFESSIONAL_PATHS.save, request);
}
