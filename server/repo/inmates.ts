// Inmates or members (§3). Searches are always inside one facility.
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Inmate } from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { bit, bool, prefixEnd } from './rows.ts';
import type { Schema } from './schema.ts';

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

const COLUMNS = [
  'id',
  'facility_id',
  'first_name',
  'last_name',
  'date_of_birth',
  'book_date',
  'booking_code',
  'principal_code',
  'fraud_flag',
  'photo_url',
] as const;

type Eb = ExpressionBuilder<Schema, 'inmates'>;
type Where = (eb: Eb) => Expression<SqlBool>;
type Normalized = 'first_lower' | 'last_lower' | 'booking_upper';

/** `col` starts with `prefix`, as a range an index answers (the column is already normalized). */
function startsWith(eb: Eb, col: Normalized, prefix: string): Expression<SqlBool> {
  return eb.and([eb(col, '>=', prefix), eb(col, '<', prefixEnd(prefix))]);
}

function toInmate(r: {
  id: string;
  facility_id: number;
  first_name: string;
  last_name: string;
  date_of_birth: string | null;
  book_date: string | null;
  booking_code: string;
  principal_code: string;
  fraud_flag: number;
  photo_url: string | null;
}): InmateRecord {
  return { ...r, fraud_flag: bool(r.fraud_flag) };
}

export function createInmateRepo(db: Executor) {
  async function search(facilityId: number, where: Where, page: Page): Promise<SearchResult> {
    const base = db.selectFrom('inmates').where('facility_id', '=', facilityId).where(where);
    const rows = await base
      .select(COLUMNS)
      .orderBy('last_lower')
      .orderBy('first_lower')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    return { inmates: rows.map(toInmate), total: Number(count?.n ?? 0) };
  }

  return {
    async insert(i: InmateRecord): Promise<void> {
      await db
        .insertInto('inmates')
        .values({
          ...i,
          first_lower: i.first_name.toLowerCase(),
          last_lower: i.last_name.toLowerCase(),
          booking_upper: i.booking_code.toUpperCase(),
          fraud_flag: bit(i.fraud_flag),
        })
        .execute();
    },
    async findInFacility(inmateId: string, facilityId: number): Promise<InmateRecord | undefined> {
      const r = await db
        .selectFrom('inmates')
        .select(COLUMNS)
        .where('id', '=', inmateId)
        .where('facility_id', '=', facilityId)
        .executeTakeFirst();
      return r ? toInmate(r) : undefined;
    },
    /**
     * Name match (§2 recipient name search), case-insensitive: the whole query as a prefix of the first
     * or last name, or a first-name prefix together with a last-name prefix ("first last", "last, first").
     * All parts in lower case; first and last are the two halves of "first last" or "last, first".
     */
    async searchByName(facilityId: number, query: NameQuery, page: Page): Promise<SearchResult> {
      return search(
        facilityId,
        (eb) =>
          eb.or([
            startsWith(eb, 'first_lower', query.whole),
            startsWith(eb, 'last_lower', query.whole),
            eb.and([startsWith(eb, 'first_lower', query.first), startsWith(eb, 'last_lower', query.last)]),
          ]),
        page,
      );
    },
    /** Booking code prefix (an exact code is its own prefix), case-insensitive. */
    async searchByBookingCode(facilityId: number, code: string, page: Page): Promise<SearchResult> {
      return search(facilityId, (eb) => startsWith(eb, 'booking_upper', code.toUpperCase()), page);
    },
    /** ICE: A-number digits (stored as 'A' + digits in booking_code) plus a last-name prefix. */
    async searchByANumber(
      facilityId: number,
      digits: string,
      lastNamePrefix: string,
      page: Page,
    ): Promise<SearchResult> {
      return search(
        facilityId,
        (eb) =>
          eb.and([
            startsWith(eb, 'booking_upper', `A${digits}`),
            startsWith(eb, 'last_lower', lastNamePrefix.toLowerCase()),
          ]),
        page,
      );
    },
  };
}

export type InmateRepo = ReturnType<typeof createInmateRepo>;
