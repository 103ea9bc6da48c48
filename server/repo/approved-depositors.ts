// §6 approved depositor status: per payer, facility and recipient. The server enforces it for trust
// deposits (/pay/process_deposit) and answers it (/pay/is_approved_depositor).
import type { Db } from '../db.ts';
import { bit, bool } from './rows.ts';

export interface ApprovedDepositorRow {
  user_id: string;
  facility_id: number;
  inmate_id: string;
  approved: boolean;
}

export function createApprovedDepositorRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO approved_depositors (user_id, facility_id, inmate_id, approved) VALUES (?, ?, ?, ?)',
  );
  const find = db.prepare(
    'SELECT approved FROM approved_depositors WHERE user_id = ? AND facility_id = ? AND inmate_id = ?',
  );
  const count = db.prepare('SELECT COUNT(*) AS n FROM approved_depositors');

  return {
    insert(r: ApprovedDepositorRow): void {
      insert.run(r.user_id, r.facility_id, r.inmate_id, bit(r.approved));
    },
    /** No row means not approved. */
    isApproved(userId: string, facilityId: number, inmateId: string): boolean {
      const r = find.get(userId, facilityId, inmateId);
      return r ? bool(r, 'approved') : false;
    },
    count(): number {
      const r = count.get();
      return r ? Number(r.n) : 0;
    },
  };
}

export type ApprovedDepositorRepo = ReturnType<typeof createApprovedDepositorRepo>;
