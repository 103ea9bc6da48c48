// Inmates or members (§3). Searches are always inside one facility.
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Inmate } from '../../contract/entities.ts';
import type { Executor } from '../db.ts';
import { bit, bool, prefixEnd } from './rows.ts';
import { runShaped } from './shapes.ts';
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
 * People whose `col` starts with `prefix` (the column is already normalized); `exact`: whose `col` is the
 * prefix itself; `longer`: whose `col` starts with it and is longer. Index order puts the exact ones
 * before the longer ones, so the two, one after the other, are the whole range in its order.
 * `checked`: the same as a prefix, written so that no index is chosen for it: a condition the index of
 * another range checks entry by entry (a planner must not trade a short range for a long one).
 */
interface Range {
  col: Normalized;
  prefix: string;
  mode?: 'exact' | 'longer' | 'checked';
}

/**
 * One part of an answer: the people (inside the facility) in `range`, also in each of `also` and in none
 * of `not`, read as one index range in the range's index's order: no sort, and no more index entries
 * than the page or the count needs. The other ranges are on columns the range's index holds.
 */
interface Part {
  range: Range;
  also?: readonly Range[];
  not?: readonly Range[];
}

/** The order of each index (server/migrations.ts): an ORDER BY that the index answers without sorting. */
const INDEX_ORDER: Record<Normalized, readonly Ordered[]> = {
  last_lower: ['last_lower', 'first_lower', 'id'],
  first_lower: ['first_lower', 'last_lower', 'id'],
  booking_upper: ['booking_upper', 'last_lower', 'first_lower', 'id'],
};
const BY_NAME: readonly Ordered[] = INDEX_ORDER.last_lower;

type Value = (name: string) => never;

/** The query shape of a part (its columns), and its values, named `${k}r` (range), `${k}a0`, `${k}n0`... */
function partKey(part: Part): string {
  const cols = (rs: readonly Range[] = []) => rs.map((r) => `${r.col}${r.mode ?? ''}`).join(',');
  return `${part.range.col}${part.range.mode ?? ''}+${cols(part.also)}-${cols(part.not)}`;
}

function partValues(k: string, part: Part): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const put = (name: string, r: Range) => {
    out[name] = r.prefix;
    out[`${name}.end`] = prefixEnd(r.prefix);
    out[`${name}.len`] = r.prefix.length;
  };
  put(`${k}r`, part.range);
  part.also?.forEach((r, i) => put(`${k}a${i}`, r));
  part.not?.forEach((r, i) => put(`${k}n${i}`, r));
  return out;
}

