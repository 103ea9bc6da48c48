// Professional verification requests (§3 Professional request; migration 8).
import type { Db } from '../db.ts';
import { type Row, int, str } from './rows.ts';

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

const COLUMNS = `id, user_id, facility_id, bar_number, issue_state, issue_date, business_phone, phone_ext, status,
  created_at`;

function toStatus(v: string): ProfessionalRequestRowStatus {
  if (v === 'PENDING' || v === 'FAILED') return v;
  throw new TypeError(`unknown professional request status ${v}`);
}

function toRequest(r: Row): ProfessionalRequestRow {
  return {
    id: int(r, 'id'),
    user_id: str(r, 'user_id'),
    facility_id: int(r, 'facility_id'),
    bar_number: str(r, 'bar_number'),
    issue_state: str(r, 'issue_state'),
    issue_date: str(r, 'issue_date'),
    business_phone: str(r, 'business_phone'),
    phone_ext: str(r, 'phone_ext'),
    status: toStatus(str(r, 'status')),
    created_at: str(r, 'created_at'),
  };
}

export function createProfessionalRequestRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO professional_requests (user_id, facility_id, bar_number, issue_state, issue_date, business_phone,
      phone_ext, status, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  );
  const list = db.prepare(`SELECT ${COLUMNS} FROM professional_requests WHERE user_id = ? ORDER BY id`);
  const pendingFacilities = db.prepare(
    "SELECT facility_id FROM professional_requests WHERE user_id = ? AND status = 'PENDING' ORDER BY facility_id",
  );
  const pendingAt = db.prepare(
    "SELECT 1 AS found FROM professional_requests WHERE user_id = ? AND facility_id = ? AND status = 'PENDING'",
  );
  const claimedByOther = db.prepare(
    `SELECT 1 AS found FROM professional_requests
      WHERE bar_number = ? AND issue_state = ? AND status = 'PENDING' AND user_id <> ? LIMIT 1`,
  );

  return {
    /** Stores a request; returns its id. */
    insert(r: Omit<ProfessionalRequestRow, 'id'>): number {
      const row = insert.get(
        r.user_id,
        r.facility_id,
        r.bar_number,
        r.issue_state,
        r.issue_date,
        r.business_phone,
        r.phone_ext,
        r.status,
        r.created_at,
      );
      if (!row) throw new Error('professional_requests insert returned no id');
      return int(row, 'id');
    },
    listForUser(userId: string): ProfessionalRequestRow[] {
      return list.all(userId).map(toRequest);
    },
    /** The facilities where the user has a request waiting for review. */
    pendingFacilityIds(userId: string): number[] {
      return pendingFacilities.all(userId).map((r) => int(r, 'facility_id'));
    },
    hasPending(userId: string, facilityId: number): boolean {
      return pendingAt.get(userId, facilityId) !== undefined;
    },
    /** Whether another user's pending request names this bar number (of this issuing state). */
    barNumberClaimedByOther(userId: string, barNumber: string, issueState: string): boolean {
      return claimedByOther.get(barNumber, issueState, userId) !== undefined;
    },
  };
}

export type ProfessionalRequestRepo = ReturnType<typeof createProfessionalRequestRepo>;
