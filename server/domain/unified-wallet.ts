// §3 unified wallet: the form state's unified-wallet fields, derived from the saved facility and
// deposit type on every save (server owned: the client cannot switch the mode on where the facility
// has no wallet). Pure logic over repository reads.
import type { DepositType, Facility, FormFields } from '../../contract/entities.ts';
import { limitsUnusable } from '../../contract/schemas.ts';
import {
  EMPTY_UNIFIED_WALLET_FIELDS,
  SERVICE_OF_TYPE,
  type UnifiedWalletFields,
} from '../../contract/unified-wallet.ts';
import type { Repos } from '../repo/repos.ts';

export interface UnifiedWalletDerived {
  fields: UnifiedWalletFields;
  /** §8: the chosen type has no service in the wallet (como_service_id missing): only logged. */
  missingService: boolean;
}

export async function unifiedWalletFieldsOf(
  repos: Repos,
  facility: Facility | undefined,
  type: DepositType | '',
): Promise<UnifiedWalletDerived> {
  if (!facility) return { fields: EMPTY_UNIFIED_WALLET_FIELDS, missingService: false };
  const wallet = await repos.unifiedWallets.findByFacility(facility.id);
  if (!wallet) {
    return { fields: { ...EMPTY_UNIFIED_WALLET_FIELDS, como_facility_id: String(facility.id) }, missingService: false };
  }
  const services = await repos.unifiedWallets.services(wallet.oc_facility_id);
  const has = (name: string) => services.some((s) => s.serviceName === name);
  const serviceName = type === '' ? undefined : SERVICE_OF_TYPE[type];
  const service = serviceName ? services.find((s) => s.serviceName === serviceName) : undefined;
  return {
    fields: {
      unified_wallet_enabled: true,
      oc_facility_id: wallet.oc_facility_id,
      uw_pinDebit: has('PINDEBIT') ? wallet.uw_inmate : '',
      uw_advpay: has('ADVPAY') ? wallet.uw_visitor : '',
      uw_trust: has('TRUST') ? wallet.uw_trust : '',
      como_facility_id: String(facility.id),
      como_service_id: service ? service.serviceId : '',
    },
    missingService: serviceName !== undefined && !service,
  };
}

/** §4: unified wallet with unusable limits: the deposit is maxed out (no amount is accepted). */
export function isMaxedOut(fields: Pick<FormFields, 'unified_wallet_enabled'>, facility: Facility): boolean {
  return fields.unified_wallet_enabled && limitsUnusable(facility.deposit_limits);
}