/** `col` starts with the prefix named `name` (or is it, or is longer: Range): a range an index answers. */
function startsWith(eb: Eb, col: Normalized, value: Value, name: string, mode?: Range['mode']): Expression<SqlBool> {
  if (mode === 'exact') return eb(col, '=', value(name));
  if (mode === 'checked')
    return eb(eb.fn<string>('substr', [eb.ref(col), sql.lit(1), eb.val(value(`${name}.len`))]), '=', value(name));
  return eb.and([eb(col, mode === 'longer' ? '>' : '>=', value(name)), eb(col, '<', value(`${name}.end`))]);
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
  /** The part's people, in no order yet; its values are named after `k` (see partValues). */
  function partQuery(k: string, part: Part, value: Value) {
    return db
      .selectFrom('inmates')
      .where('facility_id', '=', value('facility'))
      .where((eb) =>
        eb.and([
          startsWith(eb, part.range.col, value, `${k}r`, part.range.mode),
          ...(part.also ?? []).map((r, i) => startsWith(eb, r.col, value, `${k}a${i}`, r.mode)),
          ...(part.not ?? []).map((r, i) => eb.not(startsWith(eb, r.col, value, `${k}n${i}`))),
        ]),
      );
  }

  function ordered<Q extends { orderBy(col: Ordered): Q }>(q: Q, order: readonly Ordered[]): Q {
    return order.reduce((acc, col) => acc.orderBy(col), q);
  }

  /** How many people each part holds, each counted up to `upTo` (one statement, index entries only). */
  async function countParts(facilityId: number, parts: readonly Part[], upTo: number): Promise<number[]> {
    const values = Object.assign({ facility: facilityId, upTo }, ...parts.map((p, k) => partValues(`p${k}`, p)));
    const [row] = await runShaped(db, `count:${parts.map(partKey).join('|')}`, values, (value) =>
      db.selectNoFrom((eb) =>
        parts.map((part, k) =>
          eb
            .selectFrom(partQuery(`p${k}`, part, value).select('id').limit(value('upTo')).as(`p${k}`))
            .select((e) => e.fn.countAll<number>().as('n'))
            .as(`n${k}`),
        ),
      ),
    );
    const counts = (row ?? {}) as Record<string, unknown>;
    return parts.map((_, k) => Number(counts[`n${k}`] ?? 0));
  }

  /**
   * Bounded search (docs/decisions/0023). The answer is the parts one after the other, each in its
   * index's order (the parts never share a person: each one's `not` leaves out the earlier ones).
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
      const values = { facility: facilityId, take, skip, ...partValues('p', part) };
      const rows = await runShaped(db, `page:${partKey(part)}`, values, (value) =>
        ordered(partQuery('p', part, value).select(COLUMNS), INDEX_ORDER[part.range.col])
          .limit(value('take'))
          .offset(value('skip')),
      );
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
    const values = { facility: facilityId, window: page.cap + 1, take, skip: page.offset, ...partValues('p', part) };
    const rows = await runShaped(db, `window:${partKey(part)}`, values, (value) => {
      const window = ordered(
        partQuery('p', part, value).select(['id', 'last_lower', 'first_lower']),
        INDEX_ORDER[part.range.col],
      )
        .limit(value('window'))
        .as('w');
      const ids = ordered(db.selectFrom(window).select('w.id'), BY_NAME).limit(value('take')).offset(value('skip'));
      // By primary key (a facility condition here could lead a planner to a facility-wide scan); the
      // window is the facility's already.
      return ordered(db.selectFrom('inmates').select(COLUMNS).where('id', 'in', ids), BY_NAME);
    });
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
      const [r] = await runShaped(db, 'inmates:inFacility', { inmateId, facilityId }, (value) =>
        db
          .selectFrom('inmates')
          .select(COLUMNS)
          .where('id', '=', value('inmateId'))
          .where('facility_id', '=', value('facilityId')),
      );
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
      const lastWhole: Range = { col: 'last_lower', prefix: whole };
      const firstWhole: Range = { col: 'first_lower', prefix: whole };
      const parts: Part[] = [{ range: lastWhole }, { range: firstWhole, not: [lastWhole] }];
      // A query of one word is its own first and last name: the two parts above cover it. Otherwise
      // the range of the longer word (usually the fewer people), filtered on the other: first the
      // people whose name is that word (an index seek on both names, as most payers type a whole
      // name), then those whose name only starts with it (a short range), which is the range's order.
      if (first !== whole || last !== whole) {
        const firstRange: Range = { col: 'first_lower', prefix: first };
        const lastRange: Range = { col: 'last_lower', prefix: last };
        const [range, other] = first.length > last.length ? [firstRange, lastRange] : [lastRange, firstRange];
        parts.push({ range: { ...range, mode: 'exact' }, also: [other], not: [lastWhole, firstWhole] });
        parts.push({
          range: { ...range, mode: 'longer' },
          also: [{ ...other, mode: 'checked' }],
          not: [lastWhole, firstWhole],
        });
      }
      return search(facilityId, parts, page);
    },
    /** Booking code prefix (an exact code is its own prefix), case-insensitive; answered in name order. */
    async searchByBookingCode(facilityId: number, code: string, page: Page): Promise<SearchResult> {
      return searchWindow(facilityId, { range: { col: 'booking_upper', prefix: code.toUpperCase() } }, page);
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
          range: { col: 'booking_upper', prefix: `A${digits}` },
          also: [{ col: 'last_lower', prefix: lastNamePrefix.toLowerCase() }],
        },
        page,
      );
    },
  };
}
