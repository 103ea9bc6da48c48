// Professional verification requests (§3 Professional request; migration 8).
import type { Executor } from '../db.ts';

export type ProfessionalRequestRowStatus = 'PENDING' | 'FAILED';

export interface ProfessionalRequestRow {
  id: number;
  user_id: string;
  facility_id: number;
  /** Trimmed, in capitals. */
  bar_number: string;
  /** A US state code, or '' when not given. */
  issue_state: string;
  /** YYYY-MM-DD. */
  issue_date: string;
  /** 10 digits. */
  business_phone: string;
  phone_ext: string;
  status: ProfessionalRequestRowStatus;
  created_at: string;
}

const COLUMNS = [
  'id',
  'user_id',
  'facility_id',
  'bar_number',
  'issue_state',
  'issue_date',
  'business_phone',
  'phone_ext',
  'status',
  'created_at',
] as const;

function toStatus(v: string): ProfessionalRequestRowStatus {
  if (v === 'PENDING' || v === 'FAILED') return v;
  throw new TypeError(`unknown professional request status ${v}`);
}

export function createProfessionalRequestRepo(db: Executor) {
  return {
    /** Stores a request; returns its id. */
    async insert(r: Omit<ProfessionalRequestRow, 'id'>): Promise<number> {
      const row = await db
        .insertInto('professional_requests')
        .values({
          user_id: r.user_id,
          facility_id: r.facility_id,
          bar_number: r.bar_number,
          issue_state: r.issue_state,
          issue_date: r.issue_date,
          business_phone: r.business_phone,
          phone_ext: r.phone_ext,
          status: r.status,
          created_at: r.created_at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async listForUser(userId: string): Promise<ProfessionalRequestRow[]> {
      const rows = await db
        .selectFrom('professional_requests')
        .select(COLUMNS)
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id), status: toStatus(r.status) }));
    },
    /** The facilities where the user has a request waiting for review. */
    async pendingFacilityIds(userId: string): Promise<number[]> {
      const rows = await db
        .selectFrom('professional_requests')
        .select('facility_id')
        .where('user_id', '=', userId)
        .where('status', '=', 'PENDING')
        .orderBy('facility_id')
        .execute();
      return rows.map((r) => Number(r.facility_id));
    },
    async hasPending(userId: string, facilityId: number): Promise<boolean> {
      const r = await db
        .selectFrom('professional_requests')
        .select('id')
        .where('user_id', '=', userId)
        .where('facility_id', '=', facilityId)
        .where('status', '=', 'PENDING')
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
    /** Whether another user's pending request names this bar number (of this issuing state). */
    async barNumberClaimedByOther(userId: string, barNumber: string, issueState: string): Promise<boolean> {
      const r = await db
        .selectFrom('professional_requests')
        .select('id')
        .where('bar_number', '=', barNumber)
        .where('issue_state', '=', issueState)
        .where('status', '=', 'PENDING')
        .where('user_id', '<>', userId)
        .limit(1)
        .executeTakeFirst();
      return r !== undefined;
    },
  };
}
