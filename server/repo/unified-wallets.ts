// §3 Unified wallet and Facility services: a facility's wallet and the services paid into it. Read by
// /pay/get_unified_wallet, /pay/get_facilities_services_by_ids and the form-state rules (the
// unified-wallet fields are written from here, never from the client).
import type { FacilityService, FacilityServiceName } from '../../contract/unified-wallet.ts';
import type { Executor } from '../db.ts';

export interface UnifiedWalletRow {
  facility_id: number;
  oc_facility_id: string;
  uw_visitor: string;
  uw_inmate: string;
  uw_trust: string;
}

const COLUMNS = ['facility_id', 'oc_facility_id', 'uw_visitor', 'uw_inmate', 'uw_trust'] as const;

export function createUnifiedWalletRepo(db: Executor) {
  return {
    async insert(wallet: UnifiedWalletRow, list: readonly FacilityService[]): Promise<void> {
      await db
        .insertInto('unified_wallets')
        .values({
          facility_id: wallet.facility_id,
          oc_facility_id: wallet.oc_facility_id,
          uw_visitor: wallet.uw_visitor,
          uw_inmate: wallet.uw_inmate,
          uw_trust: wallet.uw_trust,
        })
        .execute();
      if (list.length === 0) return;
      await db
        .insertInto('unified_wallet_services')
        .values(
          list.map((s) => ({
            oc_facility_id: wallet.oc_facility_id,
            service_name: s.serviceName,
            service_id: s.serviceId,
          })),
        )
        .execute();
    },
    async findByFacility(facilityId: number): Promise<UnifiedWalletRow | undefined> {
      return db.selectFrom('unified_wallets').select(COLUMNS).where('facility_id', '=', facilityId).executeTakeFirst();
    },
    async findByOcId(ocFacilityId: string): Promise<UnifiedWalletRow | undefined> {
      return db
        .selectFrom('unified_wallets')
        .select(COLUMNS)
        .where('oc_facility_id', '=', ocFacilityId)
        .executeTakeFirst();
    },
    async services(ocFacilityId: string): Promise<FacilityService[]> {
      const rows = await db
        .selectFrom('unified_wallet_services')
        .select(['service_name', 'service_id'])
        .where('oc_facility_id', '=', ocFacilityId)
        .orderBy('service_name')
        .execute();
      return rows.map((r) => ({ serviceName: r.service_name as FacilityServiceName, serviceId: r.service_id }));
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('unified_wallets')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
