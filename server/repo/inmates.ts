// Inmates or members (§3). Searches are always inside one facility.
import type { Inmate } from '../../contract/entities.ts';
import type { Db } from '../db.ts';
import { type Row, bit, bool, int, likePrefix, str, strOrNull } from './rows.ts';

/** An inmate as stored: age is derived when answering (§3 "age (derived)"). */
export type InmateRecord = Omit<Inmate, 'age'>;

export interface Page {
  limit: number;
  offset: number;
}

export interface NameQuery {
  whole: string;
  first: string;
  last: string;
}

export interface SearchResult {
  inmates: InmateRecord[];
  total: number;
}

const COLUMNS =
  'id, facility_id, first_name, last_name, date_of_birth, book_date, booking_code, principal_code, fraud_flag, photo_url';
const ORDER = 'ORDER BY LOWER(last_name), LOWER(first_name), id';

function toInmate(r: Row): InmateRecord {
  return {
    id: str(r, 'id'),
    facility_id: int(r, 'facility_id'),
    first_name: str(r, 'first_name'),
    last_name: str(r, 'last_name'),
    date_of_birth: strOrNull(r, 'date_of_birth'),
    book_date: strOrNull(r, 'book_date'),
    booking_code: str(r, 'booking_code'),
    principal_code: str(r, 'principal_code'),
    fraud_flag: bool(r, 'fraud_flag'),
    photo_url: strOrNull(r, 'photo_url'),
  };
}

// Name match (§2 recipient name search), case-insensitive: the whole query as a prefix of the first
// or last name, or a first-name prefix together with a last-name prefix ("first last", "last, first").
const NAME_WHERE = `facility_id = ? AND (
  LOWER(first_name) LIKE ? ESCAPE '\\'
  OR LOWER(last_name) LIKE ? ESCAPE '\\'
  OR (LOWER(first_name) LIKE ? ESCAPE '\\' AND LOWER(last_name) LIKE ? ESCAPE '\\')
)`;
const BOOKING_WHERE = `facility_id = ? AND UPPER(booking_code) LIKE ? ESCAPE '\\'`;
const ICE_WHERE = `facility_id = ? AND UPPER(booking_code) LIKE ? ESCAPE '\\' AND LOWER(last_name) LIKE ? ESCAPE '\\'`;

export function createInmateRepo(db: Db) {
  const insert = db.prepare(`INSERT INTO inmates (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const findInFacility = db.prepare(`SELECT ${COLUMNS} FROM inmates WHERE id = ? AND facility_id = ?`);
  const byName = db.prepare(`SELECT ${COLUMNS} FROM inmates WHERE ${NAME_WHERE} ${ORDER} LIMIT ? OFFSET ?`);
  const countByName = db.prepare(`SELECT COUNT(*) AS n FROM inmates WHERE ${NAME_WHERE}`);
  const byBooking = db.prepare(`SELECT ${COLUMNS} FROM inmates WHERE ${BOOKING_WHERE} ${ORDER} LIMIT ? OFFSET ?`);
  const countByBooking = db.prepare(`SELECT COUNT(*) AS n FROM inmates WHERE ${BOOKING_WHERE}`);
  const byANumber = db.prepare(`SELECT ${COLUMNS} FROM inmates WHERE ${ICE_WHERE} ${ORDER} LIMIT ? OFFSET ?`);
  const countByANumber = db.prepare(`SELECT COUNT(*) AS n FROM inmates WHERE ${ICE_WHERE}`);

  function total(r: Row | undefined): number {
    return r ? int(r, 'n') : 0;
  }

  return {
    insert(i: InmateRecord): void {
      insert.run(
        i.id,
        i.facility_id,
        i.first_name,
        i.last_name,
        i.date_of_birth,
        i.book_date,
        i.booking_code,
        i.principal_code,
        bit(i.fraud_flag),
        i.photo_url,
      );
    },
    findInFacility(inmateId: string, facilityId: number): InmateRecord | undefined {
      const r = findInFacility.get(inmateId, facilityId);
      return r ? toInmate(r) : undefined;
    },
    /** All parts in lower case; first and last are the two halves of "first last" or "last, first". */
    searchByName(facilityId: number, query: NameQuery, page: Page): SearchResult {
      const whole = likePrefix(query.whole);
      const args = [facilityId, whole, whole, likePrefix(query.first), likePrefix(query.last)] as const;
      return {
        inmates: byName.all(...args, page.limit, page.offset).map(toInmate),
        total: total(countByName.get(...args)),
      };
    },
    /** Booking code prefix (an exact code is its own prefix), case-insensitive. */
    searchByBookingCode(facilityId: number, code: string, page: Page): SearchResult {
      const args = [facilityId, likePrefix(code.toUpperCase())] as const;
      return {
        inmates: byBooking.all(...args, page.limit, page.offset).map(toInmate),
        total: total(countByBooking.get(...args)),
      };
    },
    /** ICE: A-number digits (stored as 'A' + digits in booking_code) plus a last-name prefix. */
    searchByANumber(facilityId: number, digits: string, lastNamePrefix: string, page: Page): SearchResult {
      const args = [facilityId, likePrefix(`A${digits}`), likePrefix(lastNamePrefix.toLowerCase())] as const;
      return {
        inmates: byANumber.all(...args, page.limit, page.offset).map(toInmate),
        total: total(countByANumber.get(...args)),
      };
    },
  };
}

export type InmateRepo = ReturnType<typeof createInmateRepo>;
