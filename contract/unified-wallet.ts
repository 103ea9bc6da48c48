// Unified wallet (§1, §3 "Unified wallet", "Facility services", §7 get_unified_wallet and
// get_facilities_services_by_ids, §9 codes ames, pin-debit, purse-reg). Readings of the spec's
// silences in docs/decisions/0016-unified-wallet.md.
//
// How these calls answer (no sign-in needed):
// - GET /pay/get_unified_wallet?facility_id=: 200 UnifiedWalletResponse. A facility without a unified
//   wallet answers NO_UNIFIED_WALLET (every field ''); an unknown facility 400
//   { facility_id: ERROR.FACILITY_NOT_FOUND }; a malformed id 400 { facility_id: VALIDATION.MUST_BE_NUMERIC }.
// - POST /pay/get_facilities_services_by_ids { oc_facility_id }: 200 FacilityServicesResponse;
//   an unknown oc_facility_id 400 { oc_facility_id: VALIDATION.INVALID_ENTRY }.
//
// Form state fields (entities.ts FormFields, server owned: written by /state/save from the saved
// facility and deposit type, never taken from the client, so a payer cannot switch the mode on):
// - unified_wallet_enabled: the facility has a unified wallet.
// - oc_facility_id: its wallet id ('' when none); sent with the fees (§7 get_fees_and_roundups).
// - uw_pinDebit, uw_advpay, uw_trust: the wallet's codes for the inmate purse (flex, 'pin-debit'),
//   the visitor purse (dest, AdvancePay, 'ames') and trust ('purse-reg'); '' when that purse is not
//   in the wallet.
// - como_facility_id: the facility id as text ('' when no facility); como_service_id: the service id
//   of the chosen type in the wallet ('' when none: §8 "a missing como service id is only logged").
import * as yup from 'yup';
import type { DepositType } from './entities.ts';
import { MSG } from './schemas.ts';
export { isUnifiedWalletTrust, type UnifiedWalletFields } from './unified-wallet-base.ts';
import type { UnifiedWalletFields } from './unified-wallet-base.ts';

export const UNIFIED_WALLET_PATHS = {
  /** GET ?facility_id= */
  getUnifiedWallet: '/pay/get_unified_wallet',
  /** POST { oc_facility_id } */
  getFacilityServices: '/pay/get_facilities_services_by_ids',
} as const;

export interface UnifiedWalletResponse {
  oc_facility_id: string;
  uwVisitor: string;
  uwInmate: string;
  uwTrust: string;
}
export const NO_UNIFIED_WALLET: UnifiedWalletResponse = {
  oc_facility_id: '',
  uwVisitor: '',
  uwInmate: '',
  uwTrust: '',
};

export const FACILITY_SERVICE_NAMES = ['PINDEBIT', 'ADVPAY', 'TRUST'] as const;
export type FacilityServiceName = (typeof FACILITY_SERVICE_NAMES)[number];

/** §3: the wallet service each deposit type is paid into (bail is never in the wallet). */
export const SERVICE_OF_TYPE: Partial<Record<DepositType, FacilityServiceName>> = {
  flex: 'PINDEBIT',
  dest: 'ADVPAY',
  trust: 'TRUST',
};

export interface FacilityService {
  serviceName: FacilityServiceName;
  serviceId: string;
}
export interface FacilityServicesResponse {
  facilityId: number;
  facilityServices: FacilityService[];
}

/** @public The route's body schema is generated from this type (server/api-schemas.ts). */
export interface FacilityServicesRequest {
  oc_facility_id: string;
}

export const unifiedWalletQuerySchema = yup.object({
  facility_id: yup
    .string()
    .required(MSG.required)
    .matches(/^\d{1,9}$/, MSG.numeric),
});
export const facilityServicesSchema = yup.object({
  oc_facility_id: yup
    .string()
    .trim()
    .required(MSG.required)
    .max(40, MSG.tooMany)
    .matches(/^[A-Za-z0-9_-]+$/, MSG.invalid),
});

export const EMPTY_UNIFIED_WALLET_FIELDS: UnifiedWalletFields = {
  unified_wallet_enabled: false,
  oc_facility_id: '',
  uw_pinDebit: '',
  uw_advpay: '',
  uw_trust: '',
  como_facility_id: '',
  como_service_id: '',
};
