// Facility look-ups (§7 "Facilities and members").
import {
  PATHS,
  type AllowedCountriesResponse,
  type FacilityListResponse,
  type FacilityResponse,
  type StateListResponse,
} from '../../contract/api.ts';
import type { Facility } from '../../contract/entities.ts';
import type { ApiClient } from './client.ts';

export function allowedCountries(api: ApiClient): Promise<AllowedCountriesResponse> {
  return api.get<AllowedCountriesResponse>(PATHS.allowedCountries);
}

export function stateList(api: ApiClient, country: string): Promise<StateListResponse> {
  return api.get<StateListResponse>(PATHS.stateList, { country });
}

export function facilityList(api: ApiClient, country: string, region: string): Promise<FacilityListResponse> {
  return api.get<FacilityListResponse>(PATHS.facilityList, { facility_state: region, country });
}

export async function facility(api: ApiClient, id: number): Promise<Facility> {
  return (await api.get<FacilityResponse>(PATHS.facility(id))).facility;
}
