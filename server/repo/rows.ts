// Small helpers shared by the repositories.

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
