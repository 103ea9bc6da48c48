// Small helpers shared by the repositories.
import type { Executor } from '../db.ts';

/** Booleans are stored as 0/1 (portable across SQLite and PostgreSQL). */
export function bit(value: boolean): number {
  return value ? 1 : 0;
}

export function bool(value: number | bigint | boolean | null | undefined): boolean {
  return Number(value ?? 0) !== 0;
}

/** Rows changed by an update or delete, from Kysely's result (bigint) as a number. */
export function changed(result: { numUpdatedRows?: bigint; numDeletedRows?: bigint } | undefined): number {
  return Number(result?.numUpdatedRows ?? result?.numDeletedRows ?? 0);
}

/** Escapes LIKE wildcards in user text; queries say ESCAPE '\\'. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The exclusive upper bound of a prefix range: every text that starts with `prefix` is >= prefix and
 * < prefixEnd(prefix), so an index on the column answers a prefix search (byte order: the columns
 * searched this way are compared in binary / "C" collation).
 */
export function prefixEnd(prefix: string): string {
  return `${prefix}\u{10FFFF}`;
}

/** Retention (server/retention.ts): deletes a table's rows created before cutoff (ISO time); how many. */
export async function purgeCreatedBefore(
  db: Executor,
  table: 'client_errors' | 'outbox' | 'vault_tokens',
  cutoff: string,
): Promise<number> {
  return changed(await db.deleteFrom(table).where('created_at', '<', cutoff).executeTakeFirst());
}
