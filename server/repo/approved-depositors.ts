// §6 approved depositor status: per payer, facility and recipient. The server enforces it for trust
// deposits (/pay/process_deposit) and answers it (/pay/is_approved_depositor).
import type { Executor } from '../db.ts';
import { bit, bool } from './rows.ts';

export interface ApprovedDepositorRow {
  user_id: string;
  facility_id: number;
  inmate_id: string;
  approved: boolean;
}

export function createApprovedDepositorRepo(db: Executor) {
  return {
    async insert(r: ApprovedDepositorRow): Promise<void> {
      await db
        .insertInto('approved_depositors')
        .values({ user_id: r.user_id, facility_id: r.facility_id, inmate_id: r.inmate_id, approved: bit(r.approved) })
        .execute();
    },
    /** No row means not approved. */
    async isApproved(userId: string, facilityId: number, inmateId: string): Promise<boolean> {
      const r = await db
        .selectFrom('approved_depositors')
        .select('approved')
        .where('user_id', '=', userId)
        .where('facility_id', '=', facilityId)
        .where('inmate_id', '=', inmateId)
        .executeTakeFirst();
      return r ? bool(r.approved) : false;
    },
    async count(): Promise<number> {
      const r = await db
        .selectFrom('approved_depositors')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(r?.n ?? 0);
    },
  };
}
