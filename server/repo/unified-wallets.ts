// §3 Unified wallet and Facility services: a facility's wallet and the services paid into it. Read by
// /pay/get_unified_wallet, /pay/get_facilities_services_by_ids and the form-state rules (the
// unified-wallet fields are written from here, never from the client).
import type { FacilityService, FacilityServiceName } from '../../contract/unified-wallet.ts';
import type { Db } from '../db.ts';
import { int, str, type Row } from './rows.ts';

export interface UnifiedWalletRow {
  facility_id: number;
  oc_facility_id: string;
  uw_visitor: string;
  uw_inmate: string;
  uw_trust: string;
}

function walletOf(r: Row): UnifiedWalletRow {
  return {
    facility_id: int(r, 'facility_id'),
    oc_facility_id: str(r, 'oc_facility_id'),
    uw_visitor: str(r, 'uw_visitor'),
    uw_inmate: str(r, 'uw_inmate'),
    uw_trust: str(r, 'uw_trust'),
  };
}

export function createUnifiedWalletRepo(db: Db) {
  const insertWallet = db.prepare(
    'INSERT INTO unified_wallets (facility_id, oc_facility_id, uw_visitor, uw_inmate, uw_trust) VALUES (?, ?, ?, ?, ?)',
  );
  const insertService = db.prepare(
    'INSERT INTO unified_wallet_services (oc_facility_id, service_name, service_id) VALUES (?, ?, ?)',
  );
  const byFacility = db.prepare('SELECT * FROM unified_wallets WHERE facility_id = ?');
  const byOcId = db.prepare('SELECT * FROM unified_wallets WHERE oc_facility_id = ?');
  const services = db.prepare(
    'SELECT service_name, service_id FROM unified_wallet_services WHERE oc_facility_id = ? ORDER BY service_name',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM unified_wallets');

  return {
    insert(wallet: UnifiedWalletRow, list: readonly FacilityService[]): void {
      insertWallet.run(wallet.facility_id, wallet.oc_facility_id, wallet.uw_visitor, wallet.uw_inmate, wallet.uw_trust);
      for (const s of list) insertService.run(wallet.oc_facility_id, s.serviceName, s.serviceId);
    },
    findByFacility(facilityId: number): UnifiedWalletRow | undefined {
      const r = byFacility.get(facilityId);
      return r ? walletOf(r) : undefined;
    },
    findByOcId(ocFacilityId: string): UnifiedWalletRow | undefined {
      const r = byOcId.get(ocFacilityId);
      return r ? walletOf(r) : undefined;
    },
    services(ocFacilityId: string): FacilityService[] {
      return services.all(ocFacilityId).map((r) => ({
        serviceName: str(r, 'service_name') as FacilityServiceName,
        serviceId: str(r, 'service_id'),
      }));
    },
    count(): number {
      const r = count.get();
      return r ? Number(r.n) : 0;
    },
  };
}

export type UnifiedWalletRepo = ReturnType<typeof createUnifiedWalletRepo>;
