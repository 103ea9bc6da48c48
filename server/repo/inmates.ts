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
  /**
   * The most matches a search counts and pages through: it reads at most cap + 1 index entries per
   * range, whatever the facility's size, and says `more` when there are more (docs/decisions/0023).
   */
  cap: number;
}

export interface NameQuery {
  whole: string;
  first: string;
  last: string;
}

export interface SearchResult {
  inmates: InmateRecord[];
  /** Matches counted: all of them, or `cap` when `more` is true. */
  total: number;
  /** More than `total` people match: the search counted no further. */
  more: boolean;
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
type Normalized = 'first_lower' | 'last_lower' | 'booking_upper';
type Ordered = Normalized | 'id';

/**
 * One part of an answer: the people whose `col` starts with `prefix` (inside the facility), further
 * filtered on columns of the same index, read as one index range in the index's order: no sort, and
 * no more index entries than the page or the count needs.
 */
interface Part {
  col: Normalized;
  prefix: string;
  /** Further conditions, on columns the part's index holds. */
  filter?: (eb: Eb) => Expression<SqlBool>;
}

/** The order of each index (server/migrations.ts): an ORDER BY that the index answers without sorting. */
const INDEX_ORDER: Record<Normalized, readonly Ordered[]> = {
  last_lower: ['last_lower', 'first_lower', 'id'],
  first_lower: ['first_lower', 'last_lower', 'id'],
  booking_upper: ['booking_upper', 'last_lower', 'first_lower', 'id'],
};
const BY_NAME: readonly Ordered[] = INDEX_ORDER.last_lower;

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
  /** The part's people, in its index's order. */
  function partQuery(facilityId: number, part: Part) {
    let q = db
      .selectFrom('inmates')
      .where('facility_id', '=', facilityId)
      .where((eb) => startsWith(eb, part.col, part.prefix));
    if (part.filter) q = q.where(part.filter);
    return q;
  }

  function ordered<Q extends { orderBy(col: Ordered): Q }>(q: Q, order: readonly Ordered[]): Q {
    return order.reduce((acc, col) => acc.orderBy(col), q);
  }

  /** How many people each part holds, each counted up to `upTo` (one statement, index entries only). */
  async function countParts(facilityId: number, parts: readonly Part[], upTo: number): Promise<number[]> {
    const row = await db
      .selectNoFrom((eb) =>
        parts.map((part, k) =>
          eb
            .selectFrom(partQuery(facilityId, part).select('id').limit(upTo).as(`p${k}`))
            .select((e) => e.fn.countAll<number>().as('n'))
            .as(`n${k}`),
        ),
      )
      .executeTakeFirst();
    const counts = (row ?? {}) as Record<string, unknown>;
    return parts.map((_, k) => Number(counts[`n${k}`] ?? 0));
  }

  /**
   * Bounded search (docs/decisions/0023). The answer is the parts one after the other, each in its
   * index's order (the parts never share a person: each one's filter leaves out the earlier ones).
   * Matches are counted up to cap + 1 (index entries only); past the cap the answer says `more` and
   * pages through the first `cap`. A page reads its rows from the parts it spans, in index order.
   * The work is bounded by the cap and the page, never by the facility's size.
   */
  async function search(facilityId: number, parts: readonly Part[], page: Page): Promise<SearchResult> {
    const counts = await countParts(facilityId, parts, page.cap + 1);
    const all = counts.reduce((a, b) => a + b, 0);
    const total = Math.min(all, page.cap);
    const inmates: InmateRecord[] = [];
    let skip = page.offset;
    let need = Math.min(page.limit, total - page.offset);
    for (const [k, part] of parts.entries()) {
      if (need <= 0) break;
      const n = counts[k] ?? 0;
      if (skip >= n) {
        skip -= n;
        continue;
      }
      const take = Math.min(need, n - skip);
      const rows = await ordered(partQuery(facilityId, part).select(COLUMNS), INDEX_ORDER[part.col])
        .limit(take)
        .offset(skip)
        .execute();
      inmates.push(...rows.map(toInmate));
      need -= take;
      skip = 0;
    }
    return { inmates, total, more: all > page.cap };
  }

  /**
   * A search of one range answered in name order (booking numbers, A-numbers): the first cap + 1
   * matches in the index's order are the window, sorted by name in the database. A window that holds
   * every match (cap or fewer) is the full answer, in name order; a larger one is cut to the cap.
   */
  async function searchWindow(facilityId: number, part: Part, page: Page): Promise<SearchResult> {
    const [all = 0] = await countParts(facilityId, [part], page.cap + 1);
    const total = Math.min(all, page.cap);
    const take = Math.min(page.limit, total - page.offset);
    if (take <= 0) return { inmates: [], total, more: all > page.cap };
    const window = ordered(
      partQuery(facilityId, part).select(['id', 'last_lower', 'first_lower']),
      INDEX_ORDER[part.col],
    )
      .limit(page.cap + 1)
      .as('w');
    const ids = ordered(db.selectFrom(window).select('w.id'), BY_NAME).limit(take).offset(page.offset);
    // By primary key (a facility condition here could lead a planner to a facility-wide scan); the
    // window is the facility's already.
    const rows = await ordered(db.selectFrom('inmates').select(COLUMNS).where('id', 'in', ids), BY_NAME).execute();
    return { inmates: rows.map(toInmate), total, more: all > page.cap };
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
     * Answered in three parts (docs/decisions/0023): last names that start with the query, by last
     * name; then first names that do, by first name; then, for two words, the people who match both,
     * by the name of the longer word.
     */
    async searchByName(facilityId: number, query: NameQuery, page: Page): Promise<SearchResult> {
      const { whole, first, last } = query;
      const notLast = (eb: Eb) => eb.not(startsWith(eb, 'last_lower', whole));
      const parts: Part[] = [
        { col: 'last_lower', prefix: whole },
        { col: 'first_lower', prefix: whole, filter: notLast },
      ];
      // A query of one word is its own first and last name: the two parts above cover it. Otherwise
      // the range of the longer word (usually the fewer people), filtered on the other.
      if (first !== whole || last !== whole) {
        const notEarlier = (eb: Eb) => eb.and([notLast(eb), eb.not(startsWith(eb, 'first_lower', whole))]);
        parts.push(
          first.length > last.length
            ? {
                col: 'first_lower',
                prefix: first,
                filter: (eb) => eb.and([startsWith(eb, 'last_lower', last), notEarlier(eb)]),
              }
            : {
                col: 'last_lower',
                prefix: last,
                filter: (eb) => eb.and([startsWith(eb, 'first_lower', first), notEarlier(eb)]),
              },
        );
      }
      return search(facilityId, parts, page);
    },
    /** Booking code prefix (an exact code is its own prefix), case-insensitive; answered in name order. */
    async searchByBookingCode(facilityId: number, code: string, page: Page): Promise<SearchResult> {
      return searchWindow(facilityId, { col: 'booking_upper', prefix: code.toUpperCase() }, page);
    },
    /** ICE: A-number digits (stored as 'A' + digits in booking_code) plus a last-name prefix; in name order. */
    async searchByANumber(
      facilityId: number,
      digits: string,
      lastNamePrefix: string,
      page: Page,
    ): Promise<SearchResult> {
      return searchWindow(
        facilityId,
        {
          col: 'booking_upper',
          prefix: `A${digits}`,
          filter: (eb) => startsWith(eb, 'last_lower', lastNamePrefix.toLowerCase()),
        },
        page,
      );
    },
  };
}

export type InmateRepo = ReturnType<typeof createInmateRepo>;
